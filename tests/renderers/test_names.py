"""Discord display names as the images draw them: never blank, never boxes, never too long."""

from __future__ import annotations

import pytest

from renderers import toolkit as tk
from renderers.fonts import missing_glyphs
from renderers.names import NAME_COLUMNS, columns, display_name


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Alice", "Alice"),
        ("花子さん", "花子さん"),
        ("🎲🐉", "P3"),  # emoji only: no glyph in the font
        ("👩‍👩‍👧", "P3"),  # an emoji sequence joined by zero-width joiners
        ("Alice🎲Bob", "Alice Bob"),  # an emoji between words still separates them
        ("Al\u200bi\u200dce\ufe0f", "Alice"),  # zero-width space and joiner, variation selector
        ("\u2066Bob\u2069", "Bob"),  # direction isolates
        ("\u202eevil", "evil"),  # a right-to-left override
        ("علي", "P3"),  # right-to-left script: no glyph, no reordering
        ("שלום Dana", "Dana"),  # mixed right-to-left and Latin
        ("Zoe\u0308 花子", "Zoë 花子"),  # a decomposed accent is composed, not dropped
        ("Ñoño Ωμέγα Жанна", "Ñoño Ωμεγα Жанна"),  # Latin, Greek, Cyrillic; an accent the font lacks goes
        ("ㅤ", "P3"),  # a Hangul filler: a letter that draws nothing
        ("\u2800\u2800", "P3"),  # Braille blanks
        ("Bob\u3164", "Bob"),
        ("  spaced   out  ", "spaced out"),
        ("line\nbreak\ttab", "line break tab"),
        ("", "P3"),
    ],
)
def test_display_names_keep_what_the_font_draws(name: str, shown: str) -> None:
    assert display_name(name, 2) == shown


def test_long_names_are_clipped_by_their_width_with_an_ellipsis() -> None:
    latin = display_name("A display name of 32 characters.", 0)
    kanji = display_name("花" * 32, 0)
    assert latin.endswith("…") and kanji.endswith("…")
    assert columns(latin) <= NAME_COLUMNS and columns(kanji) <= NAME_COLUMNS
    assert len(kanji) < len(latin), "a kanji takes the room of two Latin letters"
    assert display_name("x" * NAME_COLUMNS, 0) == "x" * NAME_COLUMNS, "a name that fits stays whole"


@pytest.mark.parametrize(
    "name",
    ["🎲🐉", "A display name of 32 characters.", "علي Ali", "Zoe\u0308\u200b 花子さん", "\u2066Bob\u2069\u3164",
     "Ⓐnna ★", "ｆｕｌｌｗｉｄｔｈ"],
)
def test_every_kept_character_has_a_glyph_and_some_ink(name: str) -> None:
    shown = display_name(name, 0)
    assert shown.strip() == shown and shown
    assert missing_glyphs(shown) == ""
    img = tk.new_canvas(60, 400)
    box = tk.draw_text(img, (4, 4), shown, tk.SIZE_BODY)
    assert img.crop(box).getcolors(1) is None, "the name leaves ink on the image"
