"""徴兵 (conscription): when a battlefield becomes empty, two units are deployed at once.

Exactly as written: the two cards at the head of the standby area, in order; with one card there, it
and then one card chosen from the kingdom; with none, two chosen from the kingdom. The owner chooses
each square (and each kingdom card). When two units cannot be deployed the owner loses (滅亡), checked
before anything is placed. Conscription interrupts whatever was going on and is finished before the
turn goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.types import Event, T
from engine.artofwar import victory
from engine.artofwar.board import State, fall_in, new_unit
from engine.artofwar.cards import BASIC
from engine.artofwar.labels import card_en, card_ja, square_en, square_ja, who

UNITS = 2


def available(state: Mapping[str, Any], seat: int) -> int:
    """How many cards conscription could draw on: the standby area and the kingdom's basic units."""
    return len(state["standby"][seat]) + sum(state["kingdom"][seat].get(kind, 0) for kind in BASIC)


def check(state: State, seat: int, events: list[Event]) -> None:
    """Start conscription for `seat` if its battlefield has just become empty (or it is ruined)."""
    if victory.over(state) or state["field"][seat] or state["conscript"] is not None:
        return
    if available(state, seat) < UNITS:
        victory.ruin(state, seat, events)
        return
    state["conscript"] = {"seat": seat, "left": UNITS}
    events.append(
        Event(
            T(f"{who(seat)}の戦場エリアが空になりました。徴兵を行います。", f"{who(seat)}'s battlefield is empty: conscription."),
            data={"kind": "conscription", "seat": seat},
        )
    )


def from_standby(state: Mapping[str, Any]) -> bool:
    """Whether the next conscripted card is the standby head (else it is chosen from the kingdom)."""
    return bool(state["standby"][state["conscript"]["seat"]])


def deploy(state: State, square: str, kind: str | None, events: list[Event]) -> None:
    """Place the next conscripted card: the standby head (`kind` None) or a `kind` from the kingdom."""
    seat = state["conscript"]["seat"]
    if kind is None:
        card = state["standby"][seat].pop(0)
        where_ja, where_en = "待機エリアの先頭", "the standby head"
    else:
        state["kingdom"][seat][kind] -= 1
        card = kind
        where_ja, where_en = "王国エリア", "the kingdom"
    state["field"][seat][square] = new_unit(card)
    fall_in(state["field"][seat])
    king = state["kings"][seat]
    events.append(
        Event(
            T(
                f"徴兵: {who(seat)}は{where_ja}から{card_ja(card, king)}を{square_ja(square)}に配置しました。",
                f"Conscription: {who(seat)} deploys {card_en(card, king)} from {where_en} to {square_en(square)}.",
            ),
            data={"kind": "conscript", "seat": seat, "card": card, "to": square, "from": "standby" if kind is None else "kingdom"},
        )
    )
    state["conscript"]["left"] -= 1
    if state["conscript"]["left"] == 0:
        state["conscript"] = None
