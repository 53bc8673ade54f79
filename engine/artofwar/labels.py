"""Bilingual fragments shared by events, prompts and the picker's choices.

Seats appear as `{sN}` placeholders (the Discord layer fills in names). Squares are named by column
(`a b c`, left to right as seen from seat 0's side of the table, so facing squares share a letter) and
row (`1` front, `2` back, each side counted from its own front line).
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.game import choice
from engine.core.types import Choice, T, Text
from engine.artofwar.cards import BASIC_UNITS, EDITION, KING

KING_NAME = T("KING", "KING")


def who(seat: int) -> str:
    """The placeholder the Discord layer replaces with the seat's display name."""
    return f"{{s{seat}}}"


def card_name(card: str, king_id: str | None = None) -> Text:
    """A card's printed name; a KING with its edition name when the side is known."""
    if card != KING:
        return BASIC_UNITS[card].name
    if king_id is None:
        return KING_NAME
    name = EDITION.king(king_id).name
    return T(f"KING({name.ja})", f"KING ({name.en})")


def card_ja(card: str, king_id: str | None = None) -> str:
    return f"【{card_name(card, king_id).ja}】"


def card_en(card: str, king_id: str | None = None) -> str:
    return card_name(card, king_id).en


def square_ja(square: str) -> str:
    return f"{square}({'前列' if square[1] == '1' else '後列'})"


def square_en(square: str) -> str:
    return f"{square} ({'front' if square[1] == '1' else 'back'})"


@lru_cache(maxsize=None)
def square_choice(square: str, side: int) -> Choice:
    """A square of `side`'s battlefield (squares are named from each side's own front line)."""
    return Choice(square, Text(square_ja(square), square_en(square)), target=f"square:{side}:{square}")


@lru_cache(maxsize=None)
def kingdom_choice(card: str, side: int) -> Choice:
    """A kind of card in `side`'s kingdom area, where the board counts them."""
    name = card_name(card)
    return Choice(card, Text(name.ja, name.en), target=f"kingdom:{side}:{card}")


@lru_cache(maxsize=None)
def card_choice(card: str, king_id: str | None = None) -> Choice:
    name = card_name(card, king_id)
    return Choice(card, Text(name.ja, name.en))


@lru_cache(maxsize=None)
def effect_choice(effect: str) -> Choice:
    """A support effect the KING declares, named after the unit that prints it."""
    name = BASIC_UNITS[effect].name
    return choice(effect, f"{name.ja}として", f"As {name.en}")


STEPS: dict[str, Text] = {
    "arrange": T("アレンジ", "Arrange"),
    "attack": T("攻撃(バトル)", "Attack (battle)"),
    "support": T("後方支援", "Rear support"),
    "enter": T("入国(手札1枚を王国へ)", "Enter the kingdom (a hand card)"),
    "end": T("ターン終了", "End the turn"),
    "dep": T("待機エリアの先頭を配置", "Deploy the standby head"),
    "rot": T("ユニットを待機へ戻し先頭と入れ替え", "Send a unit to standby, head takes its place"),
    "mv": T("ユニットを移動", "Move a unit"),
    "put": T("手札から配置(待機が空)", "Place from hand (standby empty)"),
    "xch": T("ユニットと手札を入れ替え(待機が空)", "Swap a unit with a hand card (standby empty)"),
    "pass": T("対応しない", "No response"),
    "keep": T("このままにする", "Keep these cards"),
    "redraw": T("一度だけ引き直す", "Redraw once"),
}


@lru_cache(maxsize=None)
def step(key: str) -> Choice:
    return Choice(key, STEPS[key])
