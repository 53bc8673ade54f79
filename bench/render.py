"""Board and private-view render cost per game (draw time, encode time, file size), and with `--concurrent N`
what a burst of N simultaneous renders does to the event loop, the render pool against `asyncio.to_thread`.

Per-view figures draw `SAMPLES` consecutive mid-game states (not one state again and again), so caches
only help where real boards repeat themselves: the same labels, sprites and layers from move to move.
They are CPU time of this process (`time.process_time`), not wall time: the machine's two cores are
shared, and a neighbour's load would otherwise double the figures from one run to the next.

`python -m bench render --concurrent 20` renders 20 boards of every game at once, first in worker threads
(`asyncio.to_thread`, as the bot did before the pool) then in the warm process pool the bot uses
(`tabletop.runtime.workers.WorkerPool` with `renderers.worker.warm`), while a ticker measures how late the event
loop runs (p99 and max). It also times the first render of a freshly started worker against the next
ones, without and with the warm-up, and how long the warm-up takes.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import statistics
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from engine import registry
from engine.core.match import Match
from engine.core.types import Frame
from engine.selfplay import playout
from renderers import RenderContext, for_game
from renderers.toolkit import encode_image

SAMPLES = 15
Row = tuple[str, float, str]


def _midgame(game_id: str, players: int, count: int = 1) -> list[Match]:
    """`count` consecutive states from the middle of a seeded random game."""
    steps = list(playout(registry.get(game_id), players, seed=5))
    middle = max(0, min(len(steps) // 2, len(steps) - count))
    return [step.match for step in steps[middle:middle + count]]


def _setups() -> Iterator[tuple[str, int]]:
    for game in registry.games().values():
        if importlib.util.find_spec(f"renderers.{game.id}") is not None:
            for players in game.player_counts:
                yield game.id, players


def _context(game_id: str, players: int) -> RenderContext:
    return RenderContext("ja", tuple(f"プレイヤー{i + 1}" for i in range(players)), registry.get(game_id).name.ja)


def per_view() -> list[Row]:
    rows: list[Row] = []
    for game_id, players in _setups():
        renderer = for_game(game_id)
        matches = _midgame(game_id, players, SAMPLES)
        ctx = _context(game_id, players)
        for kind in ("board", "private"):
            draws, encodes, sizes = [], [], []
            for match in matches:
                frame = match.frame(None if kind == "board" else 0)
                start = time.process_time()
                image = renderer.board(frame, ctx) if kind == "board" else renderer.private(frame, ctx)
                middle = time.process_time()
                if image is None:
                    break
                data = encode_image(image)
                encodes.append(time.process_time() - middle)
                draws.append(middle - start)
                sizes.append(len(data))
            if not draws:
                continue
            label = f"{game_id} {players}p {kind}"
            totals = [d + e for d, e in zip(draws, encodes)]
            rows.append((f"{label} draw (median)", statistics.median(draws) * 1000, "ms"))
            rows.append((f"{label} encode (median)", statistics.median(encodes) * 1000, "ms"))
            rows.append((f"{label} draw+encode (median)", statistics.median(totals) * 1000, "ms"))
            rows.append((f"{label} file size (max)", max(sizes) / 1024, "KiB"))
    return rows


# --------------------------------------------------------------------------- concurrency

Job = tuple[Any, str, Frame, RenderContext]


def _burst_jobs(count: int) -> list[Job]:
    """`count` board renders cycling over every game and player count, each a different state."""
    setups = list(_setups())
    per_setup = -(-count // len(setups))
    frames = {setup: _midgame(*setup, per_setup) for setup in setups}
    jobs: list[Job] = []
    for index in range(count):
        game_id, players = setups[index % len(setups)]
        match = frames[(game_id, players)][(index // len(setups)) % len(frames[(game_id, players)])]
        jobs.append((for_game(game_id), "board", match.frame(None), _context(game_id, players)))
    return jobs


async def _lag_during(work: Callable[[], Awaitable[Any]]) -> tuple[float, float, float]:
    """(p99 lag, max lag, wall time) of the event loop while `work` runs: a 1 ms ticker's lateness."""
    lags: list[float] = []
    done = asyncio.Event()

    async def tick() -> None:
        while not done.is_set():
            start = time.perf_counter()
            await asyncio.sleep(0.001)
            lags.append(time.perf_counter() - start - 0.001)

    ticker = asyncio.create_task(tick())
    await asyncio.sleep(0)
    start = time.perf_counter()
    await work()
    wall = time.perf_counter() - start
    done.set()
    await ticker
    lags.sort()
    return lags[min(len(lags) - 1, int(len(lags) * 0.99))], lags[-1], wall


async def _concurrent(count: int) -> list[Row]:
    from renderers.worker import render_image, warm
    from tabletop.runtime.workers import WorkerPool

    jobs = _burst_jobs(count)
    for job in jobs[:8]:  # this process's own caches warm, as a running bot's are
        render_image(*job)
    rows: list[Row] = []

    async def threads() -> None:
        await asyncio.gather(*(asyncio.to_thread(render_image, *job) for job in jobs))

    p99, worst, wall = await _lag_during(threads)
    rows += [(f"{count} at once, to_thread: loop lag p99", p99 * 1000, "ms"),
             (f"{count} at once, to_thread: loop lag max", worst * 1000, "ms"),
             (f"{count} at once, to_thread: all done", wall * 1000, "ms")]

    for warmed in (False, True):
        pool = WorkerPool(mode="process", warmup=warm if warmed else None)
        start = time.perf_counter()
        await pool.start()
        started = time.perf_counter() - start
        name = "warm pool" if warmed else "cold pool"
        try:
            times = []
            for job in jobs[:6]:  # one at a time: the first job after start, then steady state
                begin = time.perf_counter()
                await pool.run("bench", render_image, *job)
                times.append(time.perf_counter() - begin)
            rows += [(f"{name}: start (spawn{' + warm-up' if warmed else ''})", started * 1000, "ms"),
                     (f"{name}: first render", times[0] * 1000, "ms"),
                     (f"{name}: next renders (median)", statistics.median(times[2:]) * 1000, "ms")]
            if warmed:
                async def processes() -> None:
                    await asyncio.gather(*(pool.run(index % 4, render_image, *job) for index, job in enumerate(jobs)))

                p99, worst, wall = await _lag_during(processes)
                rows += [(f"{count} at once, pool: loop lag p99", p99 * 1000, "ms"),
                         (f"{count} at once, pool: loop lag max", worst * 1000, "ms"),
                         (f"{count} at once, pool: all done", wall * 1000, "ms")]
        finally:
            pool.close()
    return rows


def brackets() -> list[Row]:
    """A tournament bracket image (`renderers.bracket`): the 32-entrant single and double elimination and the
    64-entrant paged one, finished, in Japanese; draw and encode of all its pages, and its bytes."""
    from renderers.bracket import bracket_pages
    from tabletop.leagues.bracket_image import bracket_texts
    from tests.renderers.bracket_samples import DOUBLE, SINGLE, played

    rows: list[Row] = []
    for label, view in (("32 single", played(SINGLE, 32)), ("32 double", played(DOUBLE, 32)), ("64 single", played(SINGLE, 64))):
        names = {user: f"プレイヤー{user}" for user in view.entrants}
        texts = bracket_texts(view.format, view.best_of, "ja", "冬の大会 — War Chest")
        draws, encodes, sizes = [], [], []
        for _ in range(SAMPLES // 3):
            start = time.process_time()
            pages = bracket_pages(view, names, texts)
            middle = time.process_time()
            sizes.append(sum(len(encode_image(page)) for page in pages))
            encodes.append(time.process_time() - middle)
            draws.append(middle - start)
        rows.append((f"bracket {label} ({len(pages)} pages) draw (median)", statistics.median(draws) * 1000, "ms"))
        rows.append((f"bracket {label} encode (median)", statistics.median(encodes) * 1000, "ms"))
        rows.append((f"bracket {label} bytes", max(sizes) / 1024, "KiB"))
    return rows


def run(argv: list[str] | None = None) -> list[Row]:
    parser = argparse.ArgumentParser(prog="python -m bench render")
    parser.add_argument("--concurrent", type=int, default=0, metavar="N",
                        help="measure N simultaneous renders (event-loop lag, first render) instead")
    args = parser.parse_args(argv or [])
    if args.concurrent:
        return asyncio.run(_concurrent(args.concurrent))
    return per_view() + brackets()
