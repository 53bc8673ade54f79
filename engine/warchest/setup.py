"""Setup modes: who plays which units, who starts, and the draft that decides it.

Coin tosses of the printed rules (who drafts first, who starts) come from the state's seeded RNG so a game
replays from its seed. Orders follow the rulebook: 2-player draft 1-2-2-2-1 with the second drafter taking
the initiative; 4-player draft 1-2-3-4, 4-3-2-1, 2-3-4-1 (the rulebook's wording of its "snake").
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.core.rng import Rng
from engine.core.types import Event, T
from engine.warchest import flow
from engine.warchest.board import BOARDS
from engine.warchest.units import BAG_START, ROYAL, SETUPS, UNIT_IDS, UNITS

MARKERS = {2: 6, 4: 8}
"""Control markers per side (2 players) or per team (4 players), including those on the start locations."""

UNITS_PER_SEAT = {2: 4, 4: 3}
POOL_SIZE = {2: 8, 4: 12}
MODES = ("random", "draft", "preset", "gaugamela", "bannockburn", "crecy")


def empty_purse() -> dict[str, Any]:
    """A seat's coins: hidden hand, a Warrior Priest's drawn coin, bag (ordered; the order is hidden),
    face-up and face-down discards, and the supply (public counts)."""
    return {"units": [], "hand": [], "drawn": [], "bag": [], "up": [], "down": [], "supply": {}}


def coin_toss_seat(rng: Rng, players: int) -> int:
    """A random side; in 4 players a random team and then one of its two players."""
    return rng.below(2) + (2 * rng.below(2) if players == 4 else 0)


def draft_order(first: int, players: int) -> list[int]:
    if players == 2:
        second = 1 - first
        return [first, second, second, first, first, second, second, first]
    p1, p2, p3, p4 = ((first + i) % 4 for i in range(4))
    return [p1, p2, p3, p4, p4, p3, p2, p1, p2, p3, p4, p1]


def new_state(players: int, seed: int, options: Mapping[str, str]) -> dict[str, Any]:
    rng = Rng(seed)
    board = BOARDS[players]
    markers_left = MARKERS[players] - len(board.starts[0])
    state: dict[str, Any] = {
        "players": players,
        "rng": 0,
        "mode": options["mode"],
        "royal_guard": options["royal_guard"],
        "phase": "draft",
        "round": 0,
        "initiative": 0,
        "init_changed": False,
        "turn": 0,
        "seats": [empty_purse() for _ in range(players)],
        "board": {},
        "control": {hex_: team for team in (0, 1) for hex_ in board.starts[team]},
        "markers": [markers_left, markers_left],
        "followups": [],
        "draft": None,
        "result": None,
    }
    mode = options["mode"]
    cards = list(UNIT_IDS)
    rng.shuffle(cards)
    if mode == "draft":
        first = coin_toss_seat(rng, players)
        order = draft_order(first, players)
        state["draft"] = {"pool": sorted(cards[: POOL_SIZE[players]]), "order": order, "first": first}
        state["initiative"] = 1 - first if players == 2 else (first + 1) % 4
        state["rng"] = rng.state
        return state
    if mode == "random":
        per_seat = UNITS_PER_SEAT[players]
        armies = [cards[i * per_seat:(i + 1) * per_seat] for i in range(players)]
        initiative = coin_toss_seat(rng, players)
    else:
        fixed = SETUPS[mode]
        armies = [list(side) for side in fixed.sides]
        initiative = fixed.initiative if fixed.initiative is not None else coin_toss_seat(rng, players)
    for purse, army in zip(state["seats"], armies):
        purse["units"] = sorted(army)
    state["initiative"] = initiative
    state["rng"] = rng.state
    start_play(state, [])
    return state


def start_play(state: dict[str, Any], events: list[Event]) -> None:
    """Fill bags and supplies from the chosen units and begin round 1."""
    rng = Rng(state["rng"])
    for purse in state["seats"]:
        purse["bag"] = [ROYAL]
        for unit in purse["units"]:
            purse["bag"] += [unit] * BAG_START
            purse["supply"][unit] = UNITS[unit].coins - BAG_START
        rng.shuffle(purse["bag"])
    state["rng"] = rng.state
    state["draft"] = None
    state["phase"] = "play"
    flow.new_round(state, events)


def pick(state: dict[str, Any], seat: int, unit: str, events: list[Event]) -> None:
    """One draft pick; the last card goes to the last drafter without asking; then play begins."""
    draft = state["draft"]
    draft["pool"].remove(unit)
    draft["order"].pop(0)
    state["seats"][seat]["units"] = sorted(state["seats"][seat]["units"] + [unit])
    name = UNITS[unit].name
    last = {"kind": "pick", "seat": seat, "unit": unit}
    events.append(Event(T(f"{flow.who(seat)}が{name.ja}を選びました。", f"{flow.who(seat)} picked {name.en}."), data={"last": last}))
    if len(draft["order"]) == 1:
        pick(state, draft["order"][0], draft["pool"][0], events)
    elif not draft["order"]:
        start_play(state, events)
