"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012) over the shared contract.

Each iteration draws a fresh determinization for the searching seat (engine.ai.worlds), then walks one
tree whose edges are (seat, action notation) pairs: the searching seat's own choices and, beneath them,
every other seat's, as they occur in that world. Children not legal in the drawn world are ignored and
the UCB term counts only the iterations in which a child was available, so choices that depend on
hidden cards (another seat's hand) share statistics across worlds. At the first new edge a playout
runs to the end, or for a fixed number of actions and then the position is evaluated, and the
result is backed up as each node's actor's reward (max^n: every seat maximises its own).

When several seats are awaited at once, the tree lets them answer one after the other (the searching
seat first at the root) and playouts let every awaited seat act; a reaction in the middle of someone's
turn is just another seat's edge. Both are exactly how `Game.pending` reports them.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Mapping

from engine.ai.hooks import Hooks
from engine.ai.levels import Level
from engine.ai.rewards import outcome_rewards, standings_rewards
from engine.ai.worlds import Worlds
from engine.core.game import Game, clone
from engine.core.types import Action

State = Mapping[str, Any]
Edge = tuple[int, str]


class Node:
    """Statistics of one edge: the reward of `actor`, who chose it, summed over `visits`."""

    __slots__ = ("actor", "visits", "available", "total", "children")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.visits = 0
        self.available = 1
        self.total = 0.0
        self.children: dict[Edge, Node] = {}


class Search:
    """One decision's search. `run` returns the chosen notation among `choices`."""

    def __init__(self, game: Game, worlds: Worlds, seat: int, level: Level, hooks: Hooks, rng: random.Random) -> None:
        self.game = game
        self.worlds = worlds
        self.seat = seat
        self.level = level
        self.hooks = hooks
        self.rng = rng
        self.teams = game.seat_teams(worlds.base)
        self.depth = level.depth(len(set(self.teams)), hooks.evaluate is not None)
        self.root = Node(seat)
        self.iterations = 0
        self.failures = 0

    def run(self, choices: tuple[str, ...], deadline: float) -> str:
        """Search until the iteration cap, or while two more iterations of average length would still end
        before `deadline` (a `time.perf_counter` value); the most visited legal root move wins."""
        start = time.perf_counter()
        now = start
        while self.iterations < self.level.iterations:
            mean = (now - start) / self.iterations if self.iterations else 0.0
            if now + 2 * mean >= deadline:
                break
            self.iterate()
            self.iterations += 1
            now = time.perf_counter()
        return self.best(choices)

    def best(self, choices: tuple[str, ...]) -> str:
        """Most visits, then best mean reward, then the game's own listing order: always reproducible."""
        def key(index: int) -> tuple[int, float, int]:
            node = self.root.children.get((self.seat, choices[index]))
            if node is None or node.visits == 0:
                return (0, 0.0, -index)
            return (node.visits, node.total / node.visits, -index)

        return choices[max(range(len(choices)), key=key)]

    def iterate(self) -> None:
        """One determinization, one descent, one playout, one backup.

        The world is copied once and then changed in place all the way down (`Game.apply_in_place`):
        nothing keeps an intermediate state, so a copy per step would buy nothing.

        A world that the game's own `resample` got wrong (a rule then fails on it) costs this iteration
        and is counted in `failures`, never the AI's turn: the platform must get a move whatever a game's
        resample does. Nothing is backed up from it, and a leaf it added stays unvisited, which the next
        selection treats as untried.
        """
        try:
            self._descend()
        except Exception:  # noqa: BLE001 - any rule failure on an imagined world drops only that world
            self.failures += 1

    def _descend(self) -> None:
        state = clone(self.worlds.sample())
        node = self.root
        path = [node]
        depth = 0
        while True:
            seats = self._awaited(state, depth)
            if not seats:
                break
            seat = seats[0]
            legal = self.game.legal_actions(state, seat)
            action, child = self._select(node, seat, legal, state)
            self.game.apply_in_place(state, seat, action)
            path.append(child)
            depth += 1
            if child.visits == 0:
                break
            node = child
        rewards = self.playout(state)
        for visited in path:
            visited.visits += 1
            visited.total += rewards[visited.actor]

    def _awaited(self, state: State, depth: int) -> list[int]:
        """Seats awaited in `state`; at the root the searching seat answers first."""
        seats = list(dict.fromkeys(decision.seat for decision in self.game.pending(state)))
        if depth == 0 and self.seat in seats:
            seats.remove(self.seat)
            seats.insert(0, self.seat)
        return seats

    def _select(self, node: Node, seat: int, legal: tuple[Action, ...], state: State) -> tuple[Action, Node]:
        """UCB1 over the children available in this world, or a new child when some move is untried."""
        children = node.children
        untried: list[Action] = []
        best: tuple[Action, Node] | None = None
        best_score = -math.inf
        exploration = self.level.exploration
        for action in legal:
            child = children.get((seat, action.notation))
            if child is None or child.visits == 0:
                untried.append(action)
                continue
            child.available += 1
            if untried:
                continue
            score = child.total / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_score, best = score, (action, child)
        if untried:
            action = self._pick(state, seat, tuple(untried))
            return action, children.setdefault((seat, action.notation), Node(seat))
        assert best is not None
        return best

    def _pick(self, state: State, seat: int, legal: tuple[Action, ...]) -> Action:
        policy = self.hooks.rollout_policy
        if policy is None or len(legal) == 1:
            return legal[self.rng.randrange(len(legal))]
        return policy(state, seat, legal, self.rng)

    def playout(self, state: dict[str, Any]) -> list[float]:
        """Rewards per seat after playing on `state` (changed in place) for at most the level's depth for
        this game (`Level.depth`), then evaluating."""
        game = self.game
        for _ in range(self.depth):
            decisions = game.pending(state)
            if not decisions:
                break
            seat = decisions[0].seat
            game.apply_in_place(state, seat, self._pick(state, seat, game.legal_actions(state, seat)))
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome_rewards(outcome, self.teams)
        return self.evaluate(state)

    def evaluate(self, state: State) -> list[float]:
        evaluate = self.hooks.evaluate
        if evaluate is None:
            return standings_rewards(self.game.standings(state), self.teams)
        return list(evaluate(state))
