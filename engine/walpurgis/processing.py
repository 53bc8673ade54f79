"""Danmaku processing (8.3.6) on every square holding two or more cards.

The rulebook treats the squares as processed at once; the engine walks them from 1a to 5e, which gives
the same result because no square's processing reads another square (RULES.md). On a square:

- one owner (8.3.6.1): the owner keeps one card — a 陣 stays as it is, a face-down danmaku becomes a
  dormant 陣, a face-up danmaku a face-up upright 陣 — and the rest leave (陣 to the discard pile,
  danmaku to the danmaku pile);
- two owners (8.3.6.2): both players at once strip one of their own cards there (face-up 陣 → dormant,
  face-up danmaku → face down, face-down 陣 → discard, face-down danmaku → danmaku pile; a
  『裏向きにならない』 陣 may be chosen and stays face up), round after round, until one of them has
  nothing left; then the survivor's cards there, if two or more, are processed as one owner's.

Choices name a category, since cards of one category are alike to the chooser: `jin` (the 陣), `dm` (a
face-down danmaku) or a card id (a face-up danmaku of that card). A seat with one category is answered
for. Stripping answers wait in `choice` until both seats have answered, and no view shows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.types import Event, T, Text
from engine.walpurgis import board
from engine.walpurgis.board import State
from engine.walpurgis.cards import EDITION
from engine.walpurgis.labels import STATES, who


def start(state: State) -> dict[str, Any] | None:
    squares = [square for square in range(board.SQUARES) if len(state["field"][square]) >= 2]
    return {"squares": squares, "choice": [None, None]} if squares else None


def owners(state: Mapping[str, Any], square: int) -> set[int]:
    return {piece["o"] for piece in state["field"][square]}


def categories(state: Mapping[str, Any], square: int, seat: int) -> list[str]:
    found: list[str] = []
    for piece in state["field"][square]:
        if piece["o"] != seat:
            continue
        key = "jin" if piece["s"] in board.JIN else "dm" if piece["s"] == "dm" else piece["c"]
        if key not in found:
            found.append(key)
    return found


def label(state: Mapping[str, Any], square: int, seat: int, key: str, verb: str) -> Text:
    sq = board.name(square)
    if key == "jin":
        thing = STATES[board.jin_at(state, square)["s"]]
    elif key == "dm":
        thing = STATES["dm"]
    else:
        name = EDITION.card(key).name
        thing = T(f"{STATES['du'].ja}({name.ja})", f"{STATES['du'].en} ({name.en})")
    if verb == "keep":
        return T(f"{sq}: {thing.ja}を残す", f"{sq}: keep: {thing.en}")
    return T(f"{sq}: {thing.ja}を処理する", f"{sq}: strip: {thing.en}")


def current(state: Mapping[str, Any]) -> tuple[int, str] | None:
    """(square, "keep" or "strip") being processed now."""
    proc = state["chain"]["proc"]
    if not proc or not proc["squares"]:
        return None
    square = proc["squares"][0]
    return square, "strip" if len(owners(state, square)) == 2 else "keep"


def waiting(state: Mapping[str, Any]) -> list[int]:
    """Seats whose answer the current square awaits."""
    now = current(state)
    if now is None:
        return []
    square, mode = now
    if mode == "keep":
        return [next(iter(owners(state, square)))]
    return [seat for seat in (0, 1) if state["chain"]["proc"]["choice"][seat] is None]


def options(state: Mapping[str, Any], seat: int) -> list[tuple[str, Text]]:
    now = current(state)
    if now is None or seat not in waiting(state):
        return []
    square, mode = now
    return [(f"{mode} {board.name(square)} {key}", label(state, square, seat, key, mode)) for key in categories(state, square, seat)]


def advance(state: State, events: list[Event]) -> bool:
    """Run every answer that needs nobody; True when every square is processed."""
    proc = state["chain"]["proc"]
    while proc and proc["squares"]:
        square = proc["squares"][0]
        if len(state["field"][square]) < 2:
            proc["squares"].pop(0)
            continue
        if len(owners(state, square)) == 1:
            seat = next(iter(owners(state, square)))
            keys = categories(state, square, seat)
            if len(keys) > 1:
                return False
            keep(state, square, seat, keys[0], events)
            continue
        for seat in (0, 1):
            keys = categories(state, square, seat)
            if proc["choice"][seat] is None and len(keys) == 1:
                proc["choice"][seat] = keys[0]
        if None in proc["choice"]:
            return False
        strip_round(state, square, events)
    state["chain"]["proc"] = None
    return True


def answer(state: State, seat: int, notation: str, events: list[Event]) -> None:
    mode, sq, key = notation.split()
    square = board.parse_square(sq)
    if mode == "keep":
        keep(state, square, seat, key, events)
    else:
        state["chain"]["proc"]["choice"][seat] = key


def _pick(state: State, square: int, seat: int, key: str) -> board.Piece:
    for piece in state["field"][square]:
        if piece["o"] != seat:
            continue
        if (key == "jin" and piece["s"] in board.JIN) or (key == "dm" and piece["s"] == "dm") or (piece["s"] == "du" and piece["c"] == key):
            return piece
    raise ValueError(f"no {key} of seat {seat} at {board.name(square)}")


def keep(state: State, square: int, seat: int, key: str, events: list[Event]) -> None:
    kept = _pick(state, square, seat, key)
    for piece in list(state["field"][square]):
        if piece is kept:
            continue
        board.remove(state, square, piece)
        if piece["s"] in board.JIN:
            board.to_discard(state, piece)
        else:
            board.to_pile(state, piece)
    if kept["s"] == "dm":
        kept["s"] = "dor"
    elif kept["s"] == "du":
        kept["s"] = "up"
    state["chain"]["proc"]["squares"].pop(0)
    events.append(Event(T(f"弾幕処理 {board.name(square)}: {who(seat)}の{STATES[kept['s']].ja}が残りました。", f"Danmaku processing at {board.name(square)}: {who(seat)} keeps one card, now: {STATES[kept['s']].en}."), data={"kind": "keep", "squares": [square]}))


def strip(state: State, square: int, piece: board.Piece) -> None:
    if piece["s"] in board.FACE_UP_JIN:
        if not EDITION.card(piece["c"]).has("steadfast"):
            piece["s"] = "dor"
            piece.pop("m", None)
    elif piece["s"] == "du":
        piece["s"] = "dm"
    else:
        board.remove(state, square, piece)
        (board.to_discard if piece["s"] in board.JIN else board.to_pile)(state, piece)


def strip_round(state: State, square: int, events: list[Event]) -> None:
    """Both answers applied together; the square is done once a seat has nothing left there."""
    proc = state["chain"]["proc"]
    chosen = [_pick(state, square, seat, proc["choice"][seat]) for seat in (0, 1)]
    described = [STATES[piece["s"]] for piece in chosen]
    for piece in chosen:
        strip(state, square, piece)
    proc["choice"] = [None, None]
    events.append(
        Event(
            T(
                f"弾幕処理 {board.name(square)}: {who(0)}は{described[0].ja}、{who(1)}は{described[1].ja}を処理しました。",
                f"Danmaku processing at {board.name(square)}: {who(0)} stripped: {described[0].en}; {who(1)} stripped: {described[1].en}.",
            ),
            data={"kind": "strip", "squares": [square]},
        )
    )
