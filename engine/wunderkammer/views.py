"""What each seat may see (schema in VIEW.md, which the renderer is written from).

Static card data (marks, numbers, names, characters' items and texts) is in `catalog()`, not in every
view. Public: the common field (cards left per kind, each kind's value from the printed items of benched
characters), where every character is, each player's lines with this turn's plays, trash, bench, joker,
and deck and hand counts. A seat adds its own hand, its deck's contents (it knows what it shuffled in,
never the order) and the kinds of the put cards it has seen. Put cards stay face down for everyone else
until scoring; once the game is over everything is shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.wunderkammer import scoring
from engine.wunderkammer.board import END_AT, STALL_ROUNDS, bench, gone
from engine.wunderkammer.cards import EDITION
from engine.wunderkammer.labels import mark


def catalog() -> dict[str, Any]:
    """The printed cards, which never change during a game: renderers read them once, views carry only
    where things are."""
    return {
        "items": [
            {
                "id": kind,
                "mark": item.mark,
                "symbol": EDITION.marks[item.mark].symbol,
                "number": item.number,
                "label": mark(kind),
                "name": item.name.to_json(),
                "start": item.start,
                "copies": item.copies,
            }
            for kind, item in EDITION.items.items()
        ],
        "characters": [
            {
                "id": cid,
                "number": character.number,
                "name": character.name.to_json(),
                "items": list(character.items),
                "effect": character.ability.effect,
                "timing": character.ability.timing,
                "text": character.text.to_json(),
            }
            for cid, character in EDITION.characters.items()
        ],
    }


def character_view(state: Mapping[str, Any], cid: str, seat: int | None, over: bool) -> dict[str, Any]:
    played = next(
        (index for index, entry in enumerate(state["played"]) if entry and cid in entry["chars"]),
        None,
    )
    return {
        "id": cid,
        "active": not state["simple"] or EDITION.character(cid).ability.timing == "play",
        "owner": state["owner"][cid],
        "played_on": played,
        "puts": [
            {"kind": card["kind"] if over or seat in card["seen"] else None, "by": card["by"]}
            for card in state["puts"][cid]
        ],
    }


def played_view(entry: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    return {
        "kind": entry["kind"],
        "cards": len(entry["cards"]),
        "joker": entry["joker"],
        "characters": list(entry["chars"]),
        "had": entry["had"],
    }


def seat_view(state: Mapping[str, Any], seat: int) -> dict[str, Any]:
    purse = state["seats"][seat]
    current = seat == state["seat"]
    return {
        "seat": seat,
        "deck": len(purse["deck"]),
        "hand": len(purse["hand"]),
        "trash": sorted(purse["trash"], key=list(EDITION.items).index),
        "lines": [
            {
                "kind": line[0] if line else None,
                "cards": len(line),
                "played": played_view(state["played"][index]) if current else None,
            }
            for index, line in enumerate(purse["lines"])
        ],
        "joker": purse["joker"],
        "bench": bench(state, seat),
    }


def public_view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    over = state["step"] == "over"
    printed = scoring.values(state, None, every_put=over)
    view: dict[str, Any] = {
        "game": "wunderkammer",
        "players": state["players"],
        "simple": state["simple"],
        "turn": state["turn"],
        "first": state["first"],
        "active": None if over else state["seat"],
        "step": state["step"],
        "sum": state["budget"] if state["step"] == "take" else None,
        "takes": list(state["takes"]),
        "puts_made": state["puts_made"],
        "gone": gone(state),
        "end_at": END_AT[state["players"]],
        "quiet": state["quiet"],
        "stall_at": STALL_ROUNDS * state["players"],
        "items": [
            {"id": kind, "field": state["field"][kind], "box": state["box"][kind], "value": printed[kind]}
            for kind in EDITION.items
        ],
        "characters": [character_view(state, cid, seat, over) for cid in EDITION.characters],
        "seats": [seat_view(state, other) for other in range(state["players"])],
        "jokers_boxed": state["jokers_boxed"],
    }
    if over:
        view["final"] = {
            "values": printed,
            "counts": [scoring.counts(state, other) for other in range(state["players"])],
            "direct": [scoring.direct_points(state, other) for other in range(state["players"])],
            "points": list(state["result"]),
            "characters": [len(bench(state, other)) for other in range(state["players"])],
        }
    return view


def view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    result = public_view(state, seat)
    if seat is not None:
        purse = state["seats"][seat]
        order = list(EDITION.items)
        result["seat"] = seat
        result["private"] = {
            "hand": sorted(purse["hand"], key=order.index),
            "deck": sorted(purse["deck"], key=order.index),
            "values": scoring.values(state, seat, every_put=False),
        }
    return result
