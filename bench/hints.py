"""`python -m bench hints [--positions N] [--iterations K]`: how long one hint takes, per game and player count.

For each game and player count, `N` positions are reached by random play (a few moves to a few dozen
into the game, one per seed) and the awaited seat asks for a hint there at the game's own iteration cap
(`engine.ai.hint.HINT_ITERATIONS`, or `K` for every game). Printed per game: the median and the slowest
hint in seconds (one core, no pool). The caps aim at about two seconds on the bench machine.
"""

from __future__ import annotations

import argparse
import random
import time

from engine import registry
from engine.ai.hint import advise
from engine.core.match import Match

SETTLE = (4, 40)
"""Random actions played before a position is measured: somewhere in the opening to the middle game."""


def position(game_id: str, players: int, seed: int) -> Match:
    rng = random.Random(seed)
    match = Match.start(registry.get(game_id), players, seed, {})
    for _ in range(rng.randint(*SETTLE)):
        if match.finished or not match.awaited_seats():
            break
        seat = rng.choice(match.awaited_seats())
        match = match.play(seat, rng.choice(match.legal_actions(seat))).match
    return match


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    parser = argparse.ArgumentParser(prog="bench hints")
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--game", action="append")
    args = parser.parse_args(argv or [])
    rows: list[tuple[str, float, str]] = []
    for game_id in args.game or sorted(registry.games()):
        game = registry.get(game_id)
        for players in sorted({min(game.player_counts), max(game.player_counts)}):
            times = []
            for seed in range(1, args.positions + 1):
                match = position(game_id, players, seed)
                if match.finished or not match.awaited_seats():
                    continue
                started = time.perf_counter()
                advise(match, match.awaited_seats()[0], seed, args.iterations)
                times.append(time.perf_counter() - started)
            if times:
                times.sort()
                rows.append((f"{game_id} {players}p hint p50", times[len(times) // 2], "s"))
                rows.append((f"{game_id} {players}p hint max", times[-1], "s"))
    return rows
