"""This project's edition of the cards, loaded from data/wunderkammer/cards.json and checked at import.

The rulebook lists components but not the 16 items' marks and numbers nor the 9 characters, so the set
is data: a group owning the physical cards types theirs into the file (see data/wunderkammer/EDITION.md)
without touching the engine. A malformed file fails at import with `EditionError` naming the file and
the field, never halfway through a game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.types import Text
from engine.wunderkammer.effects import EFFECTS, TIMINGS, Ability, check_params

DATA = Path(__file__).resolve().parents[2] / "data" / "wunderkammer" / "cards.json"
KINDS = 16
START_NUMBERS = (2, 3, 4)
START_COPIES = 18
OTHER_COPIES = 6
CHARACTERS = 9
ITEMS_PER_CHARACTER = 4
PLAY_NUMBERS = range(1, 5)
MAX_REVEAL_BONUS = 1
"""5 lines hold at most 5 revealed kinds, so all reveal bonuses together may add one card."""


class EditionError(ValueError):
    """The card data is malformed; the message names the file and the field."""


@dataclass(frozen=True, slots=True)
class Mark:
    key: str
    symbol: str
    name: Text


@dataclass(frozen=True, slots=True)
class Item:
    """An item kind: a mark and a number 1(A)–9. `copies` is 18 for the starting kinds, 6 otherwise."""

    id: str
    mark: str
    number: int
    copies: int
    name: Text

    @property
    def start(self) -> bool:
        return self.copies == START_COPIES


@dataclass(frozen=True, slots=True)
class Character:
    """A character card: its number (1–9), the 4 items it favours, its ability and the printed text."""

    id: str
    number: int
    name: Text
    items: tuple[str, ...]
    ability: Ability
    text: Text


@dataclass(frozen=True, slots=True)
class Edition:
    marks: Mapping[str, Mark]
    items: Mapping[str, Item]
    characters: Mapping[str, Character]

    def item(self, kind: str) -> Item:
        return self.items[kind]

    def character(self, cid: str) -> Character:
        return self.characters[cid]

    @property
    def start_kinds(self) -> tuple[str, ...]:
        return tuple(kind for kind, item in self.items.items() if item.start)


def _text(data: Any, where: str) -> Text:
    if not isinstance(data, Mapping) or not all(isinstance(data.get(key), str) and data[key] for key in ("ja", "en")):
        raise ValueError(f"{where}: needs non-empty \"ja\" and \"en\" strings")
    return Text(data["ja"], data["en"])


def _field(data: Mapping[str, Any], key: str, where: str) -> Any:
    if not isinstance(data, Mapping) or key not in data:
        raise ValueError(f"{where}.{key}: missing")
    return data[key]


def _marks(data: Mapping[str, Any]) -> dict[str, Mark]:
    marks = _field(data, "marks", "")
    if not isinstance(marks, Mapping) or len(marks) != 4:
        raise ValueError("marks: must map exactly 4 mark keys")
    return {
        key: Mark(key, str(_field(mark, "symbol", f"marks.{key}")), _text(_field(mark, "name", f"marks.{key}"), f"marks.{key}.name"))
        for key, mark in marks.items()
    }


def _items(data: Mapping[str, Any], marks: Mapping[str, Mark]) -> dict[str, Item]:
    entries = _field(data, "items", "")
    if not isinstance(entries, list) or len(entries) != KINDS:
        raise ValueError(f"items: must list exactly {KINDS} item kinds")
    items: dict[str, Item] = {}
    for index, entry in enumerate(entries):
        where = f"items[{index}]"
        kind = _field(entry, "id", where)
        if not isinstance(kind, str) or not kind.isalnum() or not kind.isupper() and not kind.isdigit():
            raise ValueError(f"{where}.id: must be short uppercase letters and digits, not {kind!r}")
        if kind in items:
            raise ValueError(f"{where}.id: {kind} appears twice")
        mark = _field(entry, "mark", where)
        if mark not in marks:
            raise ValueError(f"{where}.mark: {mark!r} is not one of {sorted(marks)}")
        number = _field(entry, "number", where)
        if not isinstance(number, int) or not 1 <= number <= 9:
            raise ValueError(f"{where}.number: must be 1 (A) to 9, not {number!r}")
        copies = _field(entry, "copies", where)
        wanted = START_COPIES if number in START_NUMBERS else OTHER_COPIES
        if copies not in (START_COPIES, OTHER_COPIES):
            raise ValueError(f"{where}.copies: must be {START_COPIES} (starting kind) or {OTHER_COPIES}, not {copies!r}")
        items[kind] = Item(kind, mark, number, copies, _text(_field(entry, "name", where), f"{where}.name"))
        if copies == START_COPIES and wanted != START_COPIES:
            raise ValueError(f"{where}.copies: only the items numbered 2, 3 and 4 are starting kinds with {START_COPIES}")
    starts = sorted(item.number for item in items.values() if item.start)
    if starts != list(START_NUMBERS):
        raise ValueError(f"items: the starting kinds (copies {START_COPIES}) must be exactly one each of 2, 3 and 4, found {starts}")
    pairs = [(item.mark, item.number) for item in items.values()]
    if len(set(pairs)) != len(pairs):
        raise ValueError("items: two kinds share one mark and number")
    return items


def _character(entry: Any, where: str, items: Mapping[str, Item]) -> Character:
    cid = _field(entry, "id", where)
    if not isinstance(cid, str) or not cid.isalnum() or not cid.islower():
        raise ValueError(f"{where}.id: must be lowercase letters and digits, not {cid!r}")
    number = _field(entry, "number", where)
    if not isinstance(number, int) or not 1 <= number <= CHARACTERS:
        raise ValueError(f"{where}.number: must be 1 to {CHARACTERS}, not {number!r}")
    favoured = _field(entry, "items", where)
    if not isinstance(favoured, list) or len(set(favoured)) != ITEMS_PER_CHARACTER or len(favoured) != ITEMS_PER_CHARACTER:
        raise ValueError(f"{where}.items: must list {ITEMS_PER_CHARACTER} different item kinds")
    for kind in favoured:
        if kind not in items:
            raise ValueError(f"{where}.items: {kind!r} is not an item kind")
    ability = _field(entry, "ability", where)
    effect = _field(ability, "effect", f"{where}.ability")
    if effect not in EFFECTS:
        raise ValueError(f"{where}.ability.effect: {effect!r} is not one of {sorted(EFFECTS)}")
    timing = _field(ability, "timing", f"{where}.ability")
    if timing not in TIMINGS:
        raise ValueError(f"{where}.ability.timing: {timing!r} is not one of {list(TIMINGS)}")
    if timing != EFFECTS[effect].timing:
        raise ValueError(f"{where}.ability.timing: effect {effect} acts at {EFFECTS[effect].timing!r}, not {timing!r}")
    if (number in PLAY_NUMBERS) != (timing == "play"):
        raise ValueError(f"{where}.ability.timing: characters 1–4, and only they, act at \"play\"")
    try:
        params = check_params(effect, ability)
    except ValueError as error:
        raise ValueError(f"{where}.ability.{error}") from None
    return Character(
        cid,
        number,
        _text(_field(entry, "name", where), f"{where}.name"),
        tuple(favoured),
        Ability(effect, timing, **params),
        _text(_field(ability, "text", f"{where}.ability"), f"{where}.ability.text"),
    )


def _characters(data: Mapping[str, Any], items: Mapping[str, Item]) -> dict[str, Character]:
    entries = _field(data, "characters", "")
    if not isinstance(entries, list) or len(entries) != CHARACTERS:
        raise ValueError(f"characters: must list exactly {CHARACTERS} characters")
    found: dict[str, Character] = {}
    for index, entry in enumerate(entries):
        character = _character(entry, f"characters[{index}]", items)
        if character.id in found:
            raise ValueError(f"characters[{index}].id: {character.id} appears twice")
        found[character.id] = character
    numbers = sorted(character.number for character in found.values())
    if numbers != list(range(1, CHARACTERS + 1)):
        raise ValueError(f"characters: numbers must be 1 to {CHARACTERS} once each, found {numbers}")
    reveal = sum(c.ability.amount for c in found.values() if c.ability.effect == "reveal_bonus")
    if reveal > MAX_REVEAL_BONUS:
        raise ValueError(f"characters: reveal_bonus amounts add up to {reveal}; 5 lines allow at most {MAX_REVEAL_BONUS}")
    return dict(sorted(found.items(), key=lambda pair: pair[1].number))


def parse(data: Any, source: str = str(DATA)) -> Edition:
    """The edition in `data`, or EditionError("<source>: <field>: <why>")."""
    try:
        if not isinstance(data, Mapping):
            raise ValueError("the file must hold one JSON object")
        marks = _marks(data)
        items = _items(data, marks)
        return Edition(marks, items, _characters(data, items))
    except ValueError as error:
        raise EditionError(f"{source}: {error}") from None


@lru_cache(maxsize=1)
def load(path: Path = DATA) -> Edition:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise EditionError(f"{path}: cannot be read as JSON ({error})") from None
    return parse(data, str(path))


EDITION = load()
