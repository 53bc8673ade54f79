"""Walpurgis drawing pieces shared by the board, the hand and the card sheets.

Everything here draws from the view (engine/walpurgis/VIEW.md) and the printed cards it carries; the
only static data read besides is the edition's character names, for the icon labels.

How a card's state reads on the field without colour: a 陣 is a card, tall when upright and wide when
sideways; face up it shows its name on a white face, face down it shows the owner's card back (the
seat's colour, a lattice and the seat's marker) with the word for its state; a danmaku is a small card
turned 45° (the rulebook draws danmaku diagonally), a white face with the card id when face up, the
owner's card back with the seat's letter when face down. The owner is always the seat's colour plus its
letter or marker shape.

An action matrix is a 5 × 5 grid read from the owner's side, the card at the centre (a ring): an
activation square is solid ink, a danmaku target a diamond, a destruction square a cross, a square that
is both a diamond with a cross.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


from engine.core.types import Event, Frame, Text
from engine.walpurgis.cards import EDITION
from renderers import toolkit as tk
from renderers.base import RenderContext

View = Mapping[str, Any]
SIZE = 5
COLUMNS = "abcde"
CARD_MARKER = 32
"""The marker on a face-down card: its letter is still at the phone-readable floor at this size."""
STATE_WORDS = {
    "act": ("活動", "Active"),
    "dor": ("休眠", "Dormant"),
    "up": ("", ""),
    "fire": ("発動中", "Activated"),
}


def say(ctx: RenderContext, ja: str, en: str) -> str:
    """A one-off bilingual label (no seat names in it)."""
    return ja if ctx.ja else en


def local(ctx: RenderContext, text: Mapping[str, str] | Text) -> str:
    """A `{ja, en}` mapping from the view (or a Text) in the reader's language."""
    if isinstance(text, Text):
        return tk.localize(ctx, text)
    return text["ja"] if ctx.ja else text["en"]


def other(ctx: RenderContext, text: Mapping[str, str]) -> str:
    """The same text in the other language (card names are shown in both)."""
    return text["en"] if ctx.ja else text["ja"]


@dataclass(frozen=True, slots=True)
class Scene:
    """One frame seen by one reader, seat names always filled in."""

    frame: Frame
    ctx: RenderContext

    @classmethod
    def of(cls, frame: Frame, ctx: RenderContext) -> "Scene":
        return cls(frame, tk.with_seat_names(ctx, 2, lambda seat: say(ctx, f"{seat + 1}番目の席", f"Seat {seat + 1}")))

    @property
    def view(self) -> View:
        return self.frame.view

    def player(self, seat: int) -> View:
        return self.view["players"][seat]

    def name(self, seat: int) -> str:
        return self.ctx.seat_names[seat]

    @staticmethod
    def style(seat: int) -> tk.Style:
        return tk.seat_style(seat)

    def card(self, cid: str) -> View:
        return self.view["cards"][cid]

    def card_name(self, cid: str) -> str:
        return local(self.ctx, self.card(cid)["name"])


def index_of(square: str | int) -> int | None:
    """A square's index (row-major from 1a) from its name or index; None for anything else."""
    if isinstance(square, int):
        return square if 0 <= square < SIZE * SIZE else None
    if isinstance(square, str) and len(square) == 2 and square[0] in "12345" and square[1] in COLUMNS:
        return (int(square[0]) - 1) * SIZE + COLUMNS.index(square[1])
    return None


def marked_squares(events: Iterable[Event]) -> set[int]:
    """The squares the last step touched (the events' `square`/`squares` data), to outline."""
    found: set[int] = set()
    for event in events:
        data = event.data or {}
        places = list(data.get("squares") or []) + ([data["square"]] if "square" in data else [])
        found.update(index for index in map(index_of, places) if index is not None)
    return found


def character_names(ctx: RenderContext, icons: Iterable[str]) -> str:
    names = [local(ctx, EDITION.characters[key].name) if key in EDITION.characters else key for key in icons]
    return ("・" if ctx.ja else ", ").join(names)


# --------------------------------------------------------------------------- cards on the field


def card_back(img: tk.Picture, box: tk.Box, style: tk.Style) -> None:
    """A face-down card: the owner's colour with a lattice (the back), so it never reads as a face."""
    draw = tk.drawing(img)
    draw.rounded_rectangle(box, radius=8, fill=style.colour, outline=tk.INK, width=2)
    x0, y0, x1, y1 = box
    for offset in range(-(y1 - y0), x1 - x0, 16):
        start = (x0 + max(offset, 0) + 3, y0 + max(-offset, 0) + 3)
        length = min(x1 - 3 - start[0], y1 - 3 - start[1])
        if length > 0:
            draw.line((start, (start[0] + length, start[1] + length)), fill=style.ink, width=1)
    draw.rounded_rectangle((x0 + 6, y0 + 6, x1 - 6, y1 - 6), radius=6, outline=style.ink, width=1)


def draw_jin(img: tk.Picture, scene: Scene, centre: tk.Point, piece: View, width: int, height: int) -> None:
    """One 陣: tall when upright (active, face up), wide when sideways (dormant, activated). A face-down
    陣 shows its back; its id only when the view gives it (its owner's own private image)."""
    ctx = scene.ctx
    sideways = piece["state"] in ("dor", "fire")
    w, h = (height, width) if sideways else (width, height)
    cx, cy = centre
    box = (round(cx - w / 2), round(cy - h / 2), round(cx + w / 2), round(cy + h / 2))
    style = scene.style(piece["owner"])
    word = say(ctx, *STATE_WORDS[piece["state"]])
    if piece["state"] in ("act", "dor"):
        card_back(img, box, style)
        tk.draw_marker(img, (cx, cy - 14), CARD_MARKER, style)
        tk.draw_pill(img, (cx, box[3] - 16), piece["card"] or word, fill=tk.PANEL, ink=tk.INK, anchor="m")
        return
    draw = tk.drawing(img)
    draw.rounded_rectangle(box, radius=8, fill=tk.PANEL, outline=style.colour, width=5)
    draw.rounded_rectangle(box, radius=8, outline=tk.INK, width=1)
    band = tk.line_height(tk.SIZE_SMALL) + 2
    draw.rounded_rectangle((box[0], box[1], box[2], box[1] + band), radius=8, fill=style.colour, corners=(True, True, False, False))
    tk.draw_text(img, (cx, box[1] + band / 2), f"{style.letter} {piece['card']}", tk.SIZE_SMALL, fill=style.ink, anchor="mm",
                 bold=True, max_width=w - 6, max_lines=1)
    room = box[3] - box[1] - band - (30 if word else 4)
    lines = max(1, room // tk.line_height(tk.SIZE_SMALL))
    tk.draw_text(img, (cx, box[1] + band + 2), scene.card_name(piece["card"]), tk.SIZE_SMALL, anchor="mt", max_width=w - 8,
                 max_lines=lines)
    if word:
        tk.draw_pill(img, (cx, box[3] - 16), word, anchor="m")


def draw_danmaku(img: tk.Picture, scene: Scene, centre: tk.Point, piece: View, diagonal: int) -> None:
    """One danmaku: a card turned 45°, face up (white, its id) or face down (the owner's back, letter)."""
    style = scene.style(piece["owner"])
    cx, cy = centre
    r = diagonal / 2
    points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    draw = tk.drawing(img)
    if piece["state"] == "dm":
        draw.polygon(points, fill=style.colour, outline=tk.INK, width=2)
        inner = [(cx, cy - r + 7), (cx + r - 7, cy), (cx, cy + r - 7), (cx - r + 7, cy)]
        draw.polygon(inner, outline=style.ink, width=1)
        tk.draw_text(img, (cx, cy), style.letter, tk.SIZE_SMALL, fill=style.ink, anchor="mm", bold=True)
        return
    draw.polygon(points, fill=tk.PANEL, outline=style.colour, width=5)
    draw.polygon(points, outline=tk.INK, width=1)
    tk.draw_text(img, (cx, cy - 14), style.letter, tk.SIZE_SMALL, fill=tk.INK, anchor="mm", bold=True)
    tk.draw_text(img, (cx, cy + 6), piece["card"] or "", tk.SIZE_SMALL, fill=tk.INK, anchor="mm", bold=True)


# --------------------------------------------------------------------------- action matrices


def draw_matrix(img: tk.Picture, box: tk.Box, matrix: View) -> None:
    """A card's 5 × 5 action matrix as printed: read from its owner's side, the farthest row on top."""
    x0, y0, x1, y1 = box
    cell = min((x1 - x0) / SIZE, (y1 - y0) / SIZE)
    draw = tk.drawing(img)
    for r, row in enumerate(matrix["rows"]):
        for c, mark in enumerate(row):
            left, top = x0 + c * cell, y0 + r * cell
            square = (left, top, left + cell, top + cell)
            draw.rectangle(square, fill=tk.PANEL, outline=tk.LINE, width=1)
            draw_mark(draw, square, mark)


def draw_mark(draw: tk.Drawer, square: tuple[float, float, float, float], mark: str) -> None:
    left, top, right, bottom = square
    cell = right - left
    inset = max(2.0, cell * 0.18)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    if mark == "a":
        draw.rectangle((left + 2, top + 2, right - 2, bottom - 2), fill=tk.INK)
    if mark in ("d", "b"):
        r = cell / 2 - inset / 2
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=tk.LINE, outline=tk.INK)
    if mark in ("x", "b"):
        width = max(2, round(cell / 8))
        draw.line((left + inset, top + inset, right - inset, bottom - inset), fill=tk.INK, width=width)
        draw.line((left + inset, bottom - inset, right - inset, top + inset), fill=tk.INK, width=width)
    if mark == "o":
        draw.ellipse((left + inset, top + inset, right - inset, bottom - inset), outline=tk.INK, width=max(2, round(cell / 8)))


MATRIX_LEGEND = (
    ("a", ("発動マス", "activation")),
    ("d", ("弾幕の対象", "danmaku target")),
    ("x", ("破壊マス", "destruction")),
    ("o", ("このカード", "this card")),
)


def draw_matrix_legend(img: tk.Picture, ctx: RenderContext, xy: tk.Point, max_width: int) -> int:
    """One row explaining the matrix marks; returns the y below it."""
    x, y = xy
    cell = 22
    row_h = tk.line_height(tk.SIZE_SMALL) + 4
    draw = tk.drawing(img)
    for mark, words in MATRIX_LEGEND:
        label = say(ctx, *words)
        entry = cell + 6 + tk.text_width(label, tk.SIZE_SMALL) + 16
        if x > xy[0] and x + entry > xy[0] + max_width:
            x, y = xy[0], y + row_h
        square = (x, y + (row_h - cell) / 2, x + cell, y + (row_h + cell) / 2)
        draw.rectangle(square, fill=tk.PANEL, outline=tk.LINE)
        draw_mark(draw, square, mark)
        x = tk.draw_text(img, (x + cell + 6, y + row_h / 2), label, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2] + 16
    return round(y + row_h)
