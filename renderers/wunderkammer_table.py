"""The public parts of the Wunderkammer board: the common field as on the score sheet, the characters
(where each is, with its put cards face down), and each player's lines, bench, trash and counts.

Each section draws onto a tall canvas from a top y and returns the y below it; the board crops after.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


from renderers import regions
from renderers import toolkit as tk
from renderers.wunderkammer_parts import (
    PAD,
    TILE_HEIGHT,
    Marks,
    Scene,
    character,
    character_name,
    counted,
    draw_tile,
    draw_tiles,
    label,
    section_title,
)

FIELD_COLUMNS = 4
FIELD_CELL_HEIGHT = 58
GAP = 8
CHARACTER_COLUMNS = 3
CHARACTER_HEIGHT = 112
LINES = 5
LINE_BOX_HEIGHT = 46
PLAYED_ROW = 30
TOKEN = 30


# --------------------------------------------------------------------------- common field


def draw_field(img: tk.Picture, scene: Scene, top: int, marks: Marks) -> int:
    """Four rows of four as on the score sheet: each kind's tile, the cards left and its value now."""
    view = scene.view
    note = scene.say(f"場から無くなった種類とキャラクター {view['gone']}/{view['end_at']}",
                     f"Kinds and characters gone {view['gone']}/{view['end_at']}")
    y = section_title(img, top, scene.say("共通の場", "Common field"), note)
    width = (img.width - 2 * PAD - (FIELD_COLUMNS - 1) * GAP) // FIELD_COLUMNS
    for index, entry in enumerate(view["items"]):
        row, column = divmod(index, FIELD_COLUMNS)
        x0 = PAD + column * (width + GAP)
        y0 = y + row * (FIELD_CELL_HEIGHT + GAP)
        box = (x0, y0, x0 + width, y0 + FIELD_CELL_HEIGHT)
        _draw_field_cell(img, scene, entry, box)
        regions.mark(f"item:{entry['id']}", box)
        if entry["id"] in marks.items:
            tk.draw_highlight(img, box)
    return y + 4 * (FIELD_CELL_HEIGHT + GAP)


def _draw_field_cell(img: tk.Picture, scene: Scene, entry: Mapping[str, Any], box: tk.Box) -> None:
    x0, y0, x1, y1 = box
    gone = entry["field"] == 0
    tk.drawing(img).rounded_rectangle(box, radius=8, fill=tk.BACKGROUND if gone else tk.PANEL,
                                          outline=tk.LINE, width=1)
    middle = (y0 + y1) / 2
    tile = draw_tile(img, (x0 + 8, middle), entry["id"], size=tk.SIZE_BODY, muted=gone)
    left = tile[2] + 8
    room = max(1, x1 - 6 - left)
    left_text = scene.say("無し", "gone") if gone else scene.say(f"残り{entry['field']}", f"{entry['field']} left")
    tk.draw_text(img, (left, middle - 12), left_text, tk.SIZE_BODY, fill=tk.MUTED_INK, anchor="lm", max_width=room, max_lines=1)
    value = scene.say(f"{entry['value']}点", f"{entry['value']} pt" if entry["value"] == 1 else f"{entry['value']} pts")
    tk.draw_text(img, (left, middle + 12), value, tk.SIZE_SMALL, anchor="lm", bold=True, max_width=room, max_lines=1)


# --------------------------------------------------------------------------- characters


def draw_characters(img: tk.Picture, scene: Scene, top: int, marks: Marks) -> int:
    """The nine characters, three by three: name, its 4 items, where it is and what lies under it."""
    view = scene.view
    note = scene.say("伏せたプットは持ち主だけが見られます", "put cards are face down to all but the owner")
    if view["step"] == "over":
        note = scene.say("プットしたカードも公開", "put cards revealed")
    y = section_title(img, top, scene.say("キャラクター", "Characters"), note)
    width = (img.width - 2 * PAD - (CHARACTER_COLUMNS - 1) * GAP) // CHARACTER_COLUMNS
    for index, entry in enumerate(view["characters"]):
        row, column = divmod(index, CHARACTER_COLUMNS)
        x0 = PAD + column * (width + GAP)
        y0 = y + row * (CHARACTER_HEIGHT + GAP)
        box = (x0, y0, x0 + width, y0 + CHARACTER_HEIGHT)
        _draw_character(img, scene, entry, box)
        regions.mark(f"card:{entry['id']}", box)
        if entry["id"] in marks.characters:
            tk.draw_highlight(img, box)
    rows = -(-len(view["characters"]) // CHARACTER_COLUMNS)
    return y + rows * (CHARACTER_HEIGHT + GAP)


def _draw_character(img: tk.Picture, scene: Scene, entry: Mapping[str, Any], box: tk.Box) -> None:
    x0, y0, x1, y1 = box
    owner = entry["owner"]
    draw = tk.drawing(img)
    draw.rounded_rectangle(box, radius=10, fill=tk.PANEL, outline=tk.INK if owner is not None else tk.LINE,
                           width=2 if owner is not None else 1)
    row = tk.line_height(tk.SIZE_SMALL) + 8
    title_y = y0 + 6 + row / 2
    title = character_name(scene.ctx, entry["id"])
    if not entry["active"]:
        title += scene.say("(能力なし)", " (no ability)")
    tk.draw_text(img, (x0 + 8, title_y), title, tk.SIZE_SMALL, anchor="lm", bold=True, max_width=x1 - x0 - 16, max_lines=1)
    x = x0 + 8
    items_y = title_y + row + 2
    for kind in character(entry["id"])["items"]:
        x = draw_tile(img, (x, items_y), kind)[2] + 4
    where_y = items_y + row + 2
    x = x0 + 8
    if owner is None:
        x = tk.draw_text(img, (x, where_y), scene.say("場", "Field"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2] + 8
    else:
        x = tk.draw_marker(img, (x + TOKEN / 2, where_y), TOKEN, scene.style(owner))[2] + 6
        room = 90 if entry["puts"] else x1 - 8 - x
        x = tk.draw_text(img, (x, where_y), scene.name(owner), tk.SIZE_SMALL, anchor="lm", max_width=room, max_lines=1)[2] + 8
    if entry["played_on"] is not None:
        line = entry["played_on"] + 1
        tk.draw_pill(img, (x1 - 8, where_y), scene.say(f"ライン{line}", f"Line {line}"), anchor="rm")
    elif entry["puts"]:
        _draw_puts(img, scene, entry["puts"], (x, where_y), x1 - 8)


def _draw_puts(img: tk.Picture, scene: Scene, puts: list[Mapping[str, Any]], at: tk.Point, right: int) -> None:
    """Put cards under a character: face-down ones as a count, the ones this viewer knows as tiles."""
    x, middle = at
    hidden = sum(1 for put in puts if put["kind"] is None)
    known = [put["kind"] for put in puts if put["kind"] is not None]
    if hidden:
        x = tk.draw_pill(img, (x, middle), scene.say(f"伏せ{hidden}", f"{hidden} down"), fill=tk.PANEL_HEADER, ink=tk.INK)[2] + 4
    for kind, count in counted(known):
        suffix = f"×{count}" if count > 1 else ""
        if x + 60 > right:
            tk.draw_text(img, (x, middle), "…", tk.SIZE_SMALL, anchor="lm", bold=True)
            return
        x = draw_tile(img, (x, middle), kind, suffix=suffix)[2] + 4


# --------------------------------------------------------------------------- players


def draw_seats(img: tk.Picture, scene: Scene, top: int, marks: Marks) -> int:
    y = section_title(img, top, scene.say("プレイヤー", "Players"))
    for seat in range(scene.view["players"]):
        bottom = _draw_seat(img, scene, seat, y, marks)
        tk.draw_seat_frame(img, (PAD - 4, y - 2, img.width - PAD + 4, bottom), seat, scene.frame)
        y = bottom + 8
    return y


def _draw_seat(img: tk.Picture, scene: Scene, seat: int, top: int, marks: Marks) -> int:
    """Name and counts, the 5 lines (this turn's plays under them), then the bench and the trash side by
    side (one row for both keeps four seats, the field and the characters within two phone screens)."""
    view = scene.view
    info = view["seats"][seat]
    x0, x1 = PAD, img.width - PAD
    middle = top + tk.MARKER / 2 + 2
    tk.draw_marker(img, (x0 + tk.MARKER / 2, middle), tk.MARKER, scene.style(seat))
    joker = scene.say("ジョーカー有", "Joker in hand") if info["joker"] else scene.say("ジョーカー使用中", "Joker on a line")
    counts = scene.say(f"山札{info['deck']}・手札{info['hand']}・トラッシュ{len(info['trash'])}",
                       f"Deck {info['deck']} · Hand {info['hand']} · Trash {len(info['trash'])}")
    right = tk.draw_text(img, (x1, middle), counts, tk.SIZE_SMALL, anchor="rm")[0] - 10
    right = tk.draw_pill(img, (right, middle), joker, fill=tk.PANEL_HEADER if info["joker"] else tk.PANEL, ink=tk.INK,
                         anchor="rm")[0] - 8
    if seat == view["active"]:
        right = tk.draw_pill(img, (right, middle), scene.say("手番", "Turn"), anchor="rm")[0] - 8
    left = x0 + tk.MARKER + 10
    tk.draw_text(img, (left, middle), scene.name(seat), tk.SIZE_BODY, anchor="lm", bold=True,
                 max_width=max(1, right - left), max_lines=1)
    y = top + tk.MARKER + 6
    y = _draw_lines(img, scene, seat, y, marks) + 6
    half = (x0 + x1) // 2
    bench = _labelled(img, scene, (x0, y + (TILE_HEIGHT - tk.line_height(tk.SIZE_SMALL)) // 2, half - GAP), scene.say("ベンチ", "Bench"), _bench_text(scene, info["bench"]))
    label_box = tk.draw_text(img, (half + GAP, y + TILE_HEIGHT / 2), scene.say("トラッシュ", "Trash"), tk.SIZE_SMALL,
                             fill=tk.MUTED_INK, anchor="lm")
    trash = draw_tiles(img, (label_box[2] + 10, y, x1, 0), counted(info["trash"]), max_rows=1, empty=scene.say("なし", "empty"))
    y = max(bench, trash)
    tk.drawing(img).line((x0, y + 6, x1, y + 6), fill=tk.PANEL_HEADER, width=2)
    return y + 6


def _draw_lines(img: tk.Picture, scene: Scene, seat: int, top: int, marks: Marks) -> int:
    """Five boxes: line number, the item tile ×cards; for the turn player what was played there now."""
    lines = scene.view["seats"][seat]["lines"]
    played_any = any(line["played"] for line in lines)
    width = (img.width - 2 * PAD - (LINES - 1) * GAP) // LINES
    height = LINE_BOX_HEIGHT + (PLAYED_ROW if played_any else 0)
    for index, line in enumerate(lines):
        x0 = PAD + index * (width + GAP)
        box = (x0, top, x0 + width, top + height)
        regions.mark(f"line:{seat}:{index + 1}", box)
        tk.drawing(img).rounded_rectangle(box, radius=8, fill=tk.PANEL, outline=tk.LINE, width=1)
        middle = top + LINE_BOX_HEIGHT / 2
        x = tk.draw_text(img, (x0 + 8, middle), str(index + 1), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm", bold=True)[2] + 8
        if line["kind"] is not None:
            draw_tile(img, (x, middle), line["kind"], suffix=f"×{line['cards']}")
        elif line["played"] is None:
            tk.draw_text(img, (x, middle), scene.say("空き", "empty"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
        if line["played"] is not None:
            _draw_played(img, scene, line["played"], (x0 + 8, top + LINE_BOX_HEIGHT + PLAYED_ROW / 2 - 4), x0 + width - 6)
        if (seat, index) in marks.lines:
            tk.draw_highlight(img, box)
    return top + height


def _draw_played(img: tk.Picture, scene: Scene, played: Mapping[str, Any], at: tk.Point, right: int) -> None:
    """This turn's play on a line: "+" then the item's tile ×hand cards, J for the joker, #n for a
    character played by its ability."""
    x, middle = at
    x = tk.draw_text(img, (x, middle), "+", tk.SIZE_BODY, anchor="lm", bold=True)[2] + 4
    if played["cards"]:
        x = draw_tile(img, (x, middle), played["kind"], suffix=f"×{played['cards']}")[2] + 4
    if played["joker"]:
        x = draw_tile(img, (x, middle), "J")[2] + 4
    for cid in played["characters"]:
        if x + 30 > right:
            break
        x = tk.draw_text(img, (x, middle), f"#{character(cid)['number']}", tk.SIZE_SMALL, anchor="lm", bold=True)[2] + 4
    if not played["cards"] and x + 40 < right:
        tk.draw_text(img, (x, middle), scene.say(f"={label(played['kind'])}", f"as {label(played['kind'])}"),
                     tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")


def _bench_text(scene: Scene, bench: list[str]) -> str:
    if not bench:
        return scene.say("なし", "none")
    return scene.say("、", ", ").join(character_name(scene.ctx, cid) for cid in bench)


def _labelled(img: tk.Picture, scene: Scene, at: tuple[int, int, int], label_text: str, text: str) -> int:
    """A muted label and a text after it (two lines at most); returns the bottom."""
    x0, top, x1 = at
    label_box = tk.draw_text(img, (x0, top), label_text, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lt")
    box = tk.draw_text(img, (label_box[2] + 10, top), text, tk.SIZE_SMALL, anchor="lt", max_width=x1 - label_box[2] - 10,
                       max_lines=2)
    return max(label_box[3], box[3])
