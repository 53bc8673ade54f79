"""Build an ART OF WAR position by hand, in a few readable lines, for rule tests and renderer previews.

Rule tests set up exactly the situation a rule talks about instead of playing up to it. The state is
an ordinary state at the turn player's main decision (after recovery and draw), so every Game method
works on it; play on with `play`.

    state = build(
        kings=("k01", "k05"),
        fields=({"b1": "soldier", "b2": "wizard"}, {"b1": ("guardian", "side"), "a1": ("priest", 1)}),
        hands=(["archier", "wizard"], ["guardian"]),
        standby=(["priest"], []),
        kingdom=({"soldier": 2}, {"wizard": 1}),
    )

A unit is a card, or a tuple of the card and any of `"side"` (turned sideways) and an integer (damage
taken this turn). Each seat's KING is placed where it is named (a square, the standby area, the hand)
and otherwise in the hand. Every card is accounted for: unless `decks` are given, each deck is filled
with `filler` up to 20 basic units and the KING for that seat; given decks must bring the table to 42
cards. An impossible position (a back-row unit with nobody in front, six cards in standby, a KING in a
kingdom…) is refused with ValueError.
"""

from __future__ import annotations

from functools import partial

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import scenario as shared
from engine.core.types import Event
from engine.artofwar.board import SQUARES, STANDBY_LIMIT, State, ahead, is_front
from engine.artofwar.cards import BASIC, EDITION, KING, SOLDIER
from engine.artofwar.game import GAME

Placed = str | tuple[str | int, ...]
COUNTRY = 21
TABLE = 2 * COUNTRY


def unit_of(placed: Placed) -> dict[str, Any]:
    """A compact unit description as the state's unit record."""
    parts = (placed,) if isinstance(placed, str) else placed
    card, *marks = parts
    if card not in (*BASIC, KING):
        raise ValueError(f"unknown card {card!r}")
    damage = [mark for mark in marks if isinstance(mark, int)]
    if any(mark != "side" for mark in marks if not isinstance(mark, int)) or len(damage) > 1:
        raise ValueError(f"{placed!r}: marks are 'side' and one damage count")
    return {"card": card, "side": "side" in marks, "dmg": damage[0] if damage else 0}


def field_of(given: Mapping[str, Placed]) -> dict[str, dict[str, Any]]:
    field = {}
    for square, placed in given.items():
        if square not in SQUARES:
            raise ValueError(f"unknown square {square!r} (a1-c1 front, a2-c2 back)")
        field[square] = unit_of(placed)
    for square in field:
        if not is_front(square) and ahead(square) not in field:
            raise ValueError(f"{square}: a back-row unit needs a unit in front of it ({ahead(square)})")
    return field


def build(
    *,
    kings: Sequence[str] = ("k01", "k01"),
    fields: Sequence[Mapping[str, Placed]] = ({"b1": SOLDIER}, {"b1": SOLDIER}),
    hands: Sequence[Sequence[str]] = ((), ()),
    standby: Sequence[Sequence[str]] = ((), ()),
    kingdom: Sequence[Mapping[str, int]] = ({}, {}),
    grave: Sequence[Sequence[str]] = ((), ()),
    decks: Sequence[Sequence[str]] | None = None,
    known: Sequence[Sequence[str]] = ((), ()),
    turn: int = 0,
    first: int = 0,
    turn_no: int = 5,
    mode: str | None = None,
    arranged: bool = False,
    entered: bool = False,
    boost: int = 0,
    filler: str = SOLDIER,
    seed: int = 7,
) -> State:
    """A position at `turn`'s main decision. `decks` list cards top first; `known` the hand cards the
    opponent saw return to a hand (the KING in hand is always known)."""
    for king in kings:
        if king not in EDITION.kings:
            raise ValueError(f"unknown KING {king!r}")
    built_fields = [field_of(given) for given in fields]
    built_hands = [sorted(hand) for hand in hands]
    built_standby = [list(cards) for cards in standby]
    for seat in (0, 1):
        if len(built_standby[seat]) > STANDBY_LIMIT:
            raise ValueError(f"seat {seat}: the standby area holds at most {STANDBY_LIMIT} cards")
        if set(kingdom[seat]) - set(BASIC):
            raise ValueError(f"seat {seat}: a kingdom holds basic units only")
        places = [placed["card"] for placed in built_fields[seat].values()] + built_standby[seat] + built_hands[seat]
        if places.count(KING) > 1 or KING in grave[seat]:
            raise ValueError(f"seat {seat}: one KING, on the battlefield, in standby or in hand")
        if KING not in places:
            built_hands[seat] = sorted([*built_hands[seat], KING])
    counts = [dict.fromkeys(BASIC, 0) | dict(kingdom[seat]) for seat in (0, 1)]
    held = [
        len(built_fields[seat]) + len(built_standby[seat]) + len(built_hands[seat]) + sum(counts[seat].values()) + len(grave[seat])
        for seat in (0, 1)
    ]
    if decks is None:
        if any(count > COUNTRY for count in held):
            raise ValueError("more than 21 cards on one side: give the decks explicitly")
        built_decks = [[filler] * (COUNTRY - held[seat]) for seat in (0, 1)]
    else:
        built_decks = [list(deck) for deck in decks]
        total = sum(held) + sum(len(deck) for deck in built_decks)
        if total != TABLE:
            raise ValueError(f"the table holds {total} cards, not {TABLE}")
    return {
        "players": 2,
        "rng": seed,
        "kings": list(kings),
        "decks": [None, None],
        "first": first,
        "deck": built_decks,
        "hand": built_hands,
        "known": [sorted([*known[seat], *([KING] if KING in built_hands[seat] else [])]) for seat in (0, 1)],
        "field": built_fields,
        "standby": built_standby,
        "kingdom": counts,
        "grave": [list(cards) for cards in grave],
        "phase": "play",
        "order": [],
        "stage": None,
        "mulligan": ["keep", "keep"],
        "turn": turn,
        "turn_no": turn_no,
        "mode": mode,
        "arranged": arranged,
        "entered": entered,
        "boost": boost,
        "chain": [],
        "conscript": None,
        "result": None,
    }


awaited = partial(shared.awaited, GAME)
"""The seat the game waits for (one at a time in this game)."""
legal = partial(shared.legal, GAME)
"""Notations legal now for a seat (default: the awaited seat)."""


def play(state: Mapping[str, Any], *notations: str) -> tuple[dict[str, Any], list[Event]]:
    """Apply each notation for whichever seat is awaited; the final state and all events in order."""
    return shared.play_awaited(GAME, state, notations)


def census(state: Mapping[str, Any]) -> int:
    """Every card on the table, wherever it is (42 in every legal position; during the redraw the two
    KINGs lie revealed beside the decks, before they go to the hands)."""
    per_seat = [
        len(state["deck"][seat])
        + len(state["hand"][seat])
        + len(state["field"][seat])
        + len(state["standby"][seat])
        + sum(state["kingdom"][seat].values())
        + len(state["grave"][seat])
        for seat in (0, 1)
    ]
    return sum(per_seat) + (2 if state["phase"] == "mulligan" else 0)


def act(state: Mapping[str, Any], *notations: str) -> tuple[dict[str, Any], list[Event]]:
    """Like `play`, but every response window opened by an action is answered "no response"."""
    events: list[Event] = []
    current = dict(state)
    for notation in notations:
        current, more = play(current, notation)
        events.extend(more)
        if current["chain"] and current["conscript"] is None:
            current, more = play(current, "pass")
            events.extend(more)
    return current, events
