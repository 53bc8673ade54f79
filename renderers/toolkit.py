"""Drawing helpers shared by every game renderer (Pillow).

Why one toolkit: every board must follow the same house rules — readable on a phone, never square,
colour always paired with a letter or a shape, Japanese rendered with the right font, small images — and
the cheapest way to get that right fifteen times is to get it right once here.

Typical use inside a renderer::

    from engine.core.types import T
    from renderers import toolkit as tk

    def board(self, view, ctx):
        img = tk.cached_layer(("mygame", "bg"), lambda: tk.new_canvas(800))
        top = tk.draw_banner(img, ctx, tk.localize(ctx, T("第3ラウンド", "Round 3")), waiting=[0])
        tk.draw_marker(img, (100, top + 60), 48, tk.seat_style(0))
        tk.draw_text(img, (140, top + 60), "騎兵 Cavalry", tk.SIZE_BODY, anchor="lm")
        return img          # encoded for Discord with tk.encode_image(img)

Coordinates are pixels on a canvas `CANVAS_WIDTH` wide; canvases are RGB (no alpha: smaller files). They
are 1× pixels at every density: draw shapes with `drawing(img)` (not `ImageDraw.Draw`), text with
`draw_text`, sprites with `draw_marker` or at `scale_of(img)` times their size, and the same code draws the
live board's 2× picture (`renderers.density`).
The kit is assembled from `renderers.text` (sizes, wrapping, drawing text), `renderers.markers` (seat
shapes, hexes, highlights) and `renderers.output` (cached layers, never-square images, WebP encoding);
the composite widgets (banner, seat frames, pills, cards, legends) live here; the strips that tell the last
step and the result are in `renderers.strips`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.core.types import Frame, T, Text
from renderers.base import RenderContext
from renderers.density import Drawer, Picture, drawing, new_image, scale_of
from renderers.fonts import drawable, font, missing_glyphs
from renderers.markers import (
    MARKER,
    draw_highlight,
    draw_marker,
    hex_centre,
    hex_points,
    marker_letter_size,
    marker_sprite,
    shape_points,
)
from renderers.output import IMAGE_SUFFIX, cached_layer, encode_image, ensure_not_square
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
from renderers.text import (
    LINE_SPACING,
    PHONE_MIN_TEXT,
    PHONE_WIDTH,
    SIZE_BODY,
    SIZE_SMALL,
    SIZE_TITLE,
    Box,
    Point,
    draw_text,
    line_height,
    measure_text,
    min_text_size,
    text_width,
    wrap_text,
)

__all__ = [
    "BACKGROUND", "BANNER_HEIGHT", "CANVAS_WIDTH", "HIGHLIGHT", "HIGHLIGHT_EDGE", "INK", "LINE",
    "LINE_SPACING", "MARKER", "MUTED_INK", "PANEL", "PANEL_HEADER", "PHONE_MIN_TEXT", "PHONE_WIDTH",
    "SEAT_STYLES", "SIZE_BODY", "SIZE_SMALL", "SIZE_TITLE", "TEAM_STYLES", "WHITE", "Box", "Point", "Style",
    "Drawer", "Picture", "cached_layer", "card_header_height", "card_title_lines", "draw_banner", "draw_card", "draw_highlight",
    "draw_legend", "draw_marker", "draw_pill", "draw_seat_frame", "draw_text", "drawing",
    "IMAGE_SUFFIX", "drawable", "encode_image", "ensure_not_square", "font", "hex_centre", "hex_points", "line_height",
    "localize", "marker_letter_size", "marker_sprite", "measure_text", "min_text_size", "missing_glyphs",
    "new_canvas", "scale_of", "seat_style", "shape_points", "team_style", "text_width", "wrap_text",
]

CANVAS_WIDTH = 800  # the phone-readable width: see `renderers.text`
BANNER_HEIGHT = 56


def localize(ctx: RenderContext, text: Text) -> str:
    """A bilingual engine text in the viewer's language with seat names filled in."""
    return text.render(ctx.locale, dict(enumerate(ctx.seat_names)))


def with_seat_names(ctx: RenderContext, players: int, fallback: Callable[[int], str]) -> RenderContext:
    """The context with a name for every seat: `fallback(seat)` (a game's word for the seat, such as its
    colour) where the platform gave none, so no `{s0}` placeholder is ever left in a drawn text."""
    names = [ctx.seat_names[seat] if seat < len(ctx.seat_names) and ctx.seat_names[seat] else fallback(seat)
             for seat in range(players)]
    return replace(ctx, seat_names=tuple(names))


def new_canvas(height: int, width: int = CANVAS_WIDTH, colour: RGB = BACKGROUND) -> Picture:
    """A blank RGB board of the recommended phone width (in 1× pixels, drawn at the current density:
    `renderers.density`)."""
    return new_image("RGB", (width, height), colour)


# --------------------------------------------------------------------------- composite widgets


def draw_banner(
    img: Picture,
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
    draw = drawing(img)
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


def draw_seat_frame(img: Picture, box: Box, seat: int, frame: Frame) -> bool:
    """Frame a seat's own area (its panel, header or row) with the double frame when the game waits for
    that seat now; returns whether it did.

    Every board passes each seat's area here, so the frame means one thing on every board: this seat
    must decide now (several at once in a simultaneous window). Who that is comes from the frame's
    awaited decisions, which the platform hands the renderer; what the last step did is told by the
    news strip and the outlines of the places it touched, never by a seat's frame.
    """
    if frame.outcome is not None or seat not in frame.awaited_seats:
        return False
    draw_highlight(img, box)
    return True


def draw_pill(img: Picture, xy: Point, text: str, *, fill: RGB = INK, ink: RGB = WHITE,
              size: int = SIZE_SMALL, anchor: str = "lm") -> Box:
    """A word on a rounded tag (initiative, turn, buying, result): the word itself is the cue, not a colour.

    `anchor` is "l", "m" or "r" for the tag's left edge, middle or right edge at `xy`; returns its box.
    """
    width = text_width(text, size, bold=True) + 24
    height = line_height(size) + 2
    x0 = xy[0] - {"l": 0, "m": width / 2, "r": width}[anchor[0]]
    y0 = xy[1] - height / 2
    box = (round(x0), round(y0), round(x0 + width), round(y0 + height))
    drawing(img).rounded_rectangle(box, radius=height // 2, fill=fill, outline=INK, width=2)
    draw_text(img, (box[0] + width / 2, xy[1]), text, size, fill=ink, anchor="mm", bold=True)
    return box


def _badge(img: Picture, centre: Point, diameter: int, value: str, *, shape: str) -> None:
    """A number in a circle (cost: white disc) or a rounded square (points: ink tile)."""
    draw = drawing(img)
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
    img: Picture,
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
    draw = drawing(img)
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
    img: Picture,
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
