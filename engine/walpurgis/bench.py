"""Balance figures from self-play: `python -m engine.walpurgis.bench --games 2000 [--seed S]`.

Plays random legal games (`--first-turn no_down`: with that tournament option), each seat with a
starter deck drawn at random, and prints the end reasons,
the first player's win rate and each starter's win rate against the field (draws count half). Any engine
exception makes it exit non-zero. The agent is uniformly random, so the figures measure the rules' and
the decks' raw bias (first-player advantage, a deck's numbers), not skilled play.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from engine.walpurgis.decks import STARTERS
from engine.walpurgis.game import GAME

MAX_ACTIONS = 20_000


def play_one(seed: int, decks: tuple[str, str], agent: random.Random, first_turn: str = "free") -> tuple[int | None, int, str]:
    """One random game: the winner (None for a draw), the first player, and the end reason."""
    options = GAME.validate_options(2, {"deck1": decks[0], "deck2": decks[1], "first_turn": first_turn})
    state = GAME.new_state(2, seed, options)
    for _ in range(MAX_ACTIONS):
        pending = GAME.pending(state)
        if not pending:
            break
        seat = agent.choice(pending).seat
        state = GAME.apply_action(state, seat, agent.choice(GAME.legal_actions(state, seat))).state
    outcome = GAME.outcome(state)
    if outcome is None:
        raise RuntimeError(f"seed {seed}: no end after {MAX_ACTIONS} actions")
    winner = None if outcome.is_draw else outcome.winners[0]
    return winner, state["first"], outcome.reason


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.walpurgis.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-turn", default="free", choices=("free", "no_down"), help="the lobby's first_turn option")
    args = parser.parse_args(argv)
    agent = random.Random(args.seed)
    keys = list(STARTERS)
    played: Counter = Counter()
    points: Counter = Counter()
    reasons: Counter = Counter()
    first_points = 0.0
    start = time.perf_counter()
    try:
        for index in range(args.games):
            pair = (agent.choice(keys), agent.choice(keys))
            winner, first, reason = play_one(args.seed + index, pair, agent, args.first_turn)
            reasons[reason] += 1
            for seat, key in enumerate(pair):
                played[key] += 1
                points[key] += 0.5 if winner is None else float(winner == seat)
            first_points += 0.5 if winner is None else float(winner == first)
    except Exception as error:  # noqa: BLE001 - any engine failure must fail the command
        print(f"error: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    print(f"games           {args.games} in {seconds:.1f} s")
    print("end reasons     " + ", ".join(f"{key}: {value}" for key, value in sorted(reasons.items())))
    print(f"first player    {100 * first_points / args.games:.1f}% (draws count half)")
    for key in keys:
        rate = 100 * points[key] / played[key] if played[key] else 0.0
        print(f"  {key:<8} {STARTERS[key].name.en:<16} {rate:5.1f}% of {played[key]} seats")
    return 0


if __name__ == "__main__":
    sys.exit(main())
