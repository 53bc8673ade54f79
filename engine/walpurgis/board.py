"""The 5×5 field, square names and the state's card helpers.

Squares are numbered 0–24 internally (row-major from 1a) and named as in rulebook 6.3: the row 1–5
from the bottom (the first seat's side), then the column a–e from the left, e.g. "2d". Seat 0 sits at
row 1, seat 1 at row 5, so a relative matrix square (right, forward) is mirrored for seat 1.

A card on the field is a piece `{"c": card id, "o": owner, "s": state, "u": unique number}`; the five
states of 4.1 are `dm` (danmaku, face down), `du` (danmaku, face up), `act` (face-down upright 陣:
active), `dor` (face-down sideways 陣: dormant), `up` (face-up upright 陣) and `fire` (face-up
sideways 陣: activated). An activated piece that went through the activation check carries `m`, its
absolute destruction squares, which 8.3.7 resolves later.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Iterable


State = dict[str, Any]
Piece = dict[str, Any]
SIZE = 5
SQUARES = SIZE * SIZE
COLUMNS = "abcde"
DANMAKU = ("dm", "du")
JIN = ("act", "dor", "up", "fire")
FACE_DOWN_JIN = ("act", "dor")
FACE_UP_JIN = ("up", "fire")
HAND_LIMIT = 6
OPENING_HAND = 5


def name(square: int) -> str:
    return f"{square // SIZE + 1}{COLUMNS[square % SIZE]}"


def parse_square(text: str) -> int | None:
    """"2d" (the rulebook's way) or "d2"; None when it names no square."""
    text = text.strip().lower()
    if len(text) != 2:
        return None
    row, col = (text[0], text[1]) if text[0].isdigit() else (text[1], text[0])
    if row not in "12345" or col not in COLUMNS:
        return None
    return (int(row) - 1) * SIZE + COLUMNS.index(col)


def shift(square: int, offset: tuple[int, int], owner: int) -> int | None:
    """The square `offset` (right, forward) away from `square` as `owner` sees it; None off the field."""
    right, forward = offset if owner == 0 else (-offset[0], -offset[1])
    row, col = square // SIZE + forward, square % SIZE + right
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return row * SIZE + col
    return None


def shifted(square: int, offsets: Iterable[tuple[int, int]], owner: int) -> list[int]:
    """The on-field squares of a relative pattern, in pattern order, without repeats."""
    found: list[int] = []
    for offset in offsets:
        target = shift(square, offset, owner)
        if target is not None and target not in found:
            found.append(target)
    return found


@lru_cache(maxsize=None)
def shifted_all(square: int, offsets: tuple[tuple[int, int], ...], owner: int) -> tuple[int | None, ...]:
    """Every square of a relative pattern, None where it falls off the field (an activation square off
    the field fails the condition); cached, as matrices and squares are few."""
    return tuple(shift(square, offset, owner) for offset in offsets)


def other(seat: int) -> int:
    return 1 - seat


def jin_at(state: Mapping[str, Any], square: int) -> Piece | None:
    """The 陣 on a square (a square never holds two)."""
    for piece in state["field"][square]:
        if piece["s"] in JIN:
            return piece
    return None


def jin_map(state: Mapping[str, Any]) -> list[Piece | None]:
    """The 陣 of every square (None where there is none), for loops over many squares."""
    found: list[Piece | None] = [None] * SQUARES
    for square, pieces in enumerate(state["field"]):
        for piece in pieces:
            if piece["s"] in JIN:
                found[square] = piece
                break
    return found


def jin_squares(state: Mapping[str, Any], owner: int | None = None) -> list[int]:
    return [square for square, piece in enumerate(jin_map(state)) if piece and (owner is None or piece["o"] == owner)]


def new_piece(state: State, cid: str, owner: int, status: str) -> Piece:
    state["uid"] += 1
    return {"c": cid, "o": owner, "s": status, "u": state["uid"]}


def leave_hand(state: State, owner: int, cid: str, face_down: bool = False) -> None:
    """Take a card out of a hand. A card leaving face up is seen, so the table still knows the rest of
    the known cards; one leaving face down could be any of them, so the table forgets them all (else a
    shrinking known list would tell which card went face down)."""
    state["hand"][owner].remove(cid)
    known = state["known"][owner]
    if face_down:
        known.clear()
    elif cid in known:
        known.remove(cid)


def to_pile(state: State, piece: Piece) -> None:
    """A card leaving the field as danmaku goes to its owner's danmaku pile (face down, order fixed)."""
    state["pile"][piece["o"]].append(piece["c"])


def to_discard(state: State, piece: Piece) -> None:
    state["discard"][piece["o"]].append(piece["c"])


def remove(state: State, square: int, piece: Piece) -> None:
    state["field"][square] = [p for p in state["field"][square] if p["u"] != piece["u"]]


def draw(state: State, seat: int, count: int) -> list[str]:
    """Draw up to `count` cards from the top; the cards drawn."""
    deck = state["deck"][seat]
    drawn = deck[:count]
    del deck[:count]
    state["hand"][seat].extend(drawn)
    return drawn


def census(state: Mapping[str, Any], owner: int) -> Counter[str]:
    """Every card of `owner` wherever it is — deck, hand, discard and danmaku piles, the field, the
    chosen deck before the deal, the 通常弾 set aside before it joins the hand — each counted once."""
    found: Counter[str] = Counter()
    for place in ("deck", "hand", "discard", "pile"):
        found.update(state[place][owner])
    for square in state["field"]:
        found.update(piece["c"] for piece in square if piece["o"] == owner)
    if state["stage"] == "deck" and state["decks"][owner]:
        found.update(state["decks"][owner])
    if state["stage"] == "mulligan" and state["aside"][owner]:
        found[state["aside"][owner]] += 1
    return found


def counts(state: Mapping[str, Any], owner: int) -> tuple[int, int]:
    """(陣, face-up 陣) the owner has on the field: the order of 2.1's comparison."""
    jin = [jin_at(state, square) for square in range(SQUARES)]
    mine = [piece for piece in jin if piece and piece["o"] == owner]
    return len(mine), sum(1 for piece in mine if piece["s"] in FACE_UP_JIN)
