"""`python -m bench review [--positions N] [--iterations K] [--game ID ...] [--players P]`: what a post-game
review costs and how steady its estimate is, per game (issue 28).

For each game, one game is played at random from a fixed seed and `N` of its positions, spread evenly from
the start to the end, are reviewed for seat 0 (engine.ai.review, the game's own iteration cap or `K`)
twice, with two salts. Printed per game:
- CPU seconds per position (`time.process_time`, one core: meaningful on a loaded machine, where wall time
  is not) and projected for a 150-decision game (151 positions), the issue's budget being 60 s;
- accuracy: the mean and the largest absolute difference between the two runs' chance for seat 0 at the
  same position, in percentage points (the spread of the estimate that the search's own randomness gives),
  and the share of the viewer's decisions where both runs name the same AI pick.
Random games wander more than real ones; the cost per position is what carries over.
"""

from __future__ import annotations

import argparse
import time

from engine import registry
from engine.ai.review import POSITION_BUDGET_S, iterations_for, points
from engine.core.match import Match
from engine.selfplay import playout

DECISIONS = 150
SEED = 7


def positions(game_id: str, players: int) -> tuple[list[Match], list[tuple[int, str]]]:
    game = registry.get(game_id)
    steps = list(playout(game, players, SEED))
    start = Match.start(game, players, SEED, {})
    return [start, *(step.match for step in steps)], [(step.seat, step.notation) for step in steps]


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    parser = argparse.ArgumentParser(prog="bench review")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--game", action="append")
    args = parser.parse_args(argv or [])
    rows: list[tuple[str, float, str]] = []
    for game_id in args.game or sorted(registry.games()):
        game = registry.get(game_id)
        players = args.players if args.players in game.player_counts else min(game.player_counts)
        found, log = positions(game_id, players)
        last = len(found) - 2
        indexes = sorted({round(last * number / max(args.positions - 1, 1)) for number in range(args.positions)})
        cap = iterations_for(game_id, args.iterations)
        runs, cpu = [], 0.0
        for salt in (1, 2):
            started = time.process_time()
            runs.append(points(found, log, 0, salt, indexes, cap, POSITION_BUDGET_S))
            cpu += time.process_time() - started
        per = cpu / (2 * len(indexes))
        gaps = [abs(runs[0]["curve"][index][0] - runs[1]["curve"][index][0]) * 100 for index in indexes]
        picks = [(runs[0]["picks"][index], runs[1]["picks"][index]) for index in runs[0]["picks"]]
        label = f"{game_id} {players}p @{cap}"
        rows.append((f"{label} CPU per position", per, "s"))
        rows.append((f"{label} CPU for {DECISIONS} decisions", per * (DECISIONS + 1), "s"))
        rows.append((f"{label} spread mean", sum(gaps) / len(gaps), "pp"))
        rows.append((f"{label} spread max", max(gaps), "pp"))
        if picks:
            rows.append((f"{label} same AI pick", 100 * sum(a[0] == b[0] for a, b in picks) / len(picks), "%"))
    return rows
