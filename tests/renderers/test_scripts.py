"""Lines in other scripts: each run drawn with a face that has its glyphs, Arabic joined, runs ordered
right to left as the bidirectional algorithm says, and lines of the main font alone left on the fast path."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from renderers import scripts
from renderers import toolkit as tk
from renderers.fonts import EMOJI, MAIN, shaping_face


def test_a_line_the_main_font_draws_stays_on_the_fast_path() -> None:
    assert scripts.simple("War Chest 戦争 ×→…「」 Zoë 花子")
    assert not scripts.simple("علي") and not scripts.simple("🎲") and not scripts.simple("Łódź")


@pytest.mark.parametrize("word", ["علي", "فاطمة", "سارة"])
def test_joined_arabic_letters_are_narrower_than_the_same_letters_kept_apart(word: str) -> None:
    """Shaped: the letters take their joined forms; a zero-width non-joiner between them keeps the
    isolated (and final) forms, which are wider."""
    assert tk.text_width(word, tk.SIZE_BODY) < 0.9 * tk.text_width("\u200c".join(word), tk.SIZE_BODY)


def test_an_arabic_line_is_drawn_as_raqm_shapes_it_right_to_left() -> None:
    """The same pixels as Pillow's own Raqm layout of the word, right to left, with Noto Sans Arabic."""
    word = "محمد"
    ((run,),) = [scripts.runs(word)]
    assert run.rtl and run.face not in (MAIN, EMOJI)
    mask, left, top = scripts.line_mask(word, 40, "ls", 0)
    face = shaping_face(run.face, 40)
    box = face.getbbox(word, anchor="ls", direction="rtl")
    expected = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
    ImageDraw.Draw(expected).text((-box[0], -box[1]), word, font=face, fill=255, anchor="ls", direction="rtl")
    assert (left, top) == (box[0], box[1])
    assert ImageChops.difference(mask, expected).getbbox() is None


@pytest.mark.parametrize(
    ("line", "visual"),
    [
        ("Ali علي", ["Ali ", "علي"]),  # left to right: the Arabic word after the Latin one
        ("علي Ali", ["Ali", " ", "علي"]),  # right to left (its first letter is Arabic): the Latin word at the left
        ("محمد 123", ["123", " ", "محمد"]),  # numbers in right-to-left text stay left to right, at its left
        ("שלום Dana 🎲", ["🎲", " ", "Dana", " ", "שלום"]),
        ("A🎲B", ["A", "🎲", "B"]),
    ],
)
def test_runs_are_ordered_as_the_bidirectional_algorithm_orders_them(line: str, visual: list[str]) -> None:
    assert [run.text for run in scripts.runs(line)] == visual


def test_an_emoji_sequence_is_one_glyph_and_an_emoji_style_selector_asks_for_noto_emoji() -> None:
    family = "👩\u200d👩\u200d👧"
    assert tk.text_width(family, tk.SIZE_BODY) == tk.text_width("👩", tk.SIZE_BODY)
    assert [run.face for run in scripts.runs("❤\ufe0f")] == [EMOJI]


def test_a_mixed_line_sits_on_the_same_baseline_as_a_latin_one() -> None:
    """Anchored the same way, "Ali" inks the same rows alone and before an Arabic word."""
    mixed, plain = tk.new_canvas(80, 400), tk.new_canvas(80, 400)
    tk.draw_text(mixed, (10, 40), "Ali علي", tk.SIZE_BODY, anchor="lm")
    tk.draw_text(plain, (10, 40), "Ali", tk.SIZE_BODY, anchor="lm")
    ali = (0, 0, 10 + tk.text_width("Ali", tk.SIZE_BODY) - 2, 80)

    def rows(img: Image.Image) -> tuple[int, int]:
        box = ImageChops.invert(img.crop(ali).convert("L")).point(lambda value: 255 if value > 64 else 0).getbbox()
        assert box is not None
        return box[1], box[3]

    assert rows(mixed) == rows(plain)
    assert ImageChops.difference(mixed, plain).getbbox() is not None, "the Arabic word is drawn too"
