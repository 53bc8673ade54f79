"""What a seat may know, as plain JSON for renderers and the picker; VIEW.md documents the shape.

A card's identity is shown exactly when the rules let the viewer see it: face up anywhere, in the
discard piles, in the viewer's own hand, the viewer's own active 陣, and hand cards the table saw enter
a hand. Dormant 陣, face-down danmaku, decks and danmaku piles show only that a card is there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.walpurgis import board, processing
from engine.walpurgis.cards import EDITION, KEYWORDS, Card, Matrix
from engine.walpurgis.effects import TIMING_NAMES, describe, describe_condition


def visible(piece: Mapping[str, Any], seat: int | None) -> bool:
    return piece["s"] in ("du", "up", "fire") or (piece["s"] == "act" and piece["o"] == seat)


def names(squares: list[int]) -> list[str]:
    return [board.name(square) for square in squares]


def matrix_json(matrix: Matrix) -> dict[str, Any]:
    return {"rows": list(matrix.rows), "activation": [list(o) for o in matrix.activation], "targets": [list(o) for o in matrix.targets], "destruction": [list(o) for o in matrix.destruction]}


def card_json(card: Card) -> dict[str, Any]:
    """Everything printed on a card, for the renderer's card images and the hand."""
    return {
        "id": card.id,
        "name": {"ja": card.name.ja, "en": card.name.en},
        "caster": None if card.caster is None else {"ja": card.caster.ja, "en": card.caster.en},
        "icons": list(card.icons),
        "normal": card.normal,
        "keywords": [{"key": key, "ja": KEYWORDS[key].ja, "en": KEYWORDS[key].en} for key in card.keywords],
        "matrix": matrix_json(card.matrix),
        "rapid": matrix_json(card.rapid) if card.has("rapid") else None,
        "condition": None if not card.condition else {"ja": describe_condition(card.condition).ja, "en": describe_condition(card.condition).en},
        "effects": [
            {"timing": timing, "label": {"ja": TIMING_NAMES[timing].ja, "en": TIMING_NAMES[timing].en}, "ja": describe(effect).ja, "en": describe(effect).en}
            for timing, steps in card.effects.items()
            for effect in steps
        ],
        "text": {"ja": card.text.ja, "en": card.text.en},
    }


def piece_json(piece: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    shown = visible(piece, seat)
    data: dict[str, Any] = {"owner": piece["o"], "state": piece["s"], "uid": piece["u"], "card": piece["c"] if shown else None}
    if piece["s"] == "fire":
        data["destruction"] = names(piece.get("m", []))
    return data


def link_json(link: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "owner": link["o"],
        "square": board.name(link["sq"]),
        "card": link["c"],
        "activation": names(link["act"]),
        "targets": names(link["dm"]),
        "destruction": names(link["ds"]),
        "rapid_targets": names(link["rdm"]),
        "rapid_destruction": names(link["rds"]),
        "placed": names(link["placed"]),
    }


def queue_json(queue: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if queue is None:
        return None
    return {"kind": queue["kind"], "next": queue["next"], "left": [[board.name(sq) for sq, _ in seat] for seat in queue["left"]]}


def chain_json(state: Mapping[str, Any]) -> dict[str, Any] | None:
    chain = state["chain"]
    if chain is None:
        return None
    now = processing.current(state) if chain["proc"] else None
    return {
        "step": chain["step"],
        "links": [link_json(link) for link in chain["links"]],
        "queue": queue_json(chain["queue"]),
        "processing": None
        if now is None
        else {"square": board.name(now[0]), "mode": now[1], "left": names(chain["proc"]["squares"]), "answered": [choice is not None for choice in chain["proc"]["choice"]]},
    }


def player_json(state: Mapping[str, Any], owner: int, seat: int | None) -> dict[str, Any]:
    jin, face_up = board.counts(state, owner)
    mine = owner == seat
    return {
        "hand": sorted(state["hand"][owner]) if mine else None,
        "hand_count": len(state["hand"][owner]),
        "known": sorted(state["known"][owner]),
        "deck": len(state["deck"][owner]),
        "discard": list(state["discard"][owner]),
        "pile": len(state["pile"][owner]),
        "aside": state["aside"][owner] if state["stage"] == "mulligan" else None,
        "chosen": state["stage"] != "deck" or state["decks"][owner] is not None,
        "mulligan": state["mulligan"][owner],
        "jin": jin,
        "face_up": face_up,
    }


def view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    field = [{"square": board.name(square), "cards": [piece_json(piece, seat) for piece in state["field"][square]]} for square in range(board.SQUARES)]
    players = [player_json(state, owner, seat) for owner in (0, 1)]
    shown = {piece["card"] for square in field for piece in square["cards"] if piece["card"]}
    for player in players:
        shown.update(player["hand"] or [], player["known"], player["discard"], [player["aside"]] if player["aside"] else [])
    chain = chain_json(state)
    if chain:
        shown.update(link["card"] for link in chain["links"])
    end = state["end"]
    return {
        "game": "walpurgis",
        "you": seat,
        "stage": state["stage"],
        "first": state["first"],
        "turn": state["turn"],
        "turn_no": state["turn_no"],
        "options": dict(state["options"]),
        "main": dict(state["main"]),
        "field": field,
        "players": players,
        "chain": chain,
        "end": None if end is None else {"step": end["step"], "queue": queue_json(end["queue"])},
        "cards": {cid: card_json(EDITION.card(cid)) for cid in sorted(shown)},
        "result": None if state["result"] is None else dict(state["result"]),
    }
