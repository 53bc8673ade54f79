"""A post-game review's chart: each seat's estimated chance of winning after every step, readable on a phone.

800 px wide like every sheet (the kit's phone-readable width), never square. It takes only translated
strings and numbers: the caller (tabletop.play.reviews) chooses the language and the names. Each seat is its
colour and its marker (shape and letter), placed on its own line at staggered points so that lines that
run together are still told apart; the reviewed player's costliest moves are numbered pills above the plot
at their steps, the same numbers as the message's list.
"""

from __future__ import annotations

from collections.abc import Sequence

from renderers import toolkit as tk
from renderers.kinds import image_kind

HEIGHT = 520
PAD = 24
AXIS_ROOM = 76
"""Left of the plot: the percentages."""
LINE_WIDTH = 4


@image_kind("review chart")
def review_chart(title: str, caption: str, names: Sequence[str], curve: Sequence[Sequence[float]],
                 marks: Sequence[int] = ()) -> tk.Picture:
    """`curve[k][seat]` is the seat's chance in [0, 1] after step k (k = 0: the start); `marks` are the
    steps numbered 1, 2, 3 above the plot."""
    players = len(names)
    img = tk.new_canvas(HEIGHT)
    width = tk.CANVAS_WIDTH - 2 * PAD
    tk.draw_text(img, (PAD, PAD), title, tk.SIZE_BODY, bold=True, max_width=width, max_lines=1)
    legend = tk.draw_legend(img, (PAD, PAD + tk.line_height(tk.SIZE_BODY) + 4),
                            [(tk.seat_style(seat), tk.drawable(names[seat])) for seat in range(players)], max_width=width)
    tk.draw_text(img, (PAD, HEIGHT - PAD), caption, tk.SIZE_SMALL, anchor="lb", fill=tk.MUTED_INK, max_width=width, max_lines=1)
    box = (PAD + AXIS_ROOM, legend[3] + 44, tk.CANVAS_WIDTH - PAD - 8, HEIGHT - PAD - tk.line_height(tk.SIZE_SMALL) - 36)
    draw = tk.drawing(img)
    draw.rectangle(box, outline=tk.LINE, width=2)
    for share in (0.0, 0.5, 1.0):
        y = box[3] - share * (box[3] - box[1])
        if 0 < share < 1:
            draw.line((box[0], y, box[2], y), fill=tk.LINE, width=1)
        tk.draw_text(img, (box[0] - 8, y), f"{share:.0%}", tk.SIZE_SMALL, anchor="rm")
    points = list(curve) or [[1.0 / max(players, 1)] * players]
    steps = len(points) - 1
    span = max(steps, 1)

    def at(step: int, chance: float) -> tuple[float, float]:
        return box[0] + step / span * (box[2] - box[0]), box[3] - min(1.0, max(0.0, chance)) * (box[3] - box[1])

    tk.draw_text(img, (box[0], box[3] + 6), "0", tk.SIZE_SMALL, anchor="lt")
    tk.draw_text(img, (box[2], box[3] + 6), str(steps), tk.SIZE_SMALL, anchor="rt")
    for seat in range(players):
        line = [at(step, point[seat]) for step, point in enumerate(points)]
        if len(line) > 1:
            draw.line(line, fill=tk.seat_style(seat).colour, width=LINE_WIDTH, joint="curve")
    for seat in range(players):
        step = round(span * (seat + 1) / (players + 1))
        tk.draw_marker(img, at(step, points[min(step, steps)][seat]), tk.MARKER, tk.seat_style(seat))
    for number, step in enumerate(marks, start=1):
        x = at(min(max(step, 0), steps), 0.0)[0]
        draw.line((x, box[1], x, box[3]), fill=tk.MUTED_INK, width=1)
        pill = (tk.text_width(str(number), tk.SIZE_SMALL, bold=True) + 24) / 2
        tk.draw_pill(img, (min(max(x, PAD + pill), tk.CANVAS_WIDTH - PAD - pill), box[1] - tk.line_height(tk.SIZE_SMALL) / 2 - 8),
                     str(number), anchor="mm")
    return tk.ensure_not_square(img)
