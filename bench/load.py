"""`python -m bench load [--games N] [--actions M] [--rate R]`: many games at once through the offline harness.

N games (War Chest 2p and Wall of War 3p, alternating) on one bot and one database; every seat is a
player coroutine that takes its turn as soon as its thread or its DMs tell it (from the turn DM's menu, or
Take turn and the picker), and goes on once its move is committed (what the bot still publishes holds
the bot, not the player). `--rate` caps the moves offered per second over all games; without it every
player moves the moment it may. Prints committed actions per second, click-to-board latency p50/p99 (from
the click that completes a move that hands the decision over or ends the game, to the first picture in
the game's thread at that version or later: a busy thread's board covers several moves), the event loop's
worst lag, peak RSS, the image bytes and pictures posted in the games' threads per action, the requests
Discord answered with 429 (the fake enforces its global and per-route rate limits), the invalid requests
(401, 403 and counted 429s, toward Discord's 10,000 per 10 minutes that ban the bot) per 1,000 moves, and
the CPU time of one action: this process (the bot, and the fake Discord and the players that drive it) and
the render pool's workers.

CPU per action is the figure to compare on a shared machine: actions per second and latencies depend on
what else runs, the CPU an action takes much less. On two cores, actions per second cannot pass
2 / (CPU seconds per action), nor 1 / (this process's CPU seconds per action).

Under Discord's rate limits (the default) a busy game's thread is the bound: Discord takes 5 new messages
and 5 edits per 5 s in a channel, and discord.py sleeps inside the request that takes a window's last one, so
a thread can show a new picture about 1.6 times a second (discord_ui.courier alternates posts and redraws, four
of each per window); a game moving faster has several moves share a board. Measured 2026-11-27 on a quiet
machine (2 cores), 1,500 moves, under the limits: 10 games offered 27/s 25.6–25.8 moves/s (p50 440–458 ms,
p99 655–689 ms), 10 games as fast as they may 27.4 moves/s (p99 680 ms), 20 games offered 27/s 26.7 moves/s
(p99 461 ms). Spaced at the bucket's even spread (a sleep in discord.py every fifth write): 10 games offered
27/s 25.5 moves/s, p99 1.0 s. Before the courier (a board per handover, queued behind the thread's bucket):
10 games 10.0 moves/s (p99 8.7 s), 30 games 26.3 moves/s (p99 2.1 s).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from discord_ui.bot import calm_garbage_collector
from tests.e2e.driver import CHANNEL, GUILD, Table
from bench.doorbell import Doorbell, ring_on_messages
from engine import registry
from engine.core.match import Match
from tests.fakediscord import FakeDiscord, InteractionRecord

LAG_TICK = 0.01
STEP_LIMIT = 0.02


class LagProbe:
    """How late the event loop wakes a 10 ms sleeper: the stall every other coroutine suffers."""

    def __init__(self) -> None:
        self.worst = 0.0
        self.samples: list[float] = []

    async def run(self, stop: asyncio.Event) -> None:
        loop = asyncio.get_running_loop()
        while not stop.is_set():
            start = loop.time()
            await asyncio.sleep(LAG_TICK)
            lag = loop.time() - start - LAG_TICK
            self.samples.append(lag)
            self.worst = max(self.worst, lag)


class StepProbe:
    """The longest single step the event loop ran (one callback or one coroutine step until its next await).

    A ticker's lag cannot tell one 200 ms block from 200 coroutines that each ran for 1 ms while the ticker
    waited its turn; this can. While active it times every `asyncio.Handle` the loop runs, which is how
    `BaseEventLoop._run_once` runs every callback and task step, in wall time and in the loop thread's
    CPU time: on a busy machine the operating system can pause the loop in the middle of a step, which
    lengthens its wall time but not what the step itself costs. `over` counts steps whose CPU time passed
    `STEP_LIMIT`, the issue's bound for anything that touches the store or parses state.

    It also times every garbage collection (`gc.callbacks`): a collection runs inside whichever step
    allocated last, so `gc_worst` (CPU time) and `gc_generation` tell whether a long step was the
    collector's rather than the code's.
    """

    def __init__(self) -> None:
        self.worst = 0.0
        self.worst_cpu = 0.0
        self.over = 0
        self.gc_worst = 0.0
        self.gc_generation = -1
        self.gc_runs = 0
        self._gc_started = 0.0
        self._original: Any = None

    def _collecting(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.thread_time()
            return
        took = time.thread_time() - self._gc_started
        self.gc_runs += 1
        if took > self.gc_worst:
            self.gc_worst, self.gc_generation = took, info["generation"]

    def __enter__(self) -> StepProbe:
        original = self._original = asyncio.events.Handle._run  # noqa: SLF001 - the loop's single callback point
        probe = self

        def timed(handle: asyncio.Handle) -> None:
            started, cpu = time.perf_counter(), time.thread_time()
            try:
                original(handle)
            finally:
                took, spent = time.perf_counter() - started, time.thread_time() - cpu
                probe.worst = max(probe.worst, took)
                probe.worst_cpu = max(probe.worst_cpu, spent)
                if spent > STEP_LIMIT:
                    probe.over += 1

        asyncio.events.Handle._run = timed  # type: ignore[method-assign]  # noqa: SLF001
        gc.callbacks.append(self._collecting)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._collecting)
        asyncio.events.Handle._run = self._original  # type: ignore[method-assign]  # noqa: SLF001


def record_messages(world: FakeDiscord, boards: dict[int, list[tuple[int, float]]], sizes: dict[int, int]) -> None:
    """Wrap the fake's message recording: when each board picture of a game (its version) first appeared in the
    game's thread (a new board message, or a busy thread's board redrawn in place), and the size of each image
    posted in a thread (by attachment id, so an edit keeping it is not counted twice)."""
    original = world._commit  # noqa: SLF001 - the harness's single recording point

    def recording(msg: Any, rec: Any) -> Any:
        if not msg.ephemeral:
            for file in msg.attachments:
                game, _, version = file.filename.rpartition(".")[0].removeprefix("board-").partition("-v")
                if file.filename.startswith("board-") and file.id not in sizes:
                    boards.setdefault(int(game), []).append((int(version), asyncio.get_running_loop().time()))
                    sizes[file.id] = file.size
        return original(msg, rec)

    world._commit = recording  # type: ignore[method-assign]  # noqa: SLF001


def click_to_board(clicks: list[tuple[int, int, float]], boards: dict[int, list[tuple[int, float]]],
                   handed_over: dict[int, set[int]]) -> list[float]:
    """For each completing click (game, version it made, when on the event loop's clock) that handed the
    decision over or ended the game, how long until the thread first showed that version or a later one in a
    picture: a busy thread's board covers every move made since the last (discord_ui.courier). A seat that goes
    on has its move added to the board's lines and keeps the picture by design (the next handover draws it),
    so those moves are not counted, as the issue's baseline (a board file of the move's own version) did not."""
    latencies = []
    for game, version, clicked in clicks:
        if version not in handed_over.get(game, ()):
            continue
        shown = [at for made, at in boards.get(game, []) if made >= version and at >= clicked]
        if shown:
            latencies.append(min(shown) - clicked)
    return sorted(latencies)


def children_cpu() -> dict[int, float]:
    """CPU seconds (user + system) of each live child process of this one (the render workers), from /proc:
    `resource.RUSAGE_CHILDREN` counts only children that have exited and been waited for."""
    tick = os.sysconf("SC_CLK_TCK")
    found: dict[int, float] = {}
    for task in os.listdir(f"/proc/{os.getpid()}/task"):
        with open(f"/proc/{os.getpid()}/task/{task}/children", encoding="ascii") as children:
            pids = [int(pid) for pid in children.read().split()]
        for pid in pids:
            try:
                with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
                    fields = stat.read().rpartition(")")[2].split()
            except FileNotFoundError:
                continue
            found[pid] = (int(fields[11]) + int(fields[12])) / tick  # utime and stime, fields 14 and 15 of stat
    return found


async def player(table: Table, game_id: int, user: int, rng: random.Random, clicks: list[tuple[int, int, float]],
                 budget: list[int], bell: Doorbell, thread: int, pacer: Pacer) -> None:
    """Take every turn this user is awaited for, until the game ends or the action budget is spent; the player
    looks again when the game's thread or their DMs change, as a notified player would. Once their move is
    committed they go on: what the bot still publishes for it (a board waiting for the thread's lane, DMs)
    holds the bot, not the player."""
    wake = bell.listener(thread, ("dm", user))
    publishing: list[tuple[int, asyncio.Future[InteractionRecord | None]]] = []
    while budget[0] > 0:
        turn = await table.await_turn(game_id, user, stop=lambda: budget[0] <= 0, wake=wake)
        if turn is None:
            break
        budget[0] -= 1
        if budget[0] <= 0:
            bell.ring_all()  # the others stop waiting now, not a safety net later
        await pacer.slot()
        before = turn[0].version
        acting = asyncio.ensure_future(act(table, user, game_id, rng))
        while not acting.done() and (await table.record(game_id)).version <= before:
            looking = asyncio.ensure_future(wake())
            await asyncio.wait({acting, looking}, return_when=asyncio.FIRST_COMPLETED)
            looking.cancel()
        if acting.done() and acting.result() is None:
            continue  # another seat of a simultaneous window moved first: look again
        publishing.append((before + 1, acting))
    for version, acting in publishing:
        completed = await acting
        if completed is not None:
            clicks.append((game_id, version, completed.received_at))


async def act(table: Table, user: int, game_id: int, rng: random.Random) -> InteractionRecord | None:
    """One move through the picker: the click that completed it, or None when another seat of a
    simultaneous window moved first."""
    try:
        return await table.take_turn(user, game_id, rng)
    except AssertionError:
        return None


async def handovers(table: Table, games: list[int]) -> dict[int, set[int]]:
    """Per game, the versions at which a move passed the decision to another seat or ended the game: the moves
    a thread shows with a new picture. Read by replaying each game's stored log."""
    found: dict[int, set[int]] = {}
    for game_id in games:
        record = await table.record(game_id)
        log = [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]
        match = Match.start(registry.get(record.game_type), len(record.players), record.seed or 0, record.options)
        found[game_id] = {step.match.version for (seat, _), step in zip(log, match.replay_steps(log))
                          if step.match.finished or seat not in step.match.awaited_seats()}
    return found


class Pacer:
    """The offered load: at most `rate` moves a second over all players (None: each player moves the moment it
    may, the most the bot and Discord's limits allow). A move's wait for its slot is before its clicks, so it
    is not part of its click-to-board time."""

    def __init__(self, rate: float | None) -> None:
        self.gap = 1 / rate if rate else 0.0
        self.next = 0.0

    async def slot(self) -> None:
        if not self.gap:
            return
        now = asyncio.get_running_loop().time()
        at = max(now, self.next)
        self.next = at + self.gap
        await asyncio.sleep(at - now)


async def measure(games: int, actions: int, rate_limit_scale: float = 1.0, rate: float | None = None) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord(rate_limit_scale=rate_limit_scale) as world:
            world.add_guild(GUILD, "load", locale="ja")
            world.add_channel(GUILD, CHANNEL, "games")
            world.settle_timeout = 600  # a loaded machine may take longer than the tests' 10 s to start a game
            table = Table(world, Path(folder) / "load.sqlite3")
            await table.boot()
            await table.bot.render_pool.start()  # the workers' warm-up is not part of any action
            calm_garbage_collector()
            seats: list[tuple[int, int, int]] = []
            for index in range(games):
                kind, count = ("warchest", 2) if index % 2 == 0 else ("wallofwar", 3)
                users = [1000 + index * 10 + seat for seat in range(count)]
                for user in users:
                    world.add_user(user, f"p{user}")
                game_id = await table.start_game(users[0], users[1:], kind)
                thread = (await table.record(game_id)).thread_id or CHANNEL
                seats += [(game_id, user, thread) for user in users]
            world.settle_each_interaction = True  # a click waits for its own work, not for every game's
            sizes: dict[int, int] = {}
            bell = Doorbell()
            boards: dict[int, list[tuple[int, float]]] = {}
            record_messages(world, boards, sizes)
            ring_on_messages(world, bell)
            clicks: list[tuple[int, int, float]] = []
            budget = [actions]
            stop = asyncio.Event()
            probe = LagProbe()
            lag_task = asyncio.create_task(probe.run(stop))
            start, cpu, workers = time.perf_counter(), time.process_time(), children_cpu()
            started = asyncio.get_running_loop().time()  # the rate limiter's clock
            invalid_before = world.invalid.total
            pacer = Pacer(rate)
            await asyncio.gather(*(player(table, game_id, user, random.Random(user), clicks, budget, bell, thread, pacer)
                                   for game_id, user, thread in seats))
            elapsed = time.perf_counter() - start
            cpu = time.process_time() - cpu
            workers_cpu = sum(spent - workers.get(pid, 0.0) for pid, spent in children_cpu().items())
            limited = [hit for hit in world.rate_limited if hit.at >= started]
            invalid = world.invalid.total - invalid_before
            stop.set()
            await lag_task
            latencies = click_to_board(clicks, boards, await handovers(table, sorted({game for game, _, _ in clicks})))
            done = actions - budget[0]
            world.assert_no_errors()
    quantiles = statistics.quantiles(latencies, n=100) if len(latencies) >= 2 else [0.0] * 99
    return {
        "actions": float(done),
        "actions per second": done / elapsed,
        "click to board p50 ms": quantiles[49] * 1000,
        "click to board p99 ms": quantiles[98] * 1000,
        "loop lag max ms": probe.worst * 1000,
        "peak RSS MiB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "thread image KiB per action": sum(sizes.values()) / 1024 / done,
        "thread board pictures per action": len(sizes) / done,
        "429 answers, global": float(sum(hit.scope == "global" for hit in limited)),
        "429 answers, per route": float(sum(hit.scope == "user" for hit in limited)),
        "invalid requests per 1,000 moves": invalid * 1000 / done,
        "CPU ms per action, this process": cpu * 1000 / done,
        "CPU ms per action, render workers": workers_cpu * 1000 / done,
    }


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    parser = argparse.ArgumentParser(prog="python -m bench load")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--rate", type=float, default=None,
                        help="offer at most this many moves a second over all games (default: as fast as they may)")
    parser.add_argument("--rate-limit-scale", type=float, default=1.0,
                        help="Discord's rate-limit windows times this (1: Discord's own; a tiny value lifts them, "
                             "to tell what the CPU allows from what Discord's pacing allows)")
    args = parser.parse_args(argv or [])
    figures = asyncio.run(measure(args.games, args.actions, args.rate_limit_scale, args.rate))
    units = {"actions": "count", "actions per second": "actions/s", "peak RSS MiB": "MiB", "thread image KiB per action": "KiB",
             "thread board pictures per action": "count", "429 answers, global": "count",
             "429 answers, per route": "count", "invalid requests per 1,000 moves": "count"}
    return [(f"{args.games} games: {name}", value, units.get(name, "ms")) for name, value in figures.items()]
