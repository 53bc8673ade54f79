"""Attacks, rear supports and the responses to them, as a chain that resolves from the top.

An attack or a support opens a chain; the other seat may answer the newest entry — a GUARDIAN against an
attack (the answerer's opponent's turn), a WIZARD against a support (either turn) — and the first seat
may answer that answer with a WIZARD, and so on. A response answers only the newest entry: once a
GUARDIAN has been negated, the defender may negate the WIZARD with a WIZARD, not play a second GUARDIAN.

So that a hand never leaks, the window is offered whenever a response is possible in principle — the
answering seat has a card in hand and room in its standby area — whatever cards it holds; a seat
without a fitting card answers "no response". A pass resolves the whole chain: from the top, an
effective WIZARD negates the entry below it; an effective GUARDIAN cancels the attack. Cards used stay
in the standby area whether or not they were negated, and a cancelled attacker stays sideways: it has
attacked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.types import Event, T
from engine.artofwar import damage
from engine.artofwar.board import STANDBY_LIMIT, State, moved, other, take
from engine.artofwar.cards import ARCHIER, GUARDIAN, KING, PRIEST, SOLDIER, WIZARD
from engine.artofwar.labels import card_en, card_ja, card_name, square_en, square_ja, who


def responder(state: Mapping[str, Any]) -> int | None:
    """The seat that may answer the newest chain entry now, if any."""
    if not state["chain"]:
        return None
    seat = other(state["chain"][-1]["seat"])
    if state["hand"][seat] and len(state["standby"][seat]) < STANDBY_LIMIT:
        return seat
    return None


def response_effect(state: Mapping[str, Any]) -> str:
    """What answers the newest entry: a GUARDIAN against an attack, a WIZARD against a support."""
    return GUARDIAN if state["chain"][-1]["t"] == "attack" else WIZARD


def settle(state: State, events: list[Event]) -> None:
    """Resolve the chain at once when nobody can answer its newest entry."""
    if state["chain"] and responder(state) is None:
        resolve(state, events)


def declare_attack(state: State, seat: int, source: str, target: str, attack: int, events: list[Event]) -> None:
    """Turn the unit sideways (its attack is fixed now) and aim it at the enemy unit on `target`."""
    placed = state["field"][seat][source]
    placed["side"] = True
    state["mode"] = "battle"
    enemy = state["field"][other(seat)][target]
    mine, theirs = state["kings"][seat], state["kings"][other(seat)]
    events.append(
        Event(
            T(
                f"{who(seat)}の{square_ja(source)}{card_ja(placed['card'], mine)}が攻撃(攻撃力{attack}): "
                f"目標は{who(other(seat))}の{square_ja(target)}{card_ja(enemy['card'], theirs)}。",
                f"{who(seat)}'s {card_en(placed['card'], mine)} on {square_en(source)} attacks with {attack}: "
                f"target {who(other(seat))}'s {card_en(enemy['card'], theirs)} on {square_en(target)}.",
            ),
            data={"kind": "attack", "seat": seat, "from": source, "to": target, "attack": attack},
        )
    )
    state["chain"].append({"t": "attack", "seat": seat, "from": source, "to": target, "atk": attack, "card": placed["card"]})
    settle(state, events)


def declare_support(state: State, seat: int, card: str, effect: str, args: list[str], events: list[Event]) -> None:
    """Declare a rear support: the card goes from hand to the back of the standby area, then the
    opponent may answer it."""
    take(state, seat, card)
    state["standby"][seat].append(card)
    king = state["kings"][seat]
    name = card_name(effect)
    as_ja = f"({name.ja}として)" if card == KING else ""
    as_en = f" (as {name.en})" if card == KING else ""
    target_ja, target_en = describe_args(effect, args)
    events.append(
        Event(
            T(
                f"{who(seat)}は{card_ja(card, king)}{as_ja}の後方支援を宣言しました{target_ja}。",
                f"{who(seat)} declares the rear support of {card_en(card, king)}{as_en}{target_en}.",
            ),
            data={"kind": "support", "seat": seat, "card": card, "effect": effect, "args": list(args)},
        )
    )
    state["chain"].append({"t": "support", "seat": seat, "card": card, "effect": effect, "args": list(args)})
    settle(state, events)


def describe_args(effect: str, args: list[str]) -> tuple[str, str]:
    if effect == ARCHIER:
        return f"(目標: {square_ja(args[0])})", f" (target: {square_en(args[0])})"
    if effect == PRIEST:
        return f"({args[0]}→{args[1]})", f" ({args[0]} → {args[1]})"
    return "", ""


def respond(state: State, seat: int, card: str | None, events: list[Event]) -> None:
    """Answer the newest entry with `card` (a GUARDIAN, a WIZARD, or the KING as either), or pass."""
    if card is None:
        events.append(Event(T(f"{who(seat)}は対応しませんでした。", f"{who(seat)} does not respond."), data={"kind": "pass", "seat": seat}))
        resolve(state, events)
        return
    declare_support(state, seat, card, response_effect(state), [], events)


def resolve(state: State, events: list[Event]) -> None:
    """Resolve the whole chain from the top down."""
    chain, state["chain"] = state["chain"], []
    effective = [True] * len(chain)
    for index in range(len(chain) - 1, 0, -1):
        if effective[index] and chain[index]["effect"] == WIZARD:
            effective[index - 1] = False
            negated(state, chain[index], chain[index - 1], events)
    base = chain[0]
    if base["t"] == "attack":
        if len(chain) > 1 and effective[1]:
            events.append(
                Event(
                    T(f"{who(chain[1]['seat'])}のガーディアンにより攻撃はキャンセルされました。", f"{who(chain[1]['seat'])}'s Guardian cancels the attack."),
                    data={"kind": "cancelled", "seat": base["seat"], "from": base["from"], "to": base["to"]},
                )
            )
            return
        damage.strike(state, base["seat"], base["to"], base["atk"], True, events)
    elif effective[0]:
        apply_support(state, base, events)


def negated(state: Mapping[str, Any], wizard: Mapping[str, Any], target: Mapping[str, Any], events: list[Event]) -> None:
    seat, victim = wizard["seat"], target["seat"]
    name = card_name(target["effect"])
    events.append(
        Event(
            T(
                f"{who(seat)}のウィザードにより{who(victim)}の後方支援({name.ja})は無効になりました。",
                f"{who(seat)}'s Wizard negates {who(victim)}'s rear support ({name.en}).",
            ),
            data={"kind": "negated", "seat": seat, "target": victim, "effect": target["effect"]},
        )
    )


def apply_support(state: State, entry: Mapping[str, Any], events: list[Event]) -> None:
    """The effect of a support that was not negated (GUARDIAN and WIZARD act through the chain)."""
    seat, effect, args = entry["seat"], entry["effect"], entry["args"]
    if effect == SOLDIER:
        state["boost"] += 1
        events.append(
            Event(
                T(
                    f"{who(seat)}の戦場エリアのユニットはこのターン攻撃力+{state['boost']}。",
                    f"{who(seat)}'s battlefield units have +{state['boost']} attack this turn.",
                ),
                data={"kind": "boost", "seat": seat, "boost": state["boost"]},
            )
        )
    elif effect == ARCHIER:
        damage.strike(state, seat, args[0], 1, False, events)
    elif effect == PRIEST:
        state["field"][seat] = moved(state["field"][seat], args[0], args[1])
        events.append(
            Event(
                T(f"{who(seat)}のユニットが{args[0]}から{args[1]}へ移動しました。", f"{who(seat)}'s unit moves from {args[0]} to {args[1]}."),
                data={"kind": "move", "seat": seat, "from": args[0], "to": args[1]},
            )
        )
