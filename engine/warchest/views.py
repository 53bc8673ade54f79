"""What each seat may know (`view`) and the states it cannot tell apart (`resample`).

Hidden: hands, a Warrior Priest's drawn coin, face-down discards (known to their owner), bag contents
(known to their owner as counts) and bag order (known to nobody), and the RNG. Everything else is public.
The schema is documented for the renderer in engine/warchest/VIEW.md.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from engine.core.game import clone
from engine.core.rng import Rng
from engine.warchest import moves
from engine.warchest.board import BOARDS
from engine.warchest.setup import MARKERS

State = Mapping[str, Any]


def _static_board(players: int) -> list[dict[str, Any]]:
    board = BOARDS[players]
    start_team = {hex_: team for team in (0, 1) for hex_ in board.starts[team]}
    return [
        {
            "label": label,
            "q": board.coords[label][0],
            "r": board.coords[label][1],
            "location": label in board.locations,
            "start": start_team.get(label),
        }
        for label in board.labels
    ]


HEXES = {players: _static_board(players) for players in (2, 4)}


def _seat(state: State, seat: int) -> dict[str, Any]:
    purse = state["seats"][seat]
    return {
        "seat": seat,
        "team": moves.team(seat),
        "units": list(purse["units"]),
        "supply": dict(purse["supply"]),
        "discard_faceup": list(purse["up"]),
        "discard_facedown": len(purse["down"]),
        "bag": len(purse["bag"]),
        "hand": len(purse["hand"]),
        "drawn": len(purse["drawn"]),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    players = state["players"]
    board = state["board"]
    control = state["control"]
    locations = sorted(BOARDS[players].locations)
    followups = state["followups"]
    result: dict[str, Any] = {
        "game": "warchest",
        "players": players,
        "mode": state["mode"],
        "royal_guard": state["royal_guard"],
        "phase": state["phase"],
        "round": state["round"],
        "hexes": [dict(hex_) for hex_ in HEXES[players]],
        "locations": [{"hex": hex_, "controller": control.get(hex_)} for hex_ in locations],
        "stacks": [
            {"hex": hex_, "unit": s["unit"], "height": s["height"], "seat": s["seat"], "team": moves.team(s["seat"])}
            for hex_, s in sorted(board.items())
        ],
        "seats": [_seat(state, i) for i in range(players)],
        "teams": [[i for i in range(players) if moves.team(i) == team] for team in (0, 1)],
        "markers_total": MARKERS[players],
        "markers_left": list(state["markers"]),
        "initiative": state["initiative"],
        "initiative_changed": state["init_changed"],
        "turn": state["turn"],
        "followup": clone(followups[-1]) if followups else None,
        "draft": _draft(state),
        "result": dict(state["result"]) if state["result"] else None,
    }
    if seat is not None:
        purse = state["seats"][seat]
        result["seat"] = seat
        result["private"] = {
            "hand": sorted(purse["hand"]),
            "drawn": list(purse["drawn"]),
            "bag": dict(sorted(Counter(purse["bag"]).items())),
            "discard_facedown": sorted(purse["down"]),
        }
    return result


def _draft(state: State) -> dict[str, Any] | None:
    draft = state["draft"]
    if draft is None:
        return None
    return {
        "pool": list(draft["pool"]),
        "order": list(draft["order"]),
        "first": draft["first"],
        "picks": [list(purse["units"]) for purse in state["seats"]],
    }


def resample(state: State, seat: int | None, rng: Rng) -> dict[str, Any]:
    """Re-deal what `seat` cannot see: other seats' hidden coins among hand, drawn coin, bag and face-down
    discards (sizes kept), every bag's order, and the RNG that decides future draws."""
    new = clone(state)
    for index, purse in enumerate(new["seats"]):
        if index == seat:
            rng.shuffle(purse["bag"])
            continue
        hidden = purse["hand"] + purse["drawn"] + purse["bag"] + purse["down"]
        rng.shuffle(hidden)
        sizes = [len(purse[key]) for key in ("hand", "drawn", "bag")]
        purse["hand"] = sorted(hidden[: sizes[0]])
        purse["drawn"] = hidden[sizes[0]: sizes[0] + sizes[1]]
        purse["bag"] = hidden[sizes[0] + sizes[1]: sizes[0] + sizes[1] + sizes[2]]
        purse["down"] = hidden[sizes[0] + sizes[1] + sizes[2]:]
    new["rng"] = rng.next64()
    return new
