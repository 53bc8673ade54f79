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
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from engine.core.types import T, Text
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
    "LINE_SPACING", "MUTED_INK", "PANEL", "PANEL_HEADER", "SEAT_STYLES", "SIZE_BODY", "SIZE_SMALL",
    "SIZE_TITLE", "TEAM_STYLES", "WHITE", "Box", "Point", "Style", "cached_layer", "draw_banner",
    "draw_card", "draw_highlight", "draw_legend", "draw_marker", "draw_pill", "draw_text", "drawable", "encode_png",
    "ensure_not_square", "font", "hex_centre", "hex_points", "line_height", "localize", "marker_sprite",
    "measure_text", "missing_glyphs", "new_canvas", "seat_style", "shape_points", "team_style",
    "text_width", "wrap_text",
]

Point = tuple[float, float]
Box = tuple[int, int, int, int]
Anchor = Literal["lt", "mt", "rt", "lm", "mm", "rm", "lb", "mb", "rb"]

# Phone readability. Discord shows an image about 360–400 dp wide on a phone (and lets players zoom),
# so a 1200 px canvas is scaled by ~0.3 on screen and ~0.6 in device pixels on a 2x display: sharp,
# yet text must be large. Body text 32 px ≈ 10 dp on screen; small labels 26 px ≈ 8 dp is the floor.
CANVAS_WIDTH = 1200
SIZE_TITLE = 44
SIZE_BODY = 32
SIZE_SMALL = 26
LINE_SPACING = 1.4  # kanji need more air than Latin; 1.4 em keeps both readable
BANNER_HEIGHT = 88

# Discord Android crops exactly square images; near-square ones are padded to at least this difference.
_MIN_ASPECT_GAP = 8


def localize(ctx: RenderContext, text: Text) -> str:
    """A bilingual engine text in the viewer's language with seat names filled in."""
    return text.render(ctx.locale, dict(enumerate(ctx.seat_names)))


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


# Letter height as a fraction of the marker size, so the letter fits the shape's inner area.
_LETTER_SCALE = {
    "circle": 0.6, "square": 0.62, "triangle": 0.44, "diamond": 0.5, "star": 0.36, "hexagon": 0.56,
    "pentagon": 0.5,
}
_SUPERSAMPLE = 4  # Pillow draws polygons without anti-aliasing: draw 4x larger, then reduce


@lru_cache(maxsize=256)
def marker_sprite(style: Style, size: int) -> Image.Image:
    """An anti-aliased RGBA marker (shape + letter) of `size` px square, cached per style and size.

    The sprite is shared: paste it, never draw on it.
    """
    big = size * _SUPERSAMPLE
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    edge = max(2, round(size / 20)) * _SUPERSAMPLE
    points, letter_at = shape_points(style.shape, (big / 2, big / 2), big / 2 - _SUPERSAMPLE)
    draw.polygon(points, fill=style.colour, outline=INK, width=edge)
    letter_size = max(1, round(big * _LETTER_SCALE[style.shape]))
    face = font(letter_size)
    stroke = bold_stroke(letter_size)
    left, top, right, bottom = face.getbbox(style.letter, anchor="ls", stroke_width=stroke)
    origin = (letter_at[0] - (left + right) / 2, letter_at[1] - (top + bottom) / 2)
    draw.text(origin, style.letter, font=face, fill=style.ink, anchor="ls", stroke_width=stroke, stroke_fill=style.ink)
    return sprite.reduce(_SUPERSAMPLE)


def draw_marker(img: Image.Image, centre: Point, size: int, style: Style) -> Box:
    """Draw a seat or team marker (coloured shape with an ink edge and the letter) centred at `centre`.

    Keep `size` at 32 px or more on a 1200 px canvas, or the letter becomes unreadable on a phone.
    """
    sprite = marker_sprite(style, size)
    left, top = round(centre[0] - size / 2), round(centre[1] - size / 2)
    img.paste(sprite, (left, top), sprite)
    return (left, top, left + size, top + size)


def draw_highlight(img: Image.Image, outline: Box | Sequence[Point], width: int = 6) -> None:
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
    pad = 20
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, top, width, top + height - 1), fill=PANEL_HEADER)
    draw.line((0, top + height - 2, width, top + height - 2), fill=LINE, width=3)
    middle = top + height / 2
    marker = round(SIZE_BODY * 1.3)

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
            x -= marker + 16
        right_edge = draw_text(img, (x, middle), label_text, SIZE_SMALL, fill=MUTED_INK, anchor="rm")[0] - 24

    title_text = ctx.title if title is None else title
    left_budget = right_edge - pad
    title_max = int(left_budget * (0.6 if status else 1.0))
    x = pad
    if title_text:
        x = draw_text(img, (x, middle), title_text, SIZE_TITLE, anchor="lm", bold=True, max_width=title_max, max_lines=1)[2] + 20
    if status and right_edge - x > SIZE_BODY:
        draw_text(img, (x, middle), status, SIZE_BODY, fill=MUTED_INK, anchor="lm", max_width=int(right_edge - x), max_lines=1)
    return top + height


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
        draw.ellipse(box, fill=WHITE, outline=INK, width=3)
        ink = INK
    else:
        draw.rounded_rectangle(box, radius=diameter // 5, fill=INK)
        ink = WHITE
    size = round(diameter * (0.6 if len(value) < 2 else 0.46))
    draw_text(img, centre, value, size, fill=ink, anchor="mm", bold=True)


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
) -> None:
    """A card panel: rounded card, title bar, cost badge (white disc, top left), points badge (ink
    tile, top right) and the body text wrapped to the space left (cut with "…").

    With `style`, the title bar takes the owner's colour and the owner's marker sits in the bottom-right
    corner, so ownership is never told by colour alone (and the title keeps the whole bar).
    """
    x0, y0, x1, y1 = box
    draw = ImageDraw.Draw(img)
    radius = 14
    header_h = line_height(size + 4) + 12
    draw.rounded_rectangle(box, radius=radius, fill=PANEL, outline=INK, width=3)
    header_fill = style.colour if style else PANEL_HEADER
    header_ink = style.ink if style else INK
    draw.rounded_rectangle(
        (x0, y0, x1, y0 + header_h), radius=radius, fill=header_fill, outline=INK, width=3,
        corners=(True, True, False, False),
    )
    badge = header_h - 12
    left, right = x0 + 10, x1 - 10
    if cost is not None:
        _badge(img, (left + badge / 2, y0 + header_h / 2), badge, str(cost), shape="circle")
        left += badge + 8
    if points is not None:
        _badge(img, (right - badge / 2, y0 + header_h / 2), badge, str(points), shape="square")
        right -= badge + 8
    draw_text(
        img, ((left + right) / 2, y0 + header_h / 2), title, size + 4, fill=header_ink, anchor="mm",
        bold=True, max_width=max(1, right - left), max_lines=1,
    )
    footer = 0
    if style is not None:
        footer = badge
        draw_marker(img, (x1 - 10 - badge / 2, y1 - 10 - badge / 2), badge, style)
    if body:
        room = y1 - (y0 + header_h) - 16 - footer
        max_lines = max(1, room // line_height(size))
        draw_text(img, (x0 + 12, y0 + header_h + 8), body, size, anchor="lt", max_width=x1 - x0 - 24, max_lines=max_lines)
    if highlight:
        draw_highlight(img, box)


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
    marker = round(size * 1.3)
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

    The longer side is extended (at the bottom or the right) until the sides differ by at least 8 px.
    Non-square images are returned unchanged (the same object).
    """
    width, height = img.size
    if abs(width - height) >= _MIN_ASPECT_GAP:
        return img
    if height >= width:
        size = (width, width + _MIN_ASPECT_GAP)
    else:
        size = (height + _MIN_ASPECT_GAP, height)
    source = img if img.mode in ("RGB", "RGBA") else img.convert("RGB")
    padded = Image.new(source.mode, size, colour)
    padded.paste(source, (0, 0))
    return padded


# Flat graphics (boards, cards, text) have a few thousand colours, all from anti-aliased edges; gradients
# and photos have tens of thousands. Below this count a 256-colour palette is visually lossless.
_PALETTE_MAX_COLOURS = 8192


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes for Discord: never square, palette when lossless enough, fast zlib level 1.

    Measured on the bench board (bench/render_toolkit.py: 1200x800, banner, 61 hexes, markers, three
    cards, legend; 1,848 colours) on this 2-core machine, best of 7:

    ==============================================  =========  ========
    method                                           time       size
    ==============================================  =========  ========
    RGB, zlib level 1                                18.2 ms    133 KiB
    RGB, level 6 (Pillow default)                    25.9 ms    111 KiB
    RGB, level 9                                     135 ms     107 KiB
    lossless WebP (method 0)                         20.7 ms     76 KiB
    octree 256 colours + level 6                     14.1 ms     43 KiB
    median cut 256 colours + level 1                 42.9 ms     65 KiB
    count colours + octree 256 + level 1 (chosen)    10.8 ms     61 KiB
    ==============================================  =========  ========

    Counting colours costs about 2 ms. The fast octree quantizer changes an image of a few dozen flat
    colours by at most 1/255 per channel and this board by 1/255 on average (up to ~15/255 on
    anti-aliased edges, invisible); it would posterize
    gradients and photos, which have more than `_PALETTE_MAX_COLOURS` colours and stay RGB. Level 1 is
    chosen over 6 because CPU is the scarce resource (2 cores, renders in threads) and 18 KiB more
    upload is negligible; all results are far below Discord's 10 MiB limit.
    """
    img = ensure_not_square(img)
    if img.mode in ("RGB", "RGBA") and img.getcolors(_PALETTE_MAX_COLOURS) is not None:
        img = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    img.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()
