"""Every legal choice that names a board object can be tapped on the board: for every game and player
count, over the states of seeded random games, each target named at any level of every awaited seat's
choice tree has a region on the current public board picture, inside it (tests/renderers/regions_check.py).
The regions are recorded while drawing and change no pixel of the picture."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core.match import Match
from engine.selfplay import playout
from renderers import RenderContext
from renderers.regions import Region, board_regions, collecting, mark
from tabletop import packages
from tests.renderers.regions_check import board_targets, problems

CASES = [(package, players) for package in packages.declared().values() for players in package.game.player_counts]
SEEDS = (3, 8)
SAMPLES = 40
"""States drawn per game: the first of every phase and others spread over the game."""


def sampled(package: packages.GamePackage, players: int, seed: int) -> Iterator[Match]:
    matches = [Match.start(package.game, players, seed, {})] + [step.match for step in playout(package.game, players, seed)]
    every = max(1, len(matches) // SAMPLES)
    seen: set[object] = set()
    for index, match in enumerate(matches):
        phase = match.state.get("phase", match.state.get("stage"))
        if phase not in seen or index % every == 0 or index == len(matches) - 1:
            seen.add(phase)
            yield match


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("package,players", CASES, ids=lambda value: getattr(value, "id", str(value)))
def test_every_board_object_a_choice_names_has_a_region(package: packages.GamePackage, players: int, seed: int) -> None:
    ctx = RenderContext("en", tuple(f"P{seat + 1}" for seat in range(players)))
    said: list[str] = []
    named = 0
    for match in sampled(package, players, seed):
        targets = board_targets(match)
        named += len(targets)
        image, found = board_regions(package.renderer, match.frame(None), ctx)
        said += [f"v{match.version}: {problem}" for problem in problems(image, found, targets)]
    assert said == []
    if package.game.id != "highcard":  # the platform's example game has no board to tap
        assert named > 0, "no choice of a sampled state names a board object"


@pytest.mark.parametrize("package", [package for package in packages.declared().values() if package.game.id != "highcard"],
                         ids=lambda package: package.game.id)
def test_regions_change_no_pixel(package: packages.GamePackage) -> None:
    players = max(package.game.player_counts)
    match = list(sampled(package, players, 3))[5]
    ctx = RenderContext("ja", tuple(f"P{seat + 1}" for seat in range(players)))
    plain = package.renderer.board(match.frame(None), ctx)
    drawn, found = board_regions(package.renderer, match.frame(None), ctx)
    assert found and plain.tobytes() == drawn.tobytes()


def test_marks_go_nowhere_outside_a_collection() -> None:
    mark("hex:E1", (0, 0, 10, 10))
    with collecting() as found:
        mark("hex:E1", (0.4, 0, 10.6, 10))
    mark("hex:E2", (0, 0, 10, 10))
    assert found == [Region("hex:E1", (0, 0, 11, 10))]
    assert Region("hex:E1", (0, 0, 10, 10), ((5, 0), (10, 10), (0, 10))).contains((5, 8))
    assert not Region("hex:E1", (0, 0, 10, 10), ((5, 0), (10, 10), (0, 10))).contains((1, 1))
