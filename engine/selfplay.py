"""Random legal play, through the platform's Match envelope or on the engine alone.

`python -m engine.selfplay GAME --games N [--players K] [--seed S]` plays N games with a uniformly random
agent and prints throughput and results; any rule-engine exception makes it exit non-zero.

Two drivers make the same random choices from the same seeds, so they play the same games: `playout`
goes through the platform's Match envelope and yields every Step (the conformance suite and many tests
walk it); `random_game` is the engine alone, picking typed Actions and applying them in place to one
private state, which is what the benchmark and the throughput figures measure. A test pins both to the
same logs and final states.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from engine import registry
from engine.core.game import Game, clone
from engine.core.match import Match, Step
from engine.core.types import Action, Outcome

MAX_ACTIONS = 20_000


class EndlessGame(RuntimeError):
    """A playout exceeded MAX_ACTIONS: the game does not terminate under random play."""


def playout(
    game: Game, players: int, seed: int, options: Mapping[str, str] | None = None, agent_seed: int | None = None
) -> Iterator[Step]:
    """Yield every step of one random game until it ends (the final match is the last step's)."""
    agent = random.Random(seed if agent_seed is None else agent_seed)
    match = Match.start(game, players, seed, options or {})
    for _ in range(MAX_ACTIONS):
        pending = match.awaited_seats()
        if not pending:
            return
        seat = agent.choice(pending)
        action = agent.choice(match.legal_actions(seat))
        step = match.play(seat, action, expected_version=match.version)
        yield step
        match = step.match
    raise EndlessGame(f"{game.id}: no end after {MAX_ACTIONS} actions (seed {seed})")


def random_game(
    game: Game, players: int, seed: int, options: Mapping[str, str] | None = None, agent_seed: int | None = None
) -> tuple[dict[str, Any], list[tuple[int, Action]]]:
    """The final state and the (seat, action) log of the game `playout` plays from the same seeds.

    The agent draws exactly as `playout` does (a seat among the awaited ones, then one of its listed
    actions); the chosen Action is applied as it is, never re-parsed from its notation, and the state is
    copied once at the start instead of at every step.
    """
    agent = random.Random(seed if agent_seed is None else agent_seed)
    state = clone(game.new_state(players, seed, game.validate_options(players, options or {})))
    log: list[tuple[int, Action]] = []
    for _ in range(MAX_ACTIONS):
        if game.outcome(state) is not None:
            return state, log
        decisions = game.pending(state)
        if not decisions:
            return state, log
        seat = agent.choice(tuple(dict.fromkeys(decision.seat for decision in decisions)))
        action = agent.choice(game.legal_actions(state, seat))
        game.apply_in_place(state, seat, action)
        log.append((seat, action))
    raise EndlessGame(f"{game.id}: no end after {MAX_ACTIONS} actions (seed {seed})")


@dataclass
class Report:
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: Counter = field(default_factory=Counter)
    reasons: Counter = field(default_factory=Counter)
    score_totals: Counter = field(default_factory=Counter)
    choices: Counter = field(default_factory=Counter)


def run(
    game: Game, players: int, games: int, seed: int, options: Mapping[str, str] | None = None, count_choices: bool = False
) -> Report:
    """Play `games` random games. `count_choices` tallies each action's first choice-tree label (which
    unit, which ability…), for reports on how often each option gets used."""
    report = Report()
    start = time.perf_counter()
    for index in range(games):
        state, log = random_game(game, players, seed + index, options)
        report.actions += len(log)
        if count_choices:
            report.choices.update(action.path[0].label.en for _, action in log)
        report.games += 1
        outcome: Outcome | None = game.outcome(state)
        if outcome is not None:
            report.reasons[outcome.reason] += 1
            for seat in outcome.winners:
                report.wins[seat] += 1
            for seat, score in enumerate(outcome.scores or ()):
                report.score_totals[seat] += score
    report.seconds = time.perf_counter() - start
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.selfplay", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(registry.games()))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--choices", action="store_true", help="also count actions by their first choice")
    args = parser.parse_args(argv)
    game = registry.get(args.game)
    players = args.players or game.player_counts[0]
    options = dict(item.split("=", 1) for item in args.option)
    try:
        report = run(game, players, args.games, args.seed, options, count_choices=args.choices)
    except Exception as error:  # noqa: BLE001 - any engine failure must fail the command
        print(f"error: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    rate = report.actions / report.seconds if report.seconds else float("inf")
    print(f"game            {game.id} ({players} players)")
    print(f"games finished  {report.games}")
    print(f"mean actions    {report.actions / max(report.games, 1):.1f}")
    print("wins by seat    " + ", ".join(f"{seat}: {report.wins[seat]}" for seat in range(players)))
    print("end reasons     " + ", ".join(f"{k}: {v}" for k, v in sorted(report.reasons.items())))
    if report.score_totals:
        means = ", ".join(f"{seat}: {report.score_totals[seat] / report.games:.2f}" for seat in range(players))
        print(f"mean score      {means}")
    for label, count in report.choices.most_common():
        print(f"  {count:>8}  {label}")
    print(f"actions/second  {rate:,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
