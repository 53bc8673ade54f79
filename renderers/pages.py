"""Long sheets (card lists, unit sheets) split into pages a phone shows at full width.

Why pages: Discord fits an image into the chat column, about 400 px wide on a phone, and caps its height at
about twice that. An image taller than 2:1 (height:width) is therefore shown narrower than 400 px, and
its text shrinks with it: the War Chest unit sheet (800×1911) showed its 18 px body text at 7.5 px. So no
image may be taller than `MAX_ASPECT` times its width; a sheet that would be is cut between rows of
cards into the fewest pages that fit, as even as possible, and the command sends the pages together
(several attachments in one message).
"""

from __future__ import annotations

from collections.abc import Sequence

MAX_ASPECT = 2.0
"""Tallest image, as height / width, that a phone shows at the full chat width."""


def max_height(width: int) -> int:
    """The tallest image of this width that a phone still shows full width."""
    return int(width * MAX_ASPECT)


def split_rows(heights: Sequence[int], room: int) -> list[range]:
    """Consecutive rows (each `heights[i]` tall, gaps included) cut into the fewest pages whose rows
    add up to at most `room`, then evened out: the tallest page is as short as that number of pages
    allows (38 cards make four similar pages, not three full ones and a stub). A row taller than
    `room` gets a page of its own."""
    if not heights:
        return [range(0)]
    count = len(_pack(heights, room))
    low, high = max(heights), max(room, max(heights))
    while low < high:  # the smallest page height that still needs no more pages
        middle = (low + high) // 2
        if len(_pack(heights, middle)) <= count:
            high = middle
        else:
            low = middle + 1
    return _pack(heights, low)


def _pack(heights: Sequence[int], room: int) -> list[range]:
    """Greedy: each page takes rows while they fit."""
    pages: list[range] = []
    start, used = 0, 0
    for index, height in enumerate(heights):
        if index > start and used + height > room:
            pages.append(range(start, index))
            start, used = index, 0
        used += height
    pages.append(range(start, len(heights)))
    return pages


def page_label(number: int, total: int) -> str:
    """" 2/3" after a page's title, nothing for a single page."""
    return f" {number}/{total}" if total > 1 else ""
