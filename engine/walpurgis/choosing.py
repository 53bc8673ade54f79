"""Choosing the decks: each player picks privately before the game starts (5.).

Nobody sees the other's deck, so a private pick is not a lobby option (those are public). A game whose
deck option is `choose` opens with one decision per seat, both at once: the starter decks are listed
(`deck:reimu` …) and any deck code may be typed (`deck:R00x4.R01x4…`, accepted by `typed` when legal
under the game's copy limit) — which is how a player's own decks reach the game. The table learns only
that a seat has chosen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core.errors import BadOptions
from engine.core.types import Action, Choice, Decision, Event, T, Text
from engine.walpurgis import flow
from engine.walpurgis.board import State
from engine.walpurgis.decks import STARTERS, code_of, parse_code, refusals
from engine.walpurgis.labels import who

PREFIX = "deck:"
CHOOSE = "choose"
PROMPT = T(
    "デッキを選んでください(相手には見えません)。自作のデッキは /walpurgis deck use か、デッキコードを deck:コード と入力して使えます。",
    "Choose your deck (hidden from your opponent). To play one of your own: /walpurgis deck use, or type deck:CODE.",
)


def limit(state: Mapping[str, Any]) -> int | None:
    value = state["options"].get("copies", "4")
    return None if value == "none" else int(value)


def waiting(state: Mapping[str, Any]) -> list[int]:
    if state["stage"] != "deck":
        return []
    return [seat for seat in (0, 1) if state["decks"][seat] is None]


def decisions(state: Mapping[str, Any]) -> tuple[Decision, ...]:
    """The same starters for everyone, so the decision is public; which deck was chosen is in no view."""
    return tuple(Decision(seat, PROMPT, "simultaneous", public=True, topic="deck") for seat in waiting(state))


def starter_label(key: str) -> Text:
    starter = STARTERS[key]
    return T(f"{starter.name.ja}({len(starter.cards)}枚)", f"{starter.name.en} ({len(starter.cards)} cards)")


def allowed_starters(state: Mapping[str, Any]) -> list[str]:
    """The starters legal under the game's copy limit (a stricter lobby limit can rule some out)."""
    return [key for key, starter in STARTERS.items() if not refusals(starter.cards, limit(state))]


def trimmed(cards: tuple[str, ...], most: int) -> tuple[str, ...]:
    """A starter cut down to `most` copies of each name, for a lobby stricter than the starters."""
    return tuple(cid for cid, count in sorted(Counter(cards).items()) for _ in range(min(count, most)))


def actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    """The starters, each as it is or, where the lobby's copy limit rules it out, cut down to that limit
    (offered by its deck code): a player always has a deck to choose without typing one."""
    if seat not in waiting(state):
        return []
    found = []
    allowed = allowed_starters(state)
    most = limit(state)
    for key, starter in STARTERS.items():
        if key in allowed:
            found.append(Action(f"{PREFIX}{key}", (Choice(key, starter_label(key)),)))
        elif most is not None and not refusals(cards := trimmed(starter.cards, most), most):
            label = T(f"{starter.name.ja}(各{most}枚まで・{len(cards)}枚)", f"{starter.name.en} ({most} per name, {len(cards)} cards)")
            found.append(Action(f"{PREFIX}{code_of(cards)}", (Choice(key, label),)))
    return found


def read(state: Mapping[str, Any], notation: str) -> tuple[str, ...]:
    value = notation[len(PREFIX):].strip()
    if value in STARTERS:
        problems = refusals(STARTERS[value].cards, limit(state))
        if problems:
            raise BadOptions(T(" ".join(p.ja for p in problems), " ".join(p.en for p in problems)))
        return STARTERS[value].cards
    return parse_code(value, limit(state))


def typed(state: Mapping[str, Any], seat: int, notation: str) -> Action | None:
    if seat not in waiting(state) or not notation.startswith(PREFIX):
        return None
    try:
        cards = read(state, notation)
    except BadOptions:
        return None
    code = code_of(cards)
    return Action(f"{PREFIX}{code}", (Choice(code, T(f"デッキコード({len(cards)}枚)", f"Deck code ({len(cards)} cards)")),))


def refusal(state: Mapping[str, Any], notation: str) -> Text:
    if notation.startswith(PREFIX):
        try:
            read(state, notation)
        except BadOptions as error:
            return error.reason
    keys = ", ".join(f"deck:{key}" for key in allowed_starters(state))
    return T(f"まずデッキを選んでください({keys}、またはデッキコード)。", f"First choose your deck ({keys}, or a deck code).")


def choose(state: State, seat: int, notation: str, events: list[Event]) -> None:
    cards = read(state, notation)
    state["decks"][seat] = list(cards)
    events.append(Event(T(f"{who(seat)}がデッキを選びました。", f"{who(seat)} has chosen a deck."), data={"kind": "chosen", "seat": seat}))
    events.append(Event(T(f"あなたのデッキ: {len(cards)}枚", f"Your deck: {len(cards)} cards"), seat=seat))
    if not waiting(state):
        flow.deal(state, events)
