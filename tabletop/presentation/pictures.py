"""The pictures of a game, for every front end: a view's image (board or private, at a density) and the
board's layout (where each tappable object is), each drawn once per state in the bot's render pool.

Images are drawn in the render pool (`start_rendering`: warm worker processes behind a fair, bounded gate),
so a burst of boards never stalls the event loop; without a pool (scripts, unit tests) in a worker thread.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Hashable, Mapping, TypeVar

from engine.core.match import Match
from renderers import RenderContext, for_game
from renderers.density import LIVE_DENSITY  # noqa: F401 - the live board's pictures' density, for the web front end
from renderers.worker import board_layout as layout_job, encoded_pages, render_image
from storage.base import GameRecord
from tabletop.play.service import game_of
from tabletop.presentation.scene import BoardLayout
from tabletop.runtime import packages
from tabletop.runtime.cache import SharedResults
from tabletop.runtime.workers import WorkerPool

log = logging.getLogger("tabletop.pictures")
RENDER_CACHE_ENTRIES = 256
_RENDERED: SharedResults[tuple[object, ...], bytes | None] = SharedResults(RENDER_CACHE_ENTRIES)
_LAYOUTS: SharedResults[tuple[object, ...], BoardLayout] = SharedResults(RENDER_CACHE_ENTRIES)
_pool: WorkerPool | None = None
_LAYOUT_THREAD = ThreadPoolExecutor(1, thread_name_prefix="layout")
"""Layouts are drawn one at a time: each holds the GIL for a few milliseconds, never several at once."""
R = TypeVar("R")


def start_rendering(pool: WorkerPool, *, warm: bool) -> asyncio.Task[None] | None:
    """Render in `pool` from now on. With `warm`, start and warm its workers in the background: the bot is
    ready at once, and a render asked for meanwhile waits for the warm-up instead of racing it. Without,
    the workers start at the first render (the offline check renders nothing and spawns nothing)."""
    global _pool
    _pool = pool
    return asyncio.get_running_loop().create_task(_warm(pool), name="render-warm-up") if warm else None


async def _warm(pool: WorkerPool) -> None:
    try:
        await pool.start()
    except Exception:  # noqa: BLE001 - each render then reports the failure itself
        if _pool is pool:  # not stopped meanwhile (a bot closing during its warm-up)
            log.exception("the render workers did not start")


def stop_rendering(pool: WorkerPool) -> None:
    """Stop `pool`; renders go back to a worker thread unless another bot's pool replaced it meanwhile."""
    global _pool
    if _pool is pool:
        _pool = None
    pool.close()


def _context(record: GameRecord, locale: str, names: Mapping[int, str]) -> RenderContext:
    return RenderContext(locale, tuple(names[i] for i in sorted(names)), f"{game_of(record).name.get(locale)} #{record.id}")


def _lane(record: GameRecord) -> Hashable:
    """The render pool's queue a game's images wait in: its server's (a DM game's own)."""
    return record.guild_id if record.guild_id is not None else ("game", record.id)


def _key(kind: str, record: GameRecord, match: Match, seat: int | None, locale: str,
         names: Mapping[int, str], density: int) -> tuple[object, ...]:
    """A view's render: the same game, state, view, language, names and density draw the same picture (the
    game's type and seed with its id: an id alone may name another game on another database, as in tests)."""
    return (record.id, record.game_type, record.seed, match.version, kind, seat, locale, tuple(sorted(names.items())),
            density)


async def _render(kind: str, record: GameRecord, match: Match, seat: int | None, locale: str,
                  names: Mapping[int, str], density: int) -> bytes | None:
    """Draw and encode one view off the event loop. Only the frame (a few KB) and the context travel to the
    worker; renders queue per server in the pool's gate, so one busy server cannot delay everyone's boards,
    and within a server boards and private views take turns, so a burst of turn DMs cannot hold back the
    board everyone is waiting for."""
    return await render_job((_lane(record), kind), render_image, for_game(record.game_type), kind, match.frame(seat),
                            _context(record, locale, names), density)


async def render_job(lane: Hashable, fn: Callable[..., R], *args: Any) -> R:
    """Every image the bot sends goes through here: `fn(*args)` (a top-level function and picklable
    arguments, e.g. `renderers.worker.encoded_pages`) in the render pool, queued in `lane` (a server) so one
    busy lane cannot delay everyone's images; without a pool (scripts, unit tests) in a worker thread.

    `fn` is `render_image` (a game's board or private view) or `encoded_pages` (a registered image kind,
    `renderers.kinds`): the kinds the legibility and render conformance tests draw, so no image reaches
    Discord or a page unchecked. (A board's layout, drawn by the same code, sends no image: `board_layout`.)"""
    if fn not in (render_image, encoded_pages):
        raise ValueError(f"{getattr(fn, '__qualname__', fn)!r} draws no known image kind (renderers.kinds)")
    if _pool is None:
        return await asyncio.to_thread(fn, *args)
    result: R = await _pool.run(lane, fn, *args)
    return result


async def rendered(kind: str, record: GameRecord, match: Match, seat: int | None, locale: str,
                   names: Mapping[int, str], density: int = 1) -> bytes | None:
    """One view's encoded image (None when the game has no private image). Each (game, state, view,
    language, names, density) is drawn once: the board posted, then shown by /game show, and a hand opened
    by Take turn, My info and the turn DM share one render, even when asked for while it is still being
    drawn (Take turn tapped as the turn DM is being prepared). Discord's pictures are 1×; the live board's
    are drawn at `density` 2 (`renderers.density`), once per view too, for every page showing it."""
    if not _drawn(kind, record):
        return None
    return await _RENDERED.get(_key(kind, record, match, seat, locale, names, density),
                               lambda: _render(kind, record, match, seat, locale, names, density))


def _drawn(kind: str, record: GameRecord) -> bool:
    """Whether the view has a picture: a game may have no private image."""
    package = packages.get(record.game_type)
    return kind != "private" or package is None or package.private_images


def draw_ahead(kind: str, record: GameRecord, match: Match, seat: int | None, locale: str,
                 names: Mapping[int, str], density: int = 1) -> None:
    """Begin drawing a view that will be asked for in a moment (`rendered`), without waiting for it: the live
    board's picture starts while its page still reads the scene."""
    if _drawn(kind, record):
        _RENDERED.start(_key(kind, record, match, seat, locale, names, density),
                        lambda: _render(kind, record, match, seat, locale, names, density))


async def board_layout(record: GameRecord, match: Match, locale: str, names: Mapping[int, str]) -> BoardLayout:
    """Where each board object is on the public board of this state (the live board's tap targets), drawn
    once per (game, state, language, names). The layout is the same at every density: the 1× picture's size
    and regions in its pixels (`renderers.regions`), laid over any density's picture with that size as the
    viewBox; so it is drawn at 1× without encoding.

    In this process, on one thread of its own, not in the render pool: the drawing takes 3–7 ms, while the
    pool's workers are busy with encodes of 30–50 ms at 1× and 150–220 ms at 2× right after a move, and a
    page told of a move waits for this alone before it shows the new position (bench live_board: the
    layout's wait for a free worker was most of the scene's answer, p50 64 ms and p90 143 ms)."""

    async def draw() -> BoardLayout:
        loop = asyncio.get_running_loop()
        (width, height), regions = await loop.run_in_executor(
            _LAYOUT_THREAD, layout_job, for_game(record.game_type), match.frame(None), _context(record, locale, names))
        return BoardLayout(width, height, regions)

    return await _LAYOUTS.get(_key("board", record, match, None, locale, names, 1), draw)
