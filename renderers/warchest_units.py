"""The War Chest unit cards in play, as one sheet for `/warchest rules`: this project's paraphrase of each
card, two to a row, in the reader's language."""

from __future__ import annotations

from PIL import Image

from engine.warchest.units import ROYAL, ROYAL_GUARD, ROYAL_GUARD_2018, UNITS
from renderers import toolkit as tk
from renderers import warchest_parts as parts
from renderers.base import RenderContext
from renderers.warchest import CARD_GAP, PAD


def units_sheet(unit_ids: list[str], ctx: RenderContext, *, royal_guard: str = "revised") -> Image.Image:
    """The unit cards in play, two to a row: code tag, name, coin count and our paraphrase of the card.

    Cards in a row share the height of the longer text, so nothing is cut off. `royal_guard` is the game's
    option of that name: with "2018" the Royal Guard card also gives the 2018 printing's tactic.
    """
    columns = 2
    width = (tk.CANVAS_WIDTH - 2 * PAD - CARD_GAP) // columns
    body_width = width - 20
    tag = parts.tag_width(ctx)

    def body(unit: str) -> str:
        text = tk.localize(ctx, parts.unit_ability(unit))
        if unit == ROYAL_GUARD and royal_guard == "2018":
            text += "\n" + tk.localize(ctx, ROYAL_GUARD_2018)
        if unit == ROYAL:
            return text
        coins = UNITS[unit].coins
        return parts.say(ctx, f"コイン{coins}枚。", f"{coins} coins. ") + text

    def title(unit: str) -> str:
        return parts.unit_name(unit, ctx)

    headers = [tk.card_header_height(title(u), width, lead=tag) for u in unit_ids]
    heights = [h + 12 + tk.measure_text(body(u), tk.SIZE_SMALL, max_width=body_width)[1] + 6 for h, u in zip(headers, unit_ids)]
    row_heights = [max(heights[i:i + columns]) for i in range(0, len(unit_ids), columns)]
    total = tk.BANNER_HEIGHT + PAD + sum(h + CARD_GAP for h in row_heights) + PAD
    img = tk.new_canvas(total)
    tk.draw_banner(img, ctx, parts.say(ctx, f"{len(unit_ids)}種類", f"{len(unit_ids)} units"),
                   title=parts.say(ctx, "ウォーチェスト: ユニット", "War Chest: units"))
    y = tk.BANNER_HEIGHT + PAD
    for row, row_height in enumerate(row_heights):
        for column, unit in enumerate(unit_ids[row * columns:(row + 1) * columns]):
            x = PAD + column * (width + CARD_GAP)
            header = tk.draw_card(img, (x, y, x + width, y + row_height), title(unit), body(unit), lead=tag) - y
            parts.draw_code_tag(img, (x + 10 + tag / 2, y + header / 2), parts.unit_code(unit, ctx), parts.NEUTRAL_COIN, tag)
        y += row_height + CARD_GAP
    return tk.ensure_not_square(img)
