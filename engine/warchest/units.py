"""The 16 unit cards, the Royal Coin and the fixed setups, loaded from data/warchest/units.json.

Names and ability texts are data (our own ja/en paraphrase of each card) so that translators and the
renderer read the same source the rules are tested against; the rules themselves live in code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from engine.core.types import Text

DATA = Path(__file__).resolve().parents[2] / "data" / "warchest" / "units.json"

ROYAL = "royal"
ARCHER = "archer"
BERSERKER = "berserker"
CAVALRY = "cavalry"
CROSSBOWMAN = "crossbowman"
ENSIGN = "ensign"
FOOTMAN = "footman"
KNIGHT = "knight"
LANCER = "lancer"
LIGHT_CAVALRY = "light_cavalry"
MARSHALL = "marshall"
MERCENARY = "mercenary"
PIKEMAN = "pikeman"
ROYAL_GUARD = "royal_guard"
SCOUT = "scout"
SWORDSMAN = "swordsman"
WARRIOR_PRIEST = "warrior_priest"

NO_NORMAL_ATTACK = frozenset({ARCHER, LANCER})
"""Units whose restriction forbids normal attacks (and therefore a Marshall-granted attack)."""

WITH_TACTIC = frozenset({ARCHER, CAVALRY, CROSSBOWMAN, ENSIGN, FOOTMAN, LANCER, LIGHT_CAVALRY, MARSHALL})
"""Units whose own coin pays for a tactic. The Royal Guard's tactic is paid with the Royal Coin instead."""

BAG_START = 2
"""Coins of each unit a player starts with in the bag; the rest of the unit's coins form the supply."""


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    name: Text
    coins: int
    ability: Text


@dataclass(frozen=True, slots=True)
class Setup:
    """A fixed 2-player army pair; `initiative` is the side that starts, or None for a coin toss."""

    id: str
    name: Text
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    initiative: int | None


def _text(data: dict[str, str]) -> Text:
    return Text(data["ja"], data["en"])


def _load() -> tuple[dict[str, Unit], Text, Text, Text, dict[str, Setup]]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    units = {u["id"]: Unit(u["id"], _text(u["name"]), u["coins"], _text(u["ability"])) for u in raw["units"]}
    setups = {
        key: Setup(key, _text(s["name"]), (tuple(s["sides"][0]), tuple(s["sides"][1])), s.get("initiative"))
        for key, s in raw["setups"].items()
    }
    royal = raw["royal"]
    return units, _text(royal["name"]), _text(royal["ability"]), _text(raw["royal_guard_2018"]), setups


UNITS, ROYAL_NAME, ROYAL_ABILITY, ROYAL_GUARD_2018, SETUPS = _load()
UNIT_IDS: tuple[str, ...] = tuple(sorted(UNITS))


def ability(coin: str, royal_guard: str = "revised") -> Text:
    """The card text to show for a coin's unit (or the Royal Coin) in a game with this "royal_guard" option."""
    if coin == ROYAL:
        return ROYAL_ABILITY
    return ROYAL_GUARD_2018 if coin == ROYAL_GUARD and royal_guard == "2018" else UNITS[coin].ability


def coin_name(coin: str) -> Text:
    """Display name of a coin: a unit's name, or the Royal Coin."""
    return ROYAL_NAME if coin == ROYAL else UNITS[coin].name
