"""League standings and a player's rating history as images, readable on a phone.

Both are 800 px wide (the kit's phone-readable width: every text at least 18 px), never square, and take
only plain strings and numbers, already translated: the caller chooses the language, the drawing does not
know about leagues, ratings or Discord.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


from renderers import toolkit as tk
from renderers.kinds import image_kind

ROW_HEIGHT = 44
PAD = 24
MAX_ROWS = 32
CHART_HEIGHT = 340
COLUMN_GAP = 20


@dataclass(frozen=True, slots=True)
class StandingsRow:
    place: int
    name: str
    points: str
    record: str
    """Wins-draws-losses, e.g. "3-0-1"."""
    tiebreaks: tuple[str, ...]
    withdrawn: bool = False


@image_kind("league standings")
def standings_image(title: str, subtitle: str, headers: Sequence[str], rows: Sequence[StandingsRow]) -> tk.Picture:
    """Place, name, points, W-D-L and the tie-breaks, one row per member (at most `MAX_ROWS`), with
    alternate row shading and the leaders' places in a pill."""
    shown = list(rows[:MAX_ROWS])
    top = PAD + tk.line_height(tk.SIZE_TITLE) + tk.line_height(tk.SIZE_SMALL) + 12
    height = top + ROW_HEIGHT * (len(shown) + 1) + PAD
    img = tk.new_canvas(height)
    tk.draw_text(img, (PAD, PAD), title, tk.SIZE_TITLE, bold=True, max_width=tk.CANVAS_WIDTH - 2 * PAD, max_lines=1)
    tk.draw_text(img, (PAD, PAD + tk.line_height(tk.SIZE_TITLE)), subtitle, tk.SIZE_SMALL, fill=tk.MUTED_INK,
                 max_width=tk.CANVAS_WIDTH - 2 * PAD, max_lines=1)
    columns = [PAD + 10, PAD + 70, *_number_columns(headers[2:], shown)]
    draw = tk.drawing(img)
    draw.rectangle((PAD, top, tk.CANVAS_WIDTH - PAD, top + ROW_HEIGHT), fill=tk.PANEL_HEADER)
    for x, header in zip(columns, headers):
        tk.draw_text(img, (x, top + ROW_HEIGHT / 2), header, tk.SIZE_SMALL, anchor="lm", bold=True)
    for index, row in enumerate(shown):
        y = top + ROW_HEIGHT * (index + 1)
        if index % 2:
            draw.rectangle((PAD, y, tk.CANVAS_WIDTH - PAD, y + ROW_HEIGHT), fill=tk.PANEL)
        middle = y + ROW_HEIGHT / 2
        if row.place <= 3:
            tk.draw_pill(img, (columns[0] + 18, middle), str(row.place), anchor="mm")
        else:
            tk.draw_text(img, (columns[0] + 18, middle), str(row.place), tk.SIZE_BODY, anchor="mm")
        ink = tk.MUTED_INK if row.withdrawn else tk.INK
        tk.draw_text(img, (columns[1], middle), tk.drawable(row.name), tk.SIZE_BODY, anchor="lm", fill=ink,
                     max_width=columns[2] - columns[1] - 16, max_lines=1)
        tk.draw_text(img, (columns[2], middle), row.points, tk.SIZE_BODY, anchor="lm", bold=True)
        tk.draw_text(img, (columns[3], middle), row.record, tk.SIZE_SMALL, anchor="lm")
        for x, value in zip(columns[4:], row.tiebreaks):
            tk.draw_text(img, (x, middle), value, tk.SIZE_SMALL, anchor="lm")
    return tk.ensure_not_square(img)


def _number_columns(headers: Sequence[str], rows: Sequence[StandingsRow]) -> list[int]:
    """Where the points, the W-D-L record and each tie-break start: each column as wide as its header or
    widest value, packed against the right edge, so any number of tie-breaks fits and never overlaps; the
    name takes the rest."""
    cells = [[row.points, row.record, *row.tiebreaks] for row in rows]
    sizes = [tk.SIZE_BODY, tk.SIZE_SMALL] + [tk.SIZE_SMALL] * (len(headers) - 2)
    widths = [max([tk.text_width(header, tk.SIZE_SMALL, bold=True)]
                  + [tk.text_width(row[index], sizes[index], bold=index == 0) for row in cells if index < len(row)])
              for index, header in enumerate(headers)]
    starts: list[int] = []
    right = tk.CANVAS_WIDTH - PAD - 10
    for width in reversed(widths):
        right -= width
        starts.insert(0, right)
        right -= COLUMN_GAP
    return starts


@image_kind("rating chart")
def rating_chart(title: str, values: Sequence[float], caption: str) -> tk.Picture:
    """A small line chart of a rating after each rated game (at least the starting value), with the
    lowest and highest values labelled."""
    img = tk.new_canvas(CHART_HEIGHT)
    tk.draw_text(img, (PAD, PAD), title, tk.SIZE_BODY, bold=True, max_width=tk.CANVAS_WIDTH - 2 * PAD, max_lines=1)
    tk.draw_text(img, (PAD, CHART_HEIGHT - PAD), caption, tk.SIZE_SMALL, anchor="lb", fill=tk.MUTED_INK,
                 max_width=tk.CANVAS_WIDTH - 2 * PAD, max_lines=1)
    box = (PAD + 80, PAD + 50, tk.CANVAS_WIDTH - PAD, CHART_HEIGHT - PAD - 40)
    draw = tk.drawing(img)
    draw.rectangle(box, outline=tk.LINE, width=2)
    points = list(values) or [0.0]
    low, high = min(points), max(points)
    span = (high - low) or 1.0
    step = (box[2] - box[0]) / max(len(points) - 1, 1)

    def at(index: int, value: float) -> tuple[float, float]:
        return box[0] + index * step, box[3] - (value - low) / span * (box[3] - box[1])

    line = [at(index, value) for index, value in enumerate(points)]
    if len(line) > 1:
        draw.line(line, fill=tk.seat_style(0).colour, width=4, joint="curve")
    for x, y in line[-40:]:
        draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=tk.seat_style(0).colour)
    tk.draw_text(img, (box[0] - 8, box[1]), f"{high:.0f}", tk.SIZE_SMALL, anchor="rt")
    tk.draw_text(img, (box[0] - 8, box[3]), f"{low:.0f}", tk.SIZE_SMALL, anchor="rb")
    return tk.ensure_not_square(img)
