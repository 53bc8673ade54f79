"""Building blocks of the Wall of War images: purchaser-colour styles, card texts, small widgets and
where the latest action shows on the board.

Why a separate module: the board, the private image and the card list share the colours, the card
wording and the small widgets, and the page layouts in `renderers.wallofwar` stay readable without them.
Everything here reads frames (views: engine/wallofwar/VIEW.md) and the static card data, never a raw state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


from engine.core.types import Frame, T, Text
from engine.wallofwar.cards import CARDS
from engine.wallofwar.colours import COLOURS, NAMES
from renderers import regions
from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.palette import RGB, hex_rgb

View = Mapping[str, Any]
Card = Mapping[str, Any]

# The physical game's five purchaser colours. Fills stay close to the named colour yet apart under the
# common colour-vision deficiencies: the weakest pair still differs by 27 CIELAB units after simulating
# protanopia, deuteranopia and tritanopia (Machado et al. 2009, severity 1.0; the renderer tests re-check
# it), more than the Okabe–Ito seat colours' 20.7. Each colour also has its own shape and letter (the
# English initial in both languages: a kanji stays inside a triangle or a diamond at a readable size only
# in a marker half again as large), so nobody has to tell colours apart by hue.
_FILLS: dict[str, tuple[str, RGB, str]] = {
    "red": ("#D55E00", tk.INK, "circle"),
    "blue": ("#00589E", tk.WHITE, "square"),
    "yellow": ("#F0E442", tk.INK, "triangle"),
    "green": ("#3CB371", tk.INK, "diamond"),
    "purple": ("#D08ACF", tk.INK, "hexagon"),
}
UNCHOSEN = tk.Style(tk.PANEL_HEADER, tk.INK, "?", "circle", T("未定", "Not chosen"))
"""A seat that has not picked its colour yet: neutral grey with a question mark."""

# Kinds of circle card: the printed text colour (red for space, brown for venue) as a tag fill, always
# with the word, so the colour is only a second cue.
KIND_WORDS: dict[str, Text] = {"space": T("スペース", "Space"), "venue": T("館内", "Venue")}
KIND_FILLS: dict[str, RGB] = {"space": hex_rgb("#F2C4BA"), "venue": hex_rgb("#DCC6A4")}


def colour_style(colour: str | None) -> tk.Style:
    """The marker of a purchaser colour: fill, shape and letter (the English initial)."""
    if colour is None:
        return UNCHOSEN
    code, ink, shape = _FILLS[colour]
    name = NAMES[colour]
    return tk.Style(hex_rgb(code), ink, name.en[0], shape, name)


def colour_styles() -> list[tk.Style]:
    return [colour_style(colour) for colour in COLOURS]


@dataclass(frozen=True, slots=True)
class Scene:
    """One frame seen by one reader: seat names, seat markers and bilingual strings with names filled in."""

    frame: Frame
    ctx: RenderContext

    @classmethod
    def of(cls, frame: Frame, ctx: RenderContext) -> "Scene":
        """The scene with a name for every seat: its colour word (or number) where none was given."""
        def fallback(seat: int) -> str:
            colour = frame.view["seats"][seat]["colour"]
            if colour is not None:
                return tk.localize(ctx, NAMES[colour])
            return say(ctx, f"{seat + 1}番目の席", f"Seat {seat + 1}")

        return cls(frame, tk.with_seat_names(ctx, frame.view["players"], fallback))

    @property
    def view(self) -> View:
        return self.frame.view

    def colour(self, seat: int) -> str | None:
        return self.view["seats"][seat]["colour"]

    def style(self, seat: int) -> tk.Style:
        return colour_style(self.colour(seat))

    def name(self, seat: int) -> str:
        return self.ctx.seat_names[seat]

    def say(self, ja: str, en: str) -> str:
        """A one-off bilingual string with `{sN}` seat placeholders filled in."""
        return tk.localize(self.ctx, T(ja, en))


def say(ctx: RenderContext, ja: str, en: str) -> str:
    """A bilingual string without seat names (card sheets, labels)."""
    return ja if ctx.ja else en


# --------------------------------------------------------------------------- cards


def card_name(card: Card, ctx: RenderContext) -> str:
    return card["name"]["ja"] if ctx.ja else card["name"]["en"]


def ability_label(card: Card, ctx: RenderContext) -> str:
    name = card["ability_name"]["ja"] if ctx.ja else card["ability_name"]["en"]
    return f"【{name}】" if ctx.ja else name


def ability_text(card: Card, ctx: RenderContext) -> str:
    return CARDS.abilities[card["ability"]].text.get(ctx.locale)


def card_heading(card: Card, ctx: RenderContext) -> str:
    """The first body line of a full card: id (used in typed notation), kind, ability, always-on."""
    kind = KIND_WORDS[card["kind"]].get(ctx.locale)
    parts = [card["id"], kind, ability_label(card, ctx)]
    if card["cost"] is None:
        parts.append(say(ctx, "常時効果", "always on"))
    return " · ".join(parts)


def card_body(card: Card, ctx: RenderContext) -> str:
    return card_heading(card, ctx) + "\n" + ability_text(card, ctx)


def cost_badge(card: Card) -> str:
    """The cost icon: its number, or "–" for an always-on card (no cost icon)."""
    return "–" if card["cost"] is None else str(card["cost"])


# --------------------------------------------------------------------------- widgets


def draw_kind_tag(img: tk.Picture, xy: tk.Point, kind: str, ctx: RenderContext) -> tk.Box:
    return tk.draw_pill(img, xy, KIND_WORDS[kind].get(ctx.locale), fill=KIND_FILLS[kind], ink=tk.INK)


def draw_label_value(img: tk.Picture, xy: tk.Point, label: str, value: str, *, anchor: str = "l") -> tk.Box:
    """"Medals 7": a muted small label and a bold number, vertically centred on `xy`."""
    if anchor == "r":
        value_box = tk.draw_text(img, xy, value, tk.SIZE_BODY, anchor="rm", bold=True)
        label_box = tk.draw_text(img, (value_box[0] - 6, xy[1]), label, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="rm")
        return (label_box[0], value_box[1], value_box[2], value_box[3])
    label_box = tk.draw_text(img, xy, label, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")
    value_box = tk.draw_text(img, (label_box[2] + 6, xy[1]), value, tk.SIZE_BODY, anchor="lm", bold=True)
    return (label_box[0], value_box[1], value_box[2], value_box[3])


CHIP_GAP = 8
CHIP_HEIGHT = tk.line_height(tk.SIZE_SMALL) + 4


def _chip_width(label: str, limit: int) -> int:
    return min(tk.text_width(label, tk.SIZE_SMALL) + 16, limit)


def chip_rows(labels: Sequence[str], width: int, max_rows: int, more: str) -> list[list[str]]:
    """Labels flowed into rows of `width` px; past `max_rows` the last row ends in a "+N" label instead.

    `more` is a template with `{n}`, the number of labels left out.
    """
    rows: list[list[str]] = [[]]
    used = 0
    for label in labels:
        chip = _chip_width(label, width) + CHIP_GAP
        if rows[-1] and used + chip > width:
            rows.append([])
            used = 0
        rows[-1].append(label)
        used += chip
    if len(rows) <= max_rows:
        return rows
    kept = rows[:max_rows]
    last = kept[-1]
    shown = sum(len(row) for row in kept)
    while True:
        tail = more.format(n=len(labels) - shown)
        if not last or sum(_chip_width(label, width) + CHIP_GAP for label in last) + _chip_width(tail, width) <= width:
            break
        last.pop()
        shown -= 1
    last.append(more.format(n=len(labels) - shown))
    return kept


def draw_chips(img: tk.Picture, box: tk.Box, labels: Sequence[str], *, max_rows: int, more: str,
               targets: Sequence[str] = ()) -> int:
    """Small labelled tags flowing in rows inside `box` (at most `max_rows`, then "+N"); returns the y
    below the last row. `targets` name the objects the labels show, in order: each is marked where its
    chip is, or on the "+N" chip when it is among those left out."""
    x0, y0, x1, _ = box
    draw = tk.drawing(img)
    rows = chip_rows(labels, x1 - x0, max_rows, more)
    cut = bool(targets) and regions.wanted() and len(chip_rows(labels, x1 - x0, len(labels), more)) > max_rows
    chips = sum(len(row) for row in rows)
    y = y0
    shown = 0
    for index, row in enumerate(rows):
        x = x0
        for label in row:
            width = _chip_width(label, x1 - x0)
            chip = (x, y, x + width, y + CHIP_HEIGHT)
            if cut and shown == chips - 1:
                for target in targets[shown:]:
                    regions.mark(target, chip)
            elif shown < len(targets):
                regions.mark(targets[shown], chip)
            shown += 1
            draw.rounded_rectangle(chip, radius=6, fill=tk.PANEL, outline=tk.LINE, width=1)
            tk.draw_text(img, (x + 8, y + CHIP_HEIGHT / 2), label, tk.SIZE_SMALL, anchor="lm", max_width=width - 16, max_lines=1)
            x += width + CHIP_GAP
        y += CHIP_HEIGHT + (6 if index < len(rows) - 1 else 0)
    return y


def draw_badge_legend(img: tk.Picture, xy: tk.Point, ctx: RenderContext, *, anchor: str = "l") -> tk.Box:
    """What the two card badges mean: the white disc is the cost, the ink tile the victory points."""
    cost, points = say(ctx, "コスト", "cost"), say(ctx, "勝利点", "VP")
    size, gap = 28, 6
    width = size + gap + tk.text_width(cost, tk.SIZE_SMALL) + 16 + size + gap + tk.text_width(points, tk.SIZE_SMALL)
    x = xy[0] - (width if anchor == "r" else 0)
    y = xy[1]
    draw = tk.drawing(img)
    draw.ellipse((x, y - size / 2, x + size, y + size / 2), fill=tk.WHITE, outline=tk.INK, width=2)
    tk.draw_text(img, (x + size / 2, y), "1", tk.SIZE_SMALL, anchor="mm", bold=True)
    x = tk.draw_text(img, (x + size + gap, y), cost, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2] + 16
    draw.rounded_rectangle((x, y - size / 2, x + size, y + size / 2), radius=size // 5, fill=tk.INK)
    tk.draw_text(img, (x + size / 2, y), "2", tk.SIZE_SMALL, fill=tk.WHITE, anchor="mm", bold=True)
    end = tk.draw_text(img, (x + size + gap, y), points, tk.SIZE_SMALL, fill=tk.MUTED_INK, anchor="lm")[2]
    return (round(end - width), round(y - size / 2), end, round(y + size / 2))


# --------------------------------------------------------------------------- words


def phase_text(scene: Scene) -> str:
    view = scene.view
    phase = view["phase"]
    if phase == "colour":
        return scene.say("準備: 色を選ぶ", "Setup: colours")
    if phase == "over":
        return scene.say(f"終了(ターン{view['turn']})", f"Game over (turn {view['turn']})")
    names = {"queue": T("2.行列", "2. Queue"), "ability": T("3.特殊能力", "3. Abilities"), "purchase": T("4.購入", "4. Purchase")}
    text = scene.say(f"ターン{view['turn']}", f"Turn {view['turn']}") + " · " + tk.localize(scene.ctx, names[phase])
    if view["inspection"]:
        text += " · " + scene.say("一斉点検中", "Floor Inspection")
    return text


# --------------------------------------------------------------------------- what to highlight


@dataclass(frozen=True, slots=True)
class Marks:
    """Where the latest action shows on the board: circle rows and purchaser cards (circle, place). Seats
    are framed when they are to act (`tk.draw_seat_frame`), not for what they just did."""

    circles: frozenset[int]
    spots: frozenset[tuple[int, int]]


def marks(frame: Frame) -> Marks:
    """The places the last step's public events touched (their `data`, engine/wallofwar/VIEW.md).

    Circle indexes and places describe the row as it was when each event happened; a new turn (a fresh
    row) or queueing again (empty lines) makes the earlier ones meaningless, so only events after the
    last of those count. Line changes touch circles or single cards.
    """
    view = frame.view
    entries = [event.data for event in frame.recent if "kind" in event.data]
    resets = [i for i, entry in enumerate(entries) if entry["kind"] in ("turn", "requeue")]
    start = resets[-1] + 1 if resets else 0
    circles: set[int] = set()
    spots: set[tuple[int, int]] = set()
    count = len(view["circles"])
    for entry in entries[start:]:
        kind = entry["kind"]
        if kind == "queue" and entry["circle"] < count:
            line = view["circles"][entry["circle"]]["line"]
            if line:
                spots.add((entry["circle"], len(line) - 1))
        elif kind == "swap":
            for key in entry["spots"]:
                circle, place = (int(part) - 1 for part in key.split("."))
                spots.add((circle, place))
        elif kind == "change":
            circles.update(entry["circles"])
        elif kind in ("buy", "pass", "unsold", "skipped", "again", "drop", "reverse", "open", "runs") or (
            kind == "price" and "circle" in entry
        ):
            circles.add(entry["circle"])
    return Marks(
        frozenset(c for c in circles if c < count),
        frozenset((c, p) for c, p in spots if c < count and p < len(view["circles"][c]["line"])),
    )
