"""Abilities that gain circle cards without buying them: 転売 Resale, 委託 Consignment, 戦利品分配 Sharing
the Loot. Each gain goes through board.gain, so Doping pays for it. Wording: CARDS.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import choice
from engine.core.rng import Rng
from engine.core.types import Choice, Event, T
from engine.wallofwar import board
from engine.wallofwar.board import State, after, card_count
from engine.wallofwar.cards import CARDS
from engine.wallofwar.labels import card_choice, card_en, card_ja, circle_choice, seat_choice, who
from engine.wallofwar.targets import Option, Use, announce, circle_index, discard_this, opt, seat_index

PICKER_LIMIT = 25


# 転売 — discard this card, then take another from the discard pile.
def tenbai_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    pile = state["discard"]
    if len(pile) <= PICKER_LIMIT:
        return [opt(card_choice(card, shown=True)) for card in pile]
    return [Option((card,), (ability_group(card), card_choice(card, shown=True))) for card in pile]


def ability_group(card_id: str) -> Choice:
    """A picker level grouping a long discard pile by ability (at most 25 abilities exist)."""
    ability = CARDS.ability_of(card_id)
    return choice(ability.id, ability.name.ja, ability.name.en)


def tenbai(state: State, use: Use, events: list[Event]) -> None:
    taken = use["args"][-1]
    discard_this(state, use, events)
    state["discard"].remove(taken)
    announce(
        events,
        f"{who(use['seat'])}は捨て札から{card_ja(taken)}を獲得しました。",
        f"{who(use['seat'])} takes {card_en(taken)} from the discard pile.",
        kind="gain",
        seat=use["seat"],
        card=taken,
    )
    board.gain(state, use["seat"], taken, events)


# 委託 — take a circle nobody queued for.
def itaku_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    return [
        opt(circle_choice(i, circle["card"]))
        for i, circle in enumerate(state["circles"])
        if not circle["line"] and circle["runs"] >= 1
    ]


def itaku(state: State, use: Use, events: list[Event]) -> None:
    index = circle_index(use["args"][0])
    card = state["circles"].pop(index)["card"]
    announce(
        events,
        f"{who(use['seat'])}はサークル{index + 1}{card_ja(card)}を獲得しました。",
        f"{who(use['seat'])} takes circle {index + 1}, {card_en(card)}.",
        kind="gain",
        seat=use["seat"],
        card=card,
    )
    board.gain(state, use["seat"], card, events)


# 戦利品分配 — a random face-down card from a player who has more cards.
def senrihin_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    mine = card_count(state, seat)
    return [
        opt(seat_choice(other))
        for other in after(seat, state["players"])
        if card_count(state, other) > mine and state["hands"][other]
    ]


def senrihin(state: State, use: Use, events: list[Event]) -> None:
    victim = seat_index(use["args"][0])
    rng = Rng(state["rng"])
    hand = state["hands"][victim]
    card = hand.pop(rng.below(len(hand)))
    state["rng"] = rng.state
    announce(
        events,
        f"{who(use['seat'])}は{who(victim)}の伏せたカードを1枚無作為に獲得しました。",
        f"{who(use['seat'])} takes one of {who(victim)}'s face-down cards at random.",
        kind="steal",
        seat=use["seat"],
        victim=victim,
    )
    events.append(
        Event(
            T(f"{card_ja(card)}を取られました。", f"You lost {card_en(card)}."),
            seat=victim,
            data={"dm": True, "card": card},
        )
    )
    board.gain(state, use["seat"], card, events)
