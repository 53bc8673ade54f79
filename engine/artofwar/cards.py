"""The cards: the five basic units exactly as the rulebook prints them, and this project's KING edition.

The basic units' numbers are fixed by the rulebook ("これより下は基本ユニットと呼ばれるカードの能力値は固定"),
so they live here as code. KINGs differ from one another and the rulebook lists none, so they are data
(`data/artofwar/kings.json`, checked at load with errors naming the file and the field): a group
owning printed KINGs can enter them without touching the engine.

A reach is a set of offsets `(dx, dy)` seen from the unit's owner: `dy` squares forward (1 is the
square straight ahead: the own front row from the back row, the enemy front row from the front row),
`dx` columns to the owner's right (negative: left). A reach is a fixed pattern: nothing blocks it, as
the WIZARD's whole column shows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.types import Text

DATA = Path(__file__).resolve().parents[2] / "data" / "artofwar" / "kings.json"

SOLDIER, ARCHIER, PRIEST, GUARDIAN, WIZARD, KING = "soldier", "archier", "priest", "guardian", "wizard", "king"
BASIC = (SOLDIER, ARCHIER, PRIEST, GUARDIAN, WIZARD)
"""The five basic units, in the rulebook's order (also the order of kingdom counts and deck codes)."""

OWN_TURN_SUPPORTS = (SOLDIER, ARCHIER, PRIEST)
"""Supports used on the own turn, on the player's own initiative."""

MAX_DX, MAX_DY = 2, 3
"""Three columns and four rows in all: no offset can reach further."""

Reach = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Unit:
    """A card's battle numbers. `attack` None is the SOLDIER's X: the hand size when the attack is
    declared. `defence` is (upright, sideways). `support` is the effect its rear support has; None for a
    KING, which declares any."""

    id: str
    name: Text
    reach: Reach
    attack: int | None
    defence: tuple[int, int]
    support: str | None
    deck: Mapping[str, int] | None = None


BASIC_UNITS: Mapping[str, Unit] = {
    SOLDIER: Unit(SOLDIER, Text("ソルジャー", "Soldier"), ((0, 1),), None, (2, 1), SOLDIER),
    ARCHIER: Unit(ARCHIER, Text("アーチャー", "Archier"), ((-1, 2), (1, 2), (-2, 1), (2, 1)), 1, (2, 1), ARCHIER),
    PRIEST: Unit(PRIEST, Text("プリースト", "Priest"), ((-1, 1), (1, 1), (-2, 2), (2, 2)), 1, (2, 2), PRIEST),
    GUARDIAN: Unit(GUARDIAN, Text("ガーディアン", "Guardian"), ((0, 1),), 1, (3, 2), GUARDIAN),
    WIZARD: Unit(WIZARD, Text("ウィザード", "Wizard"), ((0, 1), (0, 2), (0, 3)), 1, (2, 1), WIZARD),
}

SUPPORT_TEXT: Mapping[str, Text] = {
    SOLDIER: Text(
        "このターンの終わりまで自分の戦場エリアのユニット全ての攻撃力を+1する(自分のターンのみ)。",
        "Until the end of this turn, every unit on your battlefield gets +1 attack (your turn only).",
    ),
    ARCHIER: Text(
        "相手戦場エリアのユニット1体に1点のダメージを与える(自分のターンのみ)。",
        "Deal 1 damage to one unit on the opponent's battlefield (your turn only).",
    ),
    PRIEST: Text(
        "自分の戦場エリアのユニット1枚を移動させる。移動先にユニットがいれば入れ替える(自分のターンのみ)。",
        "Move one unit on your battlefield; if the square is taken, the two swap (your turn only).",
    ),
    GUARDIAN: Text(
        "相手ユニットからの攻撃をキャンセルする(相手のターンのみ)。",
        "Cancel an attack by an opponent's unit (opponent's turn only).",
    ),
    WIZARD: Text(
        "相手の後方支援が発動した時それを無効にする(どちらのターンでも)。",
        "When the opponent's rear support is activated, negate it (either player's turn).",
    ),
}


class EditionError(ValueError):
    """The KING data file is malformed; the message names the file and the field."""


@dataclass(frozen=True, slots=True)
class Edition:
    """The KINGs a game may use, by id, in file order."""

    kings: Mapping[str, Unit]

    def king(self, king_id: str) -> Unit:
        return self.kings[king_id]


def _field(where: str, data: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise EditionError(f"{where}.{key}: missing")
    value = data[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise EditionError(f"{where}.{key}: must be an integer, not {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise EditionError(f"{where}.{key}: must be a {kind.__name__}")
    return value


def _name(where: str, data: Mapping[str, Any]) -> Text:
    name = _field(where, data, "name", dict)
    texts = [_field(f"{where}.name", name, locale, str) for locale in ("ja", "en")]
    if not all(text.strip() for text in texts):
        raise EditionError(f"{where}.name: both ja and en are needed")
    return Text(*texts)


def _reach(where: str, data: Mapping[str, Any]) -> Reach:
    offsets = _field(where, data, "reach", list)
    if not offsets:
        raise EditionError(f"{where}.reach: a KING needs at least one square in reach")
    result = []
    for index, pair in enumerate(offsets):
        spot = f"{where}.reach[{index}]"
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(value) is int for value in pair)):
            raise EditionError(f"{spot}: must be [dx, dy], two integers")
        dx, dy = pair
        if not (-MAX_DX <= dx <= MAX_DX and 1 <= dy <= MAX_DY):
            raise EditionError(f"{spot}: dx must be -{MAX_DX}..{MAX_DX} and dy 1..{MAX_DY}")
        if (dx, dy) in result:
            raise EditionError(f"{spot}: [{dx}, {dy}] is listed twice")
        result.append((dx, dy))
    return tuple(result)


def _king(where: str, data: Mapping[str, Any]) -> Unit:
    king_id = _field(where, data, "id", str)
    if not (king_id.isascii() and king_id.isalnum() and king_id.islower() and len(king_id) <= 8):
        raise EditionError(f"{where}.id: 1-8 lowercase letters or digits, not {king_id!r}")
    attack = _field(where, data, "attack", int)
    if not 0 <= attack <= 9:
        raise EditionError(f"{where}.attack: must be 0..9")
    defence = _field(where, data, "defence", list)
    if len(defence) != 2 or not all(type(value) is int and 1 <= value <= 9 for value in defence):
        raise EditionError(f"{where}.defence: must be [upright, sideways], integers 1..9")
    deck = _field(where, data, "deck", dict)
    if set(deck) != set(BASIC) or not all(type(value) is int and value >= 0 for value in deck.values()):
        raise EditionError(f"{where}.deck: needs a count (0 or more) for each of {', '.join(BASIC)}")
    if sum(deck.values()) != 20:
        raise EditionError(f"{where}.deck: the counts add up to {sum(deck.values())}, not 20")
    counts = {kind: deck[kind] for kind in BASIC}
    return Unit(king_id, _name(where, data), _reach(where, data), attack, (defence[0], defence[1]), None, counts)


def parse(data: Any, source: str = "kings.json") -> Edition:
    """Build and check the edition; a malformed file fails loudly at import, not in the middle of a game."""
    if not isinstance(data, dict) or not isinstance(data.get("kings"), list) or not data["kings"]:
        raise EditionError(f"{source}: kings: a non-empty list is needed")
    kings: dict[str, Unit] = {}
    for index, item in enumerate(data["kings"]):
        where = f"{source}: kings[{index}]"
        if not isinstance(item, dict):
            raise EditionError(f"{where}: must be an object")
        king = _king(where, item)
        if king.id in kings:
            raise EditionError(f"{where}.id: {king.id!r} is used twice")
        kings[king.id] = king
    return Edition(kings)


@lru_cache(maxsize=1)
def load(path: Path = DATA) -> Edition:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise EditionError(f"{path.name}: not valid JSON ({error})") from None
    return parse(data, path.name)


EDITION = load()


def unit(card: str, king_id: str) -> Unit:
    """The numbers of a card as it stands on `king_id`'s side (the string `king` is that side's KING)."""
    return EDITION.king(king_id) if card == KING else BASIC_UNITS[card]
