"""What an ability use carries and the shared pieces of target choice.

A "use" is a dict: the seat, the card whose ability is used, `this` (the card a "discard this card"
effect discards: the card itself, or Lucky Draw when the ability comes from the revealed deck top), the
target keys (`args`), and `aside`, the card Lucky Draw holds off the deck meanwhile. Targets are written
1-based in the notation: circle `2`, purchaser card `2.1` (circle 2, first in line), player `p3`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.core.types import Choice, Event, T
from engine.wallofwar.board import State
from engine.wallofwar.labels import card_en, card_ja, circle_choice

Use = dict[str, Any]


class Option(NamedTuple):
    """One legal target choice: the keys the notation carries and the picker steps that lead to it.

    They differ only where the picker needs a grouping level that the notation does not (a long discard
    pile grouped by ability), so typed notation never depends on how the picker happens to group.
    """

    args: tuple[str, ...]
    steps: tuple[Choice, ...]


def opt(*steps: Choice) -> Option:
    return Option(tuple(step.key for step in steps), steps)


def announce(events: list[Event], ja: str, en: str, **data: Any) -> None:
    events.append(Event(T(ja, en), data=data))


def parse_spot(key: str) -> tuple[int, int]:
    circle, place = key.split(".")
    return int(circle) - 1, int(place) - 1


def circle_index(key: str) -> int:
    return int(key) - 1


def seat_index(key: str) -> int:
    """`p3` → seat 2: players are numbered from 1 in the notation, like circles."""
    return int(key[1:]) - 1


def every_circle(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    return [opt(circle_choice(i, circle["card"])) for i, circle in enumerate(state["circles"])]


def nothing_to_choose(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    return [opt()]


def discard_this(state: State, use: Use, events: list[Event]) -> None:
    state["hands"][use["seat"]].remove(use["this"])
    state["discard"].append(use["this"])
    announce(
        events,
        f"{card_ja(use['this'])}を捨て札にしました。",
        f"{card_en(use['this'])} goes to the discard pile.",
        kind="discard",
        card=use["this"],
    )
