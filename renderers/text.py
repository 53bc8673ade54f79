"""Text on images: sizes readable on a phone, line breaking that respects Japanese, one draw call.

Phone readability. Discord shows an image about 400 px wide on a phone (players may zoom, most don't):
every text must then be at least 9 px tall, i.e. a font size of at least 9 * width / 400 on the image
(`min_text_size`; the renderers' tests check every draw against it). An 800 px canvas makes that 18 px,
sharp on a 2x phone screen, and is under half the pixels (and image bytes) of a 1200 px one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from renderers import scripts
from renderers.density import Picture, ScaledDraw, drawing
from renderers.fonts import bold_stroke, drawable, font
from renderers.palette import INK, RGB

Point = tuple[float, float]
Box = tuple[int, int, int, int]
Anchor = Literal["lt", "mt", "rt", "lm", "mm", "rm", "lb", "mb", "rb"]

PHONE_WIDTH = 400
PHONE_MIN_TEXT = 9
SIZE_TITLE = 28
SIZE_BODY = 22
SIZE_SMALL = 18  # = min_text_size(CANVAS_WIDTH): the floor, for labels and numbers in badges
LINE_SPACING = 1.4  # kanji need more air than Latin; 1.4 em keeps both readable


def min_text_size(width: int) -> int:
    """The smallest font size (px) readable on a phone for an image `width` px wide."""
    return math.ceil(PHONE_MIN_TEXT * width / PHONE_WIDTH)


def line_height(size: int) -> int:
    """Pixels from one line's top to the next line's top at a font size."""
    return round(size * LINE_SPACING)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, *, bold: bool = False) -> int:
    """Advance width of one line of text (bold adds the stroke on both sides).

    The BASIC layout applies no kerning with our font, so a line's advance is exactly the sum of its
    characters' advances (the toolkit tests check it): wrapping a new sentence measures dozens of
    prefixes, and summing cached advances spares FreeType a layout for each. Cached: wrapping measures
    the same prefixes again on every redraw of the same card or label.
    """
    extra = 2 * bold_stroke(size) if bold else 0
    line = drawable(text)
    if not scripts.simple(line):  # a name in another script: shaped runs of several faces
        return math.ceil(scripts.line_width(line, size)) + extra
    return math.ceil(sum(_advance(char, size) for char in line)) + extra


@lru_cache(maxsize=16384)
def _advance(char: str, size: int) -> float:
    """One character's advance in pixels (a multiple of 1/64, so sums of them are exact)."""
    return font(size).getlength(char)


# Characters wrapped one at a time: CJK punctuation, kana, kanji, full-width forms.
_CJK = "\u2e80-\u2fff\u3000-\u30ff\u3100-\u9fff\uf900-\ufaff\uff00-\uffef"
_TOKEN = re.compile(rf"[^\S\n]+|[{_CJK}]|[^\s{_CJK}-]*-+|[^\s{_CJK}-]+")
# Japanese line-breaking rules (kinsoku shori), simplified: these may not start or end a line.
_NO_LINE_START = frozenset("、。，．,.:;!?！？：；・ー～）)]」』】〕〉》”’…‥ゝゞ々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
_NO_LINE_END = frozenset("（([「『【〔〈《“‘")
_ELLIPSIS = "…"


def _is_cjk(char: str) -> bool:
    return re.fullmatch(f"[{_CJK}]", char) is not None


def _fit_prefix(text: str, fits: Callable[[str], bool]) -> int:
    """Length of the longest prefix that fits (at least 1, so that layout always progresses)."""
    low, high = 1, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if fits(text[:mid]):
            low = mid
        else:
            high = mid - 1
    return low


def _split_word(word: str, fits: Callable[[str], bool]) -> tuple[str, str]:
    """A word wider than the line, cut where the line ends: a Latin word gets a hyphen at the cut
    ("Manipula-" "tion"), never a bare "Mushroo" "m"; kanji and kana break anywhere."""
    if not _is_cjk(word[0]) and word[0].isalnum():
        cut = min(_fit_prefix(word, lambda prefix: fits(prefix + "-")), len(word) - 3)  # never "Declaratio-" "n"
        if cut >= 2 and word[cut - 1].isalnum() and word[cut].isalnum():
            return word[:cut] + "-", word[cut:]
    cut = _fit_prefix(word, fits)
    return word[:cut], word[cut:]


def _wrap_paragraph(paragraph: str, fits: Callable[[str], bool]) -> list[str]:
    """Greedy line breaking: Japanese between any two characters, English between words.

    Tokens are single CJK characters or whole non-CJK words (a hyphenated word is two, the hyphen kept
    at the end of the first: "Demon-" "Repelling"), so mixed text ("騎兵 Cavalry を配置") breaks correctly
    without knowing the language. A word wider than the line is split by character (with a hyphen).
    """
    lines: list[str] = []
    current = ""
    for token in _TOKEN.findall(paragraph):
        if token.isspace():
            if current:
                current += token
            continue
        if fits(current + token):
            current += token
            continue
        head, carry = current.rstrip(), ""
        if head:
            if token[0] in _NO_LINE_START and len(head) > 1 and _is_cjk(head[-1]):
                head, carry = head[:-1], head[-1]
            while len(head) > 1 and head[-1] in _NO_LINE_END:
                head, carry = head[:-1], head[-1] + carry
            lines.append(head)
        current = carry + token
        while len(current) > 1 and not fits(current):
            head, current = _split_word(current, fits)
            lines.append(head)
    lines.append(current.rstrip())
    return lines


def _with_ellipsis(line: str, fits: Callable[[str], bool]) -> str:
    """The line shortened until it fits with a trailing ellipsis, which says "there is more"."""
    head = line.rstrip()
    while head and not fits(head + _ELLIPSIS):
        head = head[:-1].rstrip()
    return head + _ELLIPSIS


@lru_cache(maxsize=1024)
def wrap_text(
    text: str, size: int, max_width: int, *, bold: bool = False, max_lines: int | None = None
) -> tuple[str, ...]:
    """Lines of `text` no wider than `max_width` px; with `max_lines`, the last one ends in "…".

    Explicit newlines are kept. An empty string gives one empty line. Characters no font has are
    dropped. Cached, as boards redraw the same texts every move.
    """
    text = drawable(text)

    def fits(candidate: str) -> bool:
        return text_width(candidate, size, bold=bold) <= max_width

    lines = [line for paragraph in text.split("\n") for line in _wrap_paragraph(paragraph, fits)]
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[: max(max_lines, 1)]
        lines[-1] = _with_ellipsis(lines[-1], fits)
    return tuple(lines)


def measure_text(
    text: str,
    size: int,
    *,
    max_width: int | None = None,
    max_lines: int | None = None,
    bold: bool = False,
) -> tuple[int, int]:
    """(width, height) of the block `draw_text` would draw with the same arguments."""
    lines = _layout_lines(text, size, max_width, max_lines, bold)
    width = max((text_width(line, size, bold=bold) for line in lines), default=0)
    return width, len(lines) * line_height(size)


def _layout_lines(
    text: str, size: int, max_width: int | None, max_lines: int | None, bold: bool
) -> tuple[str, ...]:
    text = drawable(text)
    if max_width is not None:
        return wrap_text(text, size, int(max_width), bold=bold, max_lines=max_lines)
    lines = tuple(text.split("\n"))
    return lines[:max_lines] if max_lines is not None else lines


def draw_text(
    img: Picture,
    xy: Point,
    text: str,
    size: int,
    *,
    fill: RGB = INK,
    anchor: Anchor = "lt",
    max_width: int | None = None,
    max_lines: int | None = None,
    bold: bool = False,
) -> Box:
    """Draw a block of text and return its box.

    `anchor` places the whole block: first letter l/m/r (left, centre, right — lines are aligned the
    same way), second letter t/m/b (top, middle, bottom). With `max_width` the text wraps (Japanese by
    character, English by word); with `max_lines` too, the last line ends in "…" when text is cut.
    Characters no font has are dropped rather than drawn as empty boxes.
    """
    if len(anchor) != 2 or anchor[0] not in "lmr" or anchor[1] not in "tmb":
        raise ValueError(f"anchor must be one of l/m/r followed by t/m/b, got {anchor!r}")
    lines = _layout_lines(text, size, max_width, max_lines, bold)
    step = line_height(size)
    width = max((text_width(line, size, bold=bold) for line in lines), default=0)
    height = len(lines) * step
    x0 = xy[0] - {"l": 0, "m": width / 2, "r": width}[anchor[0]]
    y0 = xy[1] - {"t": 0, "m": height / 2, "b": height}[anchor[1]]
    line_x = x0 + {"l": 0, "m": width / 2, "r": width}[anchor[0]]
    stroke = bold_stroke(size) if bold else 0
    draw = drawing(img)
    for index, line in enumerate(lines):
        draw_line(draw, (line_x, y0 + (index + 0.5) * step), line, size, fill, anchor[0] + "m", stroke)
    return (math.floor(x0), math.floor(y0), math.ceil(x0 + width), math.ceil(y0 + height))


def draw_line(draw: ImageDraw.ImageDraw | ScaledDraw, xy: Point, line: str, size: int, fill: RGB, anchor: str,
              stroke: float) -> None:
    """One line of text at `xy` (a Pillow text anchor), from its cached coverage mask.

    Every text run on a board passes here (the legibility tests watch this function). The position is
    rounded down to whole pixels, as Pillow does, without its sub-pixel shift: nobody sees a quarter pixel,
    and it lets a label drawn on every board be rasterised once per process instead of every time.

    On a canvas of density d (`renderers.density`) `xy`, `size` and `stroke` are the 1× ones: the line is
    rasterised at d times the size (its own glyph outlines, not a 1× line enlarged) at d times the position.
    """
    if isinstance(draw, ScaledDraw):
        scale, draw = draw.density, draw.draw
        xy, size, stroke = (xy[0] * scale, xy[1] * scale), size * scale, stroke * scale
    mask, left, top = _line_mask(line, size, anchor, stroke)
    draw.bitmap((math.floor(xy[0]) + left, math.floor(xy[1]) + top), mask, fill=fill)


_LINE_MASKS = 4096
"""Cached rasterised lines; a line of 18 px text is a few KB, so the cache stays around 10 MB."""


@lru_cache(maxsize=_LINE_MASKS)
def _line_mask(line: str, size: int, anchor: str, stroke: float) -> tuple[Image.Image, int, int]:
    """A line's anti-aliased coverage (the same pixels `ImageDraw.text` would blend), and where its top-left
    corner sits relative to the anchor point.

    Why cached: rasterising glyphs was half of a board's drawing time (FreeType renders every glyph on
    every call), while most lines (hex labels, card titles and texts, names, counters) repeat from one
    board to the next.
    """
    if not scripts.simple(line):
        return scripts.line_mask(line, size, anchor, stroke)
    face = font(size)
    box = face.getbbox(line, anchor=anchor, stroke_width=stroke)
    left, top, right, bottom = math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]), math.ceil(box[3])
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), line, font=face, fill=255, anchor=anchor, stroke_width=stroke, stroke_fill=255)
    return mask, left, top
