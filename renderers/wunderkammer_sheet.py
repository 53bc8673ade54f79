"""The Wunderkammer score sheet, drawn on the board once the game is over: one row per item kind (its
value, then each player's cards of it and the points they make), the points from scoring abilities,
the characters on each bench, and the totals — everything read from the view's `final`."""

from __future__ import annotations


from renderers import toolkit as tk
from renderers.wunderkammer_parts import PAD, Scene, draw_tile, item_name, section_title

ROW = 34
HEADER = 48
KIND_WIDTH = 210
VALUE_WIDTH = 76
TOKEN = 30


def draw_score_sheet(img: tk.Picture, scene: Scene, top: int) -> int:
    view = scene.view
    final = view["final"]
    players = view["players"]
    y = section_title(img, top, scene.say("得点表", "Score sheet"),
                      scene.say("枚数 → 点数(価値×枚数)", "cards → points (value × cards)"))
    x0, x1 = PAD, img.width - PAD
    column = (x1 - x0 - KIND_WIDTH - VALUE_WIDTH) // players
    left = x0 + KIND_WIDTH + VALUE_WIDTH
    draw = tk.drawing(img)
    middle = y + HEADER / 2
    tk.draw_text(img, (x0 + KIND_WIDTH + VALUE_WIDTH / 2, middle), scene.say("価値", "Value"), tk.SIZE_SMALL,
                 fill=tk.MUTED_INK, anchor="mm", bold=True)
    for seat in range(players):
        cx = left + seat * column
        marker = tk.draw_marker(img, (cx + 6 + TOKEN / 2, middle), TOKEN, scene.style(seat))
        tk.draw_text(img, (marker[2] + 4, middle), scene.name(seat), tk.SIZE_SMALL, anchor="lm", bold=True,
                     max_width=max(1, column - TOKEN - 16), max_lines=1)
    y += HEADER
    for index, entry in enumerate(view["items"]):
        kind = entry["id"]
        value = final["values"][kind]
        if index % 2 == 0:
            draw.rectangle((x0, y, x1, y + ROW), fill=tk.PANEL)
        row_middle = y + ROW / 2
        tile = draw_tile(img, (x0 + 4, row_middle), kind)
        tk.draw_text(img, (tile[2] + 6, row_middle), item_name(scene.ctx, kind), tk.SIZE_SMALL, anchor="lm",
                     max_width=KIND_WIDTH - (tile[2] - x0) - 10, max_lines=1)
        tk.draw_text(img, (x0 + KIND_WIDTH + VALUE_WIDTH / 2, row_middle), str(value), tk.SIZE_BODY, anchor="mm", bold=True)
        for seat in range(players):
            cards = final["counts"][seat].get(kind, 0)
            text = f"{cards} → {cards * value}" if cards else "–"
            tk.draw_text(img, (left + seat * column + column / 2, row_middle), text, tk.SIZE_SMALL, anchor="mm",
                         fill=tk.INK if cards and value else tk.MUTED_INK, bold=bool(cards and value))
        y += ROW
    rows = (
        (scene.say("能力による得点", "Ability points"), final["direct"]),
        (scene.say("ベンチのキャラクター", "Characters on bench"), final["characters"]),
        (scene.say("合計", "Total"), final["points"]),
    )
    for index, (title, numbers) in enumerate(rows):
        total = index == len(rows) - 1
        if total:
            draw.line((x0, y + 2, x1, y + 2), fill=tk.INK, width=3)
        row_middle = y + ROW / 2 + 4
        tk.draw_text(img, (x0 + 4, row_middle), title, tk.SIZE_BODY if total else tk.SIZE_SMALL, anchor="lm", bold=total,
                     max_width=KIND_WIDTH + VALUE_WIDTH - 8, max_lines=1)
        for seat in range(players):
            tk.draw_text(img, (left + seat * column + column / 2, row_middle), str(numbers[seat]),
                         tk.SIZE_BODY if total else tk.SIZE_SMALL, anchor="mm", bold=total)
        y += ROW + 4
    return y + 8
