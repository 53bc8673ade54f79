"""`python -m bench scheduler [--games N] [--due-percent P]`: the scheduler with many stored games.

Builds a database of N active timed games (copies of one real High Card game started through the offline
harness), P% of them due now (a reminder owed), the rest due in the future. Prints how long finding the
due games takes (the indexed read alone, and with nothing due), how long the passes take to work through
every due game (each sends a reminder DM through the fake Discord and commits its bookkeeping), and the
event loop's worst lag meanwhile (a 10 ms sleeper woken late: what every other coroutine would suffer).
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from bench.load import LagProbe
from tabletop.delivery.scheduler import PASS_LIMIT, run_pass
import tests.fixtures.highcard_cog  # noqa: F401 - declaring the package registers the example game
from tests.e2e.conftest import ALICE, CAROL, simulated_server
from tests.e2e.driver import GUILD, Table

BATCH = 5000


def clone_games(db_path: Path, source: int, games: int, due_every: int, now: float) -> None:
    """N-1 copies of game `source` with their seats; every `due_every`-th is due now, the rest in a week."""
    db = sqlite3.connect(db_path)
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)") if row[1] not in ("id", "due_at")]
    listed = ", ".join(columns)
    seats = db.execute("SELECT seat, user_id, joined_at FROM seats WHERE game_id = ?", (source,)).fetchall()
    start = db.execute("SELECT max(id) FROM games").fetchone()[0] + 1
    with db:
        for first in range(start, start + games - 1, BATCH):
            ids = range(first, min(first + BATCH, start + games - 1))
            db.executemany(f"INSERT INTO games (id, {listed}, due_at) SELECT ?, {listed}, ? FROM games WHERE id = ?",
                           [(gid, now - 1 if gid % due_every == 0 else now + 7 * 86400, source) for gid in ids])
            db.executemany("INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)",
                           [(gid, seat, user, joined) for gid in ids for seat, user, joined in seats])
        db.execute("UPDATE games SET due_at = ? WHERE id = ?", (now + 7 * 86400, source))
    db.execute("ANALYZE")
    db.close()


async def measure(table: Table, games: int, due_percent: float) -> list[tuple[str, float, str]]:
    await table.bot.store.update_guild_settings(GUILD, {"time_control": "move:86400"})
    source = await table.start_game(ALICE, [CAROL], "highcard")
    now = table.clock.now() + 13 * 3600  # past half time: every due game owes its first reminder
    table.clock.now_at = now
    due_every = max(1, round(100 / due_percent)) if due_percent > 0 else games + 1
    built = time.perf_counter()
    clone_games(table.db_path, source, games, due_every, now)
    build_seconds = time.perf_counter() - built
    store = table.bot.store
    reads = []
    for _ in range(20):
        started = time.perf_counter()
        due = await store.due_games(now, limit=PASS_LIMIT)
        reads.append(time.perf_counter() - started)
    idle = []
    for _ in range(20):
        started = time.perf_counter()
        await store.due_games(now - 3600, limit=200)
        idle.append(time.perf_counter() - started)
    stop = asyncio.Event()
    probe = LagProbe()
    prober = asyncio.create_task(probe.run(stop))
    passes, handled = [], 0
    while True:
        started = time.perf_counter()
        report = await table.world.run(run_pass(table.bot))
        passes.append(time.perf_counter() - started)
        handled += report.games
        if report.games == 0:
            break
    stop.set()
    await prober
    per_game = sum(passes) / max(1, handled)
    return [
        ("games stored", float(games), "count"),
        ("games due", float(handled), "count"),
        ("database build", build_seconds, "s"),
        (f"find due games ({PASS_LIMIT} of them), median", statistics.median(reads) * 1000, "ms"),
        ("find due games, nothing due, median", statistics.median(idle) * 1000, "ms"),
        ("pass with nothing due", passes[-1] * 1000, "ms"),
        ("passes to work through every due game", float(len(passes) - 1), "count"),
        (f"full pass ({PASS_LIMIT} due games), median", statistics.median(passes[:-1] or [0.0]) * 1000, "ms"),
        ("per due game (DM + bookkeeping)", per_game * 1000, "ms"),
        ("event loop worst lag during the passes", probe.worst * 1000, "ms"),
        ("due games found in the first read", float(len(due)), "count"),
    ]


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    parser = argparse.ArgumentParser(prog="python -m bench scheduler")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--due-percent", type=float, default=1.0)
    args = parser.parse_args(argv or [])

    async def main() -> list[tuple[str, float, str]]:
        with tempfile.TemporaryDirectory() as folder:
            async with simulated_server(Path(folder) / "bench.sqlite3") as table:
                table.world.settle_timeout = 600
                return await measure(table, args.games, args.due_percent)

    return asyncio.run(main())
