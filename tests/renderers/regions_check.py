"""What a board's regions must satisfy: every board object a legal choice names has a region on the
picture, every region lies inside the picture, and regions of one kind of object do not cover each other
(but for one place showing several objects, as a "+3 more" chip does).

Shared by tests/renderers/test_regions.py (every game and player count over random states) and the
render conformance suite (tests/test_render_conformance.py), which collects the regions while it draws."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from PIL import Image

from engine.core.match import Match
from engine.core.types import Choice
from renderers.regions import Region

OVERLAP = 0.25
"""How much of the smaller of two regions of one kind another may cover: the bounding boxes of
neighbouring hexes share a corner (an eighth of a box), two different squares never a quarter."""


def steps(choice: Choice) -> Iterator[Choice]:
    yield choice
    for member in choice.members or ():
        yield from steps(member)


def board_targets(match: Match) -> set[str]:
    """Every board object named by a choice at any level of any awaited seat's legal actions (set
    choices' elements too)."""
    return {step.target for seat in match.awaited_seats() for action in match.legal_actions(seat)
            for choice in action.path for step in steps(choice) if step.target is not None}


def problems(image: Image.Image, found: Sequence[Region], targets: Iterable[str]) -> list[str]:
    """What is wrong with the regions `found` on `image` for the choices naming `targets` (empty: nothing)."""
    said: list[str] = []
    width, height = image.size
    for region in found:
        x0, y0, x1, y1 = region.box
        if not (0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height):
            said.append(f"{region.target} at {region.box} is not inside the {image.size} image")
        if ":" not in region.target or not region.target.split(":", 1)[1]:
            said.append(f"{region.target!r} is not a <kind>:<id> target")
    shown = {region.target for region in found}
    said += [f"{target} is a legal choice but has no region" for target in sorted(set(targets) - shown)]
    for index, one in enumerate(found):
        for other in found[index + 1:]:
            apart = one.kind != other.kind or one.target == other.target or one.box == other.box
            if not apart and _covered(one.box, other.box) > OVERLAP:
                said.append(f"{one.target} {one.box} and {other.target} {other.box} cover each other")
    return said


def _covered(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> float:
    """The share of the smaller box that the two boxes have in common."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return width * height / max(1, smaller)
