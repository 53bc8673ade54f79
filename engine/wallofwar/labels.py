"""Bilingual fragments shared by events, prompts and the choice tree.

Seats appear as `{sN}` placeholders (the Discord layer fills in names); cards by their printed names.
The picker steps are cached: they depend only on their arguments and the fixed card set, and legal
actions are listed at every step.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.types import Choice, T, Text
from engine.wallofwar.cards import CARDS


def who(seat: int) -> str:
    """The placeholder the Discord layer replaces with the seat's display name."""
    return f"{{s{seat}}}"


def card_ja(card_id: str) -> str:
    return f"【{CARDS.card(card_id).name.ja}】"


def card_en(card_id: str) -> str:
    return f"“{CARDS.card(card_id).name.en}”"


def ability_ja(ability: str) -> str:
    return f"【{CARDS.abilities[ability].name.ja}】"


def ability_en(ability: str) -> str:
    return CARDS.abilities[ability].name.en


@lru_cache(maxsize=None)
def circle_choice(index: int, card_id: str) -> Choice:
    """A circle as a picker step: its place in the row (1-based, the notation) and its card."""
    card = CARDS.card(card_id)
    return Choice(str(index + 1), Text(f"{index + 1}: {card.name.ja}", f"{index + 1}: {card.name.en}"),
                  target=f"circle:{index + 1}")


@lru_cache(maxsize=None)
def spot_choice(circle: int, place: int, seat: int) -> Choice:
    """A purchaser card in a line: `circle.place`, both 1-based."""
    key = f"{circle + 1}.{place + 1}"
    label = T(f"サークル{circle + 1}の{place + 1}番目({who(seat)})", f"Circle {circle + 1}, #{place + 1} ({who(seat)})")
    return Choice(key, label, target=f"spot:{key}")


@lru_cache(maxsize=None)
def seat_choice(seat: int) -> Choice:
    return Choice(f"p{seat + 1}", T(who(seat), who(seat)), target=f"seat:{seat}")


@lru_cache(maxsize=None)
def card_choice(card_id: str, shown: bool = False) -> Choice:
    """A card by its id: one in the seat's face-down hand, or (`shown`) one face up on the table (the
    discard pile), which the board shows."""
    card = CARDS.card(card_id)
    cost = "-" if card.cost is None else str(card.cost)
    label = T(f"{card.name.ja}(勝利点{card.vp}・コスト{cost})", f"{card.name.en} ({card.vp} VP, cost {cost})")
    return Choice(card_id, label, target=f"card:{card_id}" if shown else None)
