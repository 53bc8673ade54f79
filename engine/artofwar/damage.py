"""Damage, capture and destruction, and what follows a unit leaving a battlefield.

Damage accumulates on each unit during a turn and is wiped at the turn's end. One attack whose damage
equals the defence of an undamaged unit captures it into the attacker's kingdom (the rulebook's terse
「攻撃したユニットと攻撃を受けたユニットの防御力が等しい場合」, read as play reports read it); one hit
exceeding the defence, or hits adding up to the defence or more, send it to the graveyard. ARCHIER's
rear support is damage but not an attack: when it alone reaches the defence the unit goes to the
graveyard (capture needs an attacking unit).
"""

from __future__ import annotations

from engine.core.types import Event, T
from engine.artofwar import conscription, victory
from engine.artofwar.board import State, defence, fall_in, other
from engine.artofwar.cards import KING
from engine.artofwar.labels import card_en, card_ja, square_en, square_ja, who


def strike(state: State, seat: int, square: str, amount: int, attack: bool, events: list[Event]) -> str:
    """`seat` deals `amount` damage to the enemy unit on `square`; `attack` says whether a unit attacked.
    Returns what happened: `damaged`, `captured` or `destroyed`."""
    enemy = other(seat)
    placed = state["field"][enemy][square]
    card, king = placed["card"], state["kings"][enemy]
    limit = defence(state, enemy, square)
    total = placed["dmg"] + amount
    if attack and placed["dmg"] == 0 and amount == limit:
        result = "captured"
    elif total >= limit:
        result = "destroyed"
    else:
        placed["dmg"] = total
        events.append(
            Event(
                T(
                    f"{who(enemy)}の{square_ja(square)}{card_ja(card, king)}に{amount}点のダメージ(合計{total}/防御力{limit})。",
                    f"{who(enemy)}'s {card_en(card, king)} on {square_en(square)} takes {amount} damage ({total} of {limit} defence).",
                ),
                data={"kind": "damage", "seat": enemy, "square": square, "amount": amount, "total": total},
            )
        )
        return "damaged"
    del state["field"][enemy][square]
    if result == "captured":
        kingdom = state["kingdom"][seat]
        kingdom[card] = kingdom.get(card, 0) + 1
        text = T(
            f"捕獲! {who(enemy)}の{square_ja(square)}{card_ja(card, king)}(防御力{limit})は{who(seat)}の王国エリアへ。",
            f"Captured! {who(enemy)}'s {card_en(card, king)} on {square_en(square)} (defence {limit}) goes to {who(seat)}'s kingdom.",
        )
    else:
        state["grave"][enemy].append(card)
        text = T(
            f"{who(enemy)}の{square_ja(square)}{card_ja(card, king)}は{total}点のダメージ(防御力{limit})で墓地へ送られました。",
            f"{who(enemy)}'s {card_en(card, king)} on {square_en(square)} is destroyed by {total} damage (defence {limit}).",
        )
    events.append(Event(text, data={"kind": result, "seat": enemy, "square": square, "card": card, "by": seat}))
    for source, target in fall_in(state["field"][enemy]):
        events.append(
            Event(
                T(f"{who(enemy)}の{source}のユニットは{target}へ前進しました。", f"{who(enemy)}'s unit on {source} moves forward to {target}."),
                data={"kind": "forward", "seat": enemy, "from": source, "to": target},
            )
        )
    if card == KING:
        victory.execute(state, seat, result == "captured", events)
    elif result == "captured":
        victory.check_nation(state, events)
    conscription.check(state, enemy, events)
    return result
