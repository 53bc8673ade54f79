"""Decks ("countries"): one KING and 20 basic units in any mix, passed in as data.

A deck is named by the key of a named deck (a starter deck, or a KING's id for that KING's recommended
deck) or by a deck code such as `k01:S4A4P4G4W4` — the KING's id, then a count after the initial of
each basic unit (Soldier, Archier, Priest, Guardian, Wizard; a unit left out counts 0). Codes are short
enough to share in a chat message and are checked here with reasons a player can act on.

Nobody sees the other's 20 cards, so each player normally chooses privately at the start of the game
(`CHOOSE`, see `choosing`); a table that agrees on open decks may fix them as game options instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from engine.core.errors import BadOptions
from engine.core.game import echo
from engine.core.types import T, Text
from engine.artofwar.cards import BASIC, EDITION

DECK_SIZE = 20
INITIALS = {kind[0].upper(): kind for kind in BASIC}
CODE = re.compile(r"^([a-z0-9]{1,8}):((?:[A-Za-z]\d{1,2})*)$")
PART = re.compile(r"([A-Za-z])(\d{1,2})")


@dataclass(frozen=True, slots=True)
class Deck:
    """A country: its KING's id and how many of each basic unit (in `BASIC` order)."""

    king: str
    counts: tuple[int, int, int, int, int]

    @property
    def code(self) -> str:
        return f"{self.king}:" + "".join(f"{kind[0].upper()}{count}" for kind, count in zip(BASIC, self.counts) if count)

    def cards(self) -> list[str]:
        """The 20 basic units, in `BASIC` order (the game shuffles them)."""
        return [kind for kind, count in zip(BASIC, self.counts) for _ in range(count)]


@dataclass(frozen=True, slots=True)
class Starter:
    """A ready-to-play deck offered by name in the lobby."""

    key: str
    name: Text
    deck: Deck


def deck_of(king: str, counts: Mapping[str, int]) -> Deck:
    """A deck from a KING and per-kind counts, checked like a code."""
    soldier, archier, priest, guardian, wizard = (counts.get(kind, 0) for kind in BASIC)
    return check(Deck(king, (soldier, archier, priest, guardian, wizard)))


def check(deck: Deck) -> Deck:
    """The deck itself, or BadOptions saying what is wrong with it."""
    if deck.king not in EDITION.kings:
        known = ", ".join(EDITION.kings)
        name = echo(deck.king)
        raise BadOptions(T(f"KING「{name}」はありません({known})。", f"There is no KING “{name}” ({known})."))
    if any(count < 0 for count in deck.counts):
        raise BadOptions(T("枚数は0以上です。", "Counts cannot be negative."))
    total = sum(deck.counts)
    if total != DECK_SIZE:
        raise BadOptions(
            T(
                f"KING以外のカードは{DECK_SIZE}枚ちょうどです(今は{total}枚)。",
                f"A deck holds exactly {DECK_SIZE} basic units besides the KING (this one has {total}).",
            )
        )
    return deck


def parse_code(code: str) -> Deck:
    """A deck code read and checked; BadOptions with the reason otherwise."""
    typed = code.strip()
    king_part, colon, body_part = "".join(typed.split()).partition(":")
    found = CODE.match(f"{king_part.lower()}{colon}{body_part}") if colon else None
    if found is None:
        shown = echo(typed)
        raise BadOptions(
            T(
                f"デッキコード「{shown}」が読めません。例: k01:S4A4P4G4W4(KING:各ユニットの頭文字と枚数)",
                f"Cannot read the deck code “{shown}”. Example: k01:S4A4P4G4W4 (KING, then each unit's initial and count).",
            )
        )
    king, body = found.groups()
    counts = dict.fromkeys(BASIC, 0)
    seen: set[str] = set()
    for letter, number in PART.findall(body):
        initial = letter.upper()
        if initial not in INITIALS:
            raise BadOptions(
                T(
                    f"「{initial}」というユニットはありません(S・A・P・G・W)。",
                    f"There is no unit “{initial}” (S, A, P, G, W).",
                )
            )
        if initial in seen:
            raise BadOptions(T(f"「{initial}」が2回書かれています。", f"“{initial}” is given twice."))
        seen.add(initial)
        counts[INITIALS[initial]] = int(number)
    return deck_of(king, counts)


STARTERS: Mapping[str, Starter] = {
    starter.key: starter
    for starter in (
        Starter("standard", T("スタンダード(覇王)", "Standard (Overlord)"), Deck("k01", (4, 4, 4, 4, 4))),
        Starter("vanguard", T("突撃(槍王)", "Vanguard (Lance King)"), Deck("k07", (7, 5, 2, 3, 3))),
        Starter("fortress", T("城塞(鉄壁王)", "Fortress (Iron King)"), Deck("k05", (3, 3, 4, 7, 3))),
        Starter("arcane", T("魔導(魔導王)", "Arcane (Sorcerer King)"), Deck("k04", (3, 3, 3, 4, 7))),
    )
}
DEFAULT = "standard"
CHOOSE = "choose"
"""The option value by which a seat's player chooses the deck privately at the start of the game."""


def presets() -> list[tuple[str, Text, Deck]]:
    """Every ready-made deck, as offered at the table: the starters, then each KING's recommended deck."""
    return list(preset_table())


_PRESET_TABLES: dict[int, tuple[object, tuple[tuple[str, Text, Deck], ...]]] = {}


def preset_table() -> tuple[tuple[str, Text, Deck], ...]:
    """`presets` as a tuple built once per edition (they are listed at every step of the deck choice)."""
    known = _PRESET_TABLES.get(id(EDITION))
    if known is None or known[0] is not EDITION:
        named = [(starter.key, starter.name, starter.deck) for starter in STARTERS.values()]
        for king_id, king in EDITION.kings.items():
            name = T(f"{king.name.ja}のおすすめ", f"{king.name.en}'s recommended")
            named.append((king_id, name, recommended(king_id)))
        known = _PRESET_TABLES[id(EDITION)] = (EDITION, tuple(named))
    return known[1]


def recommended(king_id: str) -> Deck:
    """The KING's recommended deck from the edition data."""
    king = EDITION.king(king_id)
    assert king.deck is not None
    return deck_of(king_id, king.deck)


def resolve(value: str) -> Deck:
    """An option value as a deck: a starter's key, a KING's id (its recommended deck), or a deck code."""
    if value in STARTERS:
        return STARTERS[value].deck
    if value in EDITION.kings:
        return recommended(value)
    return parse_code(value)


def normalise(value: str) -> str:
    """The stored form of an option value: named decks (and `CHOOSE`) keep their key, codes their
    canonical spelling."""
    text = value.strip()
    if text in STARTERS or text in EDITION.kings or text == CHOOSE:
        return text
    return parse_code(text).code
