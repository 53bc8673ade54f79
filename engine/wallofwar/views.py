"""What each seat may see (schema documented in VIEW.md, which the renderer is written from).

Public: each seat's purchaser colour, the opened circles and their lines, medals, the ATM, card
counts, always-on cards, the discard pile, the deck size (and its top card once Lucky Draw revealed
it) and whose step it is. A seat adds its own face-down cards and its secret answer in an open Rain
window. Nothing here is derived from another seat's hidden cards except their number. The latest action
is not part of the view: the renderer gets the public events of the last step (`Frame.recent`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.wallofwar.board import card_count, home_tokens, owner, price
from engine.wallofwar.cards import CARDS
from engine.wallofwar.colours import PHASE as COLOUR_PHASE
from engine.wallofwar.flow import actor, pending_rain_answer
from engine.wallofwar.scoring import points


def card_view(card_id: str) -> dict[str, Any]:
    card = CARDS.card(card_id)
    ability = CARDS.abilities[card.ability]
    return {
        "id": card.id,
        "name": card.name.to_json(),
        "kind": card.kind,
        "vp": card.vp,
        "cost": card.cost,
        "ability": card.ability,
        "ability_name": ability.name.to_json(),
    }


def circle_view(state: Mapping[str, Any], index: int) -> dict[str, Any]:
    circle = state["circles"][index]
    line = [owner(token) for token in circle["line"]]
    current = state["phase"] == "purchase" and state["cur"] == index
    if not circle["started"]:
        status = "waiting"
    elif current:
        status = "buying"
    else:
        status = "done"
    return {
        "pos": index + 1,
        "card": card_view(circle["card"]),
        "line": line,
        "price": price(state, circle, line[0]) if line else None,
        "runs": circle["runs"],
        "run": state["run"] if current else None,
        "status": status,
        "log": [dict(entry) for entry in circle["log"]],
    }


def ask_view(state: Mapping[str, Any]) -> dict[str, Any] | None:
    if not state["asks"]:
        return None
    ask = state["asks"][0]
    if ask["t"] == "rain":
        use = ask["use"]
        return {
            "type": "rain",
            "user": use["seat"],
            "card": use["card"],
            "ability": CARDS.card(use["card"]).ability,
            "args": list(use["args"]),
            "waiting": [seat for seat in ask["wait"] if str(seat) not in ask["ans"]],
        }
    if ask["t"] == "limit":
        return {"type": "limit", "seat": ask["seat"], "circle": ask["circle"] + 1}
    if ask["t"] == "funnel":
        return {"type": "funnel", "seat": ask["seat"]}
    return {"type": "kuji", "seat": ask["seat"], "card": card_view(ask["card"])}


def view_actor(state: Mapping[str, Any]) -> int | None:
    """Whose step it is when that is not obvious from the rest of the view: the colour being chosen, or
    the ability phase's current seat."""
    if state["phase"] == COLOUR_PHASE:
        return state["order"][0]
    if state["phase"] == "ability" and not state["asks"]:
        return actor(state)
    return None


def public_view(state: Mapping[str, Any]) -> dict[str, Any]:
    players = state["players"]
    over = state["phase"] == "over"
    view: dict[str, Any] = {
        "game": "wallofwar",
        "players": players,
        "turn": state["turn"],
        "turn_player": state["first"],
        "phase": state["phase"],
        "actor": view_actor(state),
        "current_circle": state["cur"] + 1 if state["phase"] == "purchase" else None,
        "circles": [circle_view(state, index) for index in range(len(state["circles"]))],
        "seats": [
            {
                "seat": seat,
                "colour": state["colours"][seat],
                "medals": state["medals"][seat],
                "hidden": len(state["hands"][seat]),
                "cards": card_count(state, seat),
                "always_on": [card_view(card) for card in state["shown"][seat]],
                "home": len(home_tokens(state, seat)),
                "used_ability": state["used"][seat],
                "rained": state["rained"][seat],
                "bought": state["bought"][seat],
                "funnel": state["funnel"][seat],
            }
            for seat in range(players)
        ],
        "colour_order": list(state["order"]) if state["phase"] == COLOUR_PHASE else [],
        "atm": state["atm"],
        "deck": len(state["deck"]),
        "deck_top": card_view(state["deck"][0]) if state["top_known"] and state["deck"] else None,
        "removed": len(state["removed"]),
        "discard": [card_view(card) for card in state["discard"]],
        "inspection": state["inspect"],
        "price_effects": [dict(effect) for effect in state["fx"]],
        "ask": ask_view(state),
    }
    if over:
        view["final"] = {
            "points": [points(state, seat) for seat in range(players)],
            "hands": [[card_view(card) for card in state["hands"][seat]] for seat in range(players)],
        }
    return view


def view(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    result = public_view(state)
    if seat is not None:
        result["seat"] = seat
        result["private"] = {
            "hand": [card_view(card) for card in state["hands"][seat]],
            "rain_answer": pending_rain_answer(state, seat),
        }
    return result
