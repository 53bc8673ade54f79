"""The Wunderkammer card list for `/wunderkammer cards`: the 16 items as on the score sheet and the 9
characters with their items, timing and ability — as images (`renderers.pages`) and as text in the reader's language
(a screen reader, or a phone on a slow connection, gets the same list)."""

from __future__ import annotations

from functools import partial

from PIL import Image

from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.kinds import image_kind
from renderers.pages import max_height, page_label, split_rows
from renderers.wunderkammer_parts import (
    PAD,
    SECTION_TITLE,
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
GAP = 8
TEXT_LINES = 3
"""Most lines of a character's ability text (the longest takes two)."""


@image_kind("wunderkammer cards")
def cards_pages(ctx: RenderContext) -> tuple[Image.Image, ...]:
    """The `/wunderkammer cards` images: the items, then the characters, each card as tall as its text, on
    as few pages as a phone shows at full width (`renderers.pages`)."""
    blocks = [(_items_height(), partial(_draw_items, ctx=ctx))]
    for index, cid in enumerate(cards()["characters"]):
        blocks.append((_character_height(ctx, cid, titled=index == 0), partial(_draw_character_block, ctx=ctx, cid=cid, titled=index == 0)))
    top = tk.BANNER_HEIGHT + 8
    pages = split_rows([height for height, _ in blocks], max_height(tk.CANVAS_WIDTH) - top - PAD)
    images = []
    for number, page in enumerate(pages, start=1):
        img = tk.new_canvas(top + sum(blocks[index][0] for index in page) + PAD)
        tk.draw_banner(img, ctx, say(ctx, "この実装の版", "this project's edition"),
                       title=say(ctx, "ヴンダーカンマー カード一覧", "Wunderkammer cards") + page_label(number, len(pages)))
        y = top
        for index in page:
            height, draw = blocks[index]
            draw(img, y)
            y += height
        images.append(tk.ensure_not_square(img))
    return tuple(images)


def _items_height() -> int:
    rows = -(-len(cards()["items"]) // ITEM_COLUMNS)
    return SECTION_TITLE + rows * (ITEM_HEIGHT + GAP) + 8


def _character_row() -> int:
    """The name line of a character card: its name, its four item tiles and its timing tag."""
    return tk.line_height(tk.SIZE_SMALL) + 8


def _character_height(ctx: RenderContext, cid: str, *, titled: bool) -> int:
    """The card's name line and its wrapped text, plus the gap under it (and the section title above the
    first card)."""
    text = local(ctx, cards()["characters"][cid]["text"])
    lines = len(tk.wrap_text(text, tk.SIZE_SMALL, tk.CANVAS_WIDTH - 2 * PAD - 20, max_lines=TEXT_LINES))
    card = 6 + _character_row() + 8 + lines * tk.line_height(tk.SIZE_SMALL) + 10
    return (SECTION_TITLE if titled else 0) + card + GAP


def _draw_character_block(img: tk.Picture, y: int, *, ctx: RenderContext, cid: str, titled: bool) -> None:
    if titled:
        y = section_title(img, y, say(ctx, "キャラクター 9人", "9 characters"))
    height = _character_height(ctx, cid, titled=False) - GAP
    _draw_character(img, ctx, cid, (PAD, y, img.width - PAD, y + height))


def _draw_items(img: tk.Picture, top: int, *, ctx: RenderContext) -> None:
    top = section_title(img, top, say(ctx, "アイテム 16種", "16 items"),
                        say(ctx, "★ スタート用(各18枚)、他は各6枚", "★ starting kinds (18 each); others 6 each"))
    width = (img.width - 2 * PAD - (ITEM_COLUMNS - 1) * GAP) // ITEM_COLUMNS
    items = list(cards()["items"].values())
    for index, printed in enumerate(items):
        row, column = divmod(index, ITEM_COLUMNS)
        x0 = PAD + column * (width + GAP)
        y0 = top + row * (ITEM_HEIGHT + GAP)
        middle = y0 + ITEM_HEIGHT / 2
        tk.drawing(img).rounded_rectangle((x0, y0, x0 + width, y0 + ITEM_HEIGHT), radius=8, fill=tk.PANEL,
                                              outline=tk.LINE, width=1)
        tile = draw_tile(img, (x0 + 6, middle), printed["id"], size=tk.SIZE_BODY)
        name = item_name(ctx, printed["id"]) + (" ★" if printed["start"] else "")
        tk.draw_text(img, (tile[2] + 10, middle), name, tk.SIZE_SMALL, anchor="lm", max_width=x0 + width - tile[2] - 18,
                     max_lines=1)


def _draw_character(img: tk.Picture, ctx: RenderContext, cid: str, box: tk.Box) -> None:
    x0, y0, x1, y1 = box
    printed = cards()["characters"][cid]
    tk.drawing(img).rounded_rectangle(box, radius=10, fill=tk.PANEL, outline=tk.INK, width=2)
    row = _character_row()
    middle = y0 + 6 + row / 2
    name = tk.draw_text(img, (x0 + 10, middle), character_name(ctx, cid), tk.SIZE_BODY, anchor="lm", bold=True)
    x = name[2] + 12
    for kind in printed["items"]:
        x = draw_tile(img, (x, middle), kind)[2] + 4
    tk.draw_pill(img, (x1 - 10, middle), timing_name(ctx, printed["timing"]), fill=tk.PANEL_HEADER, ink=tk.INK, anchor="rm")
    tk.draw_text(img, (x0 + 10, middle + row / 2 + 8), local(ctx, printed["text"]), tk.SIZE_SMALL, anchor="lt",
                 max_width=x1 - x0 - 20, max_lines=TEXT_LINES)


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
