"""The strips under a board's banner that tell what just happened and what happens now: the last step's
public sentences (the news strip), who is to play with the decision's prompt, and the result once the game
is over.

Why apart from `renderers.toolkit`: the kit draws pieces (text, markers, pills, cards); these strips are one
widget family built from them, sized so that their text always shows whole (`news_height`, `outcome_height`).
They draw through the kit's module (`tk.draw_text`, `tk.draw_marker`, `tk.wrap_text`), so a test that watches
the kit's drawing sees the strips' text and markers too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


from engine.core.types import Event, Frame, Outcome, T, Text
from renderers import toolkit as tk
from renderers.base import RenderContext


def draw_strip(img: tk.Picture, top: int, height: int) -> None:
    """A full-width band for one kind of news (the last action, the result) under the banner."""
    draw = tk.drawing(img)
    draw.rectangle((0, top, img.width, top + height), fill=tk.PANEL)
    draw.line((0, top + height, img.width, top + height), fill=tk.LINE, width=2)


_JA_SENTENCE_END = frozenset("。！？!?」）)")


def recent_text(ctx: RenderContext, events: Sequence[Event]) -> str:
    """What the last step did, in the viewer's language: the public events' own sentences, in order
    (Japanese sentences follow each other after their "。" without a space)."""
    text = ""
    for event in events:
        sentence = tk.localize(ctx, event.text)
        if text and not (ctx.ja and text[-1] in _JA_SENTENCE_END):
            text += " "
        text += sentence
    return text


def news_text(ctx: RenderContext, frame: Frame) -> str:
    """The "last step" line: its public sentences (a step that logged nothing public names who acted,
    `engine.core.match.chose`); "no public action" only for a position stored before steps did so;
    "nothing yet" only at the start."""
    said = recent_text(ctx, frame.recent)
    if said:
        return said
    if frame.version == 0:
        return tk.localize(ctx, T("まだ何も起きていません。", "Nothing has happened yet."))
    return tk.localize(ctx, T("公開された行動はありません", "No public action"))


def news_room(ctx: RenderContext, box: tk.Box, *, marker: bool = False, label: Text | None = None) -> tuple[int, int]:
    """(width, lines) that `draw_news` gives its text in `box`."""
    x0, y0, x1, y1 = box
    x = x0 + tk.text_width(tk.localize(ctx, label or _LAST), tk.SIZE_SMALL) + 10 + (tk.MARKER + 8 if marker else 0)
    return max(1, x1 - x), max(1, (y1 - y0 - 4) // tk.line_height(tk.SIZE_SMALL))


def news_height(ctx: RenderContext, width: int, text: str, *, marker: bool = False, at_least: int = 0,
                label: Text | None = None) -> int:
    """The height of a news strip `width` px wide that shows the whole of `text` (and at least `at_least`):
    the last step is never cut short."""
    room, _ = news_room(ctx, (0, 0, width, 0), marker=marker, label=label)
    return max(at_least, len(tk.wrap_text(text, tk.SIZE_SMALL, room)) * tk.line_height(tk.SIZE_SMALL) + 12)


_LAST = T("直前", "Last")


def draw_news(img: tk.Picture, ctx: RenderContext, box: tk.Box, text: str, *, marker: tk.Style | None = None,
              label: Text = _LAST) -> None:
    """A muted label, the acting seat's marker (if any) and `text` wrapped to the lines `box` holds
    ("…" past them: size the box with `news_height`), all vertically centred in `box`."""
    x0, y0, x1, y1 = box
    middle = (y0 + y1) / 2
    x = tk.draw_text(img, (x0, middle), tk.localize(ctx, label), tk.SIZE_SMALL, fill=tk.MUTED_INK,
                     anchor="lm")[2] + 10
    if marker is not None:
        x = tk.draw_marker(img, (x + tk.MARKER / 2, middle), tk.MARKER, marker)[2] + 8
    _, lines = news_room(ctx, box, marker=marker is not None, label=label)
    tk.draw_text(img, (x, middle), text, tk.SIZE_SMALL, anchor="lm", max_width=max(1, x1 - x), max_lines=lines)


def draw_now_strip(img: tk.Picture, ctx: RenderContext, top: int, frame: Frame,
                   style_of: Callable[[int], tk.Style], name_of: Callable[[int], str], *, pad: int,
                   height: int) -> int:
    """`draw_now` across the image under `top`, `height` tall, taller when the result needs more lines;
    returns the y below it."""
    if frame.outcome is not None:
        height = outcome_height(ctx, img.width - 2 * pad, frame.outcome, at_least=height)
    draw_now(img, ctx, (pad, top, img.width - pad, top + height), frame, style_of, name_of)
    return top + height


def draw_last_strip(img: tk.Picture, ctx: RenderContext, top: int, frame: Frame, *, pad: int, height: int,
                    marker: tk.Style | None = None) -> int:
    """The last step's strip (`news_text`) across the image under `top`: `height` tall, taller when its
    sentences need more lines; returns the y below it."""
    text = news_text(ctx, frame)
    height = news_height(ctx, img.width - 2 * pad, text, marker=marker is not None, at_least=height)
    draw_strip(img, top, height)
    draw_news(img, ctx, (pad, top, img.width - pad, top + height), text, marker=marker)
    return top + height


def draw_now(img: tk.Picture, ctx: RenderContext, box: tk.Box, frame: Frame, style_of: Callable[[int], tk.Style],
             name_of: Callable[[int], str]) -> None:
    """The strip under the banner: who is to play (their markers, and the name when one seat is asked) and
    the decision's own prompt, or the result once the game is over."""
    x0, y0, x1, y1 = box
    draw_strip(img, y0, y1 - y0)
    if frame.outcome is not None:
        draw_outcome(img, ctx, box, frame.outcome, style_of)
        return
    middle = (y0 + y1) / 2
    x = tk.draw_pill(img, (x0, middle), tk.localize(ctx, T("手番", "To play")))[2] + 8
    waiting = frame.awaited_seats
    for seat in waiting:
        x = tk.draw_marker(img, (x + tk.MARKER / 2, middle), tk.MARKER, style_of(seat))[2] + 4
        if len(waiting) == 1:
            x = tk.draw_text(img, (x + 2, middle), name_of(seat), tk.SIZE_BODY, anchor="lm", bold=True,
                             max_width=180, max_lines=1)[2] + 10
    if frame.awaited:
        tk.draw_text(img, (x + 4, middle), tk.localize(ctx, frame.awaited[0].prompt), tk.SIZE_SMALL, anchor="lm",
                     max_width=max(1, x1 - x - 4), max_lines=2)


def outcome_room(ctx: RenderContext, box: tk.Box, outcome: Outcome, size: int = tk.SIZE_BODY) -> tuple[int, int]:
    """(width, lines) that `draw_outcome` gives the summary in `box`."""
    x0, y0, x1, y1 = box
    x = x0 + tk.text_width(tk.localize(ctx, _RESULT), tk.SIZE_SMALL, bold=True) + 24 + 10
    if not outcome.is_draw:
        x += len(outcome.winners) * (tk.MARKER + 6) + 4
    return max(1, x1 - x), max(1, (y1 - y0 - 4) // tk.line_height(size))


def outcome_height(ctx: RenderContext, width: int, outcome: Outcome, *, at_least: int = 0) -> int:
    """The height of a result strip `width` px wide that shows the whole summary (and at least `at_least`)."""
    room, _ = outcome_room(ctx, (0, 0, width, 0), outcome)
    lines = len(tk.wrap_text(tk.localize(ctx, outcome.summary), tk.SIZE_BODY, room, bold=True))
    return max(at_least, lines * tk.line_height(tk.SIZE_BODY) + 12)


_RESULT = T("結果", "Result")


def draw_outcome(img: tk.Picture, ctx: RenderContext, box: tk.Box, outcome: Outcome,
                 style_of: Callable[[int], tk.Style], *, size: int = tk.SIZE_BODY) -> None:
    """The result: a "Result" tag, the winners' markers (none for a draw) and the engine's summary in
    bold at `size` (size the box with `outcome_height` so that all of it shows)."""
    x0, y0, x1, y1 = box
    middle = (y0 + y1) / 2
    x = tk.draw_pill(img, (x0, middle), tk.localize(ctx, _RESULT))[2] + 10
    if not outcome.is_draw:
        for seat in outcome.winners:
            x = tk.draw_marker(img, (x + tk.MARKER / 2, middle), tk.MARKER, style_of(seat))[2] + 6
        x += 4
    _, lines = outcome_room(ctx, box, outcome, size)
    tk.draw_text(img, (x, middle), tk.localize(ctx, outcome.summary), size, anchor="lm", bold=True,
                 max_width=max(1, x1 - x), max_lines=lines)
