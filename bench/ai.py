"""`python -m bench ai GAME [--players K] [--games N] [--levels random,easy,normal,hard]`: AI strength and speed.

Each consecutive pair of levels is a matchup (random vs easy, easy vs normal, …): the second level is the
challenger. In 2-player games the two face each other; with more players the challenger takes one seat
against a field of the first level (in a team game it takes every seat of one team). The challenger's
seat rotates from game to game so no seat's advantage counts. Printed per matchup: how often each level
finished first alone or with its team (a win; a draw counts for nobody), with 95% Wilson intervals; how
often the challenger finished ahead of each field seat (its pairwise score: ahead 1, level 0.5, behind 0 —
the multiplayer reading of "beats", 50% being even); and per level the time per decision (p50, p95) over decisions with more than one legal move. Games run in a
process pool, one game per task. `--iterations N` caps every level's search for a quick smoke run (its
strengths and times then say nothing about the real levels).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Sequence

from engine import registry
from engine.ai import LEVELS, decide
from engine.core.match import Match

RANDOM = "random"
Z95 = 1.959964


@dataclass(frozen=True)
class Task:
    game: str
    players: int
    lineup: tuple[str, ...]
    seed: int
    iterations: int | None = None


@dataclass
class Played:
    lineup: tuple[str, ...]
    ranks: tuple[int, ...]
    times: dict[str, list[float]] = field(default_factory=dict)


def lineups(game_id: str, players: int, field_level: str, challenger: str) -> list[tuple[str, ...]]:
    """One lineup per seat the challenger can start from; team mates of that seat are challengers too."""
    game = registry.get(game_id)
    teams = game.seat_teams(Match.start(game, players, 1, {}).state)
    return [tuple(challenger if teams[seat] == teams[first] else field_level for seat in range(players))
            for first in range(players)]


def play(task: Task) -> Played:
    """One whole game; a seat's decisions are seeded from the game seed, the seat and the step."""
    game = registry.get(task.game)
    match = Match.start(game, task.players, task.seed, {})
    mover = random.Random(task.seed)
    played = Played(task.lineup, ())
    step = 0
    while match.awaited_seats():
        seat = match.awaited_seats()[0]
        level = task.lineup[seat]
        legal = match.legal_actions(seat)
        start = time.perf_counter()
        if level == RANDOM:
            notation = mover.choice(legal).notation
        else:
            notation = decide(match, seat, level, seed=task.seed * 1_000_003 + step * 7 + seat, iterations=task.iterations)
        if len(legal) > 1:
            played.times.setdefault(level, []).append(time.perf_counter() - start)
        match = match.play(seat, notation).match
        step += 1
    assert match.outcome is not None
    played.ranks = match.outcome.ranks
    return played


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval: sound for rates near 0 or 1 and for few games, unlike p ± 2σ."""
    if trials == 0:
        return 0.0, 1.0
    rate = successes / trials
    denominator = 1 + Z95 ** 2 / trials
    centre = (rate + Z95 ** 2 / (2 * trials)) / denominator
    spread = Z95 * math.sqrt(rate * (1 - rate) / trials + Z95 ** 2 / (4 * trials ** 2)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def matchup_rows(games: list[Played], field_level: str, challenger: str) -> list[tuple[str, float, str]]:
    """Win share of each side per seat it held (a seat ranked first, the game not drawn)."""
    rows: list[tuple[str, float, str]] = []
    rates: dict[str, float] = {}
    for level in dict.fromkeys((challenger, field_level)):
        seats = [(game, seat) for game in games for seat, held in enumerate(game.lineup) if held == level]
        wins = sum(1 for game, seat in seats if game.ranks[seat] == 1 and len(set(game.ranks)) > 1)
        low, high = wilson(wins, len(seats))
        rates[level] = wins / len(seats) if seats else 0.0
        rows.append((f"{challenger} vs {field_level}: {level} first", 100 * rates[level],
                     f"% of {len(seats)} seats (95% CI {100 * low:.1f}–{100 * high:.1f})"))
    draws = sum(1 for game in games if len(set(game.ranks)) == 1)
    rows.append((f"{challenger} vs {field_level}: draws", 100 * draws / len(games), f"% of {len(games)} games"))
    if challenger != field_level and rates[field_level] > 0:
        rows.append((f"{challenger} vs {field_level}: first-place ratio", rates[challenger] / rates[field_level], "x"))
    if challenger != field_level:
        score, pairs = pairwise(games, challenger)
        rows.append((f"{challenger} vs {field_level}: {challenger} ahead of a {field_level} seat", 100 * score / pairs if pairs else 0.0,
                     f"% of {pairs} pairs in {len(games)} games"))
    return rows


def pairwise(games: list[Played], challenger: str) -> tuple[float, int]:
    """The challenger's score over every (challenger seat, field seat) pair of every game: 1 when it
    finished ahead, 0.5 level, 0 behind. In a 2-player game this is the win rate with draws as halves;
    team mates are never paired with each other."""
    score = 0.0
    pairs = 0
    for game in games:
        mine = [seat for seat, held in enumerate(game.lineup) if held == challenger]
        theirs = [seat for seat, held in enumerate(game.lineup) if held != challenger]
        for seat in mine:
            for other in theirs:
                pairs += 1
                if game.ranks[seat] < game.ranks[other]:
                    score += 1.0
                elif game.ranks[seat] == game.ranks[other]:
                    score += 0.5
    return score, pairs


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    parser = argparse.ArgumentParser(prog="python -m bench ai")
    parser.add_argument("game", nargs="?", default="warchest")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=10, help="games per matchup")
    parser.add_argument("--levels", default="random,normal", help="comma-separated, weakest first")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--iterations", type=int, help="cap every level's iterations (a quick smoke run)")
    parser.add_argument("--log", help="append each finished game to this file as a JSON line (lineup, ranks, seed)")
    args = parser.parse_args(argv or [])
    if args.game not in registry.games():
        parser.error(f"unknown game {args.game!r}; choose one of {', '.join(registry.games())}")
    game = registry.get(args.game)
    players = args.players or game.player_counts[0]
    if players not in game.player_counts:
        parser.error(f"{game.id} is played by {'/'.join(map(str, game.player_counts))} players")
    levels = args.levels.split(",")
    unknown = [level for level in levels if level != RANDOM and level not in LEVELS]
    if unknown or len(levels) < 2:
        parser.error(f"need two or more levels among {RANDOM}, {', '.join(LEVELS)}")
    pairs = list(zip(levels, levels[1:]))
    tasks = [
        Task(game.id, players, lineup, args.seed + 10_000 * index + number, args.iterations)
        for index, (field_level, challenger) in enumerate(pairs)
        for number in range(args.games)
        for lineup in [lineups(game.id, players, field_level, challenger)[number % players]]
    ]
    results: list[Played] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for task, result in zip(tasks, pool.map(play, tasks)):
            results.append(result)
            if args.log:
                with open(args.log, "a", encoding="utf-8") as log:
                    log.write(json.dumps({"game": task.game, "players": task.players, "seed": task.seed,
                                          "lineup": result.lineup, "ranks": result.ranks}) + "\n")
    rows: list[tuple[str, float, str]] = []
    for index, (field_level, challenger) in enumerate(pairs):
        rows += matchup_rows(results[index * args.games:(index + 1) * args.games], field_level, challenger)
    for level in levels:
        times = [seconds for result in results for seconds in result.times.get(level, [])]
        rows.append((f"{level} decision p50", 1000 * percentile(times, 0.5), f"ms over {len(times)} decisions"))
        rows.append((f"{level} decision p95", 1000 * percentile(times, 0.95), "ms"))
    return rows
