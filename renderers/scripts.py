"""Lines the main font cannot draw alone (a player's name in Arabic, Thai, emoji…): runs of one face and
one direction, shaped by Raqm and put side by side in reading order.

`renderers.text` sends a line here only when some character in it needs a fallback face
(`renderers.fonts.FALLBACKS`) or reads right to left; every other line keeps its fast path.

Why the line is cut into runs: Pillow draws a string with one face, while a name like "علي Ali 🎲" needs
three. Each run is shaped on its own by Raqm (HarfBuzz: Arabic letters joined, Indic clusters formed,
emoji sequences ligated), with its direction; the runs are then ordered as the Unicode bidirectional
algorithm orders them on one line. `_levels` implements the part of that algorithm a line without
explicit embeddings needs (rules P2–P3, W2, W3, W7, N1, N2, I1, I2 and L2): the explicit direction
controls are invisible characters that `renderers.names.display_name` removes from names, and Pillow
exposes no levels of its own bidi pass (python-bidi returns only the reordered string).
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.fonts import MAIN, cluster_face, clusters, font, shaping_face


@dataclass(frozen=True, slots=True)
class Run:
    """Consecutive characters drawn with one face in one direction (`text` in logical order)."""

    face: int
    text: str
    rtl: bool

    @property
    def direction(self) -> str:
        return "rtl" if self.rtl else "ltr"


_STRONG = {"L": "L", "R": "R", "AL": "AL", "EN": "EN", "AN": "AN"}


@lru_cache(maxsize=8192)
def simple(line: str) -> bool:
    """Whether the main font draws the whole line left to right (the fast path of `renderers.text`)."""
    return all(cluster_face(cluster) == MAIN for cluster in clusters(line)) and not any(
        unicodedata.bidirectional(char) in ("R", "AL", "AN") for char in line)


def _levels(classes: list[str]) -> list[int]:
    """Embedding levels (even: left to right, odd: right to left) of a line's clusters by their bidi
    classes, each reduced to L, R, AL, EN, AN or N (neutral)."""
    base = next((0 if kind == "L" else 1 for kind in classes if kind in ("L", "R", "AL")), 0)
    edge = "L" if base == 0 else "R"
    resolved: list[str] = []
    last = edge
    for kind in classes:
        if kind == "EN":  # W2 and W7: a European number takes the direction of the letters before it
            kind = "AN" if last == "AL" else ("L" if last == "L" else "EN")
        elif kind in ("L", "R", "AL"):
            last = kind
        resolved.append("R" if kind == "AL" else kind)  # W3
    strong = ["N" if kind == "N" else ("L" if kind == "L" else "R") for kind in resolved]  # numbers count as R
    start = 0
    while start < len(strong):  # N1 and N2: neutrals between equal directions take it, others the base
        if strong[start] != "N":
            start += 1
            continue
        end = start
        while end < len(strong) and strong[end] == "N":
            end += 1
        before = strong[start - 1] if start > 0 else edge
        after = strong[end] if end < len(strong) else edge
        for index in range(start, end):
            resolved[index] = before if before == after else edge
        start = end
    if base == 0:  # I1 and I2
        return [{"L": 0, "R": 1, "EN": 2, "AN": 2}[kind] for kind in resolved]
    return [{"L": 2, "R": 1, "EN": 2, "AN": 2}[kind] for kind in resolved]


def _visual(runs: list[Run], levels: list[int]) -> list[Run]:
    """L2: from the highest level down to the lowest odd one, reverse every stretch at that level or above."""
    order = list(range(len(runs)))
    odd = [level for level in levels if level % 2]
    for level in range(max(levels, default=0), min(odd, default=1) - 1, -1):
        index = 0
        while index < len(order):
            if levels[order[index]] < level:
                index += 1
                continue
            end = index
            while end < len(order) and levels[order[end]] >= level:
                end += 1
            order[index:end] = reversed(order[index:end])
            index = end
    return [runs[index] for index in order]


@lru_cache(maxsize=4096)
def runs(line: str) -> tuple[Run, ...]:
    """The line as runs in visual order (left to right on the image)."""
    parts = clusters(line)
    if not parts:
        return ()
    classes = [_STRONG.get(unicodedata.bidirectional(part[0]), "N") for part in parts]
    levels = _levels(classes)
    logical: list[Run] = []
    run_levels: list[int] = []
    for part, level in zip(parts, levels):
        face = cluster_face(part)
        face = MAIN if face is None else face
        if logical and logical[-1].face == face and run_levels[-1] == level:
            logical[-1] = Run(face, logical[-1].text + part, level % 2 == 1)
        else:
            logical.append(Run(face, part, level % 2 == 1))
            run_levels.append(level)
    return tuple(_visual(logical, run_levels))


@lru_cache(maxsize=4096)
def line_width(line: str, size: int) -> float:
    """Advance width of the line in pixels."""
    return sum(shaping_face(run.face, size).getlength(run.text, direction=run.direction) for run in runs(line))


def line_mask(line: str, size: int, anchor: str, stroke: float) -> tuple[Image.Image, int, int]:
    """The line's coverage mask and its top-left corner relative to the anchor point, as
    `renderers.text._line_mask` returns them. The anchor is measured with the main font's ascender and
    descender, so a name in Arabic sits on the same baseline as one in Latin letters."""
    placed = []
    x = 0.0
    left = top = math.inf
    right = bottom = -math.inf
    for run in runs(line):
        face = shaping_face(run.face, size)
        box = face.getbbox(run.text, anchor="ls", direction=run.direction, stroke_width=stroke)
        left, top = min(left, x + box[0]), min(top, box[1])
        right, bottom = max(right, x + box[2]), max(bottom, box[3])
        placed.append((run, face, x))
        x += face.getlength(run.text, direction=run.direction)
    if not placed:
        left = top = right = bottom = 0
    left, top, right, bottom = math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    draw = ImageDraw.Draw(mask)
    for run, face, start in placed:
        draw.text((start - left, -top), run.text, font=face, fill=255, anchor="ls", direction=run.direction,
                  stroke_width=stroke, stroke_fill=255)
    anchor_x = {"l": 0.0, "m": x / 2, "r": x}[anchor[0]]
    return mask, math.floor(left - anchor_x), top + _baseline_shift(size, anchor[1])


@lru_cache(maxsize=256)
def _baseline_shift(size: int, vertical: str) -> int:
    """How far the main font moves a line down when anchored at `vertical` (t, m, b, s) instead of at its
    baseline, rounded as Pillow rounds it for the fast path."""
    face = font(size)
    return face.getbbox("x", anchor="l" + vertical)[1] - face.getbbox("x", anchor="ls")[1]
