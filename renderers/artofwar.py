"""ART OF WAR images: the public board and a seat's hand.

The board reads like the table seen from seat 0's side (engine/artofwar/VIEW.md): who is to play and
what they are asked, what the last step did, then seat 1's side (back row on top, front row facing the
middle), the two kingdoms compared kind by kind in the middle (the 建国 count: leading in 4 kinds
wins), and seat 0's side (front row facing the middle). Columns a b c run left to right on both sides,
so facing squares line up. An upright unit is a tall card; a unit turned sideways is a wide card
labelled as such, so the two are told apart by shape and word, not colour. This turn's damage is an
ink tag on the card. The last step's places are outlined; the reach of the attack being answered (or
just made) is hatched. Each side's standby area is listed head first, with deck, hand and graveyard
counts beside the battlefield.

Seats are told apart by place (top, bottom) and by their marker (colour, shape and letter) in each
side's header and in the kingdom comparison.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


from engine.core.types import Frame, T
from renderers import regions, strips
from renderers import toolkit as tk
from renderers.artofwar_cards import PAD, card_box, cards_height, draw_unit_card
from renderers.artofwar_parts import KINDS, Marks, Scene, View, local, marks, reach_grid, say, unit_name
from renderers.base import RenderContext

TITLE = T("アート・オブ・ウォー", "ART OF WAR")
MAX_HEIGHT = 1600
NOW_HEIGHT = 52
LAST_HEIGHT = 58
HEADER = 48
LETTERS_ROW = 28
ROW_LABEL = 30
CELL_W, CELL_H, CELL_GAP = 148, 156, 6
UPRIGHT = (124, 150)
SIDEWAYS = (144, 90)
"""Card sizes on the battlefield: a tall card upright, a wide one sideways (the shape tells them apart)."""
MINI_CELL = 15
"""The largest square of a reach grid on a battlefield card; smaller when tags leave less room."""
FIELD_X = PAD + ROW_LABEL
FIELD_W = 3 * CELL_W + 2 * CELL_GAP
SIDE_X = FIELD_X + FIELD_W + 18
ROW_H = 30
KINGDOM_LABEL = 170
KINGDOM_ROW = 46
COLUMNS = "abc"


class ArtOfWarRenderer:
    """Draws ART OF WAR frames (views: engine/artofwar/VIEW.md); never sees the raw state."""

    def board(self, frame: Frame, ctx: RenderContext) -> tk.Picture:
        scene = Scene.of(frame, ctx)
        img = tk.new_canvas(MAX_HEIGHT)
        tk.draw_banner(img, scene.ctx, status_text(scene), title=scene.ctx.title or tk.localize(scene.ctx, TITLE))
        y = draw_now(img, scene, tk.BANNER_HEIGHT)
        y = draw_last(img, scene, y)
        if scene.view["phase"] == "deck":
            y = draw_choosing(img, scene, y + 10)
        else:
            found = marks(frame.recent)
            y = draw_side(img, scene, 1, y + 6, found)
            y = draw_kingdoms(img, scene, y + 4, found)
            y = draw_side(img, scene, 0, y + 4, found)
        return tk.ensure_not_square(img.crop((0, 0, tk.CANVAS_WIDTH, y + PAD)))

    def private(self, frame: Frame, ctx: RenderContext) -> tk.Picture | None:
        """The seat's hand as card panels and its own deck; None while it holds and chose nothing."""
        mine = frame.view.get("private")
        if not mine or (not mine["hand"] and mine["deck"] is None):
            return None
        return hand_image(Scene.of(frame, ctx), mine)


RENDERER = ArtOfWarRenderer()


# --------------------------------------------------------------------------- strips


def status_text(scene: Scene) -> str:
    """The banner's status: the phase, and in play the turn with what it committed to."""
    view = scene.view
    phase = view["phase"]
    if phase == "deck":
        return say(scene.ctx, "デッキ選択", "Choosing decks")
    if phase in ("mulligan", "place"):
        return say(scene.ctx, "セットアップ", "Setup")
    if phase == "over":
        return say(scene.ctx, "終了", "Game over")
    parts = [say(scene.ctx, f"ターン {view['turn_no']}", f"Turn {view['turn_no']}")]
    if view["mode"] == "arrange":
        parts.append(say(scene.ctx, "アレンジ済み", "arranged"))
    elif view["mode"] == "battle":
        parts.append(say(scene.ctx, "バトル中", "battle"))
    if view["boost"]:
        parts.append(say(scene.ctx, f"攻撃力+{view['boost']}", f"attack +{view['boost']}"))
    return " · ".join(parts)


def draw_now(img: tk.Picture, scene: Scene, top: int) -> int:
    return strips.draw_now_strip(img, scene.ctx, top, scene.frame, scene.style, scene.name, pad=PAD, height=NOW_HEIGHT)


def draw_last(img: tk.Picture, scene: Scene, top: int) -> int:
    return strips.draw_last_strip(img, scene.ctx, top, scene.frame, pad=PAD, height=LAST_HEIGHT)


def draw_choosing(img: tk.Picture, scene: Scene, top: int) -> int:
    """Before the deal: who has chosen a deck (never which), and what happens next."""
    y = top
    for seat in (0, 1):
        middle = y + HEADER / 2
        tk.draw_seat_frame(img, (4, y, img.width - 4, y + HEADER), seat, scene.frame)
        x = tk.draw_marker(img, (PAD + tk.MARKER / 2, middle), tk.MARKER, scene.style(seat))[2] + 10
        x = tk.draw_text(img, (x, middle), scene.name(seat), tk.SIZE_BODY, anchor="lm", bold=True, max_width=360, max_lines=1)[2] + 16
        chosen = seat not in scene.view["choosing"]
        label = say(scene.ctx, "選択済み", "Chosen") if chosen else say(scene.ctx, "選択中…", "Choosing…")
        tk.draw_pill(img, (x, middle), label, fill=tk.INK if chosen else tk.PANEL_HEADER, ink=tk.WHITE if chosen else tk.INK)
        y += HEADER + 6
    note = say(scene.ctx, "デッキ(KINGと20枚)は各自が非公開で選びます。相手に見えるのは、両者が選んだ後に公開されるKINGだけです。",
               "Each player chooses a deck (a KING and 20 cards) privately. All the other player ever sees is the KING, "
               "revealed once both have chosen.")
    box = tk.draw_text(img, (PAD, y + 6), note, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lt",
                       max_width=tk.CANVAS_WIDTH - 2 * PAD, max_lines=3)
    return box[3] + 6


# --------------------------------------------------------------------------- a side of the table


def draw_side(img: tk.Picture, scene: Scene, seat: int, top: int, found: Marks) -> int:
    """One player's header, battlefield and standby area; seat 1 above the middle, seat 0 below."""
    facing_up = seat == 0
    y = draw_header(img, scene, seat, top)
    if facing_up:
        y = draw_letters(img, scene, seat, y)
    rows = ("1", "2") if facing_up else ("2", "1")
    field = {unit["square"]: unit for unit in scene.seat(seat)["field"]}
    hatched = attack_reach(scene)
    for index, row in enumerate(rows):
        row_top = y + index * (CELL_H + CELL_GAP)
        tk.draw_text(img, (PAD + ROW_LABEL / 2, row_top + CELL_H / 2), row, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="mm", bold=True)
        for column_index, column in enumerate(COLUMNS):
            square = f"{column}{row}"
            x = FIELD_X + column_index * (CELL_W + CELL_GAP)
            cell = (x, row_top, x + CELL_W, row_top + CELL_H)
            regions.mark(f"square:{seat}:{square}", cell)
            draw_slot(img, cell, (seat, square) in hatched)
            if square in field:
                draw_unit(img, scene, seat, cell, field[square])
            if (seat, square) in found.squares:
                tk.draw_highlight(img, cell)
    field_bottom = y + 2 * CELL_H + CELL_GAP
    draw_standby(img, scene, seat, y, found)
    y = field_bottom + 4
    if not facing_up:
        y = draw_letters(img, scene, seat, y)
    return y


def draw_header(img: tk.Picture, scene: Scene, seat: int, top: int) -> int:
    """Marker, name, KING and the counts of deck, hand and graveyard."""
    info = scene.seat(seat)
    draw = tk.drawing(img)
    draw.rectangle((0, top, img.width, top + HEADER), fill=tk.PANEL_HEADER)
    tk.draw_seat_frame(img, (4, top + 2, img.width - 4, top + HEADER - 2), seat, scene.frame)
    middle = top + HEADER / 2
    x = tk.draw_marker(img, (PAD + tk.MARKER / 2, middle), tk.MARKER, scene.style(seat))[2] + 8
    x = tk.draw_text(img, (x, middle), scene.name(seat), tk.SIZE_BODY, anchor="lm", bold=True, max_width=210, max_lines=1)[2] + 12
    if scene.view["first"] == seat and scene.view["phase"] != "deck":
        x = tk.draw_pill(img, (x, middle), say(scene.ctx, "先攻", "First"))[2] + 10
    counts = say(scene.ctx, f"山札 {info['deck']}  手札 {info['hand']}  墓地 {len(info['grave'])}  王国 {info['kingdom_total']}",
                 f"Deck {info['deck']}  Hand {info['hand']}  Grave {len(info['grave'])}  Kingdom {info['kingdom_total']}")
    tk.draw_text(img, (img.width - PAD, middle), counts, tk.SIZE_SMALL, anchor="rm", bold=True, max_width=img.width - PAD - x, max_lines=1)
    return top + HEADER + 4


def draw_letters(img: tk.Picture, scene: Scene, seat: int, top: int) -> int:
    """Column letters next to the middle of the table (facing squares share a letter), and what the
    hatching means when there is any."""
    middle = top + LETTERS_ROW / 2
    for index, column in enumerate(COLUMNS):
        x = FIELD_X + index * (CELL_W + CELL_GAP) + CELL_W / 2
        tk.draw_text(img, (x, middle), column, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="mm", bold=True)
    if any(owner == seat for owner, _ in attack_reach(scene)):
        tk.draw_text(img, (SIDE_X, middle), say(scene.ctx, "斜線: 攻撃ユニットの射程", "Hatched: the attacker's reach"),
                     tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm", max_width=tk.CANVAS_WIDTH - PAD - SIDE_X, max_lines=1)
    return top + LETTERS_ROW


def attack_reach(scene: Scene) -> set[tuple[int, str]]:
    """The enemy squares in reach of the attack being answered, or else of the attack just declared."""
    view = scene.view
    attack = next((entry for entry in reversed(view["chain"]) if entry["type"] == "attack"), None)
    if attack is None:
        attack = next((event.data for event in scene.frame.recent if event.data.get("kind") == "attack"), None)
    if attack is None:
        return set()
    attacker = next((unit for unit in view["seats"][attack["seat"]]["field"] if unit["square"] == attack["from"]), None)
    if attacker is None:
        return set()
    return {(1 - attack["seat"], square) for square in attacker["reach"]}


def draw_slot(img: tk.Picture, cell: tk.Box, hatched: bool) -> None:
    draw = tk.drawing(img)
    draw.rounded_rectangle(cell, radius=8, fill=tk.BACKGROUND, outline=tk.LINE, width=2)
    if hatched:
        x0, y0, x1, y1 = cell
        for offset in range(-(y1 - y0), x1 - x0, 14):
            start = (x0 + max(offset, 0), y0 + max(-offset, 0))
            length = min(x1 - start[0], y1 - start[1])
            draw.line((start, (start[0] + length, start[1] + length)), fill=tk.LINE, width=2)


def draw_unit(img: tk.Picture, scene: Scene, seat: int, cell: tk.Box, unit: View) -> None:
    """A unit as a card: tall when upright, wide and labelled when sideways; name, attack now, defence
    as it stands, and this turn's damage."""
    ctx = scene.ctx
    cx, cy = (cell[0] + cell[2]) / 2, (cell[1] + cell[3]) / 2
    sideways = unit["sideways"]
    width, height = SIDEWAYS if sideways else UPRIGHT
    box = (round(cx - width / 2), round(cy - height / 2), round(cx + width / 2), round(cy + height / 2))
    style = scene.style(seat)
    draw = tk.drawing(img)
    draw.rounded_rectangle(box, radius=8, fill=tk.PANEL, outline=tk.INK, width=2)
    title_h = tk.line_height(tk.SIZE_SMALL) + 4
    draw.rounded_rectangle((box[0], box[1], box[2], box[1] + title_h), radius=8, fill=style.colour, outline=tk.INK, width=2,
                           corners=(True, True, False, False))
    king = scene.seat(seat)["king"]
    title = unit_name(ctx, scene.view, unit["card"])
    tk.draw_text(img, (cx, box[1] + title_h / 2), title, tk.SIZE_SMALL, fill=style.ink, anchor="mm", bold=True,
                 max_width=box[2] - box[0] - 8, max_lines=1)
    lines = []
    if unit["card"] == "king" and king is not None and not sideways:
        lines.append(local(ctx, king["name"]))
    lines.append(say(ctx, f"攻{unit['attack']} 防{unit['defence']}", f"A{unit['attack']} D{unit['defence']}"))
    y = box[1] + title_h + 1
    for line in lines:
        tk.draw_text(img, (cx, y), line, tk.SIZE_SMALL, anchor="mt", max_width=box[2] - box[0] - 8, max_lines=1)
        y += tk.line_height(tk.SIZE_SMALL)
    tags = [say(ctx, "横向き", "Sideways")] if sideways else []
    if unit["damage"]:
        tags.append(say(ctx, f"ダメージ{unit['damage']}", f"Dmg {unit['damage']}"))
    x = cx - sum(tk.text_width(tag, tk.SIZE_SMALL, bold=True) + 24 for tag in tags) / 2 - 2 * (len(tags) - 1)
    for tag in tags:
        x = tk.draw_pill(img, (x, y + 13), tag)[2] + 4
    if tags:
        y += 28
    cell = min(MINI_CELL, (box[3] - 6 - y) // 4)
    if not sideways and cell >= 8:
        reach = king["reach"] if unit["card"] == "king" and king is not None else scene.view["units"][unit["card"]]["reach"]
        grid = (round(cx - 2.5 * cell), box[3] - 4 * cell - 5, round(cx + 2.5 * cell), box[3] - 5)
        reach_grid(img, grid, reach, None, turned=seat == 1)


def draw_standby(img: tk.Picture, scene: Scene, seat: int, top: int, found: Marks) -> None:
    """The standby area head first (at most 5), then where the KING is and the hand cards everyone saw."""
    ctx = scene.ctx
    info = scene.seat(seat)
    width = tk.CANVAS_WIDTH - PAD - SIDE_X
    tk.draw_text(img, (SIDE_X, top), say(ctx, "待機エリア(先頭から)", "Standby (head first)"), tk.SIZE_SMALL,
                 fill=tk.MUTED_INK, anchor="lt", bold=True)
    y = top + ROW_H
    box = (SIDE_X - 4, y - 2, SIDE_X + width, y + 5 * ROW_H + 2)
    draw = tk.drawing(img)
    draw.rounded_rectangle(box, radius=6, fill=tk.PANEL, outline=tk.LINE, width=2)
    for index in range(5):
        middle = y + index * ROW_H + ROW_H / 2
        tk.draw_text(img, (SIDE_X + 6, middle), str(index + 1), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm", bold=True)
        if index < len(info["standby"]):
            card = info["standby"][index]
            name = unit_name(ctx, scene.view, card)
            if card == "king" and info["king"] is not None:
                name = f"KING {local(ctx, info['king']['name'])}"
            tk.draw_text(img, (SIDE_X + 30, middle), name, tk.SIZE_SMALL, anchor="lm", max_width=width - 40, max_lines=1)
        else:
            tk.draw_text(img, (SIDE_X + 30, middle), "—", tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
    if seat in found.standby:
        tk.draw_highlight(img, box)
    y = box[3] + 8
    if info["king"] is not None:
        king = info["king"]
        upright, sideways = king["defence"]
        line = say(ctx, f"KING {local(ctx, king['name'])} 攻{king['attack']} 防{upright}/{sideways}",
                   f"KING {local(ctx, king['name'])} A{king['attack']} D{upright}/{sideways}")
        tk.draw_text(img, (SIDE_X, y), line, tk.SIZE_SMALL, anchor="lt", bold=True, max_width=width, max_lines=1)
        y += ROW_H
    tk.draw_text(img, (SIDE_X, y), king_place(ctx, info), tk.SIZE_SMALL, anchor="lt", max_width=width, max_lines=1)
    if info["hand_known"]:
        known = "、".join(unit_name(ctx, scene.view, card) for card in info["hand_known"]) if ctx.ja else \
            ", ".join(unit_name(ctx, scene.view, card) for card in info["hand_known"])
        tk.draw_text(img, (SIDE_X, y + ROW_H), say(ctx, f"公開された手札: {known}", f"Seen in hand: {known}"), tk.SIZE_SMALL,
                     anchor="lt", max_width=width, max_lines=1)


def king_place(ctx: RenderContext, info: View) -> str:
    place = info["king_at"]
    if place is None:
        return say(ctx, "KINGは倒れた", "The KING has fallen")
    if place == "hand":
        return say(ctx, "KINGは手札に", "The KING is in hand")
    if place == "standby":
        return say(ctx, "KINGは待機エリアに", "The KING is in standby")
    return say(ctx, f"KINGは戦場 {place} に", f"The KING is on {place}")


# --------------------------------------------------------------------------- the kingdoms


def draw_kingdoms(img: tk.Picture, scene: Scene, top: int, found: Marks) -> int:
    """Seat 1's counts above the kind names, seat 0's below; the leading count of each kind carries the
    leader's marker, and each side shows how many kinds it leads (4 founds the nation)."""
    ctx = scene.ctx
    draw = tk.drawing(img)
    height = 2 * KINGDOM_ROW + ROW_H + 8
    draw.rounded_rectangle((PAD, top, img.width - PAD, top + height), radius=8, fill=tk.PANEL, outline=tk.LINE, width=2)
    column_w = (img.width - 2 * PAD - KINGDOM_LABEL) / len(KINDS)
    names_middle = top + KINGDOM_ROW + 4 + ROW_H / 2
    tk.draw_text(img, (PAD + 10, names_middle), say(ctx, "王国エリア", "Kingdoms"), tk.SIZE_SMALL, anchor="lm", bold=True,
                 max_width=KINGDOM_LABEL - 12, max_lines=1)
    for index, kind in enumerate(KINDS):
        x = PAD + KINGDOM_LABEL + (index + 0.5) * column_w
        tk.draw_text(img, (x, names_middle), local(ctx, scene.view["units"][kind]["name"]), tk.SIZE_SMALL, fill=tk.MUTED_INK,
                     anchor="mm", max_width=int(column_w) - 4, max_lines=1)
    for seat, row_top in ((1, top + 4), (0, top + KINGDOM_ROW + ROW_H + 4)):
        info = scene.seat(seat)
        middle = row_top + KINGDOM_ROW / 2
        x = tk.draw_marker(img, (PAD + 10 + tk.MARKER / 2, middle), tk.MARKER, scene.style(seat))[2] + 8
        lead = say(ctx, f"建国 {len(info['leads'])}/4", f"Nation {len(info['leads'])}/4")
        tk.draw_text(img, (x, middle), lead, tk.SIZE_SMALL, anchor="lm", bold=True, max_width=int(PAD + KINGDOM_LABEL - x), max_lines=1)
        for index, kind in enumerate(KINDS):
            centre = PAD + KINGDOM_LABEL + (index + 0.5) * column_w
            cell = (centre - column_w / 2, row_top, centre + column_w / 2, row_top + KINGDOM_ROW)
            regions.mark(f"kingdom:{seat}:{kind}", cell)
            count = str(info["kingdom"].get(kind, 0))
            if kind in info["leads"]:
                tk.draw_marker(img, (centre - 26, middle), tk.MARKER, scene.style(seat))
                tk.draw_text(img, (centre + 4, middle), count, tk.SIZE_BODY, anchor="lm", bold=True)
            else:
                tk.draw_text(img, (centre, middle), count, tk.SIZE_BODY, anchor="mm")
        if seat in found.kingdom:
            tk.draw_highlight(img, (PAD + 4, row_top, img.width - PAD - 4, row_top + KINGDOM_ROW))
    return top + height


# --------------------------------------------------------------------------- the hand


def hand_image(scene: Scene, mine: Mapping[str, Any]) -> tk.Picture:
    """The seat's hand, one panel per kind held (×n for several), and its own deck."""
    ctx = scene.ctx
    view = scene.view
    seat = scene.frame.seat if scene.frame.seat is not None else 0
    king = scene.seat(seat)["king"]
    kinds = [card for card in (*KINDS, "king") if card in mine["hand"]]
    body = cards_height(len(kinds)) if kinds else 0
    img = tk.new_canvas(tk.BANNER_HEIGHT + 2 * ROW_H + 24 + body + PAD)
    title = say(ctx, f"{scene.name(seat)}の手札({len(mine['hand'])}枚)", f"{scene.name(seat)}'s hand ({len(mine['hand'])})")
    tk.draw_banner(img, ctx, "", title=title)
    y = tk.BANNER_HEIGHT + 6
    if mine["deck"] is not None:
        tk.draw_text(img, (PAD, y), say(ctx, f"あなたのデッキ: {mine['deck']}(相手には非公開)", f"Your deck: {mine['deck']} (hidden from your opponent)"),
                     tk.SIZE_SMALL, anchor="lt", max_width=tk.CANVAS_WIDTH - 2 * PAD, max_lines=1)
    y += ROW_H
    if not kinds:
        tk.draw_text(img, (PAD, y), say(ctx, "手札はありません。", "Your hand is empty."), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lt")
    for index, card in enumerate(kinds):
        count = mine["hand"].count(card)
        if card == "king":
            if king is not None:
                draw_unit_card(img, card_box(index, y + 12), ctx, king, king=True, support=None, count=count)
            continue
        unit = view["units"][card]
        draw_unit_card(img, card_box(index, y + 12), ctx, unit, king=False, support=unit["support_text"], count=count)
    return tk.ensure_not_square(img)

