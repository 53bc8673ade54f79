"""`python -m bench walpurgis [--games N --agent greedy|random|ai --seed S --first-turn free|no_down]`:
Walpurgis balance (first player's and each starter's win rate) from self-play; see
engine/walpurgis/bench.py and data/walpurgis/EDITION.md. Default: 2,000 greedy games (about a minute)."""

from __future__ import annotations

from engine.walpurgis.bench import measure, parser
from engine.walpurgis.decks import STARTERS


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    args = parser().parse_args(argv or [])
    figures = measure(args.games, args.seed, args.agent, args.first_turn)
    rows = [(f"games ({args.agent}, first_turn={args.first_turn})", float(figures.games), "count"),
            ("first player wins (draws half)", figures.first_rate, "%")]
    rows += [(f"{key} starter wins (draws half)", figures.deck_rate(key), "%") for key in STARTERS]
    rows += [(f"ended by {reason}", float(count), "count") for reason, count in sorted(figures.reasons.items())]
    return rows
