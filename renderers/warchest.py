"""War Chest images: the public board, a seat's private coins, and the sheet of unit cards.

Layouts are fixed per player count so that players find things in the same place every move:
- 2 players: the hex map on the left, one panel per seat on the right (800 x 710).
- 4 players: the wider map across the top, then one column per team with its two seats (800 x ~1200).
A strip under the banner says what the last step did, in the engine's own sentences (or the result); the
map highlights where, from the `last` record the action's event carries. During the draft the seat
panels give way to the pool, the picks and the pick order.

A seat looks the same on every image: its colour, shape and letter (`tk.seat_style`) next to its name,
and the same colour and letter on the owner tag of its stacks. Coins and control markers take the
side's colour: the seat's in two players, the team's in four (teams decide who may attack whom).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


from engine.core.types import Frame, T
from engine.warchest.units import ROYAL
from renderers import regions, strips
from renderers import toolkit as tk
from renderers import warchest_parts as parts
from renderers.base import RenderContext

View = Mapping[str, Any]

PAD = 8
NEWS_HEIGHT = 58
"""Two lines of the last step's sentences or of the result (in small type: the map's place is fixed, and a
taller two-player board would come too close to square)."""
MAP_TOP = tk.BANNER_HEIGHT + NEWS_HEIGHT + 8
HEX_SIZE = 45
"""The smallest hex that holds its label, a coin with two kanji, the owner tag and the height apart."""
ROW = 30  # one unit row in a seat panel: a 28 px code tag with air
SEAT_PANEL = {2: 280, 4: 226}
"""Seat panel heights: room for every unit row plus a face-up Royal Coin row."""
TEAM_HEADER = 44
HAND_COIN = 64
CARD_GAP = 10
SILENT = ("pick", "recruit", "pass", "initiative")
"""Actions whose `last` record has no place on the map (face-down coins, the draft)."""


def map_geometry(view: View) -> parts.HexMap:
    players = view["players"]
    width = round((17 if players == 4 else 11) * HEX_SIZE)
    left = PAD if players == 2 else (tk.CANVAS_WIDTH - width) // 2
    return parts.HexMap.build(view["hexes"], players, HEX_SIZE, left, MAP_TOP)


def _canvas_height(players: int, geo: parts.HexMap) -> int:
    if players == 2:
        return max(geo.box[3], MAP_TOP + 2 * SEAT_PANEL[2] + PAD) + PAD
    return geo.box[3] + PAD + TEAM_HEADER + 2 * SEAT_PANEL[4] + PAD + PAD


def _last_records(frame: Frame) -> list[Mapping[str, Any]]:
    """The highlight records of the last step's actions (engine/warchest/VIEW.md), in order."""
    return [event.data["last"] for event in frame.recent if "last" in event.data]


def _status(frame: Frame, ctx: RenderContext) -> str:
    view = frame.view
    if view["phase"] == "draft":
        return parts.say(ctx, "ドラフト中", "Drafting")
    if frame.outcome is not None:
        return parts.say(ctx, f"終了（第{view['round']}ラウンド）", f"Game over (round {view['round']})")
    text = parts.say(ctx, f"第{view['round']}ラウンド", f"Round {view['round']}")
    followup = view["followup"]
    if followup:
        text += " · " + tk.localize(ctx, parts.FOLLOWUPS[followup["kind"]])
    return text


class WarChestRenderer:
    """Draws War Chest frames (views: engine/warchest/VIEW.md); never sees the raw state."""

    def board(self, frame: Frame, ctx: RenderContext) -> tk.Picture:
        view = frame.view
        players = view["players"]
        ctx = parts.named(ctx, players)
        geo = map_geometry(view)
        height = _canvas_height(players, geo)
        img = tk.cached_layer(("warchest", "map", players, ctx.locale), lambda: _static_layer(view, geo, height))
        if regions.wanted():  # the hexes are drawn once in the cached layer, in place on every board
            for hex_ in view["hexes"]:
                regions.mark_polygon(f"hex:{hex_['label']}", geo.polygon(hex_["label"]))
        title = ctx.title or tk.localize(ctx, T("ウォーチェスト", "War Chest"))
        tk.draw_banner(img, ctx, _status(frame, ctx), frame.awaited_seats, title=title)
        _draw_news(img, frame, ctx)
        _draw_board_state(img, frame, geo, ctx)
        side = _side_area(players, geo, height)
        if view["phase"] == "draft":
            _draw_draft(img, frame, ctx, side)
        elif players == 2:
            _draw_panels_2p(img, frame, ctx, side)
        else:
            _draw_panels_4p(img, frame, ctx, side)
        return img

    def private(self, frame: Frame, ctx: RenderContext) -> tk.Picture | None:
        """The seat's hand, Warrior Priest coin, bag contents and face-down discards; None while drafting,
        when nobody holds a coin yet."""
        if frame.view["phase"] == "draft" or "private" not in frame.view:
            return None
        return _private_image(frame.view, parts.named(ctx, frame.view["players"]))


RENDERER = WarChestRenderer()


# --------------------------------------------------------------------------- board: static layer


def _static_layer(view: View, geo: parts.HexMap, height: int) -> tk.Picture:
    img = tk.new_canvas(height)
    parts.draw_static_map(img, view["hexes"], geo)
    return img


def _side_area(players: int, geo: parts.HexMap, height: int) -> tk.Box:
    """Where the seat panels (or the draft) go: right of the map with 2 players, below it with 4."""
    if players == 2:
        return (geo.box[2] + PAD, MAP_TOP, tk.CANVAS_WIDTH - PAD, height - PAD)
    return (PAD, geo.box[3] + PAD, tk.CANVAS_WIDTH - PAD, height - PAD)


# --------------------------------------------------------------------------- board: news and map


def _draw_news(img: tk.Picture, frame: Frame, ctx: RenderContext) -> None:
    """The strip under the banner: the result once the game is over, else what the last step did."""
    top = tk.BANNER_HEIGHT
    strips.draw_strip(img, top, NEWS_HEIGHT)
    box = (PAD + 4, top, img.width - PAD, top + NEWS_HEIGHT)
    if frame.outcome is not None:
        strips.draw_outcome(img, ctx, box, frame.outcome, tk.seat_style, size=tk.SIZE_SMALL)
        return
    records = _last_records(frame)
    marker = tk.seat_style(records[0]["seat"]) if records else None
    text = strips.news_text(ctx, frame)
    strips.draw_news(img, ctx, box, text, marker=marker)


def _draw_board_state(img: tk.Picture, frame: Frame, geo: parts.HexMap, ctx: RenderContext) -> None:
    """Control markers, the last step's actions, the stacks on top of them, and again the labels of the
    hexes those actions crossed, so that arrows never hide a coin, a badge or a label."""
    view = frame.view
    players = view["players"]
    occupied = {stack["hex"] for stack in view["stacks"]}
    for location in view["locations"]:
        if location["controller"] is not None:
            style = parts.side_style(players, location["controller"])
            parts.draw_control(img, geo, location["hex"], style, location["hex"] in occupied)
    shown = [last for last in _last_records(frame) if last["kind"] not in SILENT]
    for last in shown:
        _draw_last(img, last, geo, occupied)
    for stack in view["stacks"]:
        parts.draw_stack(img, geo, stack, ctx)
    for hex_ in dict.fromkeys(h for last in shown for h in [*last["path"], last["target"]] if h):
        parts.draw_label(img, geo, hex_)


def _draw_last(img: tk.Picture, last: Mapping[str, Any], geo: parts.HexMap, occupied: set[str]) -> None:
    """Outline the hex the last action hit (an attack's target) or else ended on, and draw its path as
    arrows over it: one outline keeps the eye on what changed, the arrows tell where it came from."""
    marked = last["target"] or last["to"]
    if marked:
        tk.draw_highlight(img, geo.polygon(marked, 4))
    gap = geo.coin_diameter / 2 + 3
    path = list(last["path"])
    if len(path) >= 2:
        end_gap = gap if path[-1] in occupied else 0
        parts.draw_arrow(img, [geo.coin_at(h) for h in path], start_gap=gap if path[0] in occupied else 0, end_gap=end_gap)
    target = last["target"]
    if target and path:
        end_gap = gap if target in occupied else 0
        parts.draw_arrow(img, [geo.coin_at(path[-1]), geo.coin_at(target)], start_gap=gap, end_gap=end_gap)


# --------------------------------------------------------------------------- board: seat panels


def _panel_box(img: tk.Picture, box: tk.Box) -> None:
    tk.drawing(img).rounded_rectangle(box, radius=10, fill=tk.PANEL, outline=tk.INK, width=2)


def _markers_row(img: tk.Picture, xy: tk.Point, view: View, team: int, ctx: RenderContext, max_width: int) -> None:
    """How many control markers the side still has to place (a number: a row of marker icons said the same
    in more image bytes)."""
    left = view["markers_left"][team]
    label = parts.say(ctx, f"残りマーカー {left}", f"Markers left {left}")
    tk.draw_text(img, xy, label, tk.SIZE_SMALL, anchor="lm", max_width=max_width, max_lines=1)


def _seat_panel(img: tk.Picture, box: tk.Box, frame: Frame, seat: int, ctx: RenderContext, *, markers: bool) -> None:
    """One seat: marker and name, initiative, coin counts, (2 players: markers left), then a table of its
    units with their supply and face-up discards. The table doubles as the legend of the codes on the map."""
    view = frame.view
    info = view["seats"][seat]
    x0, y0, x1, _ = box
    _panel_box(img, box)
    tk.draw_seat_frame(img, box, seat, frame)
    inner_left, inner_right = x0 + 8, x1 - 8
    y = y0 + 6 + tk.MARKER / 2
    right = inner_right
    if view["initiative"] == seat:
        right = tk.draw_pill(img, (inner_right, y), parts.say(ctx, "先行", "Initiative"), anchor="rm")[0] - 8
    tk.draw_marker(img, (inner_left + tk.MARKER / 2, y), tk.MARKER, tk.seat_style(seat))
    tk.draw_text(img, (inner_left + tk.MARKER + 8, y), ctx.seat_names[seat], tk.SIZE_BODY, anchor="lm", bold=True,
                 max_width=max(1, right - inner_left - tk.MARKER - 8), max_lines=1)
    y += tk.MARKER / 2 + 14
    hand = f"{info['hand']}+{info['drawn']}" if info["drawn"] else str(info["hand"])  # + a Warrior Priest coin
    counts = parts.say(
        ctx,
        f"袋 {info['bag']} · 手札 {hand} · 伏せ捨て札 {info['discard_facedown']}",
        f"Bag {info['bag']} · Hand {hand} · Face-down {info['discard_facedown']}",
    )
    tk.draw_text(img, (inner_left, y), counts, tk.SIZE_SMALL, anchor="lm", max_width=inner_right - inner_left, max_lines=1)
    y += 28
    if markers:
        _markers_row(img, (inner_left, y), view, info["team"], ctx, inner_right - inner_left)
        y += 30
    _units_table(img, (inner_left, round(y), inner_right), info, view["players"], ctx)


def _units_table(img: tk.Picture, at: tuple[int, int, int], info: Mapping[str, Any], players: int,
                 ctx: RenderContext) -> None:
    """Rows of [code] name | supply | face-up discards; a Royal Coin row only when it lies face up."""
    left, y, right = at
    discards = dict(parts.grouped(info["discard_faceup"]))
    tag = parts.tag_width(ctx)
    up_x, supply_x = right - 2, right - 76
    tk.draw_text(img, (supply_x, y), parts.say(ctx, "供給", "Supply"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="rm")
    tk.draw_text(img, (up_x, y), parts.say(ctx, "表捨札", "Face-up"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="rm")
    y += 26
    style = parts.side_style(players, info["team"])
    rows = list(info["units"]) + ([ROYAL] if ROYAL in discards else [])
    name_left = left + tag + 8
    for unit in rows:
        regions.mark(f"unit:{unit}", (left, y - ROW / 2, right, y + ROW / 2))
        parts.draw_code_tag(img, (left + tag / 2, y), parts.unit_code(unit, ctx), style, tag)
        tk.draw_text(img, (name_left, y), parts.unit_name(unit, ctx), tk.SIZE_SMALL, anchor="lm",
                     max_width=max(1, supply_x - 20 - name_left), max_lines=1)
        supply = "–" if unit == ROYAL else str(info["supply"].get(unit, 0))
        tk.draw_text(img, (supply_x, y), supply, tk.SIZE_BODY, anchor="rm", bold=True)
        tk.draw_text(img, (up_x - 12, y), str(discards.get(unit, 0)), tk.SIZE_BODY, anchor="rm", bold=True)
        y += ROW


def _draw_panels_2p(img: tk.Picture, frame: Frame, ctx: RenderContext, area: tk.Box) -> None:
    x0, y0, x1, _ = area
    for seat in range(2):
        top = y0 + seat * (SEAT_PANEL[2] + PAD)
        _seat_panel(img, (x0, top, x1, top + SEAT_PANEL[2]), frame, seat, ctx, markers=True)


def _draw_panels_4p(img: tk.Picture, frame: Frame, ctx: RenderContext, area: tk.Box) -> None:
    """One column per team: the team's markers, then its two seats."""
    view = frame.view
    x0, y0, x1, _ = area
    width = (x1 - x0 - PAD) // 2
    for team, seats in enumerate(view["teams"]):
        left = x0 + team * (width + PAD)
        style = tk.team_style(team)
        middle = y0 + TEAM_HEADER / 2 - 2
        tk.draw_marker(img, (left + tk.MARKER / 2, middle), tk.MARKER, style)
        name = tk.localize(ctx, style.name)
        x = tk.draw_text(img, (left + tk.MARKER + 8, middle), name, tk.SIZE_BODY, anchor="lm", bold=True)[2] + 14
        _markers_row(img, (x, middle), view, team, ctx, left + width - x)
        for index, seat in enumerate(seats):
            top = y0 + TEAM_HEADER + index * (SEAT_PANEL[4] + PAD)
            _seat_panel(img, (left, top, left + width, top + SEAT_PANEL[4]), frame, seat, ctx, markers=False)


# --------------------------------------------------------------------------- board: draft


def _draw_draft(img: tk.Picture, frame: Frame, ctx: RenderContext, area: tk.Box) -> None:
    """The pick order, the units still in the pool, and what each seat has picked."""
    view = frame.view
    draft = view["draft"]
    x0, y0, x1, _ = area
    _panel_box(img, area)
    left, right = x0 + 10, x1 - 10
    y = y0 + 22
    tk.draw_text(img, (left, y), parts.say(ctx, "ドラフト", "Draft"), tk.SIZE_BODY, anchor="lm", bold=True)
    y += 38
    x = tk.draw_text(img, (left, y), parts.say(ctx, "指名順:", "Pick order:"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2] + 8
    for seat in draft["order"]:
        if x + tk.MARKER > right:
            break
        x = tk.draw_marker(img, (x + tk.MARKER / 2, y), tk.MARKER, tk.seat_style(seat))[2] + 2
    y += 36
    tk.draw_text(img, (left, y), parts.say(ctx, "残りのユニット", "Units left in the pool"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
    y += 30
    columns = 1 if view["players"] == 2 else 3
    column_width = (right - left) // columns
    tag = parts.tag_width(ctx)
    pool = sorted(draft["pool"], key=lambda unit: parts.unit_name(unit, ctx))
    for index, unit in enumerate(pool):
        cx = left + (index % columns) * column_width
        cy = y + (index // columns) * ROW
        regions.mark(f"unit:{unit}", (cx, cy - ROW / 2, cx + column_width, cy + ROW / 2))
        parts.draw_code_tag(img, (cx + tag / 2, cy), parts.unit_code(unit, ctx), parts.NEUTRAL_COIN, tag)
        tk.draw_text(img, (cx + tag + 8, cy), parts.unit_name(unit, ctx), tk.SIZE_SMALL, anchor="lm",
                     max_width=column_width - tag - 16, max_lines=1)
    y += -(-len(pool) // columns) * ROW + 6
    tk.draw_text(img, (left, y), parts.say(ctx, "選んだユニット", "Picked"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
    y += 32
    players = view["players"]
    pick_columns = 1 if players == 2 else players
    pick_width = (right - left) // pick_columns
    for seat in range(players):
        bx = left + (seat % pick_columns) * pick_width
        by = y + (seat // pick_columns) * (tk.MARKER + 4 + ROW + 8)
        bottom = _draft_picks(img, (bx, by, bx + pick_width - 8), view, seat, ctx)
        tk.draw_seat_frame(img, (bx - 5, by - tk.MARKER / 2 - 1, bx + pick_width - 4, bottom + 3), seat, frame)


def _draft_picks(img: tk.Picture, at: tuple[int, int, int], view: View, seat: int, ctx: RenderContext) -> float:
    """A seat's marker and name, then its picks: in four players one per row, in two players as codes;
    returns the y below them."""
    x, y, right = at
    tk.draw_marker(img, (x + tk.MARKER / 2, y), tk.MARKER, tk.seat_style(seat))
    tk.draw_text(img, (x + tk.MARKER + 6, y), ctx.seat_names[seat], tk.SIZE_SMALL, anchor="lm", bold=True,
                 max_width=max(1, right - x - tk.MARKER - 6), max_lines=1)
    players = view["players"]
    style = parts.side_style(players, seat % 2)
    tag = parts.tag_width(ctx)
    for index, unit in enumerate(view["draft"]["picks"][seat]):
        if players == 2:
            centre = (x + tag / 2 + index * (tag + 6), y + tk.MARKER / 2 + 4 + ROW / 2)
            parts.draw_code_tag(img, centre, parts.unit_code(unit, ctx), style, tag)
            continue
        row_y = y + tk.MARKER / 2 + 4 + ROW / 2 + index * ROW
        parts.draw_code_tag(img, (x + tag / 2, row_y), parts.unit_code(unit, ctx), style, tag)
        tk.draw_text(img, (x + tag + 6, row_y), parts.unit_name(unit, ctx), tk.SIZE_SMALL, anchor="lm",
                     max_width=max(1, right - x - tag - 6), max_lines=1)
    picks = view["draft"]["picks"][seat]
    rows = 1 if players == 2 else max(1, len(picks))
    return y + tk.MARKER / 2 + 4 + rows * ROW


# --------------------------------------------------------------------------- private image


def _coin_grid(img: tk.Picture, top: int, coins: Sequence[tuple[str, int]], style: tk.Style, ctx: RenderContext) -> int:
    """Coins with their counts and names, three to a row; returns the y below the grid."""
    columns = 3
    width = (tk.CANVAS_WIDTH - 2 * PAD) // columns
    tag = parts.tag_width(ctx)
    if not coins:
        tk.draw_text(img, (PAD + 8, top + ROW / 2), parts.say(ctx, "なし", "None"), tk.SIZE_BODY, fill=tk.MUTED_INK, anchor="lm")
        return top + ROW + 6
    for index, (coin, count) in enumerate(coins):
        x = PAD + 8 + (index % columns) * width
        y = top + (index // columns) * 38 + 18
        parts.draw_code_tag(img, (x + tag / 2, y), parts.unit_code(coin, ctx), style, tag, height=32)
        label = f"×{count}  {parts.unit_name(coin, ctx)}"
        tk.draw_text(img, (x + tag + 8, y), label, tk.SIZE_BODY, anchor="lm", max_width=width - tag - 16, max_lines=1)
    return top + -(-len(coins) // columns) * 38 + 6


def _section_title(img: tk.Picture, y: int, text: str) -> int:
    tk.drawing(img).line((PAD, y, tk.CANVAS_WIDTH - PAD, y), fill=tk.LINE, width=2)
    tk.draw_text(img, (PAD, y + 6), text, tk.SIZE_BODY, anchor="lt", bold=True)
    return y + 6 + tk.line_height(tk.SIZE_BODY)


_PRIVATE_MAX_HEIGHT = 640
"""Room for three sections of at most two grid rows each; the image is cropped to what was drawn, which
stays far from square (800 wide, under 500 tall)."""


def _private_image(view: View, ctx: RenderContext) -> tk.Picture:
    seat = view["seat"]
    private = view["private"]
    style = parts.side_style(view["players"], view["seats"][seat]["team"])
    bag = sorted(private["bag"].items(), key=lambda item: (item[0] != ROYAL, item[0]))
    down = parts.grouped(private["discard_facedown"])
    img = tk.new_canvas(_PRIVATE_MAX_HEIGHT)
    title = parts.say(ctx, "{s%d}の手元（非公開）" % seat, "{s%d}'s coins (private)" % seat)
    marker = tk.MARKER
    tk.draw_banner(img, ctx, parts.say(ctx, f"第{view['round']}ラウンド", f"Round {view['round']}"), title=title)
    tk.draw_marker(img, (tk.CANVAS_WIDTH - PAD - marker / 2, tk.BANNER_HEIGHT / 2), marker, tk.seat_style(seat))
    y = _hand(img, tk.BANNER_HEIGHT + 8, private, style, ctx)
    bag_total = sum(private["bag"].values())
    y = _section_title(img, y, parts.say(ctx, f"袋の中身（{bag_total}枚・順番は不明）", f"In your bag ({bag_total}, order unknown)"))
    y = _coin_grid(img, y, bag, style, ctx)
    down_total = len(private["discard_facedown"])
    y = _section_title(img, y, parts.say(ctx, f"伏せた捨て札（{down_total}枚）", f"Your face-down discards ({down_total})"))
    y = _coin_grid(img, y, down, style, ctx)
    return tk.ensure_not_square(img.crop((0, 0, tk.CANVAS_WIDTH, y + PAD)))


def _hand(img: tk.Picture, top: int, private: Mapping[str, Any], style: tk.Style, ctx: RenderContext) -> int:
    """The coins in hand, then a Warrior Priest's drawn coin outlined with what to do with it; returns
    the y below."""
    hand = len(private["hand"])
    y = _section_title(img, top, parts.say(ctx, f"手札（{hand}枚）", f"Your hand ({hand})"))
    coins = [(coin, False) for coin in private["hand"]] + [(coin, True) for coin in private["drawn"]]
    x = PAD + 6
    coin_top = y + 6
    for coin, drawn in coins:
        box_w = max(HAND_COIN + 24, tk.text_width(parts.unit_name(coin, ctx), tk.SIZE_SMALL) + 16)
        centre = (x + box_w / 2, coin_top + HAND_COIN / 2)
        parts.draw_coin(img, centre, HAND_COIN, parts.unit_code(coin, ctx), style)
        tk.draw_text(img, (centre[0], coin_top + HAND_COIN + 4), parts.unit_name(coin, ctx), tk.SIZE_SMALL, anchor="mt")
        if drawn:
            box = (x - 4, coin_top - 4, x + box_w + 4, coin_top + HAND_COIN + 32)
            tk.draw_highlight(img, box)
            note = parts.say(ctx, "戦僧で引いたコイン:\n今すぐ使う", "Drawn for the Warrior Priest:\nuse it now")
            tk.draw_text(img, (box[2] + 10, centre[1]), note, tk.SIZE_SMALL, anchor="lm",
                         max_width=max(1, tk.CANVAS_WIDTH - PAD - box[2] - 10), max_lines=4)
        x += box_w + 14
    if not coins:
        tk.draw_text(img, (PAD + 8, coin_top + HAND_COIN / 2), parts.say(ctx, "手札はありません", "No coins in hand"),
                     tk.SIZE_BODY, fill=tk.MUTED_INK, anchor="lm")
    return coin_top + HAND_COIN + 38
