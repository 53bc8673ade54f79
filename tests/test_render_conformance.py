"""Every declared game's every view renders, for sampled states of every player count, in both languages: the
public board and each seat's private view open as lossless WebP within Discord's limits, are never square, and
a game that declares no private images draws none. So does every other image kind the bot sends (card lists,
unit sheets, standings, rating charts: `renderers.kinds`, sampled in tests/renderers/samples.py). No text is
clipped: none is drawn past the image edge, past the width it was given or across the crop that trims a
tall canvas, and the news and result strips show their whole text (tests/renderers/overflow.py). Each public
board is drawn with its regions (`renderers.regions`): they lie inside the picture, objects of one kind do not
cover each other, and every board object a legal choice names has one (tests/renderers/regions_check.py)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.selfplay import playout
from renderers import RenderContext
from renderers.regions import board_regions
from renderers.toolkit import encode_image
from tabletop.runtime import packages
from tests.renderers.overflow import watching
from tests.renderers.regions_check import board_targets, problems
from tests.renderers.samples import SAMPLES

DISCORD_FILE_LIMIT = 10 * 1024 * 1024
CASES = [(package, players) for package in packages.declared().values() for players in package.game.player_counts]


def check_image(image: Image.Image | None) -> int:
    assert image is not None
    data = encode_image(image)
    opened = Image.open(io.BytesIO(data))
    opened.load()
    assert opened.format == "WEBP" and len(data) < DISCORD_FILE_LIMIT
    assert abs(opened.width - opened.height) >= 100, "Discord on Android crops square images"
    return len(data)


@pytest.mark.parametrize("locale", ("ja", "en"))
@pytest.mark.parametrize("package,players", CASES, ids=lambda value: getattr(value, "id", str(value)))
def test_every_view_of_sampled_states_renders_within_discords_limits(package: packages.GamePackage, players: int,
                                                                     locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    matches = [step.match for step in playout(package.game, players, seed=11)]
    ctx = RenderContext(locale, tuple(f"P{seat + 1}" for seat in range(players)))
    misplaced: list[str] = []
    with watching(monkeypatch) as clipped:
        for match in matches[:: max(1, len(matches) // 4)] + matches[-1:]:
            board, found = board_regions(package.renderer, match.frame(None), ctx)
            check_image(board)
            misplaced += problems(board, found, board_targets(match))
            for seat in range(players):
                private = package.renderer.private(match.frame(seat), ctx)
                if not package.private_images:
                    assert private is None
                elif private is not None:
                    check_image(private)
    assert clipped == []
    assert misplaced == []


@pytest.mark.parametrize("locale", ("ja", "en"))
@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_every_other_image_kind_renders_within_discords_limits(kind: str, locale: str) -> None:
    for pages in SAMPLES[kind](RenderContext(locale, ())):
        for page in pages:
            check_image(page)
