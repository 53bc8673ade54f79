"""War Chest images: the public board, a seat's private coins, and the sheet of unit cards.

Layouts are fixed per player count so that players find things in the same place every move:
- 2 players: the hex map on the left, one panel per seat on the right (1200 x ~1020).
- 4 players: the wider map across the top, then one column per team with its two seats (1200 x ~1700).
A strip under the banner says what the last action was (or the result); the map highlights where.
During the draft the seat panels give way to the pool, the picks and the pick order.

Owners are always colour plus shape plus letter: 2-player stacks use the seat's style; 4-player stacks use
the team's colour and shape (teams decide who may attack whom) with the owning seat's letter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core.types import T
from engine.warchest.units import ROYAL, ROYAL_GUARD, ROYAL_GUARD_2018, UNITS
from renderers import toolkit as tk
from renderers import warchest_parts as parts
from renderers.base import RenderContext

View = Mapping[str, Any]

PAD = 16
STRIP_HEIGHT = 56
MAP_TOP = tk.BANNER_HEIGHT + STRIP_HEIGHT + 8
HEX_SIZE = {2: 66, 4: 68}
ROW = 42  # one unit row in a seat panel: a 36 px code tag and 26 px text with air
TEAM_HEADER = 60
SEAT_PANEL_4P = 310  # fits three units and a face-up Royal Coin row
HAND_COIN = 104
CARD_GAP = 16


def map_geometry(view: View) -> parts.HexMap:
    players = view["players"]
    size = HEX_SIZE[players]
    width = round(17 * size) if players == 4 else round(11 * size)
    left = PAD if players == 2 else (tk.CANVAS_WIDTH - width) // 2
    return parts.HexMap.build(view["hexes"], players, size, left, MAP_TOP)


def _canvas_height(players: int, geo: parts.HexMap) -> int:
    if players == 2:
        return geo.box[3] + PAD
    return geo.box[3] + PAD + TEAM_HEADER + 2 * SEAT_PANEL_4P + 12 + PAD


def _awaited(view: View) -> list[int]:
    """The seat the game waits for, read from the view (the renderer never sees `pending`)."""
    if view["phase"] == "over":
        return []
    if view["phase"] == "draft":
        return list(view["draft"]["order"][:1])
    if view["followup"]:
        return [view["followup"]["seat"]]
    return [view["turn"]]


def _status(view: View, ctx: RenderContext) -> str:
    if view["phase"] == "draft":
        return parts.say(ctx, "ドラフト中", "Drafting")
    if view["phase"] == "over":
        return parts.say(ctx, f"終了（第{view['round']}ラウンド）", f"Game over (round {view['round']})")
    text = parts.say(ctx, f"第{view['round']}ラウンド", f"Round {view['round']}")
    followup = view["followup"]
    if followup:
        text += " · " + tk.localize(ctx, parts.FOLLOWUPS[followup["kind"]])
    return text


class WarChestRenderer:
    """Draws War Chest views (see engine/warchest/VIEW.md); never sees the raw state."""

    def board(self, view: View, ctx: RenderContext) -> Image.Image:
        players = view["players"]
        geo = map_geometry(view)
        height = _canvas_height(players, geo)
        img = tk.cached_layer(("warchest", "map", players, ctx.locale), lambda: _static_layer(view, geo, height))
        title = ctx.title or tk.localize(ctx, T("ウォーチェスト", "War Chest"))
        tk.draw_banner(img, ctx, _status(view, ctx), _awaited(view), title=title)
        _draw_strip(img, view, ctx)
        _draw_board_state(img, view, geo, ctx)
        side = _side_area(players, geo, height)
        if view["phase"] == "draft":
            _draw_draft(img, view, ctx, side)
        elif players == 2:
            _draw_panels_2p(img, view, ctx, side)
        else:
            _draw_panels_4p(img, view, ctx, side)
        return img

    def private(self, view: View, ctx: RenderContext) -> Image.Image | None:
        """The seat's hand, Warrior Priest coin, bag contents and face-down discards; None while drafting,
        when nobody holds a coin yet."""
        if view["phase"] == "draft" or "private" not in view:
            return None
        return _private_image(view, ctx)


RENDERER = WarChestRenderer()


# --------------------------------------------------------------------------- board: static layer


def _static_layer(view: View, geo: parts.HexMap, height: int) -> Image.Image:
    img = tk.new_canvas(height)
    parts.draw_static_map(img, view["hexes"], geo)
    return img


def _side_area(players: int, geo: parts.HexMap, height: int) -> tk.Box:
    """Where the seat panels (or the draft) go: right of the map with 2 players, below it with 4."""
    if players == 2:
        return (geo.box[2] + 20, MAP_TOP, tk.CANVAS_WIDTH - PAD, geo.box[3])
    return (PAD, geo.box[3] + PAD, tk.CANVAS_WIDTH - PAD, height - PAD)


# --------------------------------------------------------------------------- board: strip and map


def _draw_strip(img: Image.Image, view: View, ctx: RenderContext) -> None:
    """The line under the banner: the result when the game is over, else the last action."""
    top = tk.BANNER_HEIGHT
    middle = top + STRIP_HEIGHT / 2
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, top, img.width, top + STRIP_HEIGHT), fill=tk.PANEL)
    draw.line((0, top + STRIP_HEIGHT, img.width, top + STRIP_HEIGHT), fill=tk.LINE, width=2)
    x = PAD
    if view["result"] is not None:
        x = tk.draw_pill(img, (x, middle), parts.say(ctx, "結果", "Result"))[2] + 12
        winner = view["result"]["winner"]
        if winner is not None:
            tk.draw_marker(img, (x + 18, middle), 36, parts.side_style(view["players"], winner))
            x += 46
        tk.draw_text(img, (x, middle), parts.result_text(view, ctx), tk.SIZE_BODY, anchor="lm", bold=True,
                     max_width=img.width - x - PAD, max_lines=1)
        return
    last = view["last"]
    x = tk.draw_text(img, (x, middle), parts.say(ctx, "直前:", "Last:"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2] + 12
    if last is None:
        text = parts.say(ctx, "まだ行動はありません", "No action yet")
        tk.draw_text(img, (x, middle), text, tk.SIZE_BODY, fill=tk.MUTED_INK, anchor="lm")
        return
    tk.draw_marker(img, (x + 18, middle), 36, tk.seat_style(last["seat"]))
    x += 46
    tk.draw_text(img, (x, middle), parts.last_action_text(last, ctx), tk.SIZE_BODY, anchor="lm",
                 max_width=img.width - x - PAD, max_lines=1)


def _draw_board_state(img: Image.Image, view: View, geo: parts.HexMap, ctx: RenderContext) -> None:
    """Control markers, stacks, then the last action on top of them."""
    players = view["players"]
    occupied = {stack["hex"] for stack in view["stacks"]}
    for location in view["locations"]:
        if location["controller"] is not None:
            style = parts.side_style(players, location["controller"])
            parts.draw_control(img, geo, location["hex"], style, location["hex"] in occupied)
    for stack in view["stacks"]:
        parts.draw_stack(img, geo, stack, ctx)
    last = view["last"]
    if last and last["kind"] not in ("pick", "recruit", "pass", "initiative"):
        _draw_last(img, last, geo, occupied)


def _draw_last(img: Image.Image, last: Mapping[str, Any], geo: parts.HexMap, occupied: set[str]) -> None:
    """Outline the hex the last action hit (an attack's target) or else ended on, and draw its path as
    arrows: one outline keeps the eye on what changed, the arrows tell where it came from."""
    gap = geo.coin_diameter / 2 + 4
    path = list(last.get("path") or [])
    if last["kind"] == "attack" and last.get("from"):
        path = [last["from"]]
    if len(path) >= 2:
        end_gap = gap if path[-1] in occupied else 0
        parts.draw_arrow(img, [geo.coin_at(h) for h in path], start_gap=gap if path[0] in occupied else 0, end_gap=end_gap)
    target = last.get("target")
    if target and path:
        end_gap = gap if target in occupied else 0
        parts.draw_arrow(img, [geo.coin_at(path[-1]), geo.coin_at(target)], start_gap=gap, end_gap=end_gap)
    marked = target or last.get("to")
    if marked:
        tk.draw_highlight(img, geo.polygon(marked, 5), width=6)


# --------------------------------------------------------------------------- board: seat panels


def _panel_box(img: Image.Image, box: tk.Box, highlight: bool) -> None:
    ImageDraw.Draw(img).rounded_rectangle(box, radius=12, fill=tk.PANEL, outline=tk.INK, width=2)
    if highlight:
        tk.draw_highlight(img, box, width=6)


def _markers_row(img: Image.Image, xy: tk.Point, view: View, team: int, ctx: RenderContext, max_width: int) -> None:
    """Control markers the side still has to place, as markers and as a number."""
    left = view["markers_left"][team]
    label = parts.say(ctx, f"残りマーカー {left}", f"Markers left {left}")
    x = tk.draw_text(img, xy, label, tk.SIZE_SMALL, anchor="lm", max_width=max_width, max_lines=1)[2] + 12
    style = parts.side_style(view["players"], team)
    step = min(38, (xy[0] + max_width - x) // max(left, 1))
    for index in range(left):
        tk.draw_marker(img, (x + 17 + index * step, xy[1]), 32, style)


def _seat_panel(img: Image.Image, box: tk.Box, view: View, seat: int, ctx: RenderContext, *, markers: bool) -> None:
    """One seat: name, initiative, coin counts, (2 players: markers left), then a table of its units with
    their supply and face-up discards. The table doubles as the legend of the codes on the map."""
    info = view["seats"][seat]
    players = view["players"]
    x0, y0, x1, _ = box
    _panel_box(img, box, seat in _awaited(view))
    inner_left, inner_right = x0 + 14, x1 - 14
    y = y0 + 12 + 22
    right = inner_right
    if view["initiative"] == seat:
        right = tk.draw_pill(img, (inner_right, y), parts.say(ctx, "先行", "Initiative"), anchor="rm")[0] - 10
    tk.draw_marker(img, (inner_left + 18, y), 36, tk.seat_style(seat))
    tk.draw_text(img, (inner_left + 46, y), parts.seat_name(ctx, seat), tk.SIZE_BODY, anchor="lm", bold=True,
                 max_width=max(1, right - inner_left - 46), max_lines=1)
    y += 44
    hand = f"{info['hand']}+{info['drawn']}" if info["drawn"] else str(info["hand"])  # + a Warrior Priest coin
    counts = parts.say(
        ctx,
        f"袋 {info['bag']} · 手札 {hand} · 伏せ捨て札 {info['discard_facedown']}",
        f"Bag {info['bag']} · Hand {hand} · Face-down {info['discard_facedown']}",
    )
    tk.draw_text(img, (inner_left, y), counts, tk.SIZE_SMALL, anchor="lm", max_width=inner_right - inner_left, max_lines=1)
    y += 40
    if markers:
        _markers_row(img, (inner_left, y), view, info["team"], ctx, inner_right - inner_left)
        y += 42
    _units_table(img, (inner_left, y, inner_right), info, players, ctx)


def _units_table(img: Image.Image, at: tuple[int, int, int], info: Mapping[str, Any], players: int,
                 ctx: RenderContext) -> None:
    """Rows of [coin] name | supply | face-up discards; a Royal Coin row only when it lies face up."""
    left, y, right = at
    discards = dict(parts.grouped(info["discard_faceup"]))
    tag = parts.tag_width(ctx)
    up_x, supply_x = right - 10, right - 119
    tk.draw_text(img, (supply_x, y), parts.say(ctx, "供給", "Supply"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="rm")
    tk.draw_text(img, (up_x, y), parts.say(ctx, "表捨札", "Face-up"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="rm")
    y += 36
    style = parts.side_style(players, info["team"])
    rows = list(info["units"]) + ([ROYAL] if ROYAL in discards else [])
    name_width = supply_x - 24 - (left + tag + 12)
    for unit in rows:
        parts.draw_code_tag(img, (left + tag / 2, y), parts.unit_code(unit, ctx), style, tag)
        tk.draw_text(img, (left + tag + 12, y), parts.unit_name(unit, ctx), tk.SIZE_SMALL, anchor="lm",
                     max_width=max(1, name_width), max_lines=1)
        supply = "–" if unit == ROYAL else str(info["supply"].get(unit, 0))
        tk.draw_text(img, (supply_x, y), supply, tk.SIZE_BODY, anchor="rm", bold=True)
        tk.draw_text(img, (up_x, y), str(discards.get(unit, 0)), tk.SIZE_BODY, anchor="rm", bold=True)
        y += ROW


def _draw_panels_2p(img: Image.Image, view: View, ctx: RenderContext, area: tk.Box) -> None:
    x0, y0, x1, y1 = area
    gap = 12
    height = (y1 - y0 - gap) // 2
    for seat in range(2):
        top = y0 + seat * (height + gap)
        _seat_panel(img, (x0, top, x1, top + height), view, seat, ctx, markers=True)


def _draw_panels_4p(img: Image.Image, view: View, ctx: RenderContext, area: tk.Box) -> None:
    """One column per team: the team's markers, then its two seats."""
    x0, y0, x1, _ = area
    gap = 16
    width = (x1 - x0 - gap) // 2
    for team, seats in enumerate(view["teams"]):
        left = x0 + team * (width + gap)
        style = tk.team_style(team)
        middle = y0 + TEAM_HEADER / 2 - 4
        tk.draw_marker(img, (left + 20, middle), 40, style)
        x = tk.draw_text(img, (left + 48, middle), tk.localize(ctx, style.name), tk.SIZE_BODY, anchor="lm", bold=True)[2] + 20
        _markers_row(img, (x, middle), view, team, ctx, left + width - x)
        top = y0 + TEAM_HEADER
        for index, seat in enumerate(seats):
            panel_top = top + index * (SEAT_PANEL_4P + 12)
            _seat_panel(img, (left, panel_top, left + width, panel_top + SEAT_PANEL_4P), view, seat, ctx, markers=False)


# --------------------------------------------------------------------------- board: draft


def _draw_draft(img: Image.Image, view: View, ctx: RenderContext, area: tk.Box) -> None:
    """The pick order, the units still in the pool, and what each seat has picked."""
    draft = view["draft"]
    x0, y0, x1, y1 = area
    _panel_box(img, area, False)
    left, right = x0 + 16, x1 - 16
    y = y0 + 30
    tk.draw_text(img, (left, y), parts.say(ctx, "ドラフト", "Draft"), tk.SIZE_TITLE - 4, anchor="lm", bold=True)
    y += 48
    x = tk.draw_text(img, (left, y), parts.say(ctx, "指名順:", "Pick order:"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2] + 10
    for index, seat in enumerate(draft["order"]):
        if x + 36 > right:
            break
        tk.draw_marker(img, (x + 17, y), 34 if index else 40, tk.seat_style(seat))
        x += 42 if index else 48
    y += 44
    tk.draw_text(img, (left, y), parts.say(ctx, "残りのユニット", "Units left in the pool"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
    y += 40
    columns = 1 if view["players"] == 2 else 3
    column_width = (right - left) // columns
    tag = parts.tag_width(ctx)
    pool = sorted(draft["pool"], key=lambda unit: parts.unit_name(unit, ctx))
    for index, unit in enumerate(pool):
        cx = left + (index % columns) * column_width
        cy = y + (index // columns) * ROW
        parts.draw_code_tag(img, (cx + tag / 2, cy), parts.unit_code(unit, ctx), parts.NEUTRAL_COIN, tag)
        tk.draw_text(img, (cx + tag + 12, cy), parts.unit_name(unit, ctx), tk.SIZE_BODY, anchor="lm",
                     max_width=column_width - tag - 24, max_lines=1)
    y += -(-len(pool) // columns) * ROW + 8
    tk.draw_text(img, (left, y), parts.say(ctx, "選んだユニット", "Picked"), tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
    y += 40
    players = view["players"]
    pick_columns = 1 if players == 2 else players
    pick_width = (right - left) // pick_columns
    block = (y1 - 12 - y) // (players // pick_columns)
    for seat in range(players):
        bx = left + (seat % pick_columns) * pick_width
        by = y + (seat // pick_columns) * block
        tk.draw_marker(img, (bx + 17, by), 34, tk.seat_style(seat))
        tk.draw_text(img, (bx + 44, by), parts.seat_name(ctx, seat), tk.SIZE_SMALL, anchor="lm", bold=True,
                     max_width=pick_width - 60, max_lines=1)
        style = parts.side_style(players, seat % 2)
        for index, unit in enumerate(draft["picks"][seat]):
            row_y = by + 44 + index * ROW
            parts.draw_code_tag(img, (bx + tag / 2, row_y), parts.unit_code(unit, ctx), style, tag)
            tk.draw_text(img, (bx + tag + 10, row_y), parts.unit_name(unit, ctx), tk.SIZE_SMALL, anchor="lm",
                         max_width=pick_width - tag - 20, max_lines=1)


# --------------------------------------------------------------------------- private image


def _coin_grid(img: Image.Image, top: int, coins: Sequence[tuple[str, int]], style: tk.Style, ctx: RenderContext) -> int:
    """Coins with their counts and names, three to a row; returns the y below the grid."""
    columns = 3
    width = (tk.CANVAS_WIDTH - 2 * PAD) // columns
    tag = parts.tag_width(ctx)
    if not coins:
        tk.draw_text(img, (PAD + 12, top + ROW / 2), parts.say(ctx, "なし", "None"), tk.SIZE_BODY, fill=tk.MUTED_INK, anchor="lm")
        return top + ROW + 8
    for index, (coin, count) in enumerate(coins):
        x = PAD + 12 + (index % columns) * width
        y = top + (index // columns) * 60 + 28
        parts.draw_code_tag(img, (x + tag / 2, y), parts.unit_code(coin, ctx), style, tag, height=42)
        label = f"×{count}  {parts.unit_name(coin, ctx)}"
        tk.draw_text(img, (x + tag + 12, y), label, tk.SIZE_BODY, anchor="lm", max_width=width - tag - 24, max_lines=1)
    return top + -(-len(coins) // columns) * 60 + 8


def _section_title(img: Image.Image, y: int, text: str) -> int:
    ImageDraw.Draw(img).line((PAD, y, tk.CANVAS_WIDTH - PAD, y), fill=tk.LINE, width=2)
    tk.draw_text(img, (PAD, y + 10), text, tk.SIZE_BODY, anchor="lt", bold=True)
    return y + 10 + tk.line_height(tk.SIZE_BODY)


_PRIVATE_MAX_HEIGHT = 900
"""Room for three sections of at most two grid rows each; the image is cropped to what was drawn, which
stays far from square (1200 wide, under 800 tall)."""


def _private_image(view: View, ctx: RenderContext) -> Image.Image:
    seat = view["seat"]
    private = view["private"]
    style = parts.side_style(view["players"], view["seats"][seat]["team"])
    bag = sorted(private["bag"].items(), key=lambda item: (item[0] != ROYAL, item[0]))
    down = parts.grouped(private["discard_facedown"])
    img = tk.new_canvas(_PRIVATE_MAX_HEIGHT)
    title = parts.say(ctx, "{s%d}の手元（非公開）" % seat, "{s%d}'s coins (private)" % seat)
    tk.draw_banner(img, ctx, parts.say(ctx, f"第{view['round']}ラウンド", f"Round {view['round']}"), title=title)
    tk.draw_marker(img, (tk.CANVAS_WIDTH - PAD - 22, tk.BANNER_HEIGHT / 2), 44, tk.seat_style(seat))
    hand = len(private["hand"])
    y = _section_title(img, tk.BANNER_HEIGHT + 12, parts.say(ctx, f"手札（{hand}枚）", f"Your hand ({hand})"))
    coins = [(coin, False) for coin in private["hand"]] + [(coin, True) for coin in private["drawn"]]
    x = PAD + 8
    coin_top = y + 8
    for coin, drawn in coins:
        box_w = max(HAND_COIN + 40, tk.text_width(parts.unit_name(coin, ctx), tk.SIZE_SMALL) + 24)
        centre = (x + box_w / 2, coin_top + HAND_COIN / 2)
        parts.draw_coin(img, centre, HAND_COIN, parts.unit_code(coin, ctx), style)
        tk.draw_text(img, (centre[0], coin_top + HAND_COIN + 6), parts.unit_name(coin, ctx), tk.SIZE_SMALL, anchor="mt")
        if drawn:
            box = (x - 4, coin_top - 6, x + box_w + 4, coin_top + HAND_COIN + 44)
            tk.draw_highlight(img, box, width=5)
            note = parts.say(ctx, "戦僧で引いたコイン:\n今すぐ使う", "Drawn for the Warrior Priest:\nuse it now")
            tk.draw_text(img, (box[2] + 14, centre[1]), note, tk.SIZE_SMALL, anchor="lm",
                         max_width=max(1, tk.CANVAS_WIDTH - PAD - box[2] - 14), max_lines=4)
        x += box_w + 24
    if not coins:
        tk.draw_text(img, (PAD + 12, coin_top + HAND_COIN / 2), parts.say(ctx, "手札はありません", "No coins in hand"),
                     tk.SIZE_BODY, fill=tk.MUTED_INK, anchor="lm")
    y = coin_top + HAND_COIN + 52
    bag_total = sum(private["bag"].values())
    y = _section_title(img, y, parts.say(ctx, f"袋の中身（{bag_total}枚・順番は不明）", f"In your bag ({bag_total}, order unknown)"))
    y = _coin_grid(img, y, bag, style, ctx)
    down_total = len(private["discard_facedown"])
    y = _section_title(img, y, parts.say(ctx, f"伏せた捨て札（{down_total}枚）", f"Your face-down discards ({down_total})"))
    y = _coin_grid(img, y, down, style, ctx)
    return img.crop((0, 0, tk.CANVAS_WIDTH, y + PAD))


# --------------------------------------------------------------------------- unit sheet


def units_sheet(unit_ids: list[str], ctx: RenderContext, *, royal_guard: str = "revised") -> Image.Image:
    """The unit cards in play, two to a row: code tag, name, coin count and our paraphrase of the card.

    Cards in a row share the height of the longer text, so nothing is cut off. `royal_guard` is the game's
    option of that name: with "2018" the Royal Guard card also gives the 2018 printing's tactic.
    """
    columns = 2
    width = (tk.CANVAS_WIDTH - 2 * PAD - CARD_GAP) // columns
    body_width = width - 24
    header = tk.line_height(tk.SIZE_SMALL + 4) + 12
    tag = parts.tag_width(ctx)

    def body(unit: str) -> str:
        text = tk.localize(ctx, parts.unit_ability(unit))
        if unit == ROYAL_GUARD and royal_guard == "2018":
            text += "\n" + tk.localize(ctx, ROYAL_GUARD_2018)
        if unit == ROYAL:
            return text
        coins = UNITS[unit].coins
        return parts.say(ctx, f"コイン{coins}枚。", f"{coins} coins. ") + text

    heights = [header + 16 + tk.measure_text(body(u), tk.SIZE_SMALL, max_width=body_width)[1] + 8 for u in unit_ids]
    row_heights = [max(heights[i:i + columns]) for i in range(0, len(unit_ids), columns)]
    total = tk.BANNER_HEIGHT + PAD + sum(h + CARD_GAP for h in row_heights) + PAD
    img = tk.new_canvas(total)
    tk.draw_banner(img, ctx, parts.say(ctx, f"{len(unit_ids)}種類", f"{len(unit_ids)} units"),
                   title=parts.say(ctx, "ウォーチェスト: ユニット", "War Chest: units"))
    y = tk.BANNER_HEIGHT + PAD
    for row, row_height in enumerate(row_heights):
        for column, unit in enumerate(unit_ids[row * columns:(row + 1) * columns]):
            x = PAD + column * (width + CARD_GAP)
            tk.draw_card(img, (x, y, x + width, y + row_height), parts.unit_name(unit, ctx), body(unit))
            parts.draw_code_tag(img, (x + 12 + tag / 2, y + header / 2), parts.unit_code(unit, ctx), parts.NEUTRAL_COIN, tag)
        y += row_height + CARD_GAP
    return tk.ensure_not_square(img)
