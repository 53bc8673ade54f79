"""Choosing the countries: each player picks a deck privately before the first card moves.

Nobody sees the other's 20 cards, so the choice cannot be a lobby option (those are public). Instead a
game whose deck option is `CHOOSE` opens with one private decision per seat, both at once: the legal
actions are the ready-made decks (`deck:standard`, `deck:k01` …, one picker tap), and any deck code may
be typed (`deck:k01:S4A4P4G4W4`, accepted by `typed`) — which is how a player's saved decks reach the
game. The table learns only that a seat has chosen; the KINGs are revealed together once both have, as
the rules reveal them at the start, and the 20 cards stay hidden for good.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.core.errors import BadOptions
from engine.core.types import Action, Choice, Decision, Event, T, Text
from engine.artofwar import flow
from engine.artofwar.board import State
from engine.artofwar.cards import BASIC, EDITION
from engine.artofwar.decks import Deck, parse_code, preset_table
from engine.artofwar.labels import who

PREFIX = "deck:"
PROMPT = T(
    "デッキを選んでください(相手には見えません)。自作のデッキは /artofwar deck use で使えます。",
    "Choose your deck (hidden from your opponent). Play one of your own with /artofwar deck use.",
)


def waiting(state: Mapping[str, Any]) -> list[int]:
    """The seats still choosing, in seat order (empty once the countries are dealt)."""
    if state["phase"] != "deck":
        return []
    return [seat for seat in (0, 1) if state["decks"][seat] is None]


def decisions(state: Mapping[str, Any]) -> tuple[Decision, ...]:
    """Both seats choose at once; the options are the same for everyone, so the decision is public
    (which deck a seat chose is in no other view). The decision stays the same while the other seat
    chooses, so an open picker stays valid."""
    return tuple(Decision(seat, PROMPT, "simultaneous", public=True, topic="deck") for seat in waiting(state))


def composition(deck: Deck) -> str:
    """The 20 cards in a deck code's letters, for a label: "S4 A4 P4 G4 W4"."""
    return " ".join(f"{kind[0].upper()}{count}" for kind, count in zip(BASIC, deck.counts) if count)


def describe(deck: Deck) -> Text:
    """The KING and the 20 cards: "KING 覇王 / S5 A4 P3 G4 W4"."""
    king = EDITION.king(deck.king).name
    cards = composition(deck)
    return T(f"KING {king.ja} / {cards}", f"KING {king.en} / {cards}")


def deck_label(name: Text, deck: Deck) -> Text:
    shown = describe(deck)
    return T(f"{name.ja}: {shown.ja}", f"{name.en}: {shown.en}")


def actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    if seat not in waiting(state):
        return []
    return list(_preset_actions(preset_table()))


@lru_cache(maxsize=4)
def _preset_actions(table: tuple[tuple[str, Text, Deck], ...]) -> tuple[Action, ...]:
    return tuple(Action(f"{PREFIX}{key}", (Choice(key, deck_label(name, deck)),)) for key, name, deck in table)


def read(notation: str) -> Deck:
    """The deck a `deck:` notation names: a preset's key or a deck code; BadOptions says what is wrong."""
    value = notation[len(PREFIX):].strip()
    for key, _, deck in preset_table():
        if value == key:
            return deck
    return parse_code(value)


def typed(state: Mapping[str, Any], seat: int, notation: str) -> Action | None:
    """A typed deck code while the seat chooses, under its canonical notation; None otherwise."""
    if seat not in waiting(state) or not notation.startswith(PREFIX):
        return None
    try:
        deck = read(notation)
    except BadOptions:
        return None
    label = deck_label(T("デッキコード", "Deck code"), deck)
    return Action(f"{PREFIX}{deck.code}", (Choice(deck.code, label),))


def refusal(notation: str) -> Text:
    """Why a typed `deck:` notation is refused (the deck code's own reason), or how to choose."""
    if notation.startswith(PREFIX):
        try:
            read(notation)
        except BadOptions as error:
            return error.reason
    return T(
        "まずデッキを選んでください(deck:standard、deck:k01、deck:k01:S4A4P4G4W4 など)。",
        "First choose your deck (deck:standard, deck:k01, deck:k01:S4A4P4G4W4 …).",
    )


def choose(state: State, seat: int, notation: str, events: list[Event]) -> None:
    """Record the seat's country; the table hears only that it chose. With both chosen, the KINGs are
    revealed and the countries dealt."""
    deck = read(notation)
    shown = describe(deck)
    state["decks"][seat] = deck.code
    events.append(Event(T(f"{who(seat)}がデッキを選びました。", f"{who(seat)} has chosen a deck."), data={"kind": "chosen", "seat": seat}))
    events.append(
        Event(
            T(f"あなたのデッキ: {shown.ja}({deck.code})", f"Your deck: {shown.en} ({deck.code})"),
            seat=seat,
            data={"kind": "deck", "code": deck.code},
        )
    )
    if waiting(state):
        return
    countries = [read(f"{PREFIX}{code}") for code in state["decks"]]
    flow.deal(state, countries)
    kings = [EDITION.king(deck.king).name for deck in countries]
    events.append(
        Event(
            T(
                f"KING公開: {who(0)}は{kings[0].ja}、{who(1)}は{kings[1].ja}。{who(state['first'])}が先攻です。",
                f"KINGs revealed: {who(0)} leads the {kings[0].en}, {who(1)} the {kings[1].en}. {who(state['first'])} goes first.",
            ),
            data={"kind": "reveal", "kings": [deck.king for deck in countries], "first": state["first"]},
        )
    )
