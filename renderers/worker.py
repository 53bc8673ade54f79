"""What a render worker runs: one view to encoded bytes, and the warm-up that makes a fresh worker as fast
as a busy one.

The platform sends `render_image` to its render pool (`tabletop.runtime.workers.WorkerPool`, processes in
production) with picklable values only: the game's renderer object (pickled by reference to its class, so
games registered outside `renderers/` work too), the engine's frame and the render context. Every other
image (card lists, unit sheets, league standings and charts) goes the same way through `encoded_pages`, with
a top-level drawing function (pickled by reference) and its picklable arguments. Nothing here imports
discord or the platform.

Why a warm-up: a fresh process pays once for imports, the WebP encoder's first call, font faces, marker
sprites, letter layouts, wrapped labels and cached static layers; measured here, a first War Chest board
took 120 ms against 38 ms for the next ones. `warm` draws and encodes a mid-game board and a private view of
every game in both languages, so a restart's first real board costs what the others do.
"""

from __future__ import annotations

import importlib.util
import itertools
from collections.abc import Callable, Sequence
from typing import Any, Literal

from PIL import Image

from engine import registry
from engine.core.match import Match
from engine.core.types import Frame
from engine.selfplay import playout
from renderers import for_game
from renderers.base import GameRenderer, RenderContext
from renderers.density import LIVE_DENSITY, at_density
from renderers.fonts import coverage, faces
from renderers.kinds import kind_of
from renderers.output import encode_image
from renderers.regions import Region, board_regions

Kind = Literal["board", "private"]

_WARM_STEPS = 40
"""Random actions played before drawing the warm-up frames: enough to put pieces, cards and news on a board."""
_WARM_SEED = 1


def render_image(renderer: GameRenderer, kind: Kind, frame: Frame, ctx: RenderContext, density: int = 1) -> bytes | None:
    """The encoded image of one view (None when the game has no private image for it), drawn at `density`
    (`renderers.density`: 1 for Discord, 2 for the live board)."""
    with at_density(density):
        image = renderer.board(frame, ctx) if kind == "board" else renderer.private(frame, ctx)
    return None if image is None else encode_image(image)


def board_layout(renderer: GameRenderer, frame: Frame, ctx: RenderContext) -> tuple[tuple[int, int], tuple[Region, ...]]:
    """The public board's size and where each board object is on it, in 1× pixels (the live board's tap
    targets, laid over a picture of any density with that size as the viewBox). Drawn at 1× and not encoded:
    the drawing is a few milliseconds where an encode is tens (hundreds at 2×), and a page waiting for a new
    position's scene waits for this alone; its picture is drawn when the page asks for it."""
    image, found = board_regions(renderer, frame, ctx)
    return image.size, found


def encoded_pages(draw: Callable[..., Image.Image | Sequence[Image.Image]], *args: Any) -> tuple[bytes, ...]:
    """`draw(*args)` encoded, one file per page (a drawing of one image is one page): drawing and encoding
    both happen in the worker, so only the arguments and the finished files cross between processes.
    `draw` must be a registered image kind (`renderers.kinds`), so that every image sent is one the
    legibility test knows."""
    kind_of(draw)
    drawn = draw(*args)
    pages = (drawn,) if isinstance(drawn, Image.Image) else drawn
    return tuple(encode_image(page) for page in pages)


def _warm_match(game_id: str, players: int) -> Match:
    game = registry.get(game_id)
    match = Match.start(game, players, _WARM_SEED, {})
    for step in itertools.islice(playout(game, players, _WARM_SEED), _WARM_STEPS):
        match = step.match
    return match


def warm() -> None:
    """Draw and encode a board and a private view of every game with a renderer here, in both languages, at
    its largest player count (whose board holds everything a smaller one draws), and draws them again at the
    live board's 2× density (its sprites, faces, line masks and layers; the encoder is warm already): the
    caches a first real render would fill are filled now, and every font's character map is read (the first
    name in another script would otherwise read the fallback faces' maps while a player waits). About 0.8 s
    per worker on this machine, the 2× drawings about a third more, and the maps about 0.15 s more."""
    for index in faces():
        coverage(index)
    for game in registry.games().values():
        if importlib.util.find_spec(f"renderers.{game.id}") is None:
            continue
        renderer = for_game(game.id)
        players = max(game.player_counts)
        match = _warm_match(game.id, players)
        for locale in ("ja", "en"):
            ctx = RenderContext(locale, tuple(f"Player {seat + 1}" for seat in range(players)), game.name.get(locale))
            render_image(renderer, "board", match.frame(None), ctx)
            render_image(renderer, "private", match.frame(0), ctx)
            with at_density(LIVE_DENSITY):
                renderer.board(match.frame(None), ctx)
                renderer.private(match.frame(0), ctx)
