"""Drawing helpers shared by every game renderer (Pillow).

Why one toolkit: every board must follow the same house rules — readable on a phone, never square,
colour always paired with a letter or a shape, Japanese rendered with the right font, small PNGs — and
the cheapest way to get that right fifteen times is to get it right once here.

Typical use inside a renderer::

    from engine.core.types import T
    from renderers import toolkit as tk

    def board(self, view, ctx):
        img = tk.cached_layer(("mygame", "bg"), lambda: tk.new_canvas(800))
        top = tk.draw_banner(img, ctx, tk.localize(ctx, T("第3ラウンド", "Round 3")), waiting=[0])
        tk.draw_marker(img, (100, top + 60), 48, tk.seat_style(0))
        tk.draw_text(img, (140, top + 60), "騎兵 Cavalry", tk.SIZE_BODY, anchor="lm")
        return img          # encoded for Discord with tk.encode_png(img)

Coordinates are pixels on a canvas `CANVAS_WIDTH` wide; canvases are RGB (no alpha: smaller PNGs).
"""

from __future__ import annotations

import io
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from engine.core.types import Event, Outcome, T, Text
from renderers.base import RenderContext
from renderers.fonts import bold_stroke, drawable, font, missing_glyphs
from renderers.palette import (
    BACKGROUND,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    INK,
    LINE,
    MUTED_INK,
    PANEL,
    PANEL_HEADER,
    RGB,
    SEAT_STYLES,
    TEAM_STYLES,
    WHITE,
    Style,
    seat_style,
    team_style,
)

__all__ = [
    "BACKGROUND", "BANNER_HEIGHT", "CANVAS_WIDTH", "HIGHLIGHT", "HIGHLIGHT_EDGE", "INK", "LINE",
    "LINE_SPACING", "MARKER", "MUTED_INK", "PANEL", "PANEL_HEADER", "PHONE_MIN_TEXT", "PHONE_WIDTH",
    "SEAT_STYLES", "SIZE_BODY", "SIZE_SMALL", "SIZE_TITLE", "TEAM_STYLES", "WHITE", "Box", "Point", "Style",
    "cached_layer", "card_header_height", "card_title_lines", "draw_banner", "draw_card", "draw_highlight",
    "draw_legend", "draw_marker", "draw_news", "draw_outcome", "draw_pill", "draw_strip", "draw_text",
    "drawable", "encode_png", "ensure_not_square", "font", "hex_centre", "hex_points", "line_height",
    "localize", "marker_letter_size", "marker_sprite", "measure_text", "min_text_size", "missing_glyphs",
    "new_canvas", "recent_text", "seat_style", "shape_points", "team_style", "text_width", "wrap_text",
]

Point = tuple[float, float]
Box = tuple[int, int, int, int]
Anchor = Literal["lt", "mt", "rt", "lm", "mm", "rm", "lb", "mb", "rb"]

# Phone readability. Discord shows an image about 400 px wide on a phone (players may zoom, most don't):
# every text must then be at least 9 px tall, i.e. a font size of at least 9 * width / 400 on the image
# (`min_text_size`; the renderers' tests check every draw against it). An 800 px canvas makes that 18 px,
# sharp on a 2x phone screen, and is under half the pixels (and PNG bytes) of a 1200 px one.
CANVAS_WIDTH = 800
PHONE_WIDTH = 400
PHONE_MIN_TEXT = 9
SIZE_TITLE = 28
SIZE_BODY = 22
SIZE_SMALL = 18  # = min_text_size(CANVAS_WIDTH): the floor, for labels and numbers in badges
LINE_SPACING = 1.4  # kanji need more air than Latin; 1.4 em keeps both readable
BANNER_HEIGHT = 56
MARKER = 40
"""The usual seat marker: every seat and team shape holds its letter at `SIZE_SMALL` (`marker_letter_size`)."""

# Discord Android crops square images, and near-square ones look square in a chat: pad to this difference.
_MIN_ASPECT_GAP = 100


def min_text_size(width: int) -> int:
    """The smallest font size (px) readable on a phone for an image `width` px wide."""
    return math.ceil(PHONE_MIN_TEXT * width / PHONE_WIDTH)


def localize(ctx: RenderContext, text: Text) -> str:
    """A bilingual engine text in the viewer's language with seat names filled in."""
    return text.render(ctx.locale, dict(enumerate(ctx.seat_names)))


def with_seat_names(ctx: RenderContext, players: int, fallback: Callable[[int], str]) -> RenderContext:
    """The context with a name for every seat: `fallback(seat)` (a game's word for the seat, such as its
    colour) where the platform gave none, so no `{s0}` placeholder is ever left in a drawn text."""
    names = [ctx.seat_names[seat] if seat < len(ctx.seat_names) and ctx.seat_names[seat] else fallback(seat)
             for seat in range(players)]
    return replace(ctx, seat_names=tuple(names))


def new_canvas(height: int, width: int = CANVAS_WIDTH, colour: RGB = BACKGROUND) -> Image.Image:
    """A blank RGB board of the recommended phone width."""
    return Image.new("RGB", (width, height), colour)


# --------------------------------------------------------------------------- text


def line_height(size: int) -> int:
    """Pixels from one line's top to the next line's top at a font size."""
    return round(size * LINE_SPACING)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, *, bold: bool = False) -> int:
    """Advance width of one line of text (bold adds the stroke on both sides).

    Cached: wrapping measures the same prefixes again on every redraw of the same card or label.
    """
    extra = 2 * bold_stroke(size) if bold else 0
    return math.ceil(font(size).getlength(drawable(text))) + extra


# Characters wrapped one at a time: CJK punctuation, kana, kanji, full-width forms.
_CJK = "\u2e80-\u2fff\u3000-\u30ff\u3100-\u9fff\uf900-\ufaff\uff00-\uffef"
_TOKEN = re.compile(rf"[^\S\n]+|[{_CJK}]|[^\s{_CJK}]+")
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


def _wrap_paragraph(paragraph: str, fits: Callable[[str], bool]) -> list[str]:
    """Greedy line breaking: Japanese between any two characters, English between words.

    Tokens are single CJK characters or whole non-CJK words, so mixed text ("騎兵 Cavalry を配置") breaks
    correctly without knowing the language. A word wider than the line is split by character.
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
            cut = _fit_prefix(current, fits)
            lines.append(current[:cut])
            current = current[cut:]
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

    Explicit newlines are kept. An empty string gives one empty line. Characters the font lacks are
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
    img: Image.Image,
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
    Characters the font lacks (emoji in player names) are dropped rather than drawn as empty boxes.
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
    draw = ImageDraw.Draw(img)
    face = font(size)
    for index, line in enumerate(lines):
        draw.text(
            (line_x, y0 + (index + 0.5) * step),
            line,
            font=face,
            fill=fill,
            anchor=anchor[0] + "m",
            stroke_width=stroke,
            stroke_fill=fill,
        )
    return (math.floor(x0), math.floor(y0), math.ceil(x0 + width), math.ceil(y0 + height))


# --------------------------------------------------------------------------- shapes


def _regular_polygon(cx: float, cy: float, radius: float, sides: int, start_deg: float) -> list[Point]:
    return [
        (cx + radius * math.cos(math.radians(start_deg + 360 * i / sides)),
         cy + radius * math.sin(math.radians(start_deg + 360 * i / sides)))
        for i in range(sides)
    ]


def hex_points(centre: Point, size: float) -> list[Point]:
    """Corners of a flat-topped hexagon; `size` is the centre-to-corner distance."""
    return _regular_polygon(centre[0], centre[1], size, 6, 0)


def hex_centre(q: int, r: int, size: float, origin: Point = (0, 0)) -> Point:
    """Pixel centre of flat-topped hex (q, r) in axial coordinates (redblobgames' convention)."""
    return (origin[0] + size * 1.5 * q, origin[1] + size * math.sqrt(3) * (r + q / 2))


def shape_points(shape: str, centre: Point, radius: float) -> tuple[list[Point], Point]:
    """Outline of a marker shape inside a circle of `radius`, and where its letter goes.

    Shapes are vertically centred on their bounding box (a triangle's point would otherwise stick out),
    so the letter sits at the shape's visual centre, not at `centre`. "circle" is approximated by a
    64-gon so that every shape is a polygon.
    """
    cx, cy = centre
    if shape == "circle":
        return _regular_polygon(cx, cy, radius, 64, 0), centre
    if shape == "square":
        half = radius * 0.86
        return [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)], centre
    if shape == "triangle":
        circum = radius * 2 / math.sqrt(3)
        shift = circum / 4
        return _regular_polygon(cx, cy + shift, circum, 3, -90), (cx, cy + shift)
    if shape == "diamond":
        return _regular_polygon(cx, cy, radius, 4, -90), centre
    if shape == "star":
        shift = radius * (1 - math.cos(math.radians(36))) / 2
        outer = _regular_polygon(cx, cy + shift, radius, 5, -90)
        inner = _regular_polygon(cx, cy + shift, radius * 0.6, 5, -54)
        return [p for pair in zip(outer, inner) for p in pair], (cx, cy + shift)
    if shape == "hexagon":
        return hex_points(centre, radius), centre
    if shape == "pentagon":
        shift = radius * (1 - math.cos(math.radians(36))) / 2
        return _regular_polygon(cx, cy + shift, radius, 5, -90), (cx, cy + shift)
    raise ValueError(f"unknown shape {shape!r}")


_LETTER_MAX = 0.6
"""The largest letter as a fraction of the marker size: bigger would crowd even a circle."""
_SUPERSAMPLE = 4  # Pillow draws polygons without anti-aliasing: draw 4x larger, then reduce


def _marker_edge(size: int) -> int:
    return max(2, round(size / 20))


def _inside(polygon: Sequence[Point], point: Point) -> bool:
    """Whether `point` lies inside a convex polygon (either winding)."""
    signs = set()
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]]):
        cross = (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)
        if cross:
            signs.add(cross > 0)
    return len(signs) < 2


_LETTER_DROPS = (0.0, 0.05, 0.1, 0.15, 0.2)
"""How far below the shape's centre (fractions of its radius) a letter may sit: a triangle has its room
near the base."""


def _letter_fits(shape: str, letter: str, size: int, letter_size: int, drop: float) -> bool:
    """Whether the letter's ink box, centred `drop` below the shape's letter spot, stays inside its edge."""
    inner = size / 2 - 1 - _marker_edge(size) - 1
    points, (cx, cy) = shape_points(shape, (0, 0), inner)
    if shape == "star":
        points = _regular_polygon(0, cy, inner * 0.6 * math.cos(math.radians(36)), 5, -54)
    left, top, right, bottom = font(letter_size).getbbox(letter, anchor="ls", stroke_width=bold_stroke(letter_size))
    half_w, half_h = (right - left) / 2, (bottom - top) / 2
    cy += drop * inner
    return all(_inside(points, (cx + dx * half_w, cy + dy * half_h)) for dx in (-1, 1) for dy in (-1, 1))


@lru_cache(maxsize=1024)
def _letter_layout(shape: str, letter: str, size: int) -> tuple[int, float]:
    """The largest letter size that fits, and how far (fraction of the radius) below the centre it sits."""
    for letter_size in range(max(1, round(size * _LETTER_MAX)), 1, -1):
        for drop in _LETTER_DROPS:
            if _letter_fits(shape, letter, size, letter_size, drop):
                return letter_size, drop
    return 1, 0.0


def marker_letter_size(style: Style, size: int) -> int:
    """The font size of a marker's letter: as large as fits inside its shape (a kanji needs a bigger
    triangle than "A"), so the letter never spills over the edge. Check it against `min_text_size`."""
    return _letter_layout(style.shape, style.letter, size)[0]


@lru_cache(maxsize=256)
def marker_sprite(style: Style, size: int) -> Image.Image:
    """An anti-aliased RGBA marker (shape + letter) of `size` px square, cached per style and size.

    The sprite is shared: paste it, never draw on it.
    """
    big = size * _SUPERSAMPLE
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    edge = _marker_edge(size) * _SUPERSAMPLE
    points, letter_at = shape_points(style.shape, (big / 2, big / 2), big / 2 - _SUPERSAMPLE)
    draw.polygon(points, fill=style.colour, outline=INK, width=edge)
    if not style.letter:
        return sprite.reduce(_SUPERSAMPLE)
    fitted, drop = _letter_layout(style.shape, style.letter, size)
    letter_size = fitted * _SUPERSAMPLE
    face = font(letter_size)
    stroke = bold_stroke(letter_size)
    left, top, right, bottom = face.getbbox(style.letter, anchor="ls", stroke_width=stroke)
    letter_y = letter_at[1] + drop * (big / 2 - _SUPERSAMPLE)
    origin = (letter_at[0] - (left + right) / 2, letter_y - (top + bottom) / 2)
    draw.text(origin, style.letter, font=face, fill=style.ink, anchor="ls", stroke_width=stroke, stroke_fill=style.ink)
    return sprite.reduce(_SUPERSAMPLE)


def draw_marker(img: Image.Image, centre: Point, size: int, style: Style) -> Box:
    """Draw a seat or team marker (coloured shape with an ink edge and the letter) centred at `centre`.

    A letter that would come out smaller than `min_text_size` is left out: unreadable on a phone, it
    would only be noise, and the colour and shape still tell the seat. `MARKER` keeps a Latin letter in
    every seat shape; a kanji in a triangle or a diamond needs a larger marker (`marker_letter_size`).
    """
    if style.letter and marker_letter_size(style, size) < min_text_size(img.width):
        style = replace(style, letter="")
    sprite = marker_sprite(style, size)
    left, top = round(centre[0] - size / 2), round(centre[1] - size / 2)
    img.paste(sprite, (left, top), sprite)
    return (left, top, left + size, top + size)


def draw_highlight(img: Image.Image, outline: Box | Sequence[Point], width: int = 4) -> None:
    """Mark the last action: a white band between two ink edges along a box or a closed polygon.

    The band is centred on the outline, so draw it after the highlighted thing. It is recognisable by its
    double edge on every background, which makes it independent of colour.
    """
    if len(outline) == 4 and all(isinstance(v, (int, float)) for v in outline):
        x0, y0, x1, y1 = outline  # type: ignore[misc]
        points: list[Point] = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    else:
        points = [tuple(p) for p in outline]  # type: ignore[misc]
    closed = points + points[:2]
    draw = ImageDraw.Draw(img)
    draw.line(closed, fill=HIGHLIGHT_EDGE, width=width + 4, joint="curve")
    draw.line(closed, fill=HIGHLIGHT, width=width, joint="curve")


# --------------------------------------------------------------------------- composite widgets


def draw_banner(
    img: Image.Image,
    ctx: RenderContext,
    status: str,
    waiting: Sequence[int] = (),
    *,
    title: str | None = None,
    label: Text = T("手番", "To play"),
    top: int = 0,
    height: int = BANNER_HEIGHT,
) -> int:
    """The strip at the top of a board: game title, round/turn `status`, and who is to play.

    `waiting` are the seats the game waits for, drawn as marker + display name (names shrink, then
    disappear, when many seats wait: the marker alone still identifies the seat). Returns the y just
    below the banner, where the board starts.
    """
    width = img.width
    pad = 12
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, top, width, top + height - 1), fill=PANEL_HEADER)
    draw.line((0, top + height - 2, width, top + height - 2), fill=LINE, width=2)
    middle = top + height / 2
    marker = MARKER

    right_edge = width - pad
    if waiting:
        right_budget = width * 0.5
        label_text = localize(ctx, label)
        fixed = text_width(label_text, SIZE_SMALL) + len(waiting) * (marker + 12)
        names = [ctx.seat_names[s] if s < len(ctx.seat_names) else localize(ctx, seat_style(s).name) for s in waiting]
        name_budget = (right_budget - fixed) / len(waiting) - 16
        show_names = name_budget >= SIZE_BODY * 2
        x = right_edge
        for seat, name in reversed(list(zip(waiting, names))):
            if show_names:
                shown = wrap_text(name, SIZE_BODY, int(name_budget), max_lines=1)[0]
                x = draw_text(img, (x, middle), shown, SIZE_BODY, anchor="rm")[0] - 8
            draw_marker(img, (x - marker / 2, middle), marker, seat_style(seat))
            x -= marker + 12
        right_edge = draw_text(img, (x, middle), label_text, SIZE_SMALL, fill=MUTED_INK, anchor="rm")[0] - 16

    title_text = ctx.title if title is None else title
    left_budget = right_edge - pad
    title_max = int(left_budget * (0.6 if status else 1.0))
    x = pad
    if title_text:
        x = draw_text(img, (x, middle), title_text, SIZE_TITLE, anchor="lm", bold=True, max_width=title_max, max_lines=1)[2] + 14
    if status and right_edge - x > SIZE_BODY:
        draw_text(img, (x, middle), status, SIZE_BODY, fill=MUTED_INK, anchor="lm", max_width=int(right_edge - x), max_lines=1)
    return top + height


def draw_strip(img: Image.Image, top: int, height: int) -> None:
    """A full-width band for one kind of news (the last action, the result) under the banner."""
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, top, img.width, top + height), fill=PANEL)
    draw.line((0, top + height, img.width, top + height), fill=LINE, width=2)


_JA_SENTENCE_END = frozenset("。！？!?」）)")


def recent_text(ctx: RenderContext, events: Sequence[Event]) -> str:
    """What the last step did, in the viewer's language: the public events' own sentences, in order
    (Japanese sentences follow each other after their "。" without a space)."""
    text = ""
    for event in events:
        sentence = localize(ctx, event.text)
        if text and not (ctx.ja and text[-1] in _JA_SENTENCE_END):
            text += " "
        text += sentence
    return text


def draw_news(img: Image.Image, ctx: RenderContext, box: Box, text: str, *, marker: Style | None = None,
              label: Text = T("直前", "Last")) -> None:
    """A muted label, the acting seat's marker (if any) and `text` wrapped to the lines `box` holds
    ("…" past them), all vertically centred in `box`."""
    x0, y0, x1, y1 = box
    middle = (y0 + y1) / 2
    x = draw_text(img, (x0, middle), localize(ctx, label), SIZE_SMALL, fill=MUTED_INK, anchor="lm")[2] + 10
    if marker is not None:
        x = draw_marker(img, (x + MARKER / 2, middle), MARKER, marker)[2] + 8
    lines = max(1, (y1 - y0 - 4) // line_height(SIZE_SMALL))
    draw_text(img, (x, middle), text, SIZE_SMALL, anchor="lm", max_width=max(1, x1 - x), max_lines=lines)


def draw_outcome(img: Image.Image, ctx: RenderContext, box: Box, outcome: Outcome,
                 style_of: Callable[[int], Style]) -> None:
    """The result: a "Result" tag, the winners' markers (none for a draw) and the engine's summary."""
    x0, y0, x1, y1 = box
    middle = (y0 + y1) / 2
    x = draw_pill(img, (x0, middle), localize(ctx, T("結果", "Result")))[2] + 10
    if not outcome.is_draw:
        for seat in outcome.winners:
            x = draw_marker(img, (x + MARKER / 2, middle), MARKER, style_of(seat))[2] + 6
        x += 4
    lines = max(1, (y1 - y0 - 4) // line_height(SIZE_BODY))
    draw_text(img, (x, middle), localize(ctx, outcome.summary), SIZE_BODY, anchor="lm", bold=True,
              max_width=max(1, x1 - x), max_lines=lines)


def draw_pill(img: Image.Image, xy: Point, text: str, *, fill: RGB = INK, ink: RGB = WHITE,
              size: int = SIZE_SMALL, anchor: str = "lm") -> Box:
    """A word on a rounded tag (initiative, turn, buying, result): the word itself is the cue, not a colour.

    `anchor` is "l", "m" or "r" for the tag's left edge, middle or right edge at `xy`; returns its box.
    """
    width = text_width(text, size, bold=True) + 24
    height = line_height(size) + 2
    x0 = xy[0] - {"l": 0, "m": width / 2, "r": width}[anchor[0]]
    y0 = xy[1] - height / 2
    box = (round(x0), round(y0), round(x0 + width), round(y0 + height))
    ImageDraw.Draw(img).rounded_rectangle(box, radius=height // 2, fill=fill, outline=INK, width=2)
    draw_text(img, (box[0] + width / 2, xy[1]), text, size, fill=ink, anchor="mm", bold=True)
    return box


def _badge(img: Image.Image, centre: Point, diameter: int, value: str, *, shape: str) -> None:
    """A number in a circle (cost: white disc) or a rounded square (points: ink tile)."""
    draw = ImageDraw.Draw(img)
    r = diameter / 2
    box = (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r)
    if shape == "circle":
        draw.ellipse(box, fill=WHITE, outline=INK, width=2)
        ink = INK
    else:
        draw.rounded_rectangle(box, radius=diameter // 5, fill=INK)
        ink = WHITE
    draw_text(img, centre, value, min_text_size(img.width), fill=ink, anchor="mm", bold=True)


def card_title_lines(title: str, width: int, size: int) -> tuple[int, tuple[str, ...]]:
    """The title's font size and lines in a title bar `width` px wide: one line a little larger than the
    body, else one line at the body size, else two lines. Titles are names players look for, so they
    are never cut before the second line."""
    for title_size in (size + 4, size):
        if text_width(title, title_size, bold=True) <= width:
            return title_size, (title,)
    return size, wrap_text(title, size, width, bold=True, max_lines=2)


def card_header_height(title: str, box_width: int, size: int = SIZE_SMALL, *, cost: bool = False,
                       points: bool = False, lead: int = 0) -> int:
    """Height of a card's title bar (one or two title lines): callers place their own lines below it."""
    title_size, lines = card_title_lines(title, _title_width(box_width, size, cost, points, lead), size)
    return max(_badge_diameter(size), len(lines) * line_height(title_size)) + 12


def _badge_diameter(size: int) -> int:
    return line_height(size + 4)


def _title_width(box_width: int, size: int, cost: bool, points: bool, lead: int) -> int:
    left = max(lead + 8 if lead else 0, (_badge_diameter(size) + 8) if cost else 0)
    right = (_badge_diameter(size) + 8) if points else 0
    return max(1, box_width - 20 - left - right)


def draw_card(
    img: Image.Image,
    box: Box,
    title: str,
    body: str = "",
    *,
    cost: int | str | None = None,
    points: int | str | None = None,
    style: Style | None = None,
    size: int = SIZE_SMALL,
    highlight: bool = False,
    lead: int = 0,
) -> int:
    """A card panel: rounded card, title bar, cost badge (white disc, top left), points badge (ink
    tile, top right) and the body text wrapped to the space left (cut with "…"). Returns the y below
    the title bar (`card_header_height` gives it beforehand). `lead` keeps that many pixels free at the
    left of the title bar for the caller's own tag (a unit code).

    With `style`, the title bar takes the owner's colour and the owner's marker sits in the bottom-right
    corner, so ownership is never told by colour alone (and the title keeps the whole bar).
    """
    x0, y0, x1, y1 = box
    draw = ImageDraw.Draw(img)
    radius = 12
    has_cost, has_points = cost is not None, points is not None
    header_h = card_header_height(title, x1 - x0, size, cost=has_cost, points=has_points, lead=lead)
    draw.rounded_rectangle(box, radius=radius, fill=PANEL, outline=INK, width=2)
    header_fill = style.colour if style else PANEL_HEADER
    header_ink = style.ink if style else INK
    draw.rounded_rectangle(
        (x0, y0, x1, y0 + header_h), radius=radius, fill=header_fill, outline=INK, width=2,
        corners=(True, True, False, False),
    )
    badge = _badge_diameter(size)
    if cost is not None:
        _badge(img, (x0 + 10 + badge / 2, y0 + header_h / 2), badge, str(cost), shape="circle")
    if points is not None:
        _badge(img, (x1 - 10 - badge / 2, y0 + header_h / 2), badge, str(points), shape="square")
    title_width = _title_width(x1 - x0, size, has_cost, has_points, lead)
    left = x0 + 10 + max(lead + 8 if lead else 0, (badge + 8) if has_cost else 0)
    title_size, lines = card_title_lines(title, title_width, size)
    draw_text(img, (left + title_width / 2, y0 + header_h / 2), "\n".join(lines), title_size, fill=header_ink,
              anchor="mm", bold=True)
    footer = 0
    if style is not None:
        footer = MARKER
        draw_marker(img, (x1 - 8 - MARKER / 2, y1 - 8 - MARKER / 2), MARKER, style)
    if body:
        room = y1 - (y0 + header_h) - 12 - footer
        max_lines = max(1, room // line_height(size))
        draw_text(img, (x0 + 10, y0 + header_h + 6), body, size, anchor="lt", max_width=x1 - x0 - 20, max_lines=max_lines)
    if highlight:
        draw_highlight(img, box)
    return y0 + header_h


def draw_legend(
    img: Image.Image,
    xy: Point,
    entries: Sequence[tuple[Style, str]],
    *,
    size: int = SIZE_SMALL,
    max_width: int | None = None,
    fill: RGB = INK,
) -> Box:
    """A row of marker + label pairs (seats, teams), wrapping to new rows past `max_width`."""
    marker = MARKER
    gap = round(size * 0.8)
    row_h = max(marker, line_height(size)) + 6
    limit = xy[0] + (max_width if max_width is not None else img.width - xy[0])
    x, y = xy
    right = x
    for style, label in entries:
        entry_w = marker + 8 + text_width(label, size)
        if x > xy[0] and x + entry_w > limit:
            x, y = xy[0], y + row_h
        draw_marker(img, (x + marker / 2, y + row_h / 2), marker, style)
        label_max = max(1, int(limit - x - marker - 8))
        end = draw_text(img, (x + marker + 8, y + row_h / 2), label, size, fill=fill, anchor="lm", max_width=label_max, max_lines=1)[2]
        right = max(right, end)
        x = end + gap
    return (int(xy[0]), int(xy[1]), int(right), int(y + row_h))


# --------------------------------------------------------------------------- caching and output


_LAYER_CACHE_SIZE = 16  # a 1200x800 RGB layer is 2.9 MB, so the cache stays under ~50 MB
_layers: OrderedDict[Hashable, Image.Image] = OrderedDict()
_layers_lock = threading.Lock()


def cached_layer(key: Hashable, builder: Callable[[], Image.Image]) -> Image.Image:
    """A copy of a static layer (board background, grid), built once per `key` and kept (LRU).

    A copy is returned because renderers draw on it; copying a 1200x800 layer costs well under a
    millisecond, far less than redrawing a board. Put everything the layer depends on (game id, player
    count, locale) in `key`.
    """
    with _layers_lock:
        layer = _layers.get(key)
        if layer is not None:
            _layers.move_to_end(key)
            return layer.copy()
    layer = builder()
    with _layers_lock:
        _layers[key] = layer
        _layers.move_to_end(key)
        while len(_layers) > _LAYER_CACHE_SIZE:
            _layers.popitem(last=False)
    return layer.copy()


def ensure_not_square(img: Image.Image, colour: RGB = BACKGROUND) -> Image.Image:
    """The image, padded when it is (nearly) square, because Discord's Android app crops square images.

    The image grows at the bottom until it is `_MIN_ASPECT_GAP` taller than wide; the width never
    changes, since the text sizes were chosen for it (`min_text_size`). Images whose sides already
    differ that much are returned unchanged (the same object).
    """
    width, height = img.size
    if abs(width - height) >= _MIN_ASPECT_GAP:
        return img
    size = (width, width + _MIN_ASPECT_GAP)
    source = img if img.mode in ("RGB", "RGBA") else img.convert("RGB")
    padded = Image.new(source.mode, size, colour)
    padded.paste(source, (0, 0))
    return padded


# Flat graphics (boards, cards, text) have a few thousand colours, all from anti-aliased edges; gradients
# and photos have tens of thousands. Below this count a 256-colour palette is visually lossless.
_PALETTE_MAX_COLOURS = 8192


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes for Discord: never square, a 256-colour palette when the image is flat, zlib level 6.

    Measured on real 800 px boards (War Chest 2 and 4 players, Wall of War 3 and 5 players, mid-game)
    and the tests' busy 1200 x 800 board on this 2-core machine, mean of 3:

    ====================================  ===========  ============  =================
    method                                 time         size          mean error /255
    ====================================  ===========  ============  =================
    octree 256 colours + level 1          8–12 ms      47–71 KiB     ≤ 1.2
    octree 256 colours + level 6 (chosen) 8–15 ms      43–62 KiB     ≤ 1.2
    octree 32 colours + level 6           8–12 ms      37–48 KiB     up to 11: merges the paper,
                                                                     panel and header fills
    median cut 32 colours + level 6       26–45 ms     39–58 KiB     ≤ 0.7
    the 32 most frequent colours          8–12 ms      40–57 KiB     ≤ 1.4
    ====================================  ===========  ============  =================

    With a palette, level 6 costs about a millisecond more than level 1 and saves a quarter of the
    bytes (the old choice of level 1 was measured on RGB, where level 6 is much slower). Fewer colours
    save little more once the canvas is 800 px wide, and the fast octree then merges the neutral fills.
    Counting colours costs about 2 ms. The octree quantizer would posterize gradients and photos, which
    have more than `_PALETTE_MAX_COLOURS` colours and stay RGB. All results are far below Discord's
    10 MiB limit.
    """
    img = ensure_not_square(img)
    if img.mode in ("RGB", "RGBA") and img.getcolors(_PALETTE_MAX_COLOURS) is not None:
        img = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    img.save(buffer, "PNG", compress_level=6)
    return buffer.getvalue()
