"""This project's card edition, loaded from data/walpurgis/cards.json and checked at import.

Ver. 2.01 of the rulebook describes the card layout (name, caster, character icon, action matrix,
sub-matrix, sub-effect) but no card list, so the cards are data: a group owning real cards types theirs
into the file (data/walpurgis/EDITION.md) without touching the engine. A malformed file fails at import
with `EditionError` naming the file and the field, never halfway through a game.

An action matrix is five strings of five characters, the farthest row from the owner first, the card
itself at the centre (`o`): `a` activation square, `d` danmaku-target square, `x` destruction square,
`b` both danmaku-target and destruction, `.` nothing. Positions are relative and read from the owner's
side of the table (rulebook 8.1).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.types import Text
from engine.walpurgis.effects import TIMINGS, Effect, check_condition, check_effect

DATA = Path(__file__).resolve().parents[2] / "data" / "walpurgis" / "cards.json"
KEYWORDS = {
    "rapid": Text("速射", "Rapid Fire"),
    "persist": Text("持続", "Persist"),
    "support": Text("サポート", "Support"),
    "steadfast": Text("裏向きにならない", "Never Face Down"),
    "reckless": Text("自分のカードも破壊", "Hits Own Cards"),
}
"""rapid: a sub-matrix resolved first in a chain (8.3.1). persist: may stay sideways when A effects
turn activated cards upright (8.3.8). support: counts as every character icon for activation (8.1).
steadfast: stays face up when chosen to strip in danmaku processing (8.3.6.2). reckless: its
destruction squares destroy its owner's 陣 too (8.3.7)."""
MAX_TARGETS = 4
"""Danmaku-target squares per matrix: a subset is one picker choice, and 2**4 = 16 stays under 25."""
Offset = tuple[int, int]


class EditionError(ValueError):
    """The card data is malformed; the message names the file and the field."""


@dataclass(frozen=True, slots=True)
class Matrix:
    """Squares relative to the card as (right, forward) steps from its owner's side."""

    activation: tuple[Offset, ...]
    targets: tuple[Offset, ...]
    destruction: tuple[Offset, ...]
    rows: tuple[str, ...]


EMPTY_MATRIX = Matrix((), (), (), ())


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: Text
    caster: Text | None
    icons: tuple[str, ...]
    normal: bool
    """A 通常弾 (basic shot): the card set aside before the game and placed at the start."""
    matrix: Matrix
    rapid: Matrix
    keywords: tuple[str, ...]
    condition: Mapping[str, int]
    effects: Mapping[str, tuple[Effect, ...]]
    text: Text

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


@dataclass(frozen=True, slots=True)
class Character:
    key: str
    name: Text


@dataclass(frozen=True, slots=True)
class Edition:
    characters: Mapping[str, Character]
    cards: Mapping[str, Card]

    def card(self, cid: str) -> Card:
        return self.cards[cid]

    @property
    def normals(self) -> tuple[str, ...]:
        return tuple(cid for cid, card in self.cards.items() if card.normal)


def _text(data: Any, where: str) -> Text:
    if not isinstance(data, Mapping) or not all(isinstance(data.get(key), str) and data[key] for key in ("ja", "en")):
        raise ValueError(f"{where}: needs non-empty \"ja\" and \"en\" strings")
    return Text(data["ja"], data["en"])


def _field(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, Mapping) or key not in data:
        raise ValueError(f"{where}.{key}: missing")
    return data[key]


def _matrix(rows: Any, where: str) -> Matrix:
    if not isinstance(rows, list) or len(rows) != 5 or not all(isinstance(row, str) and len(row) == 5 for row in rows):
        raise ValueError(f"{where}: must be 5 strings of 5 characters (farthest row first)")
    found: dict[str, list[Offset]] = {"a": [], "d": [], "x": []}
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            offset = (c - 2, 2 - r)
            if (r, c) == (2, 2):
                if mark != "o":
                    raise ValueError(f"{where}[2][2]: the centre is the card itself and must be 'o'")
                continue
            if mark not in ".adxb":
                raise ValueError(f"{where}[{r}][{c}]: {mark!r} is not one of . a d x b o")
            for kind in {"a": "a", "d": "d", "x": "x", "b": "dx"}.get(mark, ""):
                found[kind].append(offset)
    if len(found["d"]) > MAX_TARGETS:
        raise ValueError(f"{where}: at most {MAX_TARGETS} danmaku-target squares")
    return Matrix(tuple(found["a"]), tuple(found["d"]), tuple(found["x"]), tuple(rows))


def _card(entry: Any, where: str, characters: Mapping[str, Character]) -> Card:
    cid = _field(entry, "id", where)
    if not isinstance(cid, str) or not cid.isascii() or not cid.isalnum() or cid != cid.upper() or not 1 <= len(cid) <= 6:
        raise ValueError(f"{where}.id: must be up to 6 uppercase letters and digits, not {cid!r}")
    icons = _field(entry, "icons", where)
    if not isinstance(icons, list) or not all(icon in characters for icon in icons):
        raise ValueError(f"{where}.icons: must list character keys from \"characters\" ({', '.join(characters)})")
    keywords = entry.get("keywords", [])
    if not isinstance(keywords, list) or not all(word in KEYWORDS for word in keywords):
        raise ValueError(f"{where}.keywords: each must be one of {', '.join(KEYWORDS)}")
    rapid = _matrix(entry["rapid"], f"{where}.rapid") if "rapid" in keywords else EMPTY_MATRIX
    if "rapid" in entry and "rapid" not in keywords:
        raise ValueError(f"{where}.rapid: a sub-matrix needs the keyword \"rapid\"")
    if rapid.activation:
        raise ValueError(f"{where}.rapid: a 速射 sub-matrix has no activation squares")
    effects = entry.get("effects", {})
    if not isinstance(effects, Mapping) or set(effects) - set(TIMINGS):
        raise ValueError(f"{where}.effects: timings are {', '.join(TIMINGS)}")
    parsed = {
        timing: tuple(check_effect(step, f"{where}.effects.{timing}[{index}]") for index, step in enumerate(steps))
        for timing, steps in effects.items()
    }
    condition = check_condition(entry.get("condition", {}), f"{where}.condition")
    caster = entry.get("caster")
    normal = entry.get("normal", False)
    if not isinstance(normal, bool):
        raise ValueError(f"{where}.normal: true or false")
    return Card(
        cid,
        _text(_field(entry, "name", where), f"{where}.name"),
        None if caster is None else _text(caster, f"{where}.caster"),
        tuple(icons),
        normal,
        _matrix(_field(entry, "matrix", where), f"{where}.matrix"),
        rapid,
        tuple(keywords),
        condition,
        parsed,
        _text(_field(entry, "text", where), f"{where}.text"),
    )


def parse(data: Any) -> Edition:
    """The edition from decoded JSON; ValueError naming the field otherwise."""
    raw = _field(data, "characters", "")
    if not isinstance(raw, Mapping) or not raw:
        raise ValueError("characters: must map character keys to names")
    characters = {key: Character(key, _text(_field(value, "name", f"characters.{key}"), f"characters.{key}.name")) for key, value in raw.items()}
    entries = _field(data, "cards", "")
    if not isinstance(entries, list) or not entries:
        raise ValueError("cards: must be a non-empty list")
    cards: dict[str, Card] = {}
    names: set[str] = set()
    for index, entry in enumerate(entries):
        card = _card(entry, f"cards[{index}]", characters)
        if card.id in cards:
            raise ValueError(f"cards[{index}].id: {card.id} appears twice")
        if card.name.ja in names:
            raise ValueError(f"cards[{index}].name: {card.name.ja} appears twice (the deck limit counts by name)")
        names.add(card.name.ja)
        cards[card.id] = card
    if not any(card.normal for card in cards.values()):
        raise ValueError("cards: at least one card must be a 通常弾 (\"normal\": true)")
    return Edition(characters, cards)


@lru_cache(maxsize=None)
def load(path: Path = DATA) -> Edition:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise EditionError(f"{path}: {error}") from None
    try:
        return parse(data)
    except ValueError as error:
        raise EditionError(f"{path}: {error}") from None


EDITION = load()
