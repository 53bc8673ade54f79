"""ART OF WAR cards as panels: the hand (private image) and the `/artofwar cards` sheets.

A panel shows what a player needs to decide with the card: its name (a KING with its edition name),
attack, defence upright and sideways, its rear support, and its reach drawn on a grid. The sheets come
in two pages — the five basic units with their supports, and the edition's KINGs — each an 800 px wide,
never-square image.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.artofwar.cards import EDITION
from engine.artofwar.views import catalogue, unit_view
from engine.core.types import T
from renderers import toolkit as tk
from renderers.artofwar_parts import LETTERS, grid_height, local, reach_grid, say, stats_text
from renderers.base import RenderContext
from renderers.kinds import image_kind

PAD = 16
GAP = 12
COLUMNS = 2
CARD_WIDTH = (tk.CANVAS_WIDTH - 2 * PAD - GAP) // COLUMNS
CARD_HEIGHT = 206
GRID_WIDTH = 150
HEADER = 60
KING_SUPPORT = T("後方支援: どの基本ユニットの効果としても使える(入国はできない)。",
                 "Rear support: any basic unit's effect (it can never enter the kingdom).")


def card_title(ctx: RenderContext, unit: Mapping[str, Any], king: bool) -> str:
    name = local(ctx, unit["name"])
    return f"KING {name}" if king else name


def card_body(ctx: RenderContext, unit: Mapping[str, Any], support: Mapping[str, str] | None) -> str:
    """Numbers, then `support`: a basic unit's printed support, the KING's recommended deck on the
    KINGs sheet, or (None) the KING's "any" support in a hand."""
    text = local(ctx, support) if support is not None else tk.localize(ctx, KING_SUPPORT)
    return f"{stats_text(ctx, unit)}\n{text}"


def recommended_text(ctx: RenderContext, king_id: str) -> dict[str, str]:
    """The KING's recommended deck, as the sheet's second paragraph (`deck:` is how to pick it)."""
    counts = EDITION.king(king_id).deck or {}
    cards = " ".join(f"{kind[0].upper()}{count}" for kind, count in counts.items() if count)
    return {"ja": f"おすすめデッキ(deck:{king_id}): {cards}", "en": f"Recommended deck (deck:{king_id}): {cards}"}


def draw_unit_card(img: tk.Picture, box: tk.Box, ctx: RenderContext, unit: Mapping[str, Any], *,
                   king: bool, support: Mapping[str, str] | None, count: int = 1) -> None:
    """One card: title bar, numbers and support on the left, the reach grid on the right. `count` > 1
    adds "×n" to the title (a hand holding several of a kind)."""
    x0, y0, x1, y1 = box
    title = card_title(ctx, unit, king) + (f" ×{count}" if count > 1 else "")
    top = tk.draw_card(img, box, title)
    grid_box = (x1 - GRID_WIDTH - 8, top + 8, x1 - 8, top + 8 + grid_height(GRID_WIDTH))
    reach_grid(img, grid_box, unit["reach"], LETTERS["king" if king else unit["id"]])
    tk.draw_text(img, (grid_box[0] + GRID_WIDTH / 2, grid_box[3] + 2), say(ctx, "射程", "Reach"), tk.SIZE_SMALL,
                 fill=tk.MUTED_INK, anchor="mt")
    room = y1 - top - 12
    tk.draw_text(img, (x0 + 10, top + 6), card_body(ctx, unit, support), tk.SIZE_SMALL, anchor="lt",
                 max_width=grid_box[0] - x0 - 20, max_lines=max(1, room // tk.line_height(tk.SIZE_SMALL)))


def card_rows(count: int) -> int:
    return (count + COLUMNS - 1) // COLUMNS


def card_box(index: int, top: int) -> tk.Box:
    row, column = divmod(index, COLUMNS)
    x = PAD + column * (CARD_WIDTH + GAP)
    y = top + row * (CARD_HEIGHT + GAP)
    return (x, y, x + CARD_WIDTH, y + CARD_HEIGHT)


def cards_height(count: int) -> int:
    return card_rows(count) * (CARD_HEIGHT + GAP) - GAP


def sheet(ctx: RenderContext, title: str, note: str, cards: Sequence[tuple[Mapping[str, Any], bool, Mapping[str, str] | None]]) -> tk.Picture:
    """A page of card panels under a title and one line of explanation."""
    img = tk.new_canvas(HEADER + 44 + cards_height(len(cards)) + PAD)
    tk.draw_banner(img, ctx, "", title=title)
    tk.draw_text(img, (PAD, HEADER + 4), note, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lt",
                 max_width=tk.CANVAS_WIDTH - 2 * PAD, max_lines=1)
    for index, (unit, king, support) in enumerate(cards):
        draw_unit_card(img, card_box(index, HEADER + 44), ctx, unit, king=king, support=support)
    return tk.ensure_not_square(img)


def units_sheet(ctx: RenderContext) -> tk.Picture:
    units = catalogue()
    cards = [(unit, False, unit["support_text"]) for unit in units.values()]
    note = say(ctx, "黒いマスが射程(上が前)。基本ユニットの能力は固定です。", "Black squares are in reach (up is forward). Basic units never change.")
    return sheet(ctx, say(ctx, "アート・オブ・ウォー 基本ユニット", "ART OF WAR — basic units"), note, cards)


def kings_sheet(ctx: RenderContext) -> tk.Picture:
    cards = [(unit_view(king), True, recommended_text(ctx, king.id)) for king in EDITION.kings.values()]
    note = say(ctx, "このボットの版のKING。後方支援はどの効果にもなる。黒いマスが射程(上が前)。",
               "This bot's edition. A KING's rear support is any effect. Black squares: reach (up is forward).")
    return sheet(ctx, say(ctx, "アート・オブ・ウォー KING", "ART OF WAR — KINGs"), note, cards)


@image_kind("artofwar cards")
def cards_pages(ctx: RenderContext) -> tuple[Image.Image, Image.Image]:
    """The `/artofwar cards` images: the basic units, then the KINGs."""
    return units_sheet(ctx), kings_sheet(ctx)
