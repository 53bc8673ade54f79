"""What each seat may see (schema in VIEW.md, which the renderer is written from).

Public: both KINGs, everything face up — battlefields (orientation, this turn's damage, each unit's
attack now and its reach), standby areas in order, kingdom counts per kind with the 建国 comparison,
graveyards — the sizes of decks and hands, the hand cards the table saw go back into a hand, the open
chain and conscription. A seat adds its own hand. Deck order is hidden from everyone, and nobody sees the
other's 20 cards (nor which deck the other chose: a seat sees its own deck code only). The latest action is not part of the view: the renderer gets the public events of the
last step (`Frame.recent`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.artofwar import choosing, conscription
from engine.artofwar.board import SQUARES, attack_value, defence, kingdom_total, reach, targets
from engine.artofwar.cards import BASIC, BASIC_UNITS, EDITION, GUARDIAN, KING, SUPPORT_TEXT, WIZARD, Unit
from engine.artofwar.chain import responder
from engine.artofwar.labels import card_name
from engine.artofwar.victory import leads


def unit_view(card: Unit) -> dict[str, Any]:
    return {
        "id": card.id,
        "name": card.name.to_json(),
        "reach": [list(offset) for offset in card.reach],
        "attack": card.attack,
        "defence": list(card.defence),
        "support": card.support,
    }


def catalogue() -> dict[str, Any]:
    """The five basic units with their support texts (static; the renderer's card list)."""
    return {kind: {**unit_view(BASIC_UNITS[kind]), "support_text": SUPPORT_TEXT[kind].to_json()} for kind in BASIC}


def field_view(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    king = state["kings"][seat]
    field = state["field"][seat]
    return [
        {
            "square": square,
            "card": field[square]["card"],
            "name": card_name(field[square]["card"], king).to_json(),
            "sideways": field[square]["side"],
            "damage": field[square]["dmg"],
            "defence": defence(state, seat, square),
            "attack": attack_value(state, seat, square),
            "reach": reach(field[square]["card"], king, seat, square),
            "targets": targets(state, seat, square),
        }
        for square in SQUARES
        if square in field
    ]


def seat_view(state: Mapping[str, Any], seat: int) -> dict[str, Any]:
    kingdom = state["kingdom"][seat]
    return {
        "seat": seat,
        "king": unit_view(EDITION.king(state["kings"][seat])) if state["kings"][seat] is not None else None,
        "king_at": king_place(state, seat),
        "deck": len(state["deck"][seat]),
        "hand": len(state["hand"][seat]),
        "hand_known": list(state["known"][seat]),
        "field": field_view(state, seat),
        "standby": list(state["standby"][seat]),
        "kingdom": {kind: count for kind, count in kingdom.items() if kind in BASIC or count},
        "kingdom_total": kingdom_total(state, seat),
        "leads": leads(state, seat),
        "grave": list(state["grave"][seat]),
        "mulligan": state["mulligan"][seat],
    }


def king_place(state: Mapping[str, Any], seat: int) -> str | None:
    """Where the seat's KING is: a square, `standby`, `hand`, or None once it has fallen."""
    for square, placed in state["field"][seat].items():
        if placed["card"] == KING:
            return square
    if KING in state["standby"][seat]:
        return "standby"
    if KING in state["hand"][seat]:
        return "hand"
    return None


def chain_view(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    entries = []
    for entry in state["chain"]:
        if entry["t"] == "attack":
            entries.append({"type": "attack", "seat": entry["seat"], "from": entry["from"], "to": entry["to"], "attack": entry["atk"], "card": entry["card"]})
        else:
            entries.append({"type": "support", "seat": entry["seat"], "card": entry["card"], "effect": entry["effect"], "args": list(entry["args"])})
    return entries


def public_view(state: Mapping[str, Any]) -> dict[str, Any]:
    conscript = state["conscript"]
    return {
        "game": "artofwar",
        "players": 2,
        "phase": state["phase"],
        "first": state["first"],
        "turn": state["turn"],
        "turn_no": state["turn_no"],
        "setup": {"seat": state["order"][0], "stage": "mulligan" if state["phase"] == "mulligan" else state["stage"]}
        if state["phase"] in ("mulligan", "place") and state["order"]
        else None,
        "mode": state["mode"],
        "arranged": state["arranged"],
        "entered": state["entered"],
        "boost": state["boost"],
        "seats": [seat_view(state, seat) for seat in (0, 1)],
        "chain": chain_view(state),
        "responder": responder(state),
        "conscription": {
            "seat": conscript["seat"],
            "left": conscript["left"],
            "from": "standby" if conscription.from_standby(state) else "kingdom",
        }
        if conscript is not None
        else None,
        "choosing": choosing.waiting(state) if state["phase"] == "deck" else None,
        "result": dict(state["result"]) if state["result"] is not None else None,
        "units": catalogue(),
    }


def view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    result = public_view(state)
    if seat is not None:
        result["seat"] = seat
        result["private"] = {"hand": list(state["hand"][seat]), "deck": state["decks"][seat]}
    return result


def response_ruled_out(public: Mapping[str, Any], seat: int) -> bool:
    """Whether the table can already tell, from the public view alone, that `seat` cannot answer the
    open chain: its KING is not in hand and every hand card is one the table saw go back, none of them
    the card the newest entry needs (a GUARDIAN against an attack, a WIZARD against a support).

    The response window is offered whatever the hand holds so that it leaks nothing; an automatic
    "no response" may therefore only rest on what the player already showed, never on the hidden hand —
    otherwise the instant answer would tell the opponent what is missing from it.
    """
    if public["responder"] != seat or not public["chain"]:
        return False
    info = public["seats"][seat]
    if info["king_at"] == "hand" or len(info["hand_known"]) < info["hand"]:
        return False
    needed = GUARDIAN if public["chain"][-1]["type"] == "attack" else WIZARD
    return needed not in info["hand_known"]
