"""`python -m bench live_board [--opens N] [--moves N] [--processes 1|2]`: the live board in a real browser on
localhost.

The same set-up as the browser tests (tests/browser/site.py): the e2e tests' bot in its fake Discord, its
web application listening on 127.0.0.1, Debian's Chromium at phone size (390×844, touch). Two figures of
the issue's closing note:

- first board: from navigation start (`performance.timeOrigin`) to the board picture's `load` event, for
  a fresh browser profile (empty cache) opening a game page; the first open of a state includes drawing
  its picture on the server, later opens find it drawn (`cold` and `warm`).
- live update: from a move's commit (`LiveHub.changed`, which publish calls right after the commit) to
  the new version on every other open page (`data-version` observed by the page itself, same clock),
  for moves made through Discord (a Take turn click) and on another page (tapped), War Chest, two seats
  and a spectator watching; and its parts: commit to the page's scene request (the live channel), the
  scene's answer, and the page drawn from it. Then the board's picture of that position: first shown (at
  any density) and shown sharp (2×), measured from the same commit on the same pages.

With `--processes 2`, the same figures on two bot instances (`TabletopBot`) on one PostgreSQL database
(a pgserver in a temporary directory, as the tests start; tests/browser/site.py): the pages are served by
bot B, every Discord interaction is handled by bot A and a move "from a page" is tapped on the mover's page
served by A, so every measured update crosses the database's live bridge (LISTEN/NOTIFY,
`tabletop.delivery.live_postgres`). The clock is the same (the commit as A's hub notes it, to the version
seen on B's pages), and the mover's page on B counts too. The two bots are two instances in ONE OS process
and one event loop, not two OS processes: the fake Discord they share lives in one process. They share the
CPU and the loop (a process of their own each would not), each keeps its own store, connection pool, live
hub, render pool and caches. The rows are labelled "(two processes)".

Takes about a minute. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from contextlib import AsyncExitStack
from typing import Any

from playwright.async_api import TimeoutError as PlaywrightTimeout

from engine import registry
from engine.core.match import Match
from tests.browser.game_page import play_a_move, wait_version
from tests.browser.site import Site, open_site
from tests.e2e.conftest import ALICE, BOB, CAROL, ERIN
from tests.postgres import new_schema, running_server

GAMES = (("warchest", 2), ("wallofwar", 3), ("wunderkammer", 2), ("artofwar", 2), ("walpurgis", 2))
SEATS = (ALICE, BOB, CAROL)
SPECTATOR = ERIN
PICTURE_WAIT_MS = 5000


SCENE_REQUEST = r"""(after) => {
    const first = performance.getEntriesByType("resource").find((entry) =>
        /^\/api\/games\/\d+$/.test(new URL(entry.name).pathname) && performance.timeOrigin + entry.startTime >= after);
    return first ? [performance.timeOrigin + first.startTime, performance.timeOrigin + first.responseEnd] : null;
}"""
"""The page's first scene request after a commit: when it started and when its answer had arrived (epoch ms)."""


class CommitTimes:
    """A bridge of the bot's live hub that only notes when each version was committed (epoch ms)."""

    def __init__(self) -> None:
        self.at: dict[tuple[int, int], float] = {}

    def send(self, game_id: int, version: int) -> None:
        self.at.setdefault((game_id, version), time.time() * 1000)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def first_board(site: Site, path: str, user: int) -> float:
    """Milliseconds from navigation start to the board picture loaded, in a new profile."""
    page = await site.page(user, path)
    await page.wait_for_function("() => window.__tt && window.__tt.board !== null")
    shown: float = await page.evaluate("() => window.__tt.board - performance.timeOrigin")
    await page.context.close()
    site.contexts.remove(page.context)
    return shown


async def first_boards(site: Site, opens: int) -> tuple[list[float], list[float]]:
    cold, warm = [], []
    for game, players in GAMES:
        game_id = await site.table.start_game(SEATS[0], list(SEATS[1:players]), game)
        for index in range(opens):
            shown = await first_board(site, f"/games/{game_id}?lang=en", SEATS[index % players])
            (warm if index else cold).append(shown)
    return cold, warm


async def pictures_of(page: Any, version: int) -> tuple[float | None, float | None]:
    """When the page's board first showed `version`'s picture (any density) and its sharp one (epoch ms);
    None for one that did not load within a few seconds (a newer version replaced it first)."""
    try:
        await page.wait_for_function("(v) => v in window.__tt.sharp", arg=str(version), timeout=PICTURE_WAIT_MS)
    except PlaywrightTimeout:
        pass
    shown: list[float | None] = await page.evaluate("(v) => [window.__tt.pictured[v] ?? null, window.__tt.sharp[v] ?? null]",
                                                    str(version))
    return shown[0], shown[1]


async def mover_page(site: Site, pages: dict[int, Any], movers: dict[int, Any], user: int, path: str) -> Any:
    """The page `user` taps a move on: their watched page on one process; on two, a page of theirs served by
    bot A (opened once per game), so the watched pages on B hear of the move through the database."""
    if site.mover_url == site.base_url:
        return pages[user]
    if user not in movers:
        movers[user] = await site.page(user, path, at=site.mover_url)
    return movers[user]


async def live_updates(site: Site, moves: int) -> dict[str, list[float]]:
    """Latencies (ms) by where the move was made: each watched page that did not make it counts once."""
    commits = CommitTimes()
    site.table.bot.live.attach(commits)
    rng = random.Random(7)
    found: dict[str, list[float]] = {"discord": [], "web": [], "to the request": [], "scene answered": [], "drawn": [],
                                     "picture": [], "sharp picture": []}
    game_id = None
    pages: dict[int, Any] = {}
    movers: dict[int, Any] = {}
    for number in range(moves):
        record = await site.table.record(game_id) if game_id is not None else None
        if record is None or record.status != "active":
            await site.close_pages()
            game_id = await site.table.start_game(ALICE, [BOB], "warchest")
            pages = {user: await site.page(user, f"/games/{game_id}?lang=en") for user in (ALICE, BOB, SPECTATOR)}
            movers = {}
            record = await site.table.record(game_id)
        match = Match.from_json(registry.get(record.game_type), record.state or {})
        mover = record.players[match.awaited_seats()[0]]
        for page in pages.values():
            await wait_version(page, match.version)
        origin = "web" if number % 2 else "discord"
        tapped = None
        if origin == "web":
            tapped = await mover_page(site, pages, movers, mover, f"/games/{game_id}?lang=en")
            await wait_version(tapped, match.version)
            await play_a_move(tapped)
        else:
            await site.table.take_turn(mover, game_id, rng)
        await site.world.settle()
        moved = (await site.table.record(game_id)).version
        committed = commits.at.get((game_id, moved))
        for user, page in pages.items():
            await wait_version(page, moved)
            if committed is None or page is tapped:
                continue
            seen = await page.evaluate("(v) => window.__tt.seen[v] ?? null", str(moved))
            for name, shown in zip(("picture", "sharp picture"), await pictures_of(page, moved)):
                if shown is not None:
                    found[name].append(shown - committed)
            if seen is not None:
                found[origin].append(seen - committed)
                request = await page.evaluate(SCENE_REQUEST, committed)
                if request is not None:
                    found["to the request"].append(request[0] - committed)
                    found["scene answered"].append(request[1] - request[0])
                    found["drawn"].append(seen - request[1])
    site.table.bot.live.detach(commits)
    await site.close_pages()
    return found


async def measure(opens: int, moves: int, processes: int = 1) -> list[tuple[str, float, str]]:
    async with AsyncExitStack() as stack:
        database = await new_schema(stack.enter_context(running_server())) if processes == 2 else None
        site = await open_site(stack, database)
        cold, warm = await first_boards(site, opens)
        latencies = await live_updates(site, moves)
        await site.world.settle()
    every = latencies["discord"] + latencies["web"]
    rows = [("first board, cold p50", statistics.median(cold), "ms"), ("first board, cold max", max(cold), "ms"),
            ("first board, warm p50", statistics.median(warm), "ms"),
            ("first board, warm p99", percentile(warm, 0.99), "ms")]
    for origin, values in (("from Discord", latencies["discord"]), ("from a page", latencies["web"]), ("all", every)):
        if values:
            rows += [(f"live update {origin} p50", statistics.median(values), "ms"),
                     (f"live update {origin} p99", percentile(values, 0.99), "ms"),
                     (f"live update {origin} samples", len(values), "count")]
    for part in ("to the request", "scene answered", "drawn"):
        if latencies[part]:
            rows.append((f"live update part: {part} p50", statistics.median(latencies[part]), "ms"))
    for shown in ("picture", "sharp picture"):
        if latencies[shown]:
            rows += [(f"board {shown} shown p50", statistics.median(latencies[shown]), "ms"),
                     (f"board {shown} shown p99", percentile(latencies[shown], 0.99), "ms")]
    return rows if processes == 1 else [(f"{label} (two processes)", value, unit) for label, value, unit in rows]


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    parser = argparse.ArgumentParser(prog="python -m bench live_board")
    parser.add_argument("--opens", type=int, default=6, help="fresh page opens per game (first-board time)")
    parser.add_argument("--moves", type=int, default=40, help="moves watched live (half Discord, half a page)")
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1,
                        help="2: two bot instances on one PostgreSQL database (one OS process), moves on A, pages on B")
    options = parser.parse_args(argv or [])
    return asyncio.run(measure(options.opens, options.moves, options.processes))
