"""The 38 circle cards, loaded from data/wallofwar/cards.json.

The set is data rather than code because the original game does not publish its card list: this project
designed its own edition, and a group owning the physical cards can edit names, points and costs to match
its copy without touching the engine. The engine implements abilities, keyed by ability id.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.types import Text

DATA = Path(__file__).resolve().parents[2] / "data" / "wallofwar" / "cards.json"
KINDS = ("space", "venue")
ALWAYS_ON = frozenset({"doping", "keiryou"})
MAX_COST = 3


@dataclass(frozen=True, slots=True)
class Ability:
    """An ability as printed: its name and the rules text players read."""

    id: str
    name: Text
    text: Text


@dataclass(frozen=True, slots=True)
class Card:
    """One circle card. `cost` None means no cost icon: always on, shown in front of its owner."""

    id: str
    name: Text
    kind: str
    vp: int
    cost: int | None
    ability: str

    @property
    def always_on(self) -> bool:
        return self.cost is None


@dataclass(frozen=True, slots=True)
class CardSet:
    cards: Mapping[str, Card]
    abilities: Mapping[str, Ability]

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def ability_of(self, card_id: str) -> Ability:
        return self.abilities[self.cards[card_id].ability]

    def with_ability(self, ability: str) -> tuple[Card, ...]:
        return tuple(card for card in self.cards.values() if card.ability == ability)


def _text(data: Mapping[str, Any]) -> Text:
    return Text(str(data["ja"]), str(data["en"]))


def parse(data: Mapping[str, Any]) -> CardSet:
    """Build and check a card set; a malformed file fails loudly at import, not mid-game."""
    abilities = {key: Ability(key, _text(item["name"]), _text(item["text"])) for key, item in data["abilities"].items()}
    cards: dict[str, Card] = {}
    for item in data["cards"]:
        card = Card(str(item["id"]), _text(item["name"]), item["kind"], int(item["vp"]), item["cost"], item["ability"])
        if card.id in cards:
            raise ValueError(f"duplicate card id {card.id}")
        if card.kind not in KINDS:
            raise ValueError(f"{card.id}: kind must be one of {KINDS}")
        if card.ability not in abilities:
            raise ValueError(f"{card.id}: unknown ability {card.ability}")
        if (card.cost is None) != (card.ability in ALWAYS_ON):
            raise ValueError(f"{card.id}: only {sorted(ALWAYS_ON)} have no cost icon")
        if card.cost is not None and not 0 <= card.cost <= MAX_COST:
            raise ValueError(f"{card.id}: cost must be 0..{MAX_COST}")
        cards[card.id] = card
    if len(cards) != 38:
        raise ValueError(f"the set has {len(cards)} circle cards, not 38")
    return CardSet(cards, abilities)


@lru_cache(maxsize=1)
def load(path: Path = DATA) -> CardSet:
    return parse(json.loads(path.read_text(encoding="utf-8")))


CARDS = load()
