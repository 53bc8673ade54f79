"""Wunderkammer drawing pieces shared by the board, the private image, the score sheet and the card list.

An item is always drawn as a tile in its mark's colour holding its printed corner (mark symbol and number,
"♥5"), so the mark and number are read, never the colour alone; a character by its number and name. The
printed cards come from the engine's `catalog()` once (they never change during a game); views say only
where things are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any


from engine.core.types import Event, Frame, T
from engine.wunderkammer.views import catalog
from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.palette import RGB, hex_rgb

View = Mapping[str, Any]
PAD = 16
TILE_HEIGHT = tk.line_height(tk.SIZE_SMALL) + 8
SECTION_TITLE = 40

MARK_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "S": (hex_rgb("#1F3A5F"), tk.WHITE),
    "H": (hex_rgb("#B3262C"), tk.WHITE),
    "D": (hex_rgb("#E69F00"), tk.INK),
    "C": (hex_rgb("#2E6B34"), tk.WHITE),
}
"""Fill and ink per mark (♠ navy, ♥ red, ♦ amber, ♣ green): the ink meets WCAG AA on its fill, and the
symbol inside the tile tells the marks apart without the colour."""
JOKER_COLOURS: tuple[RGB, RGB] = (tk.PANEL_HEADER, tk.INK)


@lru_cache(maxsize=1)
def cards() -> Mapping[str, Any]:
    """The printed cards, looked up by id: {"items": {id: item}, "characters": {id: character}}."""
    printed = catalog()
    return {
        "items": {item["id"]: item for item in printed["items"]},
        "characters": {character["id"]: character for character in printed["characters"]},
    }


def item(kind: str) -> Mapping[str, Any]:
    return cards()["items"][kind]


def character(cid: str) -> Mapping[str, Any]:
    return cards()["characters"][cid]


def say(ctx: RenderContext, ja: str, en: str) -> str:
    """A one-off bilingual label (no seat names in it)."""
    return ja if ctx.ja else en


def local(ctx: RenderContext, text: Mapping[str, str]) -> str:
    return text["ja"] if ctx.ja else text["en"]


def label(kind: str) -> str:
    """The printed corner, "♥5"; "J" is the joker."""
    return "J" if kind == "J" else item(kind)["label"]


def item_name(ctx: RenderContext, kind: str) -> str:
    return local(ctx, item(kind)["name"])


def character_name(ctx: RenderContext, cid: str) -> str:
    """"1 骨董商" / "#1 Antiquarian": the number first, as players call them."""
    printed = character(cid)
    return f"{printed['number']} {local(ctx, printed['name'])}" if ctx.ja else f"#{printed['number']} {local(ctx, printed['name'])}"


def timing_name(ctx: RenderContext, timing: str) -> str:
    names = {
        "play": ("プレイ", "Play"),
        "take_item": ("テイク・アイテム", "Take item"),
        "put": ("プット", "Put"),
        "take_character": ("テイク・キャラクター", "Take character"),
        "shuffle_draw": ("シャッフル・アンド・ドロー", "Shuffle and draw"),
        "scoring": ("得点計算", "Scoring"),
    }
    return say(ctx, *names[timing])


def tile_width(text: str, size: int = tk.SIZE_SMALL) -> int:
    return tk.text_width(text, size, bold=True) + 16


def draw_tile(img: tk.Picture, xy: tk.Point, kind: str, *, suffix: str = "", size: int = tk.SIZE_SMALL,
              muted: bool = False, anchor: str = "lm") -> tk.Box:
    """An item as a tile in its mark's colour holding "♥5" (plus `suffix`, e.g. "×3"); the joker as "J".
    `muted` draws it on the paper with muted ink (a kind gone from the field). Returns its box."""
    text = label(kind) + suffix
    fill, ink = JOKER_COLOURS if kind == "J" else MARK_COLOURS[item(kind)["mark"]]
    if muted:
        fill, ink = tk.PANEL, tk.MUTED_INK
    width = tile_width(text, size)
    height = tk.line_height(size) + 8
    x0 = xy[0] - {"l": 0, "m": width / 2, "r": width}[anchor[0]]
    box = (round(x0), round(xy[1] - height / 2), round(x0 + width), round(xy[1] + height / 2))
    tk.drawing(img).rounded_rectangle(box, radius=6, fill=fill, outline=tk.INK, width=2)
    tk.draw_text(img, ((box[0] + box[2]) / 2, xy[1]), text, size, fill=ink, anchor="mm", bold=True)
    return box


def counted(kinds: Iterable[str]) -> list[tuple[str, int]]:
    """Kinds with how many of each, in the order first seen (views list them in catalog order)."""
    found: dict[str, int] = {}
    for kind in kinds:
        found[kind] = found.get(kind, 0) + 1
    return list(found.items())


def draw_tiles(img: tk.Picture, box: tk.Box, kinds: Sequence[tuple[str, int]], *, max_rows: int = 2,
               empty: str = "") -> int:
    """Tiles "♠2×3" flowing in rows inside `box` (at most `max_rows`, then "…"); returns the y below."""
    x0, y0, x1, _ = box
    x, y = x0, y0
    rows = 1
    if not kinds:
        tk.draw_text(img, (x0, y0 + TILE_HEIGHT / 2), empty, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
        return y0 + TILE_HEIGHT
    for kind, count in kinds:
        suffix = f"×{count}" if count > 1 else ""
        width = tile_width(label(kind) + suffix)
        if x > x0 and x + width > x1:
            if rows == max_rows:
                tk.draw_text(img, (x, y + TILE_HEIGHT / 2), "…", tk.SIZE_SMALL, anchor="lm", bold=True)
                break
            x, y, rows = x0, y + TILE_HEIGHT + 6, rows + 1
        x = draw_tile(img, (x, y + TILE_HEIGHT / 2), kind, suffix=suffix)[2] + 6
    return y + TILE_HEIGHT


def section_title(img: tk.Picture, y: int, text: str, right: str = "") -> int:
    """A rule across the image, a bold title under it and an optional muted note at the right."""
    tk.drawing(img).line((PAD, y, img.width - PAD, y), fill=tk.LINE, width=2)
    title = tk.draw_text(img, (PAD, y + 8), text, tk.SIZE_BODY, anchor="lt", bold=True)
    if right:
        tk.draw_text(img, (img.width - PAD, y + 8 + tk.line_height(tk.SIZE_BODY) / 2), right, tk.SIZE_SMALL,
                     fill=tk.MUTED_INK, anchor="rm", max_width=max(1, img.width - 2 * PAD - title[2] - 12), max_lines=1)
    return y + SECTION_TITLE


@dataclass(frozen=True, slots=True)
class Scene:
    """One frame seen by one reader: seat names always filled in, seat styles, and the view."""

    frame: Frame
    ctx: RenderContext

    @classmethod
    def of(cls, frame: Frame, ctx: RenderContext) -> "Scene":
        players = frame.view["players"]
        return cls(frame, tk.with_seat_names(ctx, players, lambda seat: say(ctx, f"{seat + 1}番目の席", f"Seat {seat + 1}")))

    @property
    def view(self) -> View:
        return self.frame.view

    def name(self, seat: int) -> str:
        return self.ctx.seat_names[seat]

    def style(self, seat: int) -> tk.Style:
        return tk.seat_style(seat)

    def say(self, ja: str, en: str) -> str:
        return tk.localize(self.ctx, T(ja, en))


def step_text(scene: Scene) -> str:
    """The banner's status: the turn and the step of it."""
    view = scene.view
    if view["step"] == "over":
        return scene.say("ゲーム終了", "Game over")
    steps = {
        "play": ("プレイ", "Play"),
        "take": ("テイク・アイテム", "Take item"),
        "put": ("プット", "Put"),
        "char": ("テイク・キャラクター", "Take character"),
        "refill": ("シャッフル・アンド・ドロー", "Shuffle and draw"),
    }
    ja, en = steps.get(view["step"], ("", ""))
    return scene.say(f"{view['turn']}手番目・{ja}", f"Turn {view['turn']} · {en}")


@dataclass(slots=True)
class Marks:
    """Where the last step acted, from its events' data: item kinds of the field, characters and lines
    (seat, line). Seats are framed when they are to act (`tk.draw_seat_frame`), not for what they did."""

    items: set[str] = field(default_factory=set)
    characters: set[str] = field(default_factory=set)
    lines: set[tuple[int, int]] = field(default_factory=set)


def marks(events: Sequence[Event]) -> Marks:
    found = Marks()
    for event in events:
        data = event.data or {}
        kind = data.get("kind")
        if kind == "play" or (kind == "trash" and data.get("from") == "line"):
            found.lines.add((data["seat"], data["line"]))
        elif kind == "take":
            found.items.add(data["item"])
        elif kind in ("put", "character"):
            found.characters.add(data["character"])
    return found
