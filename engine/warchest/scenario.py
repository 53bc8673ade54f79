"""Build a War Chest state by hand: units on hexes, chosen hands and bags, in a few readable lines.

Scenario tests set up exactly the situation a rule or ruling talks about instead of playing up to it, and
the renderer's tests draw boards from the same helper. The state built is an ordinary game state in the
middle of a round, so every Game method works on it.

    state = build(
        [["archer", "knight", "pikeman", "scout"], ["cavalry", "lancer", "footman", "ensign"]],
        board={"F4": "archer", "F5": ("knight", 2), "G5": "cavalry"},
        hands={0: ["archer", "royal"]},
    )
"""

from __future__ import annotations

from functools import partial
from typing import Any, Mapping, Sequence

from engine.core import scenario as shared
from engine.core.types import Event
from engine.warchest import GAME
from engine.warchest.board import BOARDS
from engine.warchest.setup import MARKERS, empty_purse
from engine.warchest.units import BAG_START, ROYAL, UNITS

Placement = str | tuple[str, int]


def build(
    armies: Sequence[Sequence[str]],
    *,
    board: Mapping[str, Placement] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    bags: Mapping[int, Sequence[str]] | None = None,
    discards_up: Mapping[int, Sequence[str]] | None = None,
    discards_down: Mapping[int, Sequence[str]] | None = None,
    supply: Mapping[int, Mapping[str, int]] | None = None,
    control: Mapping[str, int] | None = None,
    turn: int = 0,
    initiative: int | None = None,
    init_changed: bool = False,
    round_number: int = 1,
    royal_guard: str = "revised",
    seed: int = 7,
) -> dict[str, Any]:
    """A mid-round state. `armies[seat]` lists the seat's units (2 or 4 armies decide the player count).

    `board` maps hexes to a unit or (unit, height); the owner is the seat whose army has the unit.
    Bags default to just the Royal Coin (so a round can always start), supplies to the full supply
    (each unit's coins minus the two that start in the bag), control to the start locations, and the
    initiative to the seat whose turn it is. Markers left are derived from the control map.
    """
    players = len(armies)
    geometry = BOARDS[players]
    owner = {unit: seat for seat, army in enumerate(armies) for unit in army}
    seats = []
    for seat, army in enumerate(armies):
        purse = empty_purse()
        purse["units"] = sorted(army)
        purse["hand"] = sorted((hands or {}).get(seat, []))
        purse["bag"] = list((bags or {}).get(seat, [ROYAL]))
        purse["up"] = list((discards_up or {}).get(seat, []))
        purse["down"] = list((discards_down or {}).get(seat, []))
        purse["supply"] = dict((supply or {}).get(seat, {unit: UNITS[unit].coins - BAG_START for unit in army}))
        seats.append(purse)
    stacks = {}
    for hex_, placed in (board or {}).items():
        unit, height = (placed, 1) if isinstance(placed, str) else placed
        stacks[hex_] = {"unit": unit, "seat": owner[unit], "height": height}
    held = dict(control) if control is not None else {h: team for team in (0, 1) for h in geometry.starts[team]}
    markers = [MARKERS[players] - sum(1 for team in held.values() if team == side) for side in (0, 1)]
    return {
        "players": players,
        "rng": seed,
        "mode": "random",
        "royal_guard": royal_guard,
        "phase": "play",
        "round": round_number,
        "initiative": turn if initiative is None else initiative,
        "init_changed": init_changed,
        "turn": turn,
        "seats": seats,
        "board": stacks,
        "control": held,
        "markers": markers,
        "followups": [],
        "draft": None,
        "result": None,
    }


awaited = partial(shared.awaited, GAME)
"""The seat the game waits for (one at a time in this game)."""
legal = partial(shared.legal, GAME)
"""Notations legal now for a seat (default: the awaited seat)."""


def play(state: Mapping[str, Any], *notations: str) -> tuple[dict[str, Any], list[Event]]:
    """Apply each notation for whichever seat is awaited; the final state and all events in order."""
    return shared.play_awaited(GAME, state, notations)


def last_action(events: Sequence[Event]) -> dict[str, Any] | None:
    """What the board highlights for the latest action among `events`: the last `data["last"]` record."""
    records = [event.data["last"] for event in events if "last" in event.data]
    return dict(records[-1]) if records else None
