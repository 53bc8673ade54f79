"""The Wunderkammer card list for `/wunderkammer cards`: the 16 items as on the score sheet and the 9
characters with their items, timing and ability — as one image and as text in the reader's language
(a screen reader, or a phone on a slow connection, gets the same list)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.wunderkammer_parts import (
    PAD,
    cards,
    character_name,
    draw_tile,
    item_name,
    label,
    local,
    say,
    section_title,
    timing_name,
)

ITEM_COLUMNS = 2
ITEM_HEIGHT = 46
CHARACTER_HEIGHT = 120
GAP = 8
MAX_HEIGHT = 3000


def cards_image(ctx: RenderContext) -> Image.Image:
    img = tk.new_canvas(MAX_HEIGHT)
    tk.draw_banner(img, ctx, say(ctx, "この実装の版", "this project's edition"),
                   title=say(ctx, "ヴンダーカンマー カード一覧", "Wunderkammer cards"))
    y = section_title(img, tk.BANNER_HEIGHT + 8, say(ctx, "アイテム 16種", "16 items"),
                      say(ctx, "★ スタート用(各18枚)、他は各6枚", "★ starting kinds (18 each); others 6 each"))
    y = _draw_items(img, ctx, y)
    y = section_title(img, y + 8, say(ctx, "キャラクター 9人", "9 characters"))
    for cid in cards()["characters"]:
        _draw_character(img, ctx, cid, (PAD, y, img.width - PAD, y + CHARACTER_HEIGHT))
        y += CHARACTER_HEIGHT + GAP
    return tk.ensure_not_square(img.crop((0, 0, tk.CANVAS_WIDTH, y + PAD)))


def _draw_items(img: Image.Image, ctx: RenderContext, top: int) -> int:
    width = (img.width - 2 * PAD - (ITEM_COLUMNS - 1) * GAP) // ITEM_COLUMNS
    items = list(cards()["items"].values())
    for index, printed in enumerate(items):
        row, column = divmod(index, ITEM_COLUMNS)
        x0 = PAD + column * (width + GAP)
        y0 = top + row * (ITEM_HEIGHT + GAP)
        middle = y0 + ITEM_HEIGHT / 2
        ImageDraw.Draw(img).rounded_rectangle((x0, y0, x0 + width, y0 + ITEM_HEIGHT), radius=8, fill=tk.PANEL,
                                              outline=tk.LINE, width=1)
        tile = draw_tile(img, (x0 + 6, middle), printed["id"], size=tk.SIZE_BODY)
        name = item_name(ctx, printed["id"]) + (" ★" if printed["start"] else "")
        tk.draw_text(img, (tile[2] + 10, middle), name, tk.SIZE_SMALL, anchor="lm", max_width=x0 + width - tile[2] - 18,
                     max_lines=1)
    rows = -(-len(items) // ITEM_COLUMNS)
    return top + rows * (ITEM_HEIGHT + GAP)


def _draw_character(img: Image.Image, ctx: RenderContext, cid: str, box: tk.Box) -> None:
    x0, y0, x1, y1 = box
    printed = cards()["characters"][cid]
    ImageDraw.Draw(img).rounded_rectangle(box, radius=10, fill=tk.PANEL, outline=tk.INK, width=2)
    row = tk.line_height(tk.SIZE_SMALL) + 8
    middle = y0 + 6 + row / 2
    name = tk.draw_text(img, (x0 + 10, middle), character_name(ctx, cid), tk.SIZE_BODY, anchor="lm", bold=True)
    x = name[2] + 12
    for kind in printed["items"]:
        x = draw_tile(img, (x, middle), kind)[2] + 4
    tk.draw_pill(img, (x1 - 10, middle), timing_name(ctx, printed["timing"]), fill=tk.PANEL_HEADER, ink=tk.INK, anchor="rm")
    tk.draw_text(img, (x0 + 10, middle + row / 2 + 8), local(ctx, printed["text"]), tk.SIZE_SMALL, anchor="lt",
                 max_width=x1 - x0 - 20, max_lines=3)


def cards_text(ctx: RenderContext) -> str:
    """The same list as text (Discord markdown), under Discord's 2,000-character message limit."""
    items = "  ".join(f"{label(kind)} {item_name(ctx, kind)}{'★' if printed['start'] else ''}"
                      for kind, printed in cards()["items"].items())
    lines = [say(ctx, "**アイテム**(★はスタート用)", "**Items** (★ starting kinds)"), items, "",
             say(ctx, "**キャラクター**", "**Characters**")]
    for cid, printed in cards()["characters"].items():
        wanted = " ".join(label(kind) for kind in printed["items"])
        lines.append(f"**{character_name(ctx, cid)}** [{wanted}] {local(ctx, printed['text'])}")
    lines.append(say(ctx, "カードの内容はこの実装独自の版です。", "The cards are this project's own edition."))
    return "\n".join(lines)
