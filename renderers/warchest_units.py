"""The War Chest unit cards in play for `/warchest rules`: this project's paraphrase of each card, two to a
row, in the reader's language, on as many pages as a phone needs (`renderers.pages`)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.warchest.units import ROYAL, ROYAL_GUARD, ROYAL_GUARD_2018, UNITS
from renderers import toolkit as tk
from renderers import warchest_parts as parts
from renderers.base import RenderContext
from renderers.kinds import image_kind
from renderers.pages import max_height, page_label, split_rows
from renderers.warchest import CARD_GAP, PAD

COLUMNS = 2


@image_kind("warchest units")
def units_pages(unit_ids: Sequence[str], ctx: RenderContext, *, royal_guard: str = "revised") -> tuple[Image.Image, ...]:
    """The unit cards in play, two to a row: code tag, name, coin count and our paraphrase of the card.

    Cards in a row share the height of the longer text, so nothing is cut off; rows go on a new page
    before a page grows taller than a phone shows at full width. `royal_guard` is the game's option of
    that name: with "2018" the Royal Guard card also gives the 2018 printing's tactic.
    """
    width = (tk.CANVAS_WIDTH - 2 * PAD - CARD_GAP) // COLUMNS
    tag = parts.tag_width(ctx)

    def body(unit: str) -> str:
        text = tk.localize(ctx, parts.unit_ability(unit))
        if unit == ROYAL_GUARD and royal_guard == "2018":
            text += "\n" + tk.localize(ctx, ROYAL_GUARD_2018)
        if unit == ROYAL:
            return text
        coins = UNITS[unit].coins
        return parts.say(ctx, f"コイン{coins}枚。", f"{coins} coins. ") + text

    def card_height(unit: str) -> int:
        header = tk.card_header_height(parts.unit_name(unit, ctx), width, lead=tag)
        return header + 12 + tk.measure_text(body(unit), tk.SIZE_SMALL, max_width=width - 20)[1] + 6

    rows = [list(unit_ids[start:start + COLUMNS]) for start in range(0, len(unit_ids), COLUMNS)]
    row_heights = [max(card_height(unit) for unit in row) for row in rows]
    frame = tk.BANNER_HEIGHT + PAD + PAD
    pages = split_rows([height + CARD_GAP for height in row_heights], max_height(tk.CANVAS_WIDTH) - frame)
    images = []
    for number, page in enumerate(pages, start=1):
        img = tk.new_canvas(frame + sum(row_heights[row] + CARD_GAP for row in page))
        count = parts.say(ctx, f"{len(unit_ids)}種類", f"{len(unit_ids)} units")
        title = parts.say(ctx, "ウォーチェスト: ユニット", "War Chest: units") + page_label(number, len(pages))
        tk.draw_banner(img, ctx, count, title=title)
        y = tk.BANNER_HEIGHT + PAD
        for row in page:
            for column, unit in enumerate(rows[row]):
                x = PAD + column * (width + CARD_GAP)
                box = (x, y, x + width, y + row_heights[row])
                header = tk.draw_card(img, box, parts.unit_name(unit, ctx), body(unit), lead=tag) - y
                parts.draw_code_tag(img, (x + 10 + tag / 2, y + header / 2), parts.unit_code(unit, ctx), parts.NEUTRAL_COIN, tag)
            y += row_heights[row] + CARD_GAP
        images.append(tk.ensure_not_square(img))
    return tuple(images)
