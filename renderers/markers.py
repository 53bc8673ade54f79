"""Seat markers and shapes: colour always paired with a shape and a letter, hexes, highlights."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.density import Picture, drawing, scale_of
from renderers.fonts import bold_stroke, font
from renderers.palette import HIGHLIGHT, HIGHLIGHT_EDGE, INK, Style
from renderers.text import Box, Point, min_text_size

MARKER = 40
"""The usual seat marker: every seat and team shape holds its letter at `SIZE_SMALL` (`marker_letter_size`)."""


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


def draw_marker(img: Picture, centre: Point, size: int, style: Style) -> Box:
    """Draw a seat or team marker (coloured shape with an ink edge and the letter) centred at `centre`.

    A letter that would come out smaller than `min_text_size` is left out: unreadable on a phone, it
    would only be noise, and the colour and shape still tell the seat. `MARKER` keeps a Latin letter in
    every seat shape; a kanji in a triangle or a diamond needs a larger marker (`marker_letter_size`).
    On a canvas of a higher density the sprite is drawn that many times larger (whether the letter is
    kept is decided at 1×, so both pictures show the same).
    """
    if style.letter and marker_letter_size(style, size) < min_text_size(img.width):
        style = replace(style, letter="")
    sprite = marker_sprite(style, size * scale_of(img))
    left, top = round(centre[0] - size / 2), round(centre[1] - size / 2)
    img.paste(sprite, (left, top), sprite)
    return (left, top, left + size, top + size)


def draw_highlight(img: Picture, outline: Box | Sequence[Point], width: int = 4) -> None:
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
    draw = drawing(img)
    draw.line(closed, fill=HIGHLIGHT_EDGE, width=width + 4, joint="curve")
    draw.line(closed, fill=HIGHLIGHT, width=width, joint="curve")
