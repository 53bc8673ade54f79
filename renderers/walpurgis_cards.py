"""Walpurgis cards as panels: the hand (private image) and the `/walpurgis cards` sheets.

A panel shows what a player decides with: the name in the reader's language with the other language
under it, the id (what deck codes and the picker use), the character icons, the printed text (keywords,
condition, B/D/A/chain-end effects) and the action matrix — with the 速射 sub-matrix beside it when the
card has one. The sheets hold one character's cards, on two pages when they would be taller than a phone
shows at full width (`renderers.pages`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.walpurgis.cards import EDITION
from engine.walpurgis.views import card_json
from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.kinds import image_kind
from renderers.pages import max_height, page_label, split_rows
from renderers.walpurgis_parts import character_names, draw_matrix, draw_matrix_legend, local, other, say

PAD = 16
GAP = 12
COLUMNS = 2
CARD_WIDTH = (tk.CANVAS_WIDTH - 2 * PAD - GAP) // COLUMNS
GRID = 110
"""The matrix grid's side: 22 px squares."""
RAPID_GRID = 80
TEXT_WIDTH = CARD_WIDTH - GRID - 40
HEADER = 60
LEGEND = tk.line_height(tk.SIZE_SMALL) * 2 + 16
"""The matrix legend under a sheet's title, at most two lines."""
Card = Mapping[str, Any]


def card_title(card: Card, ctx: RenderContext, count: int = 1) -> str:
    return f"{local(ctx, card['name'])} ({card['id']})" + (f" ×{count}" if count > 1 else "")


def icons_text(ctx: RenderContext, card: Card) -> str:
    icons = character_names(ctx, card["icons"]) or say(ctx, "アイコンなし", "no icon")
    return (f"{local(ctx, card['caster'])} · " if card["caster"] else "") + icons


def grid_height(card: Card) -> int:
    """The matrix, and under it the 速射 sub-matrix with its label."""
    extra = 6 + tk.line_height(tk.SIZE_SMALL) + RAPID_GRID if card["rapid"] is not None else 0
    return 8 + GRID + extra


def text_height(ctx: RenderContext, card: Card) -> int:
    small = tk.line_height(tk.SIZE_SMALL)
    icons = len(tk.wrap_text(icons_text(ctx, card), tk.SIZE_SMALL, TEXT_WIDTH, bold=True, max_lines=2))
    body = len(tk.wrap_text(local(ctx, card["text"]), tk.SIZE_SMALL, TEXT_WIDTH))
    return 6 + small + 4 + icons * small + 6 + body * small


def card_height(ctx: RenderContext, card: Card, count: int = 1) -> int:
    """A panel just tall enough for its title, matrices and text."""
    header = tk.card_header_height(card_title(card, ctx, count), CARD_WIDTH)
    return header + max(grid_height(card), text_height(ctx, card)) + 12


def draw_card_panel(img: tk.Picture, box: tk.Box, ctx: RenderContext, card: Card, count: int = 1) -> None:
    """One card: title bar, its other-language name and icons, the matrix (and the 速射 sub-matrix) on
    the right, the printed text on the left."""
    x0, y0, x1, y1 = box
    top = tk.draw_card(img, box, card_title(card, ctx, count))
    grid_box = (x1 - GRID - 10, top + 8, x1 - 10, top + 8 + GRID)
    draw_matrix(img, grid_box, card["matrix"])
    if card["rapid"] is not None:
        rapid_top = grid_box[3] + 6
        tk.draw_text(img, (grid_box[0] + GRID / 2, rapid_top), say(ctx, "速射", "Rapid"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="mt")
        rapid_top += tk.line_height(tk.SIZE_SMALL)
        left = grid_box[0] + (GRID - RAPID_GRID) / 2
        draw_matrix(img, (left, rapid_top, left + RAPID_GRID, rapid_top + RAPID_GRID), card["rapid"])
    y = tk.draw_text(img, (x0 + 10, top + 6), other(ctx, card["name"]), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lt",
                     max_width=TEXT_WIDTH, max_lines=1)[3] + 4
    y = tk.draw_text(img, (x0 + 10, y), icons_text(ctx, card), tk.SIZE_SMALL, anchor="lt", bold=True, max_width=TEXT_WIDTH, max_lines=2)[3] + 6
    tk.draw_text(img, (x0 + 10, y), local(ctx, card["text"]), tk.SIZE_SMALL, anchor="lt", max_width=TEXT_WIDTH,
                 max_lines=max(1, (y1 - y - 6) // tk.line_height(tk.SIZE_SMALL)))


def row_heights(ctx: RenderContext, cards: Sequence[tuple[Card, int]]) -> list[int]:
    """Each row of panels as tall as its taller card."""
    return [max(card_height(ctx, card, count) for card, count in cards[start:start + COLUMNS])
            for start in range(0, len(cards), COLUMNS)]


def cards_height(ctx: RenderContext, cards: Sequence[tuple[Card, int]]) -> int:
    return sum(row_heights(ctx, cards)) + GAP * max(0, len(row_heights(ctx, cards)) - 1)


def panels(img: tk.Picture, ctx: RenderContext, cards: Sequence[tuple[Card, int]], top: int) -> int:
    """The panels two to a row from `top`; returns the y below the last row."""
    y = top
    for row, height in enumerate(row_heights(ctx, cards)):
        for column, (card, count) in enumerate(cards[row * COLUMNS:(row + 1) * COLUMNS]):
            x = PAD + column * (CARD_WIDTH + GAP)
            draw_card_panel(img, (x, y, x + CARD_WIDTH, y + height), ctx, card, count)
        y += height + GAP
    return y - GAP if cards else top


def sheet(ctx: RenderContext, title: str, cards: Sequence[Card]) -> tk.Picture:
    """A page of card panels under a title and the matrix legend."""
    counted = [(card, 1) for card in cards]
    img = tk.new_canvas(HEADER + LEGEND + cards_height(ctx, counted) + 2 * PAD)
    tk.draw_banner(img, ctx, "", title=title)
    y = draw_matrix_legend(img, ctx, (PAD, HEADER + 4), tk.CANVAS_WIDTH - 2 * PAD) + 8
    bottom = panels(img, ctx, counted, y)
    return tk.ensure_not_square(img.crop((0, 0, img.width, bottom + PAD)))


def groups() -> dict[str, list[str]]:
    """Card ids per character key ("" for cards without a character icon), in edition order."""
    found: dict[str, list[str]] = {}
    for cid, card in EDITION.cards.items():
        found.setdefault(card.icons[0] if card.icons else "", []).append(cid)
    return found


def group_title(ctx: RenderContext, key: str) -> str:
    if key in EDITION.characters:
        return local(ctx, EDITION.characters[key].name)
    return say(ctx, "共通", "Shared")


@image_kind("walpurgis cards")
def cards_pages(ctx: RenderContext, character: str | None = None) -> tuple[Image.Image, ...]:
    """The `/walpurgis cards` images: each character's cards (or one character's), cut between rows into
    as few even pages as keep every page no taller than twice its width (`renderers.pages`)."""
    pages: list[Image.Image] = []
    room = max_height(tk.CANVAS_WIDTH) - HEADER - LEGEND - 2 * PAD
    for key, ids in groups().items():
        if character is not None and key != character:
            continue
        cards = [card_json(EDITION.card(cid)) for cid in ids]
        rows = [height + GAP for height in row_heights(ctx, [(card, 1) for card in cards])]
        chunks = split_rows(rows, room + GAP)
        for number, chunk in enumerate(chunks, start=1):
            suffix = page_label(number, len(chunks))
            title = say(ctx, f"ヴァルプルギス — {group_title(ctx, key)}{suffix}", f"Walpurgis — {group_title(ctx, key)}{suffix}")
            pages.append(sheet(ctx, title, cards[COLUMNS * chunk.start:COLUMNS * chunk.stop]))
    return tuple(pages)


@image_kind("walpurgis card")
def card_page(ctx: RenderContext, cid: str) -> tk.Picture:
    """One card's panel on its own (`/walpurgis cards card:`)."""
    card = card_json(EDITION.card(cid))
    return sheet(ctx, say(ctx, f"ヴァルプルギス — {local(ctx, card['name'])}", f"Walpurgis — {local(ctx, card['name'])}"), [card])
