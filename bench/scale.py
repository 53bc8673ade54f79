"""`python -m bench scale [--games N] [--real R] [--actions A] [--database-url postgresql://…]`: one bot
process on a database of N stored games.

The database is what a busy bot accumulates: R War Chest games started through the offline harness
(real threads, boards and clocks), and N - R copies of a real game row (the approach of
bench/scheduler.py) spread over 50 servers, 4 channels each, one thread per game and 20,000 players —
a fifth of all seats go to 50 heavy players, so "a user's games" is measured on long histories too.
10% of the games are active, the rest finished with an action log of `--actions` entries each.

Printed: restart to ready (a new process opens the file, runs the setup hook, registers the persistent
views and the first pass of every loop) and its resident memory; the event loop's lag (a 10 ms sleeper
woken late) and its longest single step, in wall and CPU time (one callback or coroutine step: what
tells a block from a queue), during one scheduler pass over 200 due games and during R concurrent turns
(Take turn and picker clicks until the commit); p50/p99 of the lookups players trigger; and a commit next to the same
transaction on a bare sqlite3 connection, which is the floor a commit can approach.

With `--database-url` (an empty scratch PostgreSQL database) the games are built the same way, moved there
with `bot.py copy-db` (timed), and every figure is measured on PostgreSQL; the floor is then the same
transaction on a bare asyncpg connection.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Awaitable, Callable

import asyncpg

from bench.load import STEP_LIMIT, LagProbe, StepProbe
from engine import registry
from engine.core.match import Match
from storage import open_store
from storage.base import GameRecord
from storage.copy import copy_database
from storage.sql import postgres_sql
from discord_ui.bot import TabletopBot, calm_garbage_collector
from tabletop.runtime.config import Config
from tabletop.delivery.scheduler import run_pass
from tests.e2e.driver import CHANNEL, GUILD, FakeClock, Table
from tests.fakediscord import FakeDiscord

GUILDS = 50
CHANNELS_PER_GUILD = 4
USERS = 20_000
HEAVY_USERS = 50
HEAVY_SHARE = 0.2
ACTIVE_EVERY = 10
DUE_CLONES_PER_MILLE = 10
"""Of the active copies, this many per thousand are due at the scheduler pass (besides the real games)."""
SAMPLES = 400
BATCH = 5000
FIRST_USER = 10_000_000
THREAD_BASE = 5_000_000_000
REMINDER_AT = 13 * 3600
"""Past half of a day's move clock: every due game owes its first reminder."""


@dataclass(frozen=True, slots=True)
class Built:
    real: list[int]
    """Ids of the games started through the harness (still active, each awaiting one of its players)."""
    first_clone: int
    last_id: int
    seconds: float


def player_ids(rng: random.Random) -> Callable[[], int]:
    """Players drawn like real activity: most seats spread thin, a fifth to a few very active people."""
    def draw() -> int:
        if rng.random() < HEAVY_SHARE:
            return FIRST_USER + rng.randrange(HEAVY_USERS)
        return FIRST_USER + HEAVY_USERS + rng.randrange(USERS - HEAVY_USERS)
    return draw


def clone_games(db_path: Path, source: int, first: int, last: int, *, actions: int, due_at: float, later: float,
                seed: int = 7) -> None:
    """Games `first`..`last` as copies of game `source` with their own server, channel, thread and players.

    Every tenth is active (its clock as the source's; a few due at `due_at`, the others at `later`); the
    rest finished, with `actions` log entries each. Only columns that every schema version has are named.
    """
    rng = random.Random(seed)
    draw = player_ids(rng)
    db = sqlite3.connect(db_path)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    named = ("id", "guild_id", "channel_id", "thread_id", "host_id", "status", "due_at", "finished_at", "created_at",
             "updated_at")
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)") if row[1] not in named]
    listed = ", ".join(columns)
    created = db.execute("SELECT created_at FROM games WHERE id = ?", (source,)).fetchone()[0]
    with db:
        for start in range(first, last + 1, BATCH):
            games, seats, log = [], [], []
            for game_id in range(start, min(start + BATCH, last + 1)):
                guild = 1_000 + rng.randrange(GUILDS)
                channel = guild * 100 + rng.randrange(CHANNELS_PER_GUILD)
                players = [draw(), draw()]
                while players[1] == players[0]:
                    players[1] = draw()
                active = game_id % ACTIVE_EVERY == 0
                at = created - (last - game_id) * 60.0
                if active:
                    due = due_at if rng.randrange(1000) < DUE_CLONES_PER_MILLE else later
                    games.append((game_id, guild, channel, THREAD_BASE + game_id, players[0], "active", due, None, at, at,
                                  source))
                else:
                    games.append((game_id, guild, channel, THREAD_BASE + game_id, players[0], "finished", None, at + 3600, at,
                                  at + 3600, source))
                    log += [(game_id, seq, seq % 2, f"b{seq % 9} move c{seq % 7}", at + seq) for seq in range(1, actions + 1)]
                seats += [(game_id, seat, user, at) for seat, user in enumerate(players)]
            db.executemany(f"INSERT INTO games ({', '.join(named)}, {listed}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, {listed}"
                           " FROM games WHERE id = ?", games)
            db.executemany("INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)", seats)
            db.executemany("INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)", log)
    db.close()


async def build(table: Table, games: int, real: int, actions: int) -> Built:
    started = time.perf_counter()
    await table.bot.store.update_guild_settings(GUILD, {"time_control": "move:86400"})
    ids = []
    for index in range(real):
        host, guest = FIRST_USER - 2 * index - 2, FIRST_USER - 2 * index - 1
        for user in (host, guest):
            table.world.add_user(user, f"p{user}")
        ids.append(await table.start_game(host, [guest], "warchest"))
    first = max(ids) + 1
    last = first + games - real - 1
    now = table.clock.now()
    await asyncio.to_thread(clone_games, table.db_path, ids[0], first, last, actions=actions, due_at=now + REMINDER_AT - 1,
                            later=now + 7 * 86400)
    return Built(ids, first, last, time.perf_counter() - started)


def quantiles(samples: list[float]) -> tuple[float, float]:
    """(p50, p99) in milliseconds."""
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[98] * 1000


async def timed(samples: int, call: Callable[[int], Awaitable[Any]]) -> tuple[float, float]:
    spent = []
    for index in range(samples):
        started = time.perf_counter()
        await call(index)
        spent.append(time.perf_counter() - started)
    return quantiles(spent)


async def lookups(table: Table, built: Built) -> list[tuple[str, float, str]]:
    """The reads players trigger, each on a game, thread, user or server drawn at random."""
    store, service = table.bot.store, table.bot.service
    rng = random.Random(11)
    draw = player_ids(rng)
    clones = range(built.first_clone, built.last_id + 1)
    games = [rng.choice(clones) for _ in range(SAMPLES)]
    records = [await store.get_game(game_id) for game_id in games[:SAMPLES]]
    users = [draw() for _ in range(SAMPLES)]
    guilds = [1_000 + rng.randrange(GUILDS) for _ in range(SAMPLES)]
    figures = {
        "get_game": await timed(SAMPLES, lambda i: store.get_game(games[i])),
        "lookup by thread (game_for_thread)": await timed(SAMPLES, lambda i: store.game_for_thread(THREAD_BASE + games[i])),
        "lookup by channel (game_for_thread)": await timed(SAMPLES, lambda i: store.game_for_thread(guilds[i] * 100 + i % 4)),
        "command in a thread (find_game)": await timed(SAMPLES, lambda i: service.find_game(
            explicit=None, channel_id=THREAD_BASE + games[i], user_id=records[i].host_id, guild_id=records[i].guild_id,
            statuses=("active", "finished"))),
        "user's games (user_games)": await timed(SAMPLES, lambda i: store.user_games(users[i], statuses=("active", "lobby"))),
        "user's games (list_games user_id)": await timed(SAMPLES, lambda i: store.list_games(
            user_id=users[i], statuses=("active", "finished"))),
        "server's games (list_games guild_id)": await timed(SAMPLES, lambda i: store.list_games(
            guild_id=guilds[i], statuses=("finished",))),
        "autocomplete in a server (visible_games)": await timed(SAMPLES, lambda i: service.visible_games(
            guilds[i], users[i], ("lobby", "active"))),
        "autocomplete in DMs (visible_games)": await timed(SAMPLES, lambda i: service.visible_games(
            None, users[i], ("lobby", "active"))),
    }
    rows = []
    for name, (p50, p99) in figures.items():
        rows += [(f"{name} p50", p50, "ms"), (f"{name} p99", p99, "ms")]
    return rows


async def commits(table: Table, built: Built, location: str) -> list[tuple[str, float, str]]:
    """`commit_action` on active copies, then the same statements on a bare connection on other copies."""
    store = table.bot.store
    active = [game_id for game_id in range(built.first_clone, built.last_id + 1) if game_id % ACTIVE_EVERY == 0]
    half = min(SAMPLES, len(active) // 2)
    records = [await store.get_game(game_id) for game_id in random.Random(13).sample(active, 2 * half)]
    spent = []
    for record in records[:half]:
        assert record is not None
        started = time.perf_counter()
        accepted = await store.commit_action(
            record.id, expected_version=record.version, seat=0, action="b3 move c4", state=record.state or {},
            version=record.version + 1, status="active", timing=record.timing, due_at=record.due_at)
        spent.append(time.perf_counter() - started)
        assert accepted, f"commit on game {record.id} was refused"
    postgres = location.startswith(("postgresql://", "postgres://"))
    floor = await (bare_postgres(location, records[half:]) if postgres else asyncio.to_thread(bare_sqlite, table.db_path, records[half:]))
    p50, p99 = quantiles(spent)
    floor50, floor99 = quantiles(floor)
    bare = "bare asyncpg" if postgres else "bare sqlite3"
    return [("commit_action p50", p50, "ms"), ("commit_action p99", p99, "ms"),
            (f"{bare} transaction p50", floor50, "ms"), (f"{bare} transaction p99", floor99, "ms"),
            ("commit_action p50 / bare p50", p50 / floor50, "x")]


COMMIT_SQL = ("UPDATE games SET state = ?, version = ?, status = ?, updated_at = ?, finished_at = ?,"
              " timing = coalesce(?, timing), due_at = ? WHERE id = ? AND version = ? AND status = 'active'",
              "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)")


def commit_rows(record: GameRecord, now: float) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The parameters of a commit's two statements, encoded as the store encodes them."""
    return ((json.dumps(record.state, ensure_ascii=False, separators=(",", ":")), record.version + 1, "active", now, None,
             json.dumps(record.timing, ensure_ascii=False, separators=(",", ":")), record.due_at, record.id, record.version),
            (record.id, record.version + 1, 0, "b3 move c4", now))


def bare_sqlite(db_path: Path, records: list[GameRecord | None]) -> list[float]:
    bare = sqlite3.connect(db_path, isolation_level=None)
    for pragma in ("journal_mode = WAL", "synchronous = NORMAL", "busy_timeout = 5000", "foreign_keys = ON"):
        bare.execute(f"PRAGMA {pragma}")
    floor = []
    for record in records:
        assert record is not None
        started = time.perf_counter()
        update, insert = commit_rows(record, time.time())
        bare.execute("BEGIN IMMEDIATE")
        bare.execute(COMMIT_SQL[0], update)
        bare.execute(COMMIT_SQL[1], insert)
        bare.execute("COMMIT")
        floor.append(time.perf_counter() - started)
    bare.close()
    return floor


async def bare_postgres(url: str, records: list[GameRecord | None]) -> list[float]:
    bare = await asyncpg.connect(url)
    floor = []
    try:
        for record in records:
            assert record is not None
            started = time.perf_counter()
            update, insert = commit_rows(record, time.time())
            async with bare.transaction():
                await bare.execute(postgres_sql(COMMIT_SQL[0]), *update)
                await bare.execute(postgres_sql(COMMIT_SQL[1]), *insert)
            floor.append(time.perf_counter() - started)
    finally:
        await bare.close()
    return floor


@dataclass(frozen=True)
class Lag:
    """How the event loop fared while some work ran: the ticker's lag, and the longest single step."""

    seconds: float
    p99_ms: float
    max_ms: float
    longest_step_ms: float
    longest_step_cpu_ms: float
    steps_over_limit: int
    collections: int
    longest_collection_cpu_ms: float
    longest_collection_generation: int

    def rows(self, label: str) -> list[tuple[str, float, str]]:
        return [(f"{label}: wall time", self.seconds, "s"),
                (f"{label}: loop lag p99", self.p99_ms, "ms"),
                (f"{label}: loop lag max", self.max_ms, "ms"),
                (f"{label}: longest single loop step, wall", self.longest_step_ms, "ms"),
                (f"{label}: longest single loop step, CPU", self.longest_step_cpu_ms, "ms"),
                (f"{label}: loop steps over {STEP_LIMIT * 1000:.0f} ms of CPU", float(self.steps_over_limit), "count"),
                (f"{label}: garbage collections", float(self.collections), "count"),
                (f"{label}: longest garbage collection, CPU (generation {self.longest_collection_generation})",
                 self.longest_collection_cpu_ms, "ms")]


async def with_lag(work: Awaitable[Any]) -> Lag:
    """How the event loop fared while `work` runs."""
    stop = asyncio.Event()
    probe = LagProbe()
    prober = asyncio.create_task(probe.run(stop))
    started = time.perf_counter()
    with StepProbe() as steps:
        await work
    seconds = time.perf_counter() - started
    stop.set()
    await prober
    cuts = statistics.quantiles(probe.samples, n=100, method="inclusive") if len(probe.samples) > 1 else [probe.worst] * 99
    return Lag(seconds, cuts[98] * 1000, probe.worst * 1000, steps.worst * 1000, steps.worst_cpu * 1000, steps.over,
               steps.gc_runs, steps.gc_worst * 1000, steps.gc_generation)


async def turns(table: Table, built: Built) -> list[tuple[str, float, str]]:
    """Every real game's awaited player takes a turn at once: clicks, picker, commit, board, notices."""
    movers = []
    for game_id in built.real:
        record = await table.record(game_id)
        match = Match.from_json(registry.get(record.game_type), record.state or {})
        movers.append((record.players[match.awaited_seats()[0]], game_id))
    lag = await with_lag(asyncio.gather(
        *(table.take_turn(user, game_id, random.Random(game_id)) for user, game_id in movers)))
    return lag.rows(f"{len(movers)} concurrent turns")


async def scheduler_pass(table: Table) -> list[tuple[str, float, str]]:
    """One pass once reminders are owed: the real games and ~1% of the active copies are due."""
    table.clock.now_at += REMINDER_AT
    reports = []

    async def one_pass() -> None:
        reports.append(await table.world.run(run_pass(table.bot)))

    lag = await with_lag(one_pass())
    return [("scheduler pass: due games handled", float(reports[0].games), "count"), *lag.rows("scheduler pass")]


def memory_mib(field: str) -> float:
    """A figure of /proc/self/status: VmRSS now, or VmHWM, the peak since this process started (ru_maxrss
    of a child can carry its parent's peak across the exec)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) / 1024
    raise LookupError(field)


async def ready(location: str) -> dict[str, float]:
    """In a fresh process: a bot object on the file, built as bot.py builds it (the start-up heap frozen),
    until its setup hook, READY and the first pass of every loop are done."""
    async with FakeDiscord() as world:
        world.add_guild(GUILD, "scale", locale="ja")
        world.add_channel(GUILD, CHANNEL, "games")
        world.settle_timeout = 600
        config = Config(token=None, database_path=location, dev_guild_id=None, log_level="INFO", extra_cogs=())
        started = time.perf_counter()
        store = open_store(location)
        await store.open()  # what the setup hook does first; timed apart (the setup hook finds it open)
        opened = time.perf_counter()
        bot = TabletopBot(config, store, freeze_heap=True, now=FakeClock().now)
        world.ignore_tasks(lambda task: task.get_name() == "render-warm-up")  # background: ready goes on
        await world.attach(bot)
        seconds = time.perf_counter() - started
        ready_wall = time.time()
        assert bot.is_ready()
        rss = memory_mib("VmRSS")
        if bot.render_warming is not None:
            await bot.render_warming
        warmed = time.perf_counter() - started
        figures = {"seconds": seconds, "open": opened - started, "rss": rss, "peak": memory_mib("VmHWM"), "warmed": warmed,
                   "ready_wall": ready_wall}
    return figures


def restart(location: str) -> list[tuple[str, float, str]]:
    launched = time.time()
    done = subprocess.run([sys.executable, "-m", "bench.scale", "--ready", location], check=True, capture_output=True,
                          text=True)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return [("restart to ready (new bot object on the file)", figures["seconds"], "s"),
            ("  of which opening the store (check, migrate)", figures["open"], "s"),
            ("restart to ready (new process, imports included)", figures["ready_wall"] - launched, "s"),
            ("render pool warm, in the background (from the bot object)", figures["warmed"], "s"),
            ("RSS after ready", figures["rss"], "MiB"),
            ("peak RSS up to the pool warm", figures["peak"], "MiB")]


async def boot(table: Table, location: str) -> None:
    """The table's bot on `location` (the SQLite file, or the PostgreSQL database it was copied into)."""
    config = Config(token=None, database_path=location, dev_guild_id=None, log_level="INFO", extra_cogs=())
    table.bot = TabletopBot(config, open_store(location), now=table.clock.now)
    await table.world.attach(table.bot)


async def measure(games: int, real: int, actions: int, folder: Path, database_url: str | None = None) -> list[tuple[str, float, str]]:
    db_path = folder / "scale.sqlite3"
    async with FakeDiscord() as world:
        world.add_guild(GUILD, "scale", locale="ja")
        world.add_channel(GUILD, CHANNEL, "games")
        world.settle_timeout = 600
        table = Table(world, db_path)
        await table.boot()
        calm_garbage_collector()
        built = await build(table, games, real, actions)
        await world.detach()
        rows = [("games stored", float(built.last_id), "count"), ("database build", built.seconds, "s")]
        rows.append(("database file", sum(p.stat().st_size for p in folder.glob("scale.sqlite3*")) / 2**20, "MiB"))
        location = str(db_path)
        if database_url:
            started = time.perf_counter()
            await copy_database(location, database_url, say=lambda line: None)
            rows.append(("copy-db into PostgreSQL", time.perf_counter() - started, "s"))
            location = database_url
        rows += await asyncio.to_thread(restart, location)
        await boot(table, location)
        rows += await lookups(table, built)
        rows += await commits(table, built, location)
        rows += await turns(table, built)
        rows += await scheduler_pass(table)
    return rows


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    parser = argparse.ArgumentParser(prog="python -m bench scale")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--real", type=int, default=200, help="games started through the harness (they play the turns)")
    parser.add_argument("--actions", type=int, default=60, help="action log entries per finished copy")
    parser.add_argument("--database-url", help="measure on this empty scratch PostgreSQL database (postgresql://…)")
    args = parser.parse_args(argv or [])
    if args.games < 10 * args.real:
        parser.error("--games must be at least 10 × --real")
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(measure(args.games, args.real, args.actions, Path(folder), args.database_url))


if __name__ == "__main__":
    ready_parser = argparse.ArgumentParser(prog="python -m bench.scale")
    ready_parser.add_argument("--ready", required=True, help="the database (path or URL) a fresh process opens")
    print(json.dumps(asyncio.run(ready(ready_parser.parse_args().ready))))
