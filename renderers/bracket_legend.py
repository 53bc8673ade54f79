"""The legend under a bracket image, and the marks it explains: the triangle of a side that goes through,
the frame of a match in play, and the dark letter tags of how a match was decided when not by play
(`MARKED`), each shown only when the bracket has one. Shared by `renderers.bracket`, which draws the same
marks on the matches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from renderers import toolkit as tk
from renderers.bracket_layout import PAD, ROW

if TYPE_CHECKING:
    from renderers.bracket import BracketTexts

MARKED = ("walkover", "withdrawal", "settled")

Item = tuple[str, str, str]
"""(symbol kind: "advance", "playing" or "mark"; the code of a mark; the meaning)."""


def legend_items(matches: Sequence[Any], format_: str, texts: BracketTexts) -> list[Item]:
    items: list[Item] = [("advance", "", texts.advances)]
    if any(match.status == "playing" for match in matches):
        items.append(("playing", "", texts.in_play))
    if any(len(match.sides) > 2 for match in matches):
        items.append(("text", "", texts.place))
    for way in MARKED:
        if any(match.decided_by == way for match in matches):
            code, meaning = texts.marks[way]
            items.append(("mark", code, meaning))
    if format_ == "swiss_cut":
        items.append(("text", "", texts.results_note))
    return items


def _item_width(item: Item) -> int:
    kind, code, meaning = item
    symbol = tag_width(code) if kind == "mark" else 0 if kind == "text" else 22
    return symbol + (8 if symbol else 0) + tk.text_width(meaning, tk.SIZE_SMALL)


def _legend_rows(items: Sequence[Item]) -> list[list[Item]]:
    rows: list[list[Item]] = [[]]
    used = 0
    for item in items:
        width = min(_item_width(item), tk.CANVAS_WIDTH - 2 * PAD)
        if rows[-1] and used + width > tk.CANVAS_WIDTH - 2 * PAD:
            rows.append([])
            used = 0
        rows[-1].append(item)
        used += width + 20
    return rows


def legend_height(items: Sequence[Item]) -> int:
    return len(_legend_rows(items)) * ROW


def draw_legend(img: tk.Picture, items: Sequence[Item], top: int) -> None:
    draw = tk.drawing(img)
    for row, entries in enumerate(_legend_rows(items)):
        x, middle = PAD, top + row * ROW + ROW / 2
        for kind, code, meaning in entries:
            if kind == "advance":
                triangle(img, x + 4, middle)
                x += 22
            elif kind == "playing":
                draw.rectangle((x, middle - 8, x + 16, middle + 8), outline=tk.INK, width=3)
                x += 22
            elif kind == "mark":
                x = tag(img, (x, middle), code) + 8
            end = tk.draw_text(img, (x, middle), meaning, tk.SIZE_SMALL, anchor="lm", fill=tk.MUTED_INK,
                               max_width=tk.CANVAS_WIDTH - PAD - x, max_lines=1)[2]
            x = end + 20


def tag_width(code: str) -> int:
    return tk.text_width(code, tk.SIZE_SMALL, bold=True) + 12


def tag(img: tk.Picture, xy: tuple[float, float], code: str) -> int:
    """A mark's code on a dark rounded tag (its shape tells it from a score); returns its right edge."""
    width = tag_width(code)
    box = (round(xy[0]), round(xy[1] - 12), round(xy[0] + width), round(xy[1] + 12))
    tk.drawing(img).rounded_rectangle(box, radius=6, fill=tk.INK)
    tk.draw_text(img, ((box[0] + box[2]) / 2, xy[1]), code, tk.SIZE_SMALL, fill=tk.WHITE, anchor="mm", bold=True)
    return box[2]


def triangle(img: tk.Picture, x: float, middle: float) -> None:
    tk.drawing(img).polygon([(x, middle - 7), (x + 10, middle), (x, middle + 7)], fill=tk.INK)
