"""`python -m bench hints [--positions N] [--iterations K]`: how long one hint takes, per game and player count.

For each game and player count, `N` positions are reached by random play (a few moves to a few dozen
into the game, one per seed) and the awaited seat asks for a hint there at the game's own iteration cap
(`engine.ai.hint.HINT_ITERATIONS`, or `K` for every game). Printed per game: the median and the slowest
hint in seconds (one core, no pool). The caps aim at about two seconds on the bench machine.

`python -m bench hints --calibration [--games G] [--positions N] [--iterations K] [--play-iterations P]
[--bins B] [--players C] [--game ID ...]`: whether a hint's "estimated win chance" means what it says.
For each game, `G` games are played to the end by equal AIs (every seat the easy level capped at `P`
iterations a decision, the opponents of a practice game); at `N` of each game's decisions spread over it
(any seat, more than one legal choice) the deciding seat asks for a hint (its own information only, at
the game's cap or `K`). When the move that seat then played is among the hint's choices, its estimate
and the seat's result (1 a win, 1/k a k-way tie for first, 0 a loss; a team's result for each teammate)
make one sample. Printed per game and bin of `B` equal bins of the estimate: the samples, their mean
estimate and the observed win rate; then the samples whose played move the hint did not list, the mean
estimate minus the mean result (the bias: > 0 is overconfident), the Brier score and the calibration
error (the sample-weighted mean of |observed - estimate| over the bins).
"""

from __future__ import annotations

import argparse
import random
import time

from engine import registry
from engine.ai.hint import advise
from engine.ai.player import decide
from engine.ai.review import final_chances
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
    parser.add_argument("--calibration", action="store_true")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--play-iterations", type=int, default=40)
    parser.add_argument("--bins", type=int, default=5)
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args(argv or [])
    if args.calibration:
        return calibration(args)
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


MAX_DECISIONS = 3000
"""A game longer than this is left out (a guard, never met in the bench runs)."""


def played_game(game_id: str, players: int, seed: int, iterations: int) -> tuple[list[Match], list[tuple[int, str]]] | None:
    """Every position of one game between equal easy AIs and the (seat, notation) played from each, or
    None past `MAX_DECISIONS`."""
    match = Match.start(registry.get(game_id), players, seed, {})
    positions: list[Match] = []
    moves: list[tuple[int, str]] = []
    while match.outcome is None:
        if len(moves) >= MAX_DECISIONS:
            return None
        seat = match.awaited_seats()[0]
        notation = decide(match, seat, "easy", seed * 7919 + len(moves), budget_s=30.0, iterations=iterations)
        positions.append(match)
        moves.append((seat, notation))
        match = match.play(seat, notation).match
    positions.append(match)
    return positions, moves


def samples(game_id: str, players: int, seed: int, args: argparse.Namespace) -> tuple[list[tuple[float, float]], int]:
    """(estimate for the move played, the seat's result) at `args.positions` decisions of one played game,
    and how many of those moves the hint did not list."""
    game = played_game(game_id, players, seed, args.play_iterations)
    if game is None:
        return [], 0
    positions, moves = game
    results = final_chances(positions[-1])
    asked = [index for index, (seat, _) in enumerate(moves) if len(positions[index].legal_actions(seat)) > 1]
    if not asked:
        return [], 0
    count = min(args.positions, len(asked))
    chosen = sorted({asked[round((len(asked) - 1) * number / max(1, count - 1))] for number in range(count)})
    found: list[tuple[float, float]] = []
    unlisted = 0
    for index in chosen:
        seat, played = moves[index]
        choices = advise(positions[index], seat, seed * 104729 + index, args.iterations, budget_s=60.0)
        estimate = next((choice.chance for choice in choices if choice.notation == played), None)
        if estimate is None:
            unlisted += 1
        else:
            found.append((estimate, results[seat]))
    return found, unlisted


def calibration(args: argparse.Namespace) -> list[tuple[str, float, str]]:
    """See the module's docstring."""
    rows: list[tuple[str, float, str]] = []
    for game_id in args.game or sorted(registry.games()):
        game = registry.get(game_id)
        players = args.players if args.players in game.player_counts else min(game.player_counts)
        started = time.process_time()
        pairs: list[tuple[float, float]] = []
        unlisted = 0
        for seed in range(1, args.games + 1):
            found, missed = samples(game_id, players, seed, args)
            pairs += found
            unlisted += missed
        name = f"{game_id} {players}p"
        error = 0.0
        for number in range(args.bins):
            low, high = number / args.bins, (number + 1) / args.bins
            inside = [(estimate, result) for estimate, result in pairs
                      if low <= estimate < high or (number == args.bins - 1 and estimate == 1.0)]
            label = f"{name} est {low:.1f}-{high:.1f}"
            rows.append((f"{label} samples", len(inside), ""))
            if inside:
                mean = sum(estimate for estimate, _ in inside) / len(inside)
                observed = sum(result for _, result in inside) / len(inside)
                rows.append((f"{label} mean estimate", 100 * mean, "%"))
                rows.append((f"{label} observed wins", 100 * observed, "%"))
                error += len(inside) * abs(observed - mean)
        rows.append((f"{name} played move not in the hint", unlisted, ""))
        if pairs:
            rows.append((f"{name} bias (estimate - result)", 100 * sum(e - r for e, r in pairs) / len(pairs), "pts"))
            rows.append((f"{name} Brier score", sum((e - r) ** 2 for e, r in pairs) / len(pairs), ""))
            rows.append((f"{name} calibration error", 100 * error / len(pairs), "pts"))
        rows.append((f"{name} CPU", time.process_time() - started, "s"))
    return rows
