"""Wall of War cards as full cards: the grid shared by a seat's private hand and the card list pages of
`/wallofwar cards` (this project's edition, `data/wallofwar/cards.json`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.wallofwar.cards import CARDS
from engine.wallofwar.views import card_view
from renderers import toolkit as tk
from renderers import wallofwar_parts as parts
from renderers.base import RenderContext
from renderers.kinds import image_kind
from renderers.pages import max_height, split_rows

PAD = 8
CARD_GAP = 10
LEGEND_HEIGHT = 44


def card_grid(img: tk.Picture, top: int, cards: Sequence[Mapping[str, Any]], ctx: RenderContext) -> int:
    """Full cards two to a row, each row as tall as its longer text; returns the y below the grid."""
    columns = 2
    width = column_width()
    heights = card_heights(cards, ctx)
    y = top
    for row in range(0, len(cards), columns):
        height = max(heights[row : row + columns])
        for column, card in enumerate(cards[row : row + columns]):
            x = PAD + column * (width + CARD_GAP)
            tk.draw_card(img, (x, y, x + width, y + height), parts.card_name(card, ctx), parts.card_body(card, ctx),
                         cost=parts.cost_badge(card), points=card["vp"])
        y += height + CARD_GAP
    return y


def column_width() -> int:
    return (tk.CANVAS_WIDTH - 2 * PAD - CARD_GAP) // 2


def card_heights(cards: Sequence[Mapping[str, Any]], ctx: RenderContext) -> list[int]:
    """Per card: its title bar plus its wrapped text, so that neither title nor ability text is cut off."""
    width = column_width()
    return [
        tk.card_header_height(parts.card_name(c, ctx), width, cost=True, points=True) + 12
        + tk.measure_text(parts.card_body(c, ctx), tk.SIZE_SMALL, max_width=width - 20)[1] + 6
        for c in cards
    ]


def grid_height(cards: Sequence[Mapping[str, Any]], ctx: RenderContext) -> int:
    heights = card_heights(cards, ctx)
    return sum(max(heights[i : i + 2]) + CARD_GAP for i in range(0, len(cards), 2))


def card_pages(card_ids: Sequence[str], ctx: RenderContext) -> list[list[str]]:
    """The cards cut between rows into the fewest even pages a phone shows at full width (`renderers.pages`)."""
    ids = list(card_ids)
    cards = [card_view(card_id) for card_id in ids]
    heights = card_heights(cards, ctx)
    rows = [max(heights[start:start + 2]) + CARD_GAP for start in range(0, len(ids), 2)]
    pages = split_rows(rows, max_height(tk.CANVAS_WIDTH) - tk.BANNER_HEIGHT - LEGEND_HEIGHT - PAD)
    return [ids[2 * page.start:2 * page.stop] for page in pages]


def all_card_ids() -> tuple[str, ...]:
    """Every card id in order; a tuple, so callers may key caches with it."""
    return tuple(sorted(CARDS.cards))


def cards_sheet(card_ids: Sequence[str], ctx: RenderContext) -> tk.Picture:
    """One page of the card list: id, name, kind, points, cost and the full ability text, two to a row."""
    cards = [card_view(card_id) for card_id in card_ids]
    top = tk.BANNER_HEIGHT + LEGEND_HEIGHT
    img = tk.new_canvas(top + grid_height(cards, ctx) + PAD)
    span = f"{card_ids[0]}〜{card_ids[-1]}" if ctx.ja else f"{card_ids[0]}–{card_ids[-1]}"
    status = parts.say(ctx, f"{span}({len(cards)}枚)", f"{span} ({len(cards)} cards)")
    tk.draw_banner(img, ctx, status, title=parts.say(ctx, "ウォール・オブ・ウォー カード", "Wall of War cards"))
    middle = tk.BANNER_HEIGHT + LEGEND_HEIGHT / 2
    x = parts.draw_badge_legend(img, (PAD, middle), ctx)[2] + 16
    note = parts.say(ctx, "「–」: コストなし(常時効果)", "“–”: no cost icon (always on)")
    tk.draw_text(img, (x, middle), note, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm", max_width=img.width - PAD - x, max_lines=1)
    card_grid(img, top, cards, ctx)
    return tk.ensure_not_square(img)


@image_kind("wallofwar cards")
def cards_pages(ctx: RenderContext) -> tuple[Image.Image, ...]:
    """The `/wallofwar cards` images: every card, in full, on pages no taller than twice their width."""
    return tuple(cards_sheet(page, ctx) for page in card_pages(all_card_ids(), ctx))
