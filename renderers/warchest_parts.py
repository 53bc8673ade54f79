"""Building blocks of the War Chest images: unit codes, coins, the hex map geometry and small texts.

Why a separate module: the board, the private image and the unit sheet all draw the same coins and use the
same names, and keeping these pieces apart from the page layouts in `renderers.warchest` keeps both short.
Everything here draws with the shared toolkit; the few things the toolkit lacks (a plain anti-aliased shape
without a letter, arrows along hex paths) are written here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core.types import T, Text
from engine.warchest.units import ROYAL, ROYAL_NAME, UNITS, ability
from renderers import toolkit as tk
from renderers.base import RenderContext

RGB = tuple[int, int, int]

# Short codes drawn inside the coins; the seat panels and the unit sheet map them back to full names.
# Japanese codes are the first two characters that tell the names apart (騎兵 / 騎士, 槍騎兵 / 長槍兵).
CODES: dict[str, Text] = {
    ROYAL: T("国王", "Ro"),
    "archer": T("射手", "Ar"),
    "berserker": T("狂戦", "Be"),
    "cavalry": T("騎兵", "Ca"),
    "crossbowman": T("弩兵", "Cr"),
    "ensign": T("旗手", "En"),
    "footman": T("歩兵", "Fo"),
    "knight": T("騎士", "Kn"),
    "lancer": T("槍騎", "La"),
    "light_cavalry": T("軽騎", "LC"),
    "marshall": T("元帥", "Ma"),
    "mercenary": T("傭兵", "Me"),
    "pikeman": T("長槍", "Pi"),
    "royal_guard": T("近衛", "RG"),
    "scout": T("斥候", "Sc"),
    "swordsman": T("剣士", "Sw"),
    "warrior_priest": T("戦僧", "WP"),
}

NEUTRAL_COIN = tk.Style(tk.PANEL_HEADER, tk.INK, "", "circle", T("ユニット", "Unit"))
"""The look of a coin that belongs to nobody yet (draft pool, unit sheet)."""


def unit_text(unit: str) -> Text:
    """A coin's bilingual name: a unit's, or the Royal Coin's."""
    return ROYAL_NAME if unit == ROYAL else UNITS[unit].name


def unit_name(unit: str, ctx: RenderContext) -> str:
    return unit_text(unit).get(ctx.locale)


def unit_code(unit: str, ctx: RenderContext) -> str:
    return CODES[unit].get(ctx.locale)


def unit_ability(unit: str) -> Text:
    return ability(unit)


def seat_name(ctx: RenderContext, seat: int) -> str:
    """The display name, or the seat's colour word when the platform gave fewer names than seats."""
    if seat < len(ctx.seat_names) and ctx.seat_names[seat]:
        return ctx.seat_names[seat]
    return tk.localize(ctx, tk.seat_style(seat).name)


def say(ctx: RenderContext, ja: str, en: str) -> str:
    """A one-off bilingual string with `{sN}` seat placeholders filled in (colour words for missing names)."""
    names = {seat: seat_name(ctx, seat) for seat in range(len(tk.SEAT_STYLES))}
    return T(ja, en).render(ctx.locale, names)


# --------------------------------------------------------------------------- sides and owners


def side_style(players: int, team: int) -> tk.Style:
    """Who holds a location or a stack: the seat in two players, the team in four (the rules' sides)."""
    return tk.seat_style(team) if players == 2 else tk.team_style(team)


def owner_style(players: int, seat: int) -> tk.Style:
    """A stack's owner badge: in four players the team's colour and shape with the seat's letter, since
    the team decides who may attack whom and the letter still tells the two partners apart."""
    if players == 2:
        return tk.seat_style(seat)
    team = tk.team_style(seat % 2)
    return tk.Style(team.colour, team.ink, tk.seat_style(seat).letter, team.shape, team.name)


# --------------------------------------------------------------------------- anti-aliased shapes

_SUPERSAMPLE = 4


@lru_cache(maxsize=256)
def shape_sprite(shape: str, fill: RGB, size: int, edge: int = 3) -> Image.Image:
    """An anti-aliased RGBA shape with an ink edge and no letter (coins, rims, badges), cached.

    The toolkit's `marker_sprite` always carries a letter; coins carry two-character codes drawn on top
    with `draw_text`, which needs the bare shape.
    """
    big = size * _SUPERSAMPLE
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    points, _ = tk.shape_points(shape, (big / 2, big / 2), big / 2 - _SUPERSAMPLE)
    ImageDraw.Draw(sprite).polygon(points, fill=fill, outline=tk.INK, width=edge * _SUPERSAMPLE)
    return sprite.reduce(_SUPERSAMPLE)


def paste_shape(img: Image.Image, centre: tk.Point, size: int, shape: str, fill: RGB, edge: int = 3) -> None:
    sprite = shape_sprite(shape, fill, size, edge)
    img.paste(sprite, (round(centre[0] - size / 2), round(centre[1] - size / 2)), sprite)


def code_size(code: str, diameter: int) -> int:
    """Font size that fits a code inside a coin: two kanji need a smaller size than two Latin letters."""
    wide = any(ord(char) > 0x2E80 for char in code)
    return max(tk.SIZE_SMALL, round(diameter * (0.42 if wide else 0.48)))


def draw_coin(img: Image.Image, centre: tk.Point, diameter: int, code: str, style: tk.Style) -> None:
    """A War Chest coin: a disc in the owner's colour with the unit code in the ink readable on it."""
    paste_shape(img, centre, diameter, "circle", style.colour)
    tk.draw_text(img, centre, code, code_size(code, diameter), fill=style.ink, anchor="mm", bold=True)


def tag_width(ctx: RenderContext) -> int:
    """Width of a code tag: two kanji at the smallest text size, or two Latin letters."""
    return 68 if ctx.ja else 56


def draw_code_tag(img: Image.Image, centre: tk.Point, code: str, style: tk.Style, width: int, height: int = 36) -> tk.Box:
    """A unit code on a rounded tag in the owner's colour, for tables and lists where a coin big enough
    for two kanji would not fit the row. Fixed width, so the names after it line up."""
    box = (round(centre[0] - width / 2), round(centre[1] - height / 2), round(centre[0] + width / 2), round(centre[1] + height / 2))
    ImageDraw.Draw(img).rounded_rectangle(box, radius=height // 3, fill=style.colour, outline=tk.INK, width=2)
    tk.draw_text(img, centre, code, tk.SIZE_SMALL, fill=style.ink, anchor="mm", bold=True)
    return box


BADGE = 34
"""Owner and height badges on a hex: the toolkit's smallest readable marker size, plus a little."""


def draw_count_badge(img: Image.Image, centre: tk.Point, value: int | str, size: int = BADGE) -> None:
    """A number on an ink disc (stack height): high contrast on any coin or hex colour."""
    paste_shape(img, centre, size, "circle", tk.INK, edge=1)
    tk.draw_text(img, centre, str(value), tk.SIZE_SMALL, fill=tk.WHITE, anchor="mm", bold=True)


# --------------------------------------------------------------------------- the hex map


@dataclass(frozen=True, slots=True)
class HexMap:
    """Pixel geometry of one board size: hex centres by label and the inner layout of a hex.

    Inside a hex (flat-topped, `size` centre to corner): the label top left, the coin in the middle, the
    owner's badge on the left corner and the stack height on the right corner, so that none of them hides
    another. The label sits off the hex's vertical axis so that arrows of the last action, which run
    from centre to centre, never cover it.
    """

    players: int
    size: int
    centres: Mapping[str, tk.Point]
    box: tk.Box

    @classmethod
    def build(cls, hexes: Sequence[Mapping[str, Any]], players: int, size: int, left: int, top: int) -> "HexMap":
        raw = {h["label"]: tk.hex_centre(h["q"], h["r"], size) for h in hexes}
        half_height = size * math.sqrt(3) / 2
        min_x = min(x for x, _ in raw.values()) - size
        min_y = min(y for _, y in raw.values()) - half_height
        max_x = max(x for x, _ in raw.values()) + size
        max_y = max(y for _, y in raw.values()) + half_height
        centres = {label: (x - min_x + left, y - min_y + top) for label, (x, y) in raw.items()}
        box = (left, top, round(left + max_x - min_x), round(top + max_y - min_y))
        return cls(players, size, centres, box)

    def polygon(self, label: str, inset: float = 0) -> list[tk.Point]:
        return tk.hex_points(self.centres[label], self.size - inset)

    def label_at(self, label: str) -> tk.Point:
        cx, cy = self.centres[label]
        return (cx - 0.33 * self.size, cy - 0.56 * self.size)

    def coin_at(self, label: str) -> tk.Point:
        cx, cy = self.centres[label]
        return (cx, cy + 0.14 * self.size)

    @property
    def coin_diameter(self) -> int:
        return round(0.92 * self.size)

    @property
    def rim_diameter(self) -> int:
        """Location ring and control marker: just wider than a coin, clear of the label above."""
        return self.coin_diameter + 16

    def badge_at(self, label: str) -> tk.Point:
        cx, cy = self.centres[label]
        return (cx - 0.64 * self.size, cy + 0.05 * self.size)

    def height_at(self, label: str) -> tk.Point:
        cx, cy = self.centres[label]
        return (cx + 0.64 * self.size, cy + 0.05 * self.size)


def draw_static_map(img: Image.Image, hexes: Sequence[Mapping[str, Any]], geo: HexMap) -> None:
    """The empty board: hexes, locations as double rings, and the labels players type in actions."""
    draw = ImageDraw.Draw(img)
    ring = geo.rim_diameter
    for hex_ in hexes:
        label = hex_["label"]
        fill = tk.PANEL_HEADER if hex_["location"] else tk.PANEL
        draw.polygon(geo.polygon(label, 1.5), fill=fill, outline=tk.LINE, width=3)
        if hex_["location"]:
            paste_shape(img, geo.coin_at(label), ring, "circle", tk.PANEL, edge=3)
            paste_shape(img, geo.coin_at(label), ring - 14, "circle", tk.PANEL, edge=2)
        tk.draw_text(img, geo.label_at(label), label, tk.SIZE_SMALL, fill=tk.INK, anchor="mm")


def draw_control(img: Image.Image, geo: HexMap, label: str, style: tk.Style, occupied: bool) -> None:
    """A control marker on a location: the side's shape under the coin, so its rim stays visible; with
    no unit on it the whole marker, letter included, shows."""
    if occupied:
        paste_shape(img, geo.coin_at(label), geo.rim_diameter, style.shape, style.colour)
    else:
        tk.draw_marker(img, geo.coin_at(label), geo.rim_diameter, style)


def draw_stack(img: Image.Image, geo: HexMap, stack: Mapping[str, Any], ctx: RenderContext) -> None:
    """A unit on the board: coin (unit code on the side's colour), owner badge, height."""
    label = stack["hex"]
    players = geo.players
    draw_coin(img, geo.coin_at(label), geo.coin_diameter, unit_code(stack["unit"], ctx),
              side_style(players, stack["team"]))
    tk.draw_marker(img, geo.badge_at(label), BADGE, owner_style(players, stack["seat"]))
    draw_count_badge(img, geo.height_at(label), stack["height"])


def _shorten(a: tk.Point, b: tk.Point, start: float, end: float) -> tuple[tk.Point, tk.Point]:
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    return (a[0] + ux * start, a[1] + uy * start), (b[0] - ux * end, b[1] - uy * end)


def draw_arrow(img: Image.Image, points: Sequence[tk.Point], *, start_gap: float = 0, end_gap: float = 0) -> None:
    """The path of the last action: a white band with ink edges and an arrowhead, like the toolkit's
    highlight, so it reads on any colour. The ends stop short of coins (`*_gap`) so codes stay visible."""
    if len(points) < 2:
        return
    pts = list(points)
    pts[0], _ = _shorten(pts[0], pts[1], start_gap, 0)
    head_len = 30
    _, tip = _shorten(pts[-2], pts[-1], 0, end_gap)
    _, base = _shorten(pts[-2], tip, 0, head_len)
    pts[-1] = base
    length = math.dist(pts[-2], tip) or 1.0
    ux, uy = (tip[0] - pts[-2][0]) / length, (tip[1] - pts[-2][1]) / length
    wing = 20
    head = [tip, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
    draw = ImageDraw.Draw(img)
    draw.line(pts, fill=tk.HIGHLIGHT_EDGE, width=16, joint="curve")
    draw.polygon(head, fill=tk.HIGHLIGHT_EDGE, outline=tk.HIGHLIGHT_EDGE, width=5)
    draw.line(pts, fill=tk.HIGHLIGHT, width=8, joint="curve")
    inner = [_toward(p, _centroid(head), 5) for p in head]
    draw.polygon(inner, fill=tk.HIGHLIGHT)


def _centroid(points: Sequence[tk.Point]) -> tk.Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _toward(point: tk.Point, target: tk.Point, distance: float) -> tk.Point:
    length = math.dist(point, target) or 1.0
    return (point[0] + (target[0] - point[0]) * distance / length, point[1] + (target[1] - point[1]) * distance / length)


# --------------------------------------------------------------------------- words


FOLLOWUPS: dict[str, Text] = {
    "guard": T("近衛隊の防御", "Royal Guard defends"),
    "priest": T("戦僧が引いたコイン", "Warrior Priest's coin"),
    "swordsman": T("剣士の追加移動", "Swordsman may move"),
    "berserker": T("狂戦士の再行動", "Berserker may go again"),
    "mercenary": T("傭兵の作戦", "Mercenary may act"),
    "footman": T("歩兵の戦術", "Footman tactic"),
}
"""The banner's note on a decision in the middle of a turn (the view's `followup`)."""


def last_action_text(last: Mapping[str, Any], ctx: RenderContext) -> str:
    """One line describing the last action (the board highlights where it happened)."""
    kind, seat = last["kind"], last["seat"]
    who = "{s%d}" % seat
    name = unit_text(last["unit"]) if last.get("unit") else Text("", "")
    name_ja, name_en = name.ja, name.en
    path = "→".join(last.get("path") or [])
    target = last.get("target")
    hex_ = last.get("to") or ""
    if kind == "deploy":
        return say(ctx, f"{who}: {name_ja}を{hex_}に配置", f"{who}: deployed {name_en} on {hex_}")
    if kind == "bolster":
        return say(ctx, f"{who}: {hex_}の{name_ja}を増援", f"{who}: bolstered {name_en} on {hex_}")
    if kind == "move":
        return say(ctx, f"{who}: {name_ja}が移動 {path}", f"{who}: {name_en} moved {path}")
    if kind == "control":
        return say(ctx, f"{who}: {name_ja}が{hex_}を占領", f"{who}: {name_en} took control of {hex_}")
    if kind == "attack":
        source = last.get("from") or ""
        return say(ctx, f"{who}: {source}の{name_ja}が{target}を攻撃", f"{who}: {name_en} on {source} attacked {target}")
    if kind == "tactic":
        detail = path + (f" ⇒ {target}" if target else "")
        suffix = f" {detail}" if detail else ""
        return say(ctx, f"{who}: {name_ja}の戦術{suffix}", f"{who}: {name_en} tactic{suffix}")
    if kind == "recruit":
        return say(ctx, f"{who}: {name_ja}を募集", f"{who}: recruited {name_en}")
    if kind == "initiative":
        return say(ctx, f"{who}: 先行を宣言", f"{who}: claimed the initiative")
    if kind == "pick":
        return say(ctx, f"{who}: {name_ja}を選択", f"{who}: picked {name_en}")
    return say(ctx, f"{who}: パス", f"{who}: passed")


def result_text(view: Mapping[str, Any], ctx: RenderContext) -> str:
    """The end of the game in one line: who won and why, or why it is a draw."""
    result = view["result"]
    winner = result["winner"]
    if winner is None:
        if result["reason"] == "rounds":
            return say(ctx, "引き分け（100ラウンド経過）", "Draw: 100 rounds played")
        return say(ctx, "引き分け（誰もコインを引けない）", "Draw: nobody could draw a coin")
    seats = view["teams"][winner]
    names_ja = "、".join("{s%d}" % s for s in seats)
    names_en = " & ".join("{s%d}" % s for s in seats)
    return say(ctx, f"{names_ja}の勝利（占領マーカーを全て配置）", f"{names_en} won: every control marker placed")


def grouped(coins: Sequence[str]) -> list[tuple[str, int]]:
    """Coins as (coin, count) in a stable order (the Royal Coin first, then units alphabetically)."""
    counts: dict[str, int] = {}
    for coin in coins:
        counts[coin] = counts.get(coin, 0) + 1
    return sorted(counts.items(), key=lambda item: (item[0] != ROYAL, item[0]))
