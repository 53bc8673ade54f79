"""Pictures drawn at 2× density for the live board (`renderers.density`), for every game and player count over
sampled states of self-played games: each board and private view is exactly twice the 1× picture, really
drawn at 2× (every text rasterised at twice its 1× size, not a 1× picture enlarged), the same picture as the
1× one once reduced to its size, legible by the same rule, and its regions are the 1× ones (the live board
lays them over the 2× picture with the 1× size as viewBox), still naming every legal target."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.core.match import Match
from renderers import text as text_module
from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.density import DENSITIES, Canvas, at_density, drawing, pixels
from renderers.regions import board_regions
from renderers.worker import board_layout, render_image
from tests.renderers.regions_check import board_targets, problems
from tests.renderers.test_legibility import SETUPS, Drawn, check, drawn, names, renderer_of, sampled_matches

__all__ = ["drawn"]  # the legibility tests' fixture, used here too

MEAN_DIFFERENCE = 12
"""How far (mean per channel, of 255) the 2× picture reduced to 1× may differ from the 1× one: glyph edges and
anti-aliasing differ at a larger size (3–7 measured); anything drawn at the wrong place or size differs more."""


def frames(game_id: str, players: int, options: dict[str, str], seed: int) -> Iterator[Match]:
    """The start, the middle and the end of a self-played game (the legibility tests' samples, thinned)."""
    sampled = list(sampled_matches(game_id, players, options, seed))
    yield from (sampled[0], sampled[len(sampled) // 2], sampled[-2])


def both(draw: Any) -> tuple[Image.Image | None, Image.Image | None]:
    """`draw()` at 1× and at 2×, never square (as encoded), as Pillow images."""
    one = draw()
    with at_density(2):
        two = draw()
    if one is None or two is None:
        assert one is two is None
        return None, None
    return pixels(tk.ensure_not_square(one)), pixels(tk.ensure_not_square(two))


def same_picture(one: Image.Image, two: Image.Image) -> None:
    assert two.size == (2 * one.width, 2 * one.height)
    reduced = two.convert("RGB").resize(one.size, Image.Resampling.BOX)
    difference = ImageStat.Stat(ImageChops.difference(reduced, one.convert("RGB"))).mean
    assert max(difference) < MEAN_DIFFERENCE, difference


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), SETUPS)
def test_every_view_at_2x_is_the_1x_picture_drawn_twice_as_large(game_id: str, players: int, options: dict[str, str],
                                                                seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rasterised: list[tuple[str, int]] = []
    original = text_module._line_mask  # noqa: SLF001 - where every text run is rasterised

    def line_mask(line: str, size: int, *args: Any) -> Any:
        rasterised.append((line, size))
        return original(line, size, *args)

    monkeypatch.setattr(text_module, "_line_mask", line_mask)
    renderer = renderer_of(game_id)
    for index, match in enumerate(frames(game_id, players, options, seed)):
        locale = ("ja", "en")[index % 2]
        ctx = RenderContext(locale, names(players), f"{game_id} #12345")
        rasterised.clear()
        one, found = board_regions(renderer, match.frame(None), ctx)
        sizes_1x = {size for _, size in rasterised}
        rasterised.clear()
        with at_density(2):
            two, found_2x = board_regions(renderer, match.frame(None), ctx)
        assert {size for _, size in rasterised} == {2 * size for size in sizes_1x}, "text drawn at twice its size"
        assert found_2x == found, "regions are in 1× pixels at every density"
        assert problems(one, found_2x, board_targets(match)) == []
        same_picture(pixels(tk.ensure_not_square(one)), pixels(tk.ensure_not_square(two)))
        for seat in range(players):
            private_1x, private_2x = both(lambda: renderer.private(match.frame(seat), ctx))
            if private_1x is not None and private_2x is not None:
                same_picture(private_1x, private_2x)


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), SETUPS[::3])
def test_text_at_2x_is_readable_on_a_phone(game_id: str, players: int, options: dict[str, str], seed: int,
                                           drawn: list[Drawn]) -> None:
    """The legibility rule holds for the 2× pictures (text sizes and widths scale together)."""
    renderer = renderer_of(game_id)
    with at_density(2):
        for match in frames(game_id, players, options, seed):
            ctx = RenderContext("ja", names(players), f"{game_id} #12345")
            renderer.board(match.frame(None), ctx)
            for seat in range(players):
                renderer.private(match.frame(seat), ctx)
    assert drawn
    check(drawn)


def test_the_render_jobs_encode_at_the_density_asked_and_the_layout_is_1x() -> None:
    game_id, players, options, seed = SETUPS[0]
    renderer = renderer_of(game_id)
    match = next(frames(game_id, players, options, seed))
    ctx = RenderContext("en", names(players))
    data_1x = render_image(renderer, "board", match.frame(None), ctx)
    data_2x = render_image(renderer, "board", match.frame(None), ctx, 2)
    assert data_1x is not None and data_2x is not None
    opened_1x, opened_2x = Image.open(io.BytesIO(data_1x)), Image.open(io.BytesIO(data_2x))
    assert opened_2x.size == (2 * opened_1x.width, 2 * opened_1x.height)
    size, found = board_layout(renderer, match.frame(None), ctx)
    assert size == opened_1x.size and found
    with at_density(2):
        _, found_2x = board_regions(renderer, match.frame(None), ctx)
    assert found_2x == found  # regions are 1× pixels at every density
    private = render_image(renderer, "private", match.frame(0), ctx, 2)
    assert private is not None and Image.open(io.BytesIO(private)).width == 2 * tk.CANVAS_WIDTH


def test_only_the_known_densities_are_drawn() -> None:
    assert DENSITIES == (1, 2)
    with pytest.raises(ValueError, match="density"):
        with at_density(3):
            pass


def test_a_2x_canvas_covers_exactly_the_pixels_of_the_1x_shapes_twice_as_large() -> None:
    one = tk.new_canvas(20, 30, (255, 255, 255))
    with at_density(2):
        two = tk.new_canvas(20, 30, (255, 255, 255))
    assert isinstance(two, Canvas) and two.size == (30, 20) and two.pixels.size == (60, 40)
    for img in (one, two):
        drawing(img).rectangle((3, 4, 9, 11), fill=(0, 0, 0))
    assert ImageChops.invert(pixels(two).convert("L")).getbbox() == (6, 8, 20, 24)
    assert ImageChops.invert(one.convert("L")).getbbox() == (3, 4, 10, 12)
    cropped = two.crop((0, 0, 30, 12))
    assert cropped.size == (30, 12) and cropped.pixels.size == (60, 24)
