"""A cheap heuristic player for balance measurements (`bench.py --agent greedy`).

Uniformly random play almost never activates (an activation is one move among a hundred placements),
so its win rates measure a game nobody plays. This player does what a beginner does, one rule per
decision and no look-ahead: activate (or intercept with) the card that hits the most opposing 陣 and
aims the most danmaku at squares without an own 陣, place a card face down otherwise, fire at empty and
opposing squares, keep the best card in danmaku processing and strip the cheapest, apply A effects.
Ties are broken by the given `random.Random`, so a seed replays a game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.types import Action
from engine.walpurgis import activation, board
from engine.walpurgis.cards import EDITION

KEEP_ORDER = ("up", "fire", "du", "act", "dor", "dm")
STRIP_ORDER = ("dm", "du", "dor", "act", "up", "fire")


def activation_score(state: Mapping[str, Any], seat: int, words: Sequence[str]) -> float:
    """`place CID SQ up` or `activate SQ`: opposing 陣 on its destruction squares count 3, each danmaku
    target without an own 陣 counts 1."""
    square = board.parse_square(words[-2] if words[0] == "place" else words[1])
    jin = board.jin_map(state)
    cid = words[1] if words[0] == "place" else jin[square]["c"]
    reach = activation.squares(EDITION.card(cid), square, seat)
    hits = sum(1 for sq in reach["ds"] + reach["rds"] if jin[sq] is not None and jin[sq]["o"] != seat)
    aims = sum(1 for sq in reach["dm"] + reach["rdm"] if jin[sq] is None or jin[sq]["o"] != seat)
    return 1 + 3 * hits + aims


def fire_score(state: Mapping[str, Any], seat: int, words: Sequence[str]) -> float:
    """Empty squares count 2, opposing 陣 1, own 陣 -1."""
    jin = board.jin_map(state)
    score = 0.0
    for name in words[1:]:
        if name == "none":
            continue
        piece = jin[board.parse_square(name)]
        score += 2 if piece is None else 1 if piece["o"] != seat else -1
    return score


def card_state(state: Mapping[str, Any], seat: int, words: Sequence[str]) -> str:
    """The state of the card a `keep`/`strip` answer names."""
    square, key = board.parse_square(words[1]), words[2]
    if key == "jin":
        return board.jin_at(state, square)["s"]
    return "dm" if key == "dm" else "du"


def score(state: Mapping[str, Any], seat: int, action: Action) -> float:
    words = action.notation.split()
    verb = words[0]
    if verb == "activate" or (verb == "place" and words[-1] == "up"):
        return 10 + activation_score(state, seat, words)
    if verb == "place":
        return 5
    if verb == "fire":
        return fire_score(state, seat, words)
    if verb == "keep" and len(words) == 3:
        return -KEEP_ORDER.index(card_state(state, seat, words))
    if verb == "strip":
        return -STRIP_ORDER.index(card_state(state, seat, words))
    if verb in ("upright", "resolve"):
        return 0 if words[-1] == "skip" else 1
    if verb == "mulligan":
        return -1
    return 0


def choose(state: Mapping[str, Any], seat: int, actions: Sequence[Action], rng: random.Random) -> Action:
    """The highest-scoring action, ties at random."""
    scored = [(score(state, seat, action), action) for action in actions]
    best = max(value for value, _ in scored)
    return rng.choice([action for value, action in scored if value == best])
