"""Where the board objects are on a board picture: the regions a board one taps turns into targets.

Why: a live board offers the legal choices of a decision where their objects are drawn. The choices name
their objects (`engine.core.types.Choice.target`, e.g. "hex:E1"); the renderers that draw the Discord
images say where they drew each object, so there is one drawing per game and no second layout to keep in
step with it.

A renderer records a region at the place it draws an object, with `mark` (a box) or `mark_polygon` (a hex,
say); the records go to the collection opened by `collecting` and nowhere when none is open, so the
Discord path pays nothing and draws exactly the same pixels. `board_regions` draws a public board and
returns it with its regions::

    image, found = board_regions(renderer, match.frame(None), ctx)
    [region.target for region in found]     # ["hex:E1", "hex:E2", ..., "unit:archer", ...]

Coordinates are the 1× picture's pixels, at every density (`renderers.density`): renderers lay out and mark
in 1× pixels, and a 2× picture is the same layout drawn twice as large, so its regions are the 1× ones and
the live board lays them over either picture with the 1× size as the viewBox. One object may have several regions (drawn in two places); regions
of objects of different kinds may nest (a purchaser card inside its circle's row).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from engine.core.types import Frame
from renderers.base import GameRenderer, RenderContext
from renderers.density import Picture

Box = tuple[int, int, int, int]
Point = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Region:
    """One board object on the picture: its `target` id (as `Choice.target` names it), its bounding `box`
    (left, top, right, bottom; right and bottom exclusive) and, where a box would be too coarse to tell
    neighbours apart (hexes), its outline as a `polygon`."""

    target: str
    box: Box
    polygon: tuple[Point, ...] = ()

    @property
    def kind(self) -> str:
        """What sort of object: the target's part before the first ":" ("hex", "unit", ...)."""
        return self.target.split(":", 1)[0]

    def contains(self, point: tuple[float, float]) -> bool:
        """Whether a tap at `point` falls on the object (inside the polygon when there is one)."""
        x, y = point
        x0, y0, x1, y1 = self.box
        if not (x0 <= x < x1 and y0 <= y < y1):
            return False
        return not self.polygon or _inside(self.polygon, point)


_ACTIVE: ContextVar[list[Region] | None] = ContextVar("regions", default=None)


def wanted() -> bool:
    """Whether regions are being collected: a renderer may skip working out a region nobody collects."""
    return _ACTIVE.get() is not None


def mark(target: str, box: Sequence[float]) -> None:
    """Record that the object `target` was drawn in `box` (when regions are being collected)."""
    found = _ACTIVE.get()
    if found is not None:
        x0, y0, x1, y1 = box
        found.append(Region(target, (round(x0), round(y0), round(x1), round(y1))))


def mark_polygon(target: str, points: Sequence[tuple[float, float]]) -> None:
    """Record that the object `target` was drawn as the polygon `points` (when regions are being collected)."""
    found = _ACTIVE.get()
    if found is not None:
        outline = tuple((round(x), round(y)) for x, y in points)
        xs, ys = [x for x, _ in outline], [y for _, y in outline]
        found.append(Region(target, (min(xs), min(ys), max(xs), max(ys)), outline))


@contextmanager
def collecting() -> Iterator[list[Region]]:
    """Collect the regions marked inside the block into the list it yields."""
    found: list[Region] = []
    token = _ACTIVE.set(found)
    try:
        yield found
    finally:
        _ACTIVE.reset(token)


def board_regions(renderer: GameRenderer, frame: Frame, ctx: RenderContext) -> tuple[Picture, tuple[Region, ...]]:
    """The public board `renderer` draws for `frame`, and where each board object on it is."""
    with collecting() as found:
        image = renderer.board(frame, ctx)
    return image, tuple(found)


def _inside(polygon: Sequence[Point], point: tuple[float, float]) -> bool:
    """Even-odd rule: a ray to the right of `point` crosses the outline an odd number of times."""
    x, y = point
    inside = False
    for (ax, ay), (bx, by) in zip(polygon, (*polygon[1:], polygon[0])):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside
