"""Balance figures from self-play: `python -m engine.walpurgis.bench [--games 2000] [--agent greedy]`,
also `python -m bench walpurgis` (the figures as bench rows).

Each seat gets a starter deck drawn at random; the command prints the end reasons, the first player's
win rate and each starter's win rate against the field (draws count half). Any engine exception makes
it exit non-zero. Agents: `random` (uniformly random legal moves: the rules' and decks' raw bias, but
it almost never activates a card), `greedy` (`policy.py`: a beginner's one-rule-per-decision play,
the figure EDITION.md's balance claim rests on) and `ai` (the project's AI at a small iteration cap,
about a second a game: a cross-check over fewer games). `--first-turn no_down` plays with that lobby
option.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.ai.player import decide
from engine.core.match import Match
from engine.core.types import Action
from engine.walpurgis import policy
from engine.walpurgis.decks import STARTERS
from engine.walpurgis.game import GAME

MAX_ACTIONS = 20_000
Agent = Callable[[Mapping[str, Any], int, Sequence[Action], random.Random], Action]


def random_agent(state: Mapping[str, Any], seat: int, actions: Sequence[Action], rng: random.Random) -> Action:
    return rng.choice(actions)


AI_ITERATIONS = 16
"""The AI agent's iteration cap: a small search, enough to cross-check the greedy figures on fewer games."""


def ai_agent(state: Mapping[str, Any], seat: int, actions: Sequence[Action], rng: random.Random) -> Action:
    """The project's AI (engine.ai) at a small fixed iteration budget; reproducible from `rng`."""
    if len(actions) == 1:
        return actions[0]
    notation = decide(Match(GAME, 2, 0, {}, state), seat, "normal", rng.getrandbits(32), budget_s=600.0, iterations=AI_ITERATIONS)
    return next(action for action in actions if action.notation == notation)


AGENTS: dict[str, Agent] = {"random": random_agent, "greedy": policy.choose, "ai": ai_agent}


def play_one(seed: int, decks: tuple[str, str], rng: random.Random, first_turn: str = "free", agent: Agent = random_agent) -> tuple[int | None, int, str]:
    """One game: the winner (None for a draw), the first player, and the end reason."""
    options = GAME.validate_options(2, {"deck1": decks[0], "deck2": decks[1], "first_turn": first_turn})
    state = GAME.new_state(2, seed, options)
    for _ in range(MAX_ACTIONS):
        pending = GAME.pending(state)
        if not pending:
            break
        seat = rng.choice(pending).seat
        state = GAME.apply_action(state, seat, agent(state, seat, GAME.legal_actions(state, seat), rng)).state
    outcome = GAME.outcome(state)
    if outcome is None:
        raise RuntimeError(f"seed {seed}: no end after {MAX_ACTIONS} actions")
    winner = None if outcome.is_draw else outcome.winners[0]
    return winner, state["first"], outcome.reason


@dataclass
class Figures:
    games: int = 0
    seconds: float = 0.0
    first_points: float = 0.0
    reasons: Counter = field(default_factory=Counter)
    played: Counter = field(default_factory=Counter)
    points: Counter = field(default_factory=Counter)

    @property
    def first_rate(self) -> float:
        return 100 * self.first_points / self.games if self.games else 0.0

    def deck_rate(self, key: str) -> float:
        return 100 * self.points[key] / self.played[key] if self.played[key] else 0.0


def measure(games: int, seed: int = 1, agent: str = "greedy", first_turn: str = "free") -> Figures:
    """Play `games` games; raises on any engine error."""
    rng = random.Random(seed)
    keys = list(STARTERS)
    figures = Figures(games=games)
    start = time.perf_counter()
    for index in range(games):
        pair = (rng.choice(keys), rng.choice(keys))
        winner, first, reason = play_one(seed + index, pair, rng, first_turn, AGENTS[agent])
        figures.reasons[reason] += 1
        for seat, key in enumerate(pair):
            figures.played[key] += 1
            figures.points[key] += 0.5 if winner is None else float(winner == seat)
        figures.first_points += 0.5 if winner is None else float(winner == first)
    figures.seconds = time.perf_counter() - start
    return figures


def parser() -> argparse.ArgumentParser:
    found = argparse.ArgumentParser(prog="python -m engine.walpurgis.bench", description=__doc__.splitlines()[0])
    found.add_argument("--games", type=int, default=2000)
    found.add_argument("--seed", type=int, default=1)
    found.add_argument("--agent", default="greedy", choices=tuple(AGENTS))
    found.add_argument("--first-turn", default="free", choices=("free", "no_down"), help="the lobby's first_turn option")
    return found


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        figures = measure(args.games, args.seed, args.agent, args.first_turn)
    except Exception as error:  # noqa: BLE001 - any engine failure must fail the command
        print(f"error: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    print(f"games           {figures.games} ({args.agent}) in {figures.seconds:.1f} s")
    print("end reasons     " + ", ".join(f"{key}: {value}" for key, value in sorted(figures.reasons.items())))
    print(f"first player    {figures.first_rate:.1f}% (draws count half)")
    for key, starter in STARTERS.items():
        print(f"  {key:<8} {starter.name.en:<16} {figures.deck_rate(key):5.1f}% of {figures.played[key]} seats")
    return 0


if __name__ == "__main__":
    sys.exit(main())
