"""A hint: the searcher's top choices for one seat, each with an estimated chance of winning (issue 28).

`hint(game_id, match_json, seat, seed)` runs the same information-set search as the AI's own turns
(engine.ai.search), from the seat's own information only (engine.ai.worlds: the worlds forget every
other seat's secrets), and reads its root: the seat's choices ranked by visits (the order the AI itself
picks by, `Search.best`), each with the share of first place its iterations ended with.

How a chance is read from the search, per kind of game:
- Two sides (a 2-player game, or War Chest's 2-against-2): each iteration's result is the reward the
  search backs up, 1 for a win, 0.5 for a draw, 0 for a loss; where a playout stops before the end
  (`HINT.rollout_depth` actions), the position's evaluation in [0, 1] (the game's `ai_evaluate`, else the
  standings held with doubt, engine.ai.rewards) stands in for it. The chance is their mean.
- Three sides or more: a place reward (engine.ai.rewards) is not a chance of winning, so each iteration
  counts the seat's share of first place instead, and the chance is its mean. A playout that reaches the
  end (the hard level plays multiplayer games out, Wall of War) counts 1 when the seat alone (or its
  team) finished first, 1/k when k sides tied for first, else 0. One stopped early and evaluated
  (Wunderkammer's evaluation, at 24 actions) counts the seat's evaluation to the power of (sides - 1),
  normalised over the seats (`first_from_places`). The search still chooses by the place reward, as the
  AI does.

A hint is reproducible: `seed` (the platform derives it from the game id, the log's length and the seat)
fixes it whenever the iteration cap ends the search, which `HINT_ITERATIONS` is sized for; the time
budget only guards a loaded machine. The figures behind the caps are in bench/hints.py.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Mapping

from engine import registry
from engine.ai.hooks import hooks_for
from engine.ai.levels import LEVELS, Level
from engine.ai.search import Search
from engine.ai.worlds import Worlds
from engine.core.game import Game
from engine.core.match import Match
from engine.core.types import Action

TOP = 3
"""Choices a hint shows."""

HINT = LEVELS["hard"]
"""Depths and hooks of a hint's search: the strongest level's."""

HINT_ITERATIONS: dict[str, int] = {"artofwar": 700, "wallofwar": 120, "walpurgis": 150, "warchest": 500, "wunderkammer": 500}
"""Iterations per game: about two seconds of one core on the bench machine (bench/hints.py)."""
DEFAULT_ITERATIONS = 400
BUDGET_S = 3.0
"""The time guard: past it the hint answers with what it has (then no longer reproducible)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One proposed choice: its notation, the iterations that tried it and its estimated chance in [0, 1]."""

    notation: str
    visits: int
    chance: float

    def to_json(self) -> dict[str, Any]:
        return {"notation": self.notation, "visits": self.visits, "chance": self.chance}


class HintSearch(Search):
    """The AI's search, also counting each root choice's share of first place (see the module)."""

    def __init__(self, game: Game, worlds: Worlds, seat: int, level: Level, rng: random.Random) -> None:
        super().__init__(game, worlds, seat, level, hooks_for(game, level.name), rng)
        self.sides = len(set(self.teams))
        self.wins: dict[str, float] = {}
        self._edge: str | None = None

    def _select(self, node: Any, seat: int, legal: tuple[Action, ...], state: Mapping[str, Any]) -> Any:
        chosen = super()._select(node, seat, legal, state)
        if node is self.root:
            self._edge = chosen[0].notation
        return chosen

    def playout(self, state: dict[str, Any]) -> list[float]:
        rewards = super().playout(state)
        if self._edge is not None:
            self.wins[self._edge] = self.wins.get(self._edge, 0.0) + self.first_share(state, rewards)
        return rewards

    def first_share(self, state: Mapping[str, Any], rewards: list[float]) -> float:
        """The seat's share of first place in this playout (its reward between two sides)."""
        if self.sides <= 2:
            return rewards[self.seat]
        outcome = self.game.outcome(state)
        if outcome is None:
            return first_from_places(rewards, self.seat, self.sides)
        first = {self.teams[seat] for seat, rank in enumerate(outcome.ranks) if rank == 1}
        return 1.0 / len(first) if self.teams[self.seat] in first else 0.0

    def ranked(self, choices: tuple[str, ...], top: int) -> list[Choice]:
        """The `top` choices in the order `Search.best` would pick them, with their chances."""
        def key(index: int) -> tuple[int, float, int]:
            node = self.root.children.get((self.seat, choices[index]))
            if node is None or node.visits == 0:
                return (0, 0.0, -index)
            return (node.visits, node.total / node.visits, -index)

        found = []
        for index in sorted(range(len(choices)), key=key, reverse=True)[:top]:
            node = self.root.children.get((self.seat, choices[index]))
            visits = node.visits if node is not None else 0
            chance = self.wins.get(choices[index], 0.0) / visits if visits else 0.0
            found.append(Choice(choices[index], visits, min(1.0, max(0.0, chance))))
        return found


def first_from_places(rewards: list[float], seat: int, sides: int) -> float:
    """A chance of first place from place rewards of an unfinished multiplayer game (see the module).

    A place reward is the share of the other sides a seat is expected to finish ahead of; finishing first
    is finishing ahead of all `sides - 1` of them, so (taking those as independent) the reward to that
    power, normalised so the seats' chances add up to one."""
    powers = [max(0.0, reward) ** (sides - 1) for reward in rewards]
    total = sum(powers)
    return powers[seat] / total if total > 0 else 1.0 / len(rewards)


def iterations_for(game_id: str) -> int:
    return HINT_ITERATIONS.get(game_id, DEFAULT_ITERATIONS)


def hint(game_id: str, match_json: Mapping[str, Any], seat: int, seed: int, iterations: int | None = None,
         budget_s: float = BUDGET_S) -> list[dict[str, Any]]:
    """The seat's top choices as JSON (`Choice.to_json`), best first: at most `TOP`, fewer when fewer are
    legal. JSON-able in and out, so the worker pool runs it. Raises ValueError when `seat` is not awaited."""
    match = Match.from_json(registry.get(game_id), match_json)
    return [choice.to_json() for choice in advise(match, seat, seed, iterations, budget_s)]


def advise(match: Match, seat: int, seed: int, iterations: int | None = None, budget_s: float = BUDGET_S) -> list[Choice]:
    """`hint` on a Match in memory."""
    started = time.perf_counter()
    if seat not in match.awaited_seats():
        raise ValueError(f"seat {seat} has no decision to make in this match")
    game = match.game
    choices = tuple(action.notation for action in match.legal_actions(seat))
    level = HINT.bounded(budget_s, iterations if iterations is not None else iterations_for(game.id))
    rng = random.Random(seed)
    search = HintSearch(game, Worlds(game, match.state, seat, rng), seat, level, rng)
    search.run(choices, started + budget_s)
    return search.ranked(choices, TOP)
