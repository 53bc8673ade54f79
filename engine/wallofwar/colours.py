"""Purchaser colours: the physical game's five colours of purchaser cards, and how players get one.

At the table everyone takes the two purchaser cards of a colour they like before the first circles
open; online that choice is a setup phase: in seat order from the first turn player, each player taps
one of the colours still free. The option "seat" skips it and hands the colours out by seat order, for
groups that do not care. A colour is only an identity on the board (the rules never refer to it), so
the choice changes nothing else and hides nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import seats_in_order
from engine.core.types import Action, Choice, Decision, Event, T, Text
from engine.wallofwar.board import State
from engine.wallofwar.labels import who

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "purple")
NAMES: Mapping[str, Text] = {
    "red": T("赤", "Red"),
    "blue": T("青", "Blue"),
    "yellow": T("黄", "Yellow"),
    "green": T("緑", "Green"),
    "purple": T("紫", "Purple"),
}
CHOOSE = "choose"
BY_SEAT = "seat"
PHASE = "colour"
PREFIX = "colour:"


def by_seat(players: int) -> list[str]:
    """The "seat" option: the first seat gets red, the next blue, and so on."""
    return list(COLOURS[:players])


def choosing_order(first: int, players: int) -> list[int]:
    """Who still has to choose, front first: every seat, clockwise from the first turn player."""
    return list(seats_in_order(first, players))


def free(state: Mapping[str, Any]) -> list[str]:
    taken = set(state["colours"])
    return [colour for colour in COLOURS if colour not in taken]


def decision(state: Mapping[str, Any]) -> Decision:
    """Public: the free colours are on the table for everyone to see."""
    return Decision(
        state["order"][0],
        T("購入者カードの色を選んでください。", "Choose the colour of your purchaser cards."),
        "setup",
        public=True,
        topic="colour",
    )


def actions(state: Mapping[str, Any]) -> tuple[Action, ...]:
    """One tap: the free colours, in the fixed order of `COLOURS` (at most five keys), each shown on the
    board."""
    return tuple(
        Action(PREFIX + colour, (Choice(colour, Text(NAMES[colour].ja, NAMES[colour].en), target=f"colour:{colour}"),))
        for colour in free(state)
    )


def pick(state: State, seat: int, colour: str, events: list[Event]) -> None:
    """`seat` takes `colour`. When a single colour is left for a single seat (five players), that seat
    gets it without being asked, since a one-option question only delays the game. Once nobody is left
    to choose, `flow.advance` opens turn 1."""
    take(state, seat, colour, events, forced=False)
    left = free(state)
    if len(state["order"]) == 1 and len(left) == 1:
        take(state, state["order"][0], left[0], events, forced=True)


def take(state: State, seat: int, colour: str, events: list[Event], *, forced: bool) -> None:
    state["colours"][seat] = colour
    state["order"].remove(seat)
    name = NAMES[colour]
    if forced:
        text = T(
            f"{who(seat)}の購入者カードは残った{name.ja}になりました。",
            f"{who(seat)} gets the colour left over: {name.en.lower()}.",
        )
    else:
        text = T(f"{who(seat)}は{name.ja}の購入者カードを選びました。", f"{who(seat)} chooses {name.en.lower()}.")
    data: dict[str, Any] = {"kind": "colour", "seat": seat, "colour": colour}
    if forced:
        data["forced"] = True
    events.append(Event(text, data=data))


def explain(state: Mapping[str, Any], notation: str) -> Text:
    """Why a notation is refused during the colour choice (or why a `colour:` one is refused later)."""
    if state["phase"] != PHASE:
        return T("購入者カードの色はもう決まっています。", "Purchaser colours have already been chosen.")
    if not notation.startswith(PREFIX):
        return T("まず購入者カードの色を選んでください。", "First choose the colour of your purchaser cards.")
    colour = notation[len(PREFIX) :]
    if colour not in NAMES:
        names_ja = "・".join(NAMES[key].ja for key in COLOURS)
        names_en = ", ".join(key for key in COLOURS)
        return T(f"色は{names_ja}から選んでください。", f"Colours are {names_en}.")
    owner = state["colours"].index(colour) if colour in state["colours"] else None
    if owner is not None:
        return T(
            f"{NAMES[colour].ja}は{who(owner)}が選んでいます。",
            f"{NAMES[colour].en} is already taken by {who(owner)}.",
        )
    return T("まだあなたが色を選ぶ番ではありません。", "It is not your turn to choose a colour yet.")
