"""Text that does not fit where it is drawn: a watcher over every text run (`renderers.text.draw_line`, which
all text passes), the blocks given a width (`renderers.text.draw_text`), the crops that cut a tall canvas
down to what was drawn, and the news and result strips, which must show their whole text."""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import Image, ImageDraw

from renderers import strips
from renderers import text as text_module
from renderers import toolkit as tk

Box = tuple[int, int, int, int]
SLACK = 2
"""Pixels of anti-aliasing and bold stroke a glyph may spread past its advance width."""


def _ink_box(xy: Any, line: str, size: int, anchor: str, stroke: float) -> Box:
    mask, left, top = text_module._line_mask(line, size, anchor, stroke)  # noqa: SLF001 - the drawn pixels
    bbox = mask.getbbox()
    if bbox is None:
        return (0, 0, 0, 0)
    x, y = int(xy[0]) + left, int(xy[1]) + top
    return (x + bbox[0], y + bbox[1], x + bbox[2], y + bbox[3])


@contextmanager
def watching(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Yield the list of problems found while drawing inside the block (empty when all text fits)."""
    problems: list[str] = []
    drawn: dict[int, list[tuple[str, Box]]] = {}
    original_line, original_text, original_crop = text_module.draw_line, text_module.draw_text, Image.Image.crop
    original_news, original_outcome = strips.draw_news, strips.draw_outcome

    def line(draw: ImageDraw.ImageDraw, xy: Any, string: str, size: int, fill: Any, anchor: str, stroke: float) -> None:
        image = draw._image  # noqa: SLF001 - the image drawn on
        box = _ink_box(xy, string, size, anchor, stroke)
        if box[2] > box[0] and (box[0] < 0 or box[1] < 0 or box[2] > image.width or box[3] > image.height):
            problems.append(f"{string!r} drawn past the image edge: {box} on {image.size}")
        if id(image) not in drawn:  # ids are reused once an image is gone: forget its text with it
            weakref.finalize(image, drawn.pop, id(image), None)
        drawn.setdefault(id(image), []).append((string, box))
        original_line(draw, xy, string, size, fill, anchor, stroke)

    def text(img: Image.Image, xy: Any, string: str, size: int, **kwargs: Any) -> tk.Box:
        box = original_text(img, xy, string, size, **kwargs)
        width = kwargs.get("max_width")
        if width is not None and box[2] - box[0] > width + SLACK:
            problems.append(f"{string!r} is {box[2] - box[0]} px wide in a {width} px width")
        return box

    def crop(image: Image.Image, box: Any = None) -> Image.Image:
        if box is not None:
            x0, y0, x1, y1 = box
            for string, (a, b, c, d) in drawn.get(id(image), []):
                inside = a >= x0 and b >= y0 and c <= x1 and d <= y1
                outside = c <= x0 or a >= x1 or d <= y0 or b >= y1
                if not (inside or outside):
                    problems.append(f"{string!r} cut by the crop {tuple(box)}")
        return original_crop(image, box)

    def news(img: Image.Image, ctx: Any, box: tk.Box, string: str, **kwargs: Any) -> None:
        _whole(string, strips.news_room(ctx, box, marker=kwargs.get("marker") is not None, label=kwargs.get("label")),
               tk.SIZE_SMALL, problems)
        original_news(img, ctx, box, string, **kwargs)

    def outcome(img: Image.Image, ctx: Any, box: tk.Box, result: Any, style_of: Any, *, size: int = tk.SIZE_BODY) -> None:
        _whole(tk.localize(ctx, result.summary), strips.outcome_room(ctx, box, result, size), size, problems, bold=True)
        original_outcome(img, ctx, box, result, style_of, size=size)

    monkeypatch.setattr(text_module, "draw_line", line)
    monkeypatch.setattr(text_module, "draw_text", text)
    monkeypatch.setattr(tk, "draw_text", text)
    monkeypatch.setattr(Image.Image, "crop", crop)
    monkeypatch.setattr(strips, "draw_news", news)
    monkeypatch.setattr(strips, "draw_outcome", outcome)
    yield problems


def _whole(string: str, room: tuple[int, int], size: int, problems: list[str], *, bold: bool = False) -> None:
    width, lines = room
    needed = len(tk.wrap_text(string, size, max(1, width), bold=bold))
    if needed > lines:
        problems.append(f"{string!r} needs {needed} lines where {lines} fit")
