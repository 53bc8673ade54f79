"""The arrange phase's five actions, and entering the kingdom (入国).

A turn with an arrange action has no battle, and only one arrange action is taken. The last two (from
hand) are allowed only while the standby area is empty. Placed cards are upright. Entering the kingdom
is not an arrange action: once per own turn, at any point, one basic unit from hand face up.
"""

from __future__ import annotations

from engine.core.types import Event, T
from engine.artofwar import victory
from engine.artofwar.board import State, fall_in, give, moved, new_unit, take
from engine.artofwar.labels import card_en, card_ja, square_en, square_ja, who


def arranged(state: State) -> None:
    state["mode"] = "arrange"
    state["arranged"] = True


def deploy(state: State, seat: int, square: str, events: list[Event]) -> None:
    """The standby head onto an empty square."""
    card = state["standby"][seat].pop(0)
    state["field"][seat][square] = new_unit(card)
    arranged(state)
    king = state["kings"][seat]
    events.append(
        Event(
            T(f"アレンジ: {who(seat)}は待機エリアの先頭{card_ja(card, king)}を{square_ja(square)}に配置しました。",
              f"Arrange: {who(seat)} deploys the standby head, {card_en(card, king)}, to {square_en(square)}."),
            data={"kind": "deploy", "seat": seat, "card": card, "to": square},
        )
    )


def rotate(state: State, seat: int, square: str, events: list[Event]) -> None:
    """The unit on `square` to the back of the standby area, then the standby head onto that square."""
    leaving = state["field"][seat].pop(square)["card"]
    state["standby"][seat].append(leaving)
    card = state["standby"][seat].pop(0)
    state["field"][seat][square] = new_unit(card)
    arranged(state)
    king = state["kings"][seat]
    events.append(
        Event(
            T(f"アレンジ: {who(seat)}は{square_ja(square)}の{card_ja(leaving, king)}を待機エリアへ戻し、先頭の{card_ja(card, king)}を配置しました。",
              f"Arrange: {who(seat)} sends {card_en(leaving, king)} on {square_en(square)} to standby; the head, {card_en(card, king)}, takes its place."),
            data={"kind": "rotate", "seat": seat, "card": card, "left": leaving, "to": square},
        )
    )


def move(state: State, seat: int, source: str, target: str, events: list[Event]) -> None:
    state["field"][seat] = moved(state["field"][seat], source, target)
    arranged(state)
    events.append(
        Event(
            T(f"アレンジ: {who(seat)}はユニットを{source}から{target}へ移動しました。", f"Arrange: {who(seat)} moves a unit from {source} to {target}."),
            data={"kind": "move", "seat": seat, "from": source, "to": target},
        )
    )


def put(state: State, seat: int, card: str, square: str, events: list[Event]) -> None:
    """Standby empty only: a hand card onto an empty square."""
    take(state, seat, card)
    state["field"][seat][square] = new_unit(card)
    arranged(state)
    king = state["kings"][seat]
    events.append(
        Event(
            T(f"アレンジ: {who(seat)}は手札から{card_ja(card, king)}を{square_ja(square)}に配置しました。",
              f"Arrange: {who(seat)} places {card_en(card, king)} from hand on {square_en(square)}."),
            data={"kind": "put", "seat": seat, "card": card, "to": square},
        )
    )


def exchange(state: State, seat: int, square: str, card: str, events: list[Event]) -> None:
    """Standby empty only: the unit on `square` back into hand (the table saw it go), a hand card there."""
    leaving = state["field"][seat].pop(square)["card"]
    take(state, seat, card)
    state["field"][seat][square] = new_unit(card)
    give(state, seat, leaving, seen=True)
    fall_in(state["field"][seat])
    arranged(state)
    king = state["kings"][seat]
    events.append(
        Event(
            T(f"アレンジ: {who(seat)}は{square_ja(square)}の{card_ja(leaving, king)}を手札に戻し、{card_ja(card, king)}を配置しました。",
              f"Arrange: {who(seat)} takes {card_en(leaving, king)} on {square_en(square)} back into hand and places {card_en(card, king)} there."),
            data={"kind": "exchange", "seat": seat, "card": card, "left": leaving, "to": square},
        )
    )


def enter(state: State, seat: int, card: str, events: list[Event]) -> None:
    """入国: one basic unit from hand face up into the kingdom; 建国 is checked."""
    take(state, seat, card)
    state["kingdom"][seat][card] += 1
    state["entered"] = True
    events.append(
        Event(
            T(f"入国: {who(seat)}は{card_ja(card)}を王国エリアに置きました。", f"Entry: {who(seat)} puts {card_en(card)} into the kingdom."),
            data={"kind": "enter", "seat": seat, "card": card},
        )
    )
    victory.check_nation(state, events)
