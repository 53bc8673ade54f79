"""Names of things in player-facing texts: seats, cards, squares and card states."""

from __future__ import annotations

from engine.core.types import T, Text
from engine.walpurgis import board
from engine.walpurgis.cards import EDITION

STATES = {
    "dm": T("裏向きの弾幕", "face-down danmaku"),
    "du": T("表向きの弾幕", "face-up danmaku"),
    "act": T("活動状態の陣", "active jin (face down, upright)"),
    "dor": T("休眠状態の陣", "dormant jin (face down, sideways)"),
    "up": T("表向き縦向きの陣", "face-up upright jin"),
    "fire": T("発動中の陣", "activated jin (face up, sideways)"),
}


def who(seat: int) -> str:
    return "{s%d}" % seat


def card(cid: str) -> Text:
    return EDITION.card(cid).name


def at(square: int) -> str:
    return board.name(square)


def both(template_ja: str, template_en: str, cid: str) -> Text:
    """A sentence with the card's name in each language at `{card}`."""
    name = card(cid)
    return T(template_ja.replace("{card}", name.ja), template_en.replace("{card}", name.en))
