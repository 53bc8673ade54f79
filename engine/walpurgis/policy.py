"""A cheap heuristic player for balance measurements (`bench.py --agent greedy`).

Uniformly random play almost never activates (an activation is one move among a hundred placements),
so its win rates measure a game nobody plays. This player does what a beginner does, one rule per
decision and no look-ahead: activate (or intercept with) the card that hits the most opposing 陣 and
aims the most danmaku where they count, place a card face down otherwise, fire where a danmaku starts a
contest or makes a 陣, keep the best card in danmaku processing and strip the cheapest, apply A effects.
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


def square_value(state: Mapping[str, Any], seat: int, square: int) -> float:
    """What one more danmaku of `seat` on `square` is worth: a contest where the opponent has a card
    (8.3.6.2), a new dormant 陣 where an own danmaku already lies alone (8.3.6.1), a lost deck card on an
    empty square (it goes to the danmaku pile unfired) or on an own 陣 (it is processed away)."""
    pieces = state["field"][square]
    if any(piece["o"] != seat for piece in pieces):
        return 2.0
    if pieces and all(piece["s"] in board.DANMAKU for piece in pieces):
        return 2.0
    return -0.5


def activation_score(state: Mapping[str, Any], seat: int, words: Sequence[str]) -> float:
    """`place CID SQ up` or `activate SQ`: opposing 陣 on its destruction squares count 3, plus what its
    danmaku targets are worth (`square_value`, none below 0 since firing may place fewer)."""
    square = board.parse_square(words[-2] if words[0] == "place" else words[1])
    jin = board.jin_map(state)
    cid = words[1] if words[0] == "place" else jin[square]["c"]
    reach = activation.squares(EDITION.card(cid), square, seat)
    hits = sum(1 for sq in reach["ds"] + reach["rds"] if jin[sq] is not None and jin[sq]["o"] != seat)
    aims = sum(max(0.0, square_value(state, seat, sq)) for sq in reach["dm"] + reach["rdm"])
    return 1 + 3 * hits + aims


def fire_score(state: Mapping[str, Any], seat: int, words: Sequence[str]) -> float:
    return sum(square_value(state, seat, board.parse_square(name)) for name in words[1:] if name != "none")


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
