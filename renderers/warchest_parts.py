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
from renderers.fonts import bold_stroke, font

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


def named(ctx: RenderContext, players: int) -> RenderContext:
    """The context with a name for every seat: the seat's colour word ("Blue A") where none was given."""
    return tk.with_seat_names(ctx, players, lambda seat: tk.localize(ctx, tk.seat_style(seat).name))


def say(ctx: RenderContext, ja: str, en: str) -> str:
    """A one-off bilingual string with `{sN}` seat placeholders filled in."""
    return tk.localize(ctx, T(ja, en))


# --------------------------------------------------------------------------- sides and owners


def side_style(players: int, team: int) -> tk.Style:
    """Who holds a location or a stack: the seat in two players, the team in four (the rules' sides).

    A seat itself is always drawn with its own `tk.seat_style` (banner, panels, the owner tag on a
    stack, private images), so a player finds one identity everywhere; the side's style only colours
    coins and control markers."""
    return tk.seat_style(team) if players == 2 else tk.team_style(team)


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


def paste_shape(img: tk.Picture, centre: tk.Point, size: int, shape: str, fill: RGB, edge: int = 3) -> None:
    """The shape centred at `centre`, its sprite drawn at the picture's density (and cached per density)."""
    scale = tk.scale_of(img)
    sprite = shape_sprite(shape, fill, size * scale, edge * scale)
    img.paste(sprite, (round(centre[0] - size / 2), round(centre[1] - size / 2)), sprite)


COIN_EDGE = 2


def _ink_box(code: str, size: int, bold: bool) -> tuple[int, int, int, int]:
    return font(size).getbbox(code, anchor="mm", stroke_width=bold_stroke(size) if bold else 0)


def _code_fits(code: str, size: int, bold: bool, radius: float) -> bool:
    """Whether the code's ink box, centred (as `draw_coin` draws it), lies inside a circle of `radius`."""
    left, top, right, bottom = _ink_box(code, size, bold)
    return math.hypot((right - left) / 2, (bottom - top) / 2) <= radius


@lru_cache(maxsize=256)
def code_font(code: str, diameter: int) -> tuple[int, bool]:
    """The largest size (bold if it fits, else regular) at which a code stays inside a coin's rim, never
    below the readable minimum: two kanji need most of a coin, two Latin letters much less."""
    radius = diameter / 2 - COIN_EDGE - 1
    for size in range(max(round(diameter * 0.5), tk.SIZE_SMALL), tk.SIZE_SMALL - 1, -1):
        if _code_fits(code, size, True, radius):
            return size, True
    return tk.SIZE_SMALL, False


def draw_coin(img: tk.Picture, centre: tk.Point, diameter: int, code: str, style: tk.Style) -> None:
    """A War Chest coin: a disc in the owner's colour with the unit code in the ink readable on it."""
    paste_shape(img, centre, diameter, "circle", style.colour, edge=COIN_EDGE)
    size, bold = code_font(code, diameter)
    _, top, _, bottom = _ink_box(code, size, bold)
    tk.draw_text(img, (centre[0], centre[1] - (top + bottom) / 2), code, size, fill=style.ink, anchor="mm", bold=bold)


TAG_HEIGHT = 28


def tag_width(ctx: RenderContext) -> int:
    """Width of a code tag: two kanji at the smallest text size, or two Latin letters."""
    return 54 if ctx.ja else 40


def draw_code_tag(img: tk.Picture, centre: tk.Point, code: str, style: tk.Style, width: int,
                  height: int = TAG_HEIGHT) -> tk.Box:
    """A unit code on a rounded tag in the owner's colour, for tables and lists where a coin big enough
    for two kanji would not fit the row. Fixed width, so the names after it line up."""
    box = (round(centre[0] - width / 2), round(centre[1] - height / 2), round(centre[0] + width / 2), round(centre[1] + height / 2))
    tk.drawing(img).rounded_rectangle(box, radius=height // 3, fill=style.colour, outline=tk.INK, width=2)
    tk.draw_text(img, centre, code, tk.SIZE_SMALL, fill=style.ink, anchor="mm", bold=True)
    return box


def draw_count_badge(img: tk.Picture, centre: tk.Point, value: int | str, size: int,
                     text_size: int = tk.SIZE_SMALL) -> None:
    """A number on an ink disc (stack height): high contrast on any coin or hex colour."""
    paste_shape(img, centre, size, "circle", tk.INK, edge=1)
    tk.draw_text(img, centre, str(value), text_size, fill=tk.WHITE, anchor="mm", bold=True)


def draw_owner_tag(img: tk.Picture, box: tk.Box, style: tk.Style) -> None:
    """The owning seat's letter on its colour: teammates' units differ by a letter read at a glance
    (their seat shapes would need a marker larger than the hex has room for)."""
    tk.drawing(img).rounded_rectangle(box, radius=5, fill=style.colour)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    tk.draw_text(img, centre, style.letter, MAP_TEXT, fill=style.ink, anchor="mm", bold=True)


# --------------------------------------------------------------------------- the hex map


@dataclass(frozen=True, slots=True)
class HexMap:
    """Pixel geometry of one board size: hex centres by label and the inner layout of a hex.

    Inside a hex (flat-topped, `size` centre to corner) nothing overlaps: the label top left, the stack
    height top right, the coin below the middle and the owner's letter tag in the left corner
    (`tests/renderers/test_warchest_render.py` checks that they stay apart). Arrows of the last action
    run from coin to coin under the stacks; the labels of the hexes they cross are drawn again on top.
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

    def _at(self, label: str, dx: float, dy: float) -> tk.Point:
        cx, cy = self.centres[label]
        return (cx + dx * self.size, cy + dy * self.size)

    def polygon(self, label: str, inset: float = 0) -> list[tk.Point]:
        return tk.hex_points(self.centres[label], self.size - inset)

    def label_at(self, label: str) -> tk.Point:
        return self._at(label, -0.27, -0.54)

    def coin_at(self, label: str) -> tk.Point:
        return self._at(label, 0.18, 0.22)

    @property
    def coin_diameter(self) -> int:
        """Wide enough for two kanji at the smallest readable size inside the rim."""
        return round(1.07 * self.size)

    @property
    def rim_diameter(self) -> int:
        """Location ring and control marker: just wider than a coin, clear of the label above."""
        return self.coin_diameter + 4

    def owner_box(self, label: str) -> tk.Box:
        """The owner's letter tag, in the hex's left corner beside the coin."""
        cx, cy = self._at(label, -0.6, 0.0)
        width, height = round(0.42 * self.size), round(0.56 * self.size)
        return (round(cx - width / 2), round(cy - height / 2), round(cx + width / 2), round(cy + height / 2))

    def height_at(self, label: str) -> tk.Point:
        return self._at(label, 0.34, -0.57)

    @property
    def height_diameter(self) -> int:
        return round(0.49 * self.size)


MAP_TEXT = tk.SIZE_SMALL + 2
"""Stack heights and owner letters: above the smallest size, read at a glance across the map. Larger does
not fit a hex beside a coin that holds two kanji, with room left between them for the arrows of the last
move; the hex labels keep the smallest readable size (they are read up close, when typing a move)."""


def draw_static_map(img: tk.Picture, hexes: Sequence[Mapping[str, Any]], geo: HexMap) -> None:
    """The empty board: hexes, locations as double rings, and the labels players type in actions."""
    draw = tk.drawing(img)
    ring = geo.rim_diameter
    for hex_ in hexes:
        label = hex_["label"]
        fill = tk.PANEL_HEADER if hex_["location"] else tk.PANEL
        draw.polygon(geo.polygon(label, 1), fill=fill, outline=tk.LINE, width=2)
        if hex_["location"]:
            paste_shape(img, geo.coin_at(label), ring, "circle", tk.PANEL, edge=2)
            paste_shape(img, geo.coin_at(label), ring - 10, "circle", tk.PANEL, edge=1)
        draw_label(img, geo, label)


def draw_label(img: tk.Picture, geo: HexMap, label: str) -> None:
    """A hex's label, the name players type in actions and read in the game's sentences."""
    tk.draw_text(img, geo.label_at(label), label, tk.SIZE_SMALL, fill=tk.INK, anchor="mm")


def draw_control(img: tk.Picture, geo: HexMap, label: str, style: tk.Style, occupied: bool) -> None:
    """A control marker on a location: the side's shape under the coin, so its rim stays visible; with
    no unit on it the whole marker, letter included, shows."""
    if occupied:
        paste_shape(img, geo.coin_at(label), geo.rim_diameter, style.shape, style.colour, edge=2)
    else:
        tk.draw_marker(img, geo.coin_at(label), geo.rim_diameter, style)


def draw_stack(img: tk.Picture, geo: HexMap, stack: Mapping[str, Any], ctx: RenderContext) -> None:
    """A unit on the board: coin (unit code on the side's colour), the owner's letter tag, the height."""
    label = stack["hex"]
    draw_coin(img, geo.coin_at(label), geo.coin_diameter, unit_code(stack["unit"], ctx),
              side_style(geo.players, stack["team"]))
    if geo.players == 4:  # with two players the coin is already in the owner's colour, its code the owner's unit
        draw_owner_tag(img, geo.owner_box(label), tk.seat_style(stack["seat"]))
    draw_count_badge(img, geo.height_at(label), stack["height"], geo.height_diameter, MAP_TEXT)


def _shorten(a: tk.Point, b: tk.Point, start: float, end: float) -> tuple[tk.Point, tk.Point]:
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    return (a[0] + ux * start, a[1] + uy * start), (b[0] - ux * end, b[1] - uy * end)


def draw_arrow(img: tk.Picture, points: Sequence[tk.Point], *, start_gap: float = 0, end_gap: float = 0) -> None:
    """The path of the last action: a white band with ink edges and an arrowhead, like the toolkit's
    highlight, so it reads on any colour. The ends stop short of coins (`*_gap`) so codes stay visible."""
    if len(points) < 2:
        return
    pts = list(points)
    pts[0], _ = _shorten(pts[0], pts[1], start_gap, 0)
    _, tip = _shorten(pts[-2], pts[-1], 0, end_gap)
    head_len = min(20.0, 0.6 * math.dist(pts[-2], tip))  # between neighbouring coins the head must leave a shaft
    _, base = _shorten(pts[-2], tip, 0, head_len)
    pts[-1] = base
    length = math.dist(pts[-2], tip) or 1.0
    ux, uy = (tip[0] - pts[-2][0]) / length, (tip[1] - pts[-2][1]) / length
    wing = 0.65 * head_len
    head = [tip, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
    draw = tk.drawing(img)
    draw.line(pts, fill=tk.HIGHLIGHT_EDGE, width=11, joint="curve")
    draw.polygon(head, fill=tk.HIGHLIGHT_EDGE, outline=tk.HIGHLIGHT_EDGE, width=4)
    draw.line(pts, fill=tk.HIGHLIGHT, width=5, joint="curve")
    inner = [_toward(p, _centroid(head), 4) for p in head]
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


def grouped(coins: Sequence[str]) -> list[tuple[str, int]]:
    """Coins as (coin, count) in a stable order (the Royal Coin first, then units alphabetically)."""
    counts: dict[str, int] = {}
    for coin in coins:
        counts[coin] = counts.get(coin, 0) + 1
    return sorted(counts.items(), key=lambda item: (item[0] != ROYAL, item[0]))
