"""Player names as they can be drawn: the font has no emoji and no right-to-left shaping, and names may
hold invisible characters or run to 32 characters. A name that keeps nothing drawable falls back to its
seat number, so no seat is ever blank on a board."""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 16
DROP_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me", "So", "Sk"}
RTL = {"R", "AL", "AN"}


def drawable(char: str) -> bool:
    """Characters the bundled Noto Sans CJK JP face draws left to right."""
    if unicodedata.category(char) in DROP_CATEGORIES or unicodedata.bidirectional(char) in RTL:
        return False
    return ord(char) < 0x2500 or 0x3000 <= ord(char) <= 0x9FFF or 0xAC00 <= ord(char) <= 0xD7AF or 0xFF00 <= ord(char) <= 0xFFEF


def display_name(name: str, seat: int) -> str:
    """The name with undrawable characters removed and clipped; "P<n>" when nothing is left."""
    kept = " ".join("".join(char if drawable(char) else " " for char in name).split())
    if not kept:
        return f"P{seat + 1}"
    return kept if len(kept) <= NAME_LIMIT else kept[: NAME_LIMIT - 1] + "…"
