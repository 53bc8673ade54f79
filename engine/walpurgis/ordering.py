"""The alternating resolutions: D effects (8.3.5), turning upright with A effects (8.3.8, 7.3.2) and
chain-end effects (8.3.9).

Each is "from the turn player, alternately, one card at a time, each player choosing which of theirs";
when one player has none left the other goes on alone. A queue holds the cards still to resolve per
seat as [square, piece number] pairs, so a card destroyed or stripped meanwhile simply drops out.
A seat is asked only when its choice can matter: one card left, or (for turning upright) no A effect and
no 『持続』 among its cards, is resolved at once — both are public facts.

Kinds: `D`, `E`; `A` (8.3.8: the A effect applies; a 『持続』 card may stay sideways, `hold` keeps every
remaining one of the seat's 持続 cards sideways); `endA` (7.3.2: every activated card turns upright and
its owner may apply its A effect or `skip` it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.types import Event, T, Text
from engine.walpurgis import board, primitives
from engine.walpurgis.board import State
from engine.walpurgis.cards import EDITION
from engine.walpurgis.effects import TIMING_NAMES
from engine.walpurgis.labels import both, who


TIMING = {"D": "D", "E": "E", "A": "A", "endA": "A"}


def start(state: State, kind: str, entries: list[list[list[int]]]) -> dict[str, Any] | None:
    """A queue over per-seat [square, uid] lists, starting with the turn player; None if empty."""
    if not any(entries):
        return None
    return {"kind": kind, "next": state["turn"], "left": entries}


def fired(state: State, timing: str | None = None) -> list[list[list[int]]]:
    """Per seat, the activated 陣 on the field (with an effect of `timing`, when given)."""
    found: list[list[list[int]]] = [[], []]
    for square in range(board.SQUARES):
        piece = board.jin_at(state, square)
        if piece and piece["s"] == "fire" and (timing is None or timing in EDITION.card(piece["c"]).effects):
            found[piece["o"]].append([square, piece["u"]])
    return found


def _alive(state: State, kind: str, entry: list[int]) -> bool:
    piece = board.jin_at(state, entry[0])
    if piece is None or piece["u"] != entry[1]:
        return False
    return piece["s"] in board.FACE_UP_JIN if kind == "E" else piece["s"] == "fire"


def prune(state: State, queue: dict[str, Any]) -> None:
    queue["left"] = [[entry for entry in seat if _alive(state, queue["kind"], entry)] for seat in queue["left"]]
    if not queue["left"][queue["next"]]:
        queue["next"] = board.other(queue["next"])


def done(queue: dict[str, Any]) -> bool:
    return not any(queue["left"])


def options(state: Mapping[str, Any], queue: dict[str, Any]) -> list[tuple[str, Text]]:
    """(notation, label) for the seat to act."""
    kind, seat = queue["kind"], queue["next"]
    found: list[tuple[str, Text]] = []
    for square, _ in queue["left"][seat]:
        cid = board.jin_at(state, square)["c"]
        name = EDITION.card(cid).name
        sq = board.name(square)
        if kind in ("D", "E"):
            found.append((f"resolve {sq}", T(f"{sq} {name.ja}の効果を解決", f"Resolve {name.en} at {sq}")))
        else:
            found.append((f"upright {sq}", T(f"{sq} {name.ja}を縦向きに", f"Turn {name.en} at {sq} upright")))
            if kind == "endA" and "A" in EDITION.card(cid).effects:
                found.append((f"upright {sq} skip", T(f"{sq} {name.ja}を縦向きに(A効果なし)", f"Turn {name.en} at {sq} upright without its A effect")))
    if kind == "A" and all(EDITION.card(board.jin_at(state, sq)["c"]).has("persist") for sq, _ in queue["left"][seat]):
        found.append(("hold", T("残りの『持続』の陣は横向きのまま", "Keep the remaining Persist cards sideways")))
    return found


def forced(state: Mapping[str, Any], queue: dict[str, Any]) -> str | None:
    """The seat's only sensible choice, taken without asking; None when the seat must choose."""
    choices = options(state, queue)
    if len(choices) == 1:
        return choices[0][0]
    if queue["kind"] in ("A", "endA"):
        cards = [EDITION.card(board.jin_at(state, sq)["c"]) for sq, _ in queue["left"][queue["next"]]]
        if not any((card.has("persist") and queue["kind"] == "A") or "A" in card.effects for card in cards):
            return choices[0][0]
    return None


def resolve(state: State, queue: dict[str, Any], notation: str, events: list[Event]) -> None:
    """Apply the acting seat's choice and pass the turn to the other seat if it has cards left."""
    kind, seat = queue["kind"], queue["next"]
    words = notation.split()
    if words[0] == "hold":
        queue["left"][seat] = []
        events.append(Event(T(f"{who(seat)}は『持続』の陣を横向きのままにしました。", f"{who(seat)} kept Persist cards sideways.")))
    else:
        square = board.parse_square(words[1])
        queue["left"][seat] = [entry for entry in queue["left"][seat] if entry[0] != square]
        piece = board.jin_at(state, square)
        card = EDITION.card(piece["c"])
        if kind in ("A", "endA"):
            piece["s"] = "up"
            piece.pop("m", None)
            events.append(Event(both(f"{who(seat)}の{{card}}({board.name(square)})が縦向きになりました。", f"{who(seat)}'s {{card}} at {board.name(square)} turned upright.", piece["c"]), data={"kind": "upright", "squares": [square]}))
        apply_timing = TIMING[kind] if words[-1] != "skip" else None
        steps = card.effects.get(apply_timing, ()) if apply_timing else ()
        if steps:
            label = TIMING_NAMES[apply_timing]
            events.append(Event(both(f"{who(seat)}の{{card}}({board.name(square)})の{label.ja}効果。", f"{label.en} effect of {who(seat)}'s {{card}} at {board.name(square)}.", piece["c"]), data={"kind": "effect", "timing": apply_timing, "squares": [square]}))
        for effect in steps:
            primitives.apply(state, seat, square, effect, events)
    queue["next"] = board.other(seat)
    prune(state, queue)
