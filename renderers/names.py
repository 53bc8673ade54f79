"""Player names as they can be drawn, applied by the platform before names reach a renderer.

Discord display names may hold anything: emoji (no glyph in our one font), right-to-left scripts
(no glyph either, and Pillow's basic layout would not reorder them), invisible format characters
(zero-width spaces and joiners, direction marks, variation selectors), decomposed accents, and up to 32
characters. `display_name` keeps exactly what the bundled font draws left to right, shortens long names
by their width on the image (a kanji is as wide as two Latin letters), and falls back to the seat number
when nothing drawable is left, so no seat is ever blank on a board.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from renderers.fonts import font, missing_glyphs

NAME_COLUMNS = 20
"""Longest name kept whole, in columns (a full-width character counts two): about 200 px at body size,
what a banner or a seat row holds next to its marker."""
_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me", "Zl", "Zp"}
_RIGHT_TO_LEFT = {"R", "AL", "AN"}
_ELLIPSIS = "…"


def invisible(char: str) -> bool:
    """Format, control and combining characters: nothing to see, nothing to keep."""
    return unicodedata.category(char) in _INVISIBLE


def drawable(char: str) -> bool:
    """Whether the bundled font draws the character as itself, left to right."""
    if char.isspace():
        return True
    if invisible(char) or unicodedata.bidirectional(char) in _RIGHT_TO_LEFT:
        return False
    return not missing_glyphs(char)


@lru_cache(maxsize=4096)
def _inked(char: str) -> bool:
    """Whether the glyph leaves any ink: Hangul and Braille fillers are letters that draw nothing, a
    common way to make a name look blank."""
    return font(24).getmask(char).getbbox() is not None


def _shown(char: str) -> bool:
    return drawable(char) and _inked(char)


def _visible(char: str) -> str:
    """The character itself; else its base letter when only an accent is missing from the font ("έ" →
    "ε"); nothing for an invisible one; a space for one the font lacks or draws blank (an emoji between
    two words still separates them)."""
    if char.isspace() or _shown(char):
        return char
    base = unicodedata.normalize("NFD", char)[0]
    if base != char and _shown(base):
        return base
    return "" if invisible(char) else " "


def columns(text: str) -> int:
    """Display width in columns: wide and full-width characters count two."""
    return sum(2 if unicodedata.east_asian_width(char) in ("W", "F") else 1 for char in text)


def _clip(text: str, limit: int) -> str:
    if columns(text) <= limit:
        return text
    kept = ""
    for char in text:
        if columns(kept + char) > limit - 1:
            break
        kept += char
    return kept.rstrip() + _ELLIPSIS


def display_name(name: str, seat: int) -> str:
    """The name as drawn: accents composed (or dropped where the font lacks the accented letter),
    undrawable characters removed (spaces collapse), clipped to `NAME_COLUMNS` with "…"; "P<n>" (the
    1-based seat) when nothing is left."""
    composed = unicodedata.normalize("NFC", name)
    kept = " ".join("".join(_visible(char) for char in composed).split())
    if not kept:
        return f"P{seat + 1}"
    return _clip(kept, NAME_COLUMNS)
