"""`python -m bench review_check [--games N] [--first S] [--game ID ...] [--matches M] [--iterations K]`:
whether the moves a review flags as mistakes are mistakes (issue 28).

For each game and each of `N` seeds (from `S`, so that runs on separate cores add up), a game is played
at random; `SAMPLED` of seat 0's decisions spread over it are reviewed (engine.ai.review at its own caps),
and the `FLAGGED` costliest of those above the noise (`NOTICEABLE`) are checked: from the position after
the move played and from the position after the AI's pick, `M` matches each are played out to the end
between equal AIs (every seat the weakest level that has the game's knowledge, `judge_level`, capped at
`K` iterations a decision), paired by seed. Printed per game: the flagged positions, the pairs played,
the share of decided pairs where the AI's pick ended better for seat 0 than the move played with its 95%
Wilson interval, and the mean difference of seat 0's result (1 win, 1/k a k-way tie, 0 a loss). The
matches use the true position (hidden parts included): they judge the moves, not the reviewer.

Why the judges know what the reviewer knows: the review searches at the hard level, with the game's
hooks (engine.ai.hooks). Wunderkammer keeps its knowledge for hard alone (`ai_hooks_from`); easy AIs
without it play a game where nothing scores until characters are benched, and judged by them the review's
picks ended better in only 31% of decided pairs (8 games, 4 matches, 16 of 64 pairs decided), a verdict on
the judges rather than the review.
"""

from __future__ import annotations

import argparse
import math
import time

from engine import registry
from engine.ai.hooks import LEVEL_ORDER, hooks_for
from engine.ai.player import decide
from engine.ai.review import NOTICEABLE, final_chances, iterations_for, points
from engine.core.game import Game
from engine.core.match import Match
from engine.selfplay import playout

SAMPLED = 12
FLAGGED = 2
MAX_DECISIONS = 2000
"""A match longer than this counts as a draw (a guard, never met in the bench runs)."""


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    if not trials:
        return (0.0, 1.0)
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def judge_level(game: Game) -> str:
    """The weakest level whose search has every hook the game has: the reviewer's knowledge, cheaply."""
    return next(level for level in LEVEL_ORDER if hooks_for(game, level) == hooks_for(game))


def played_out(match: Match, seed: int, iterations: int) -> float:
    """Seat 0's result after equal AIs (`judge_level`) finish the match."""
    level = judge_level(match.game)
    for number in range(MAX_DECISIONS):
        if match.outcome is not None:
            return final_chances(match)[0]
        seat = match.awaited_seats()[0]
        match = match.play(seat, decide(match, seat, level, seed * 7919 + number, budget_s=30.0, iterations=iterations)).match
    return 1.0 / match.players


def flagged(game_id: str, seed: int) -> list[tuple[Match, str, str]]:
    """(position before, move played, AI's pick) for the costliest sampled decisions of seat 0."""
    game = registry.get(game_id)
    steps = list(playout(game, min(game.player_counts), seed))
    start = Match.start(game, min(game.player_counts), seed, {})
    found = [start, *(step.match for step in steps)]
    log = [(step.seat, step.notation) for step in steps]
    mine = [index for index, (seat, _) in enumerate(log) if seat == 0 and len(found[index].legal_actions(0)) > 1]
    chosen = sorted({mine[round((len(mine) - 1) * number / (SAMPLED - 1))] for number in range(SAMPLED)}) if mine else []
    indexes = sorted({*chosen, *(index + 1 for index in chosen)})
    result = points(found, log, 0, seed, indexes, iterations_for(game_id), 10.0)
    costs = []
    for index in chosen:
        pick = result["picks"].get(index)
        if pick is None or pick[0] == log[index][1]:
            continue
        cost = pick[1] - result["curve"][index + 1][0]
        if cost >= NOTICEABLE:
            costs.append((cost, index, pick[0]))
    return [(found[index], log[index][1], best) for _, index, best in sorted(costs, reverse=True)[:FLAGGED]]


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    parser = argparse.ArgumentParser(prog="bench review_check")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--game", action="append")
    args = parser.parse_args(argv or [])
    rows: list[tuple[str, float, str]] = []
    for game_id in args.game or sorted(registry.games()):
        started = time.process_time()
        better = worse = pairs = positions = 0
        difference = 0.0
        for seed in range(args.first, args.first + args.games):
            for before, played, best in flagged(game_id, seed):
                positions += 1
                for match_seed in range(args.matches):
                    after_played = played_out(before.play(0, played).match, match_seed, args.iterations)
                    after_best = played_out(before.play(0, best).match, match_seed, args.iterations)
                    pairs += 1
                    difference += after_best - after_played
                    better += after_best > after_played
                    worse += after_best < after_played
        low, high = wilson(better, better + worse)
        rows.append((f"{game_id} flagged positions", positions, ""))
        rows.append((f"{game_id} pairs played", pairs, ""))
        rows.append((f"{game_id} AI pick better (of decided)", 100 * better / (better + worse) if better + worse else 0.0, "%"))
        rows.append((f"{game_id} 95% interval low", 100 * low, "%"))
        rows.append((f"{game_id} 95% interval high", 100 * high, "%"))
        rows.append((f"{game_id} mean result difference", difference / pairs if pairs else 0.0, ""))
        rows.append((f"{game_id} CPU", time.process_time() - started, "s"))
    return rows
