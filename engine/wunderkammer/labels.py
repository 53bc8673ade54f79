"""Bilingual fragments shared by events, prompts and the choice tree.

Items read as their mark and number (♥5, ♣A) with the item's name where there is room; characters as
their number and name. Seats are `{sN}` placeholders the Discord layer fills in.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from engine.core.types import Choice, T, Text
from engine.wunderkammer.cards import EDITION


def who(seat: int) -> str:
    return f"{{s{seat}}}"


@lru_cache(maxsize=None)
def mark(kind: str) -> str:
    """The printed corner: mark symbol and number, 1 read as A."""
    item = EDITION.item(kind)
    number = "A" if item.number == 1 else str(item.number)
    return EDITION.marks[item.mark].symbol + number


def item_ja(kind: str) -> str:
    return f"{mark(kind)}「{EDITION.item(kind).name.ja}」"


def item_en(kind: str) -> str:
    return f"{mark(kind)} {EDITION.item(kind).name.en}"


def items_ja(kinds: Iterable[str]) -> str:
    return "、".join(mark(kind) for kind in kinds) or "なし"


def items_en(kinds: Iterable[str]) -> str:
    return ", ".join(mark(kind) for kind in kinds) or "none"


def char_ja(cid: str) -> str:
    character = EDITION.character(cid)
    return f"【{character.number} {character.name.ja}】"


def char_en(cid: str) -> str:
    character = EDITION.character(cid)
    return f"#{character.number} {character.name.en}"


@lru_cache(maxsize=None)
def item_choice(kind: str) -> Choice:
    return Choice(kind, T(item_ja(kind), item_en(kind)))


@lru_cache(maxsize=None)
def character_choice(cid: str) -> Choice:
    """A character, always shown on the board (in the common field or on a bench)."""
    return Choice(cid, T(char_ja(cid), char_en(cid)), target=f"card:{cid}")


def count_en(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


STEPS: dict[str, Text] = {
    "play": T("プレイ", "Play"),
    "take": T("テイク・アイテム", "Take item"),
    "set": T("セット", "Set"),
    "put": T("プット", "Put"),
    "char": T("テイク・キャラクター", "Take character"),
    "refill": T("シャッフル・アンド・ドロー", "Shuffle and draw"),
}
