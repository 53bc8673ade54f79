"""ART OF WAR drawing pieces shared by the board, the hand and the card sheets.

A unit is always named by its printed name (KINGs also by their edition name), never by a colour. Each
kind of card also has a letter (S, A, P, G, W, K), the one deck codes use, so a short mention stays
unambiguous. Reach is drawn as a small grid: the unit's own square at the bottom (a circle holding its
letter), the squares it reaches above it (solid ink squares), rows counted forward.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


from engine.core.types import Event, Frame, T, Text
from renderers import toolkit as tk
from renderers.base import RenderContext

View = Mapping[str, Any]
KINDS = ("soldier", "archier", "priest", "guardian", "wizard")
LETTERS = {"soldier": "S", "archier": "A", "priest": "P", "guardian": "G", "wizard": "W", "king": "K"}
GRID_COLUMNS, GRID_ROWS = 5, 4
"""Reach offsets go 2 columns to each side and 3 rows forward: a 5 × 4 grid with the unit at the bottom."""


def say(ctx: RenderContext, ja: str, en: str) -> str:
    """A one-off bilingual label (no seat names in it)."""
    return ja if ctx.ja else en


def local(ctx: RenderContext, text: Mapping[str, str] | Text) -> str:
    """A `{ja, en}` mapping from the view (or a Text) in the reader's language."""
    if isinstance(text, Text):
        return tk.localize(ctx, text)
    return text["ja"] if ctx.ja else text["en"]


@dataclass(frozen=True, slots=True)
class Scene:
    """One frame seen by one reader: seat names always filled in (the seat's number where the platform
    gave none), seat styles, and the view."""

    frame: Frame
    ctx: RenderContext

    @classmethod
    def of(cls, frame: Frame, ctx: RenderContext) -> "Scene":
        return cls(frame, tk.with_seat_names(ctx, 2, lambda seat: say(ctx, f"{seat + 1}番目の席", f"Seat {seat + 1}")))

    @property
    def view(self) -> View:
        return self.frame.view

    def seat(self, seat: int) -> View:
        return self.view["seats"][seat]

    def name(self, seat: int) -> str:
        return self.ctx.seat_names[seat]

    def style(self, seat: int) -> tk.Style:
        return tk.seat_style(seat)

    def say(self, ja: str, en: str) -> str:
        return tk.localize(self.ctx, T(ja, en))


def unit_name(ctx: RenderContext, view: View, card: str) -> str:
    """A card's printed name; the KING as "KING" (its edition name is drawn beside it)."""
    if card == "king":
        return "KING"
    return local(ctx, view["units"][card]["name"])


def attack_text(ctx: RenderContext, unit: View) -> str:
    """The printed attack: a number, or the SOLDIER's X (the hand size when it attacks)."""
    if unit["attack"] is None:
        return say(ctx, "手札の枚数", "hand size")
    return str(unit["attack"])


def stats_text(ctx: RenderContext, unit: View) -> str:
    upright, sideways = unit["defence"]
    return say(ctx, f"攻撃 {attack_text(ctx, unit)}  防御 {upright}/{sideways}(縦/横)",
               f"Attack {attack_text(ctx, unit)}  Defence {upright}/{sideways} (up/side)")


# --------------------------------------------------------------------------- highlights


@dataclass(frozen=True, slots=True)
class Marks:
    """What the last step touched: battlefield squares per seat, and standby / kingdom areas per seat."""

    squares: frozenset[tuple[int, str]] = frozenset()
    standby: frozenset[int] = frozenset()
    kingdom: frozenset[int] = frozenset()


def marks(events: Iterable[Event]) -> Marks:
    """The places the last step's public events name, from their `data` (engine/artofwar/VIEW.md)."""
    squares: set[tuple[int, str]] = set()
    standby: set[int] = set()
    kingdom: set[int] = set()
    for event in events:
        data = event.data
        kind, seat = data.get("kind"), data.get("seat")
        if seat is None:
            continue
        if kind in ("attack", "cancelled"):
            squares |= {(seat, data["from"]), (1 - seat, data["to"])}
        elif kind in ("deploy", "put", "exchange", "rotate", "place", "conscript", "move", "forward"):
            squares.add((seat, data["to"]))
        elif kind in ("damage", "captured", "destroyed"):
            squares.add((seat, data["square"]))
        elif kind == "support":
            standby.add(seat)
            args = data.get("args") or []
            if data.get("effect") == "archier" and args:
                squares.add((1 - seat, args[0]))
            elif data.get("effect") == "priest" and len(args) == 2:
                squares |= {(seat, args[0]), (seat, args[1])}
        if kind in ("standby", "rotate", "negated", "cancelled", "conscript") and seat is not None:
            standby.add(seat if kind != "cancelled" else 1 - seat)
        if kind in ("enter", "kingdom"):
            kingdom.add(seat)
        if kind == "captured":
            kingdom.add(data["by"])
    return Marks(frozenset(squares), frozenset(standby), frozenset(kingdom))


# --------------------------------------------------------------------------- reach grid


def reach_grid(img: tk.Picture, box: tk.Box, reach: Iterable[Iterable[int]], letter: str | None, *,
               turned: bool = False) -> None:
    """The reach pattern in `box`: the unit's square at the bottom centre (a circle, with the card's
    letter when there is room for readable text), reached squares filled. `turned`: drawn upside down,
    for a unit of the player seated at the top of the board, whose forward is down the image."""
    x0, y0, x1, y1 = box
    cell = min((x1 - x0) / GRID_COLUMNS, (y1 - y0) / GRID_ROWS)
    left = x0 + ((x1 - x0) - cell * GRID_COLUMNS) / 2
    top = y0 + ((y1 - y0) - cell * GRID_ROWS) / 2
    draw = tk.drawing(img)
    reached = {(dx, dy) for dx, dy in reach}
    for row in range(GRID_ROWS):
        dy = row if turned else GRID_ROWS - 1 - row
        for column in range(GRID_COLUMNS):
            dx = (GRID_COLUMNS // 2 - column) if turned else (column - GRID_COLUMNS // 2)
            square = (left + column * cell + 1, top + row * cell + 1, left + (column + 1) * cell - 1, top + (row + 1) * cell - 1)
            fill = tk.INK if (dx, dy) in reached else tk.PANEL
            draw.rectangle(square, fill=fill, outline=tk.LINE, width=1)
            if (dx, dy) == (0, 0):
                inset = cell * 0.12
                draw.ellipse((square[0] + inset, square[1] + inset, square[2] - inset, square[3] - inset),
                             fill=tk.PANEL_HEADER, outline=tk.INK, width=2)
                if letter is not None:
                    tk.draw_text(img, ((square[0] + square[2]) / 2, (square[1] + square[3]) / 2), letter, tk.SIZE_SMALL,
                                 anchor="mm", bold=True)


def grid_height(width: int) -> int:
    """The height a reach grid takes at a given width (square cells)."""
    return round(width / GRID_COLUMNS * GRID_ROWS)
