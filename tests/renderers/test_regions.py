"""Every legal choice that names a board object can be tapped on the board: for every game and player
count, over the states of seeded random games, each target named at any level of every awaited seat's
choice tree has a region on the current public board picture, inside it (tests/renderers/regions_check.py).
The regions are recorded while drawing and change no pixel of the picture."""

from __future__ import annotations

import pytest

from engine.core.match import Match
from engine.selfplay import playout
from renderers import RenderContext
from renderers.regions import Region, board_regions, collecting, mark
from tabletop.runtime import packages
from tests.renderers.regions_check import board_targets, problems

SEEDS = (3, 8)
RARE = {"artofwar": (94,)}
"""Seeds whose random games reach a choice the usual seeds miss: conscription from a kingdom (`kingdom:`)."""
CASES = [(package, players, seed) for package in packages.declared().values() for players in package.game.player_counts
         for seed in SEEDS + RARE.get(package.game.id, ())]
SAMPLES = 40
"""States drawn per game and seed besides those that name a kind of object no drawn state named yet."""


def played(package: packages.GamePackage, players: int, seed: int) -> list[Match]:
    """Every state of a seeded random game, the start first."""
    return [Match.start(package.game, players, seed, {})] + [step.match for step in playout(package.game, players, seed)]


def sampled(matches: list[Match]) -> set[int]:
    """The indexes of the first state of every phase and of others spread over the game."""
    every = max(1, len(matches) // SAMPLES)
    seen: set[object] = set()
    picked = {len(matches) - 1}
    for index, match in enumerate(matches):
        phase = match.state.get("phase", match.state.get("stage"))
        if phase not in seen or index % every == 0:
            seen.add(phase)
            picked.add(index)
    return picked


@pytest.mark.parametrize("package,players,seed", CASES, ids=lambda value: getattr(value, "id", str(value)))
def test_every_board_object_a_choice_names_has_a_region(package: packages.GamePackage, players: int, seed: int) -> None:
    """Drawn: the sampled states, and every state whose choices name a combination of kinds of objects
    no drawn state named, so that rare choices (conscription from a kingdom, Resale) are checked whenever
    the game reaches them."""
    ctx = RenderContext("en", tuple(f"P{seat + 1}" for seat in range(players)))
    matches = played(package, players, seed)
    picked = sampled(matches)
    said: list[str] = []
    drawn: set[frozenset[str]] = set()
    for index, match in enumerate(matches):
        targets = board_targets(match)
        kinds = frozenset(target.split(":", 1)[0] for target in targets)
        if index not in picked and kinds in drawn:
            continue
        drawn.add(kinds)
        image, found = board_regions(package.renderer, match.frame(None), ctx)
        said += [f"v{match.version}: {problem}" for problem in problems(image, found, targets)]
    assert said == []
    if package.game.id != "highcard":  # the platform's example game has no board to tap
        assert len(drawn) > 1, "no state of the game names a board object"


@pytest.mark.parametrize("package", [package for package in packages.declared().values() if package.game.id != "highcard"],
                         ids=lambda package: package.game.id)
def test_regions_change_no_pixel(package: packages.GamePackage) -> None:
    players = max(package.game.player_counts)
    match = played(package, players, 3)[30]
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
