"""Every costed ability: the table from ability id to its rule, and the abilities about abilities.

Each ability is a `Rule` keyed by the ability id used in cards.json: `options` lists the legal target
paths now (the picker's steps below the ability; the notation appends their keys), `resolve` mutates the
state once the Rain window has let the use through. The rules themselves live in abilities_lines,
abilities_money and abilities_cards; Floor Inspection and Lucky Draw, which act on other abilities, are
here. The exact wording players read is in cards.json and data/wallofwar/CARDS.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.types import Event
from engine.wallofwar import abilities_cards as cards_rules
from engine.wallofwar import abilities_lines as lines
from engine.wallofwar import abilities_money as money
from engine.wallofwar.board import State
from engine.wallofwar.cards import ALWAYS_ON, CARDS
from engine.wallofwar.labels import ability_en, ability_ja, card_en, card_ja
from engine.wallofwar.targets import Option, Use, announce, every_circle, nothing_to_choose, opt

STOPPED_BY_INSPECTION = frozenset({"retsu_houkai", "ichigen", "ippou", "shunsatsu", "dai3_kankyo", "gyuuho"})
RESPONSE_ONLY = "ame"
NOT_THROUGH_KUJI = frozenset({"ame", "ichiban_kuji"})


@dataclass(frozen=True, slots=True)
class Rule:
    """An ability's legal targets now (empty: it cannot be used) and its effect once it resolves."""

    options: Callable[[Mapping[str, Any], int, str], list[Option]]
    resolve: Callable[[State, Use, list[Event]], None]


# 一斉点検 — stops six abilities for the rest of the turn.
def inspection_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    return [] if state["inspect"] else [opt()]


def inspection(state: State, use: Use, events: list[Event]) -> None:
    state["inspect"] = True
    names_ja = "".join(ability_ja(key) for key in sorted(STOPPED_BY_INSPECTION))
    names_en = ", ".join(ability_en(key) for key in sorted(STOPPED_BY_INSPECTION))
    announce(
        events,
        f"このターンはもう{names_ja}を使用できません。",
        f"For the rest of this turn nobody can use {names_en}.",
        kind="inspection",
    )


# 一番くじ — take the deck top off face up; its costed ability may be used; it goes back on top.
def kuji_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    return [opt()] if state["deck"] else []


def usable_through_kuji(state: Mapping[str, Any], seat: int, this: str, revealed: str) -> list[Option]:
    """Target paths of the revealed card's ability for the Lucky Draw user, or [] when it cannot be used.

    The revealed card is off the deck while it is being used, as at the table: Beyond the Wall used
    through it opens the card underneath.
    """
    card = CARDS.card(revealed)
    if card.always_on or card.ability in NOT_THROUGH_KUJI or card.cost > state["medals"][seat]:
        return []
    if state["inspect"] and card.ability in STOPPED_BY_INSPECTION:
        return []
    return RULES[card.ability].options(state, seat, this)


def kuji(state: State, use: Use, events: list[Event]) -> None:
    top = state["deck"].pop(0)
    state["top_known"] = False
    announce(
        events,
        f"山札の一番上は{card_ja(top)}です。",
        f"The top card of the deck is {card_en(top)}.",
        kind="reveal",
        card=top,
    )
    if usable_through_kuji(state, use["seat"], use["this"], top):
        state["asks"].append({"t": "kuji", "seat": use["seat"], "this": use["this"], "card": top})
    else:
        put_back(state, top)
        announce(
            events,
            "この特殊能力は使用できません。山札の一番上に戻します。",
            "Its ability cannot be used; it goes back on top of the deck.",
            kind="kuji_back",
        )


def put_back(state: State, card: str) -> None:
    """Lucky Draw's card returns on top of the deck, known to everyone until it is drawn."""
    state["deck"].insert(0, card)
    state["top_known"] = True


RULES: dict[str, Rule] = {
    "retsu_houkai": Rule(lines.collapse_options, lines.collapse),
    "toppatsu": Rule(money.toppatsu_options, money.toppatsu),
    "ichigen": Rule(lines.ichigen_options, lines.ichigen),
    "kamibukuro": Rule(nothing_to_choose, money.kamibukuro),
    "dai3_kankyo": Rule(money.bridge_options, money.bridge),
    "tenken": Rule(inspection_options, inspection),
    "tairyou": Rule(nothing_to_choose, money.tairyou),
    "retsu_tochuu": Rule(nothing_to_choose, lines.reshuffle),
    "sairoku": Rule(every_circle, money.set_price(money.SAIROKU_PRICE)),
    "gyuuho": Rule(every_circle, money.set_price(money.GYUUHO_PRICE)),
    "funnel": Rule(nothing_to_choose, lines.funnel),
    "ichiban_kuji": Rule(kuji_options, kuji),
    "tenbai": Rule(cards_rules.tenbai_options, cards_rules.tenbai),
    "juutan": Rule(nothing_to_choose, money.juutan),
    "saioote": Rule(every_circle, lines.saioote),
    "itaku": Rule(cards_rules.itaku_options, cards_rules.itaku),
    "hojuu": Rule(money.hojuu_options, money.hojuu),
    "ippou": Rule(lines.ippou_options, lines.ippou),
    "shunsatsu": Rule(lines.shunsatsu_options, lines.shunsatsu),
    "hekigai": Rule(lines.hekigai_options, lines.hekigai),
    "change": Rule(lines.change_options, lines.change),
    "senrihin": Rule(cards_rules.senrihin_options, cards_rules.senrihin),
}

_IMPLEMENTED = set(RULES) | ALWAYS_ON | {RESPONSE_ONLY}
if set(CARDS.abilities) != _IMPLEMENTED:
    raise RuntimeError(f"cards.json abilities and the engine differ: {sorted(set(CARDS.abilities) ^ _IMPLEMENTED)}")


def resolve(state: State, use: Use, events: list[Event]) -> None:
    RULES[CARDS.card(use["card"]).ability].resolve(state, use, events)
    finish_use(state, use)


def finish_use(state: State, use: Use) -> None:
    """After a use resolved or was cancelled: a card Lucky Draw revealed goes back on the deck."""
    if "aside" in use:
        put_back(state, use["aside"])
