"""Running the AI's turns: search in the worker pool, commit through the service, publish once.

After every commit (a person's move, an AI's move, a start, a takeover) `wake` looks at the game's clocks:
when a seat the AI plays is awaited (its turn, a simultaneous window, an out-of-turn answer such as War
Chest's Royal Guard), one task per game searches for it in the `WorkerPool`, keyed by server so one
server's games take turns with the others' and never run more searches at once than the server's
"concurrent AI searches" setting. The chosen notation is committed like a click: `GameService.play` with
the version it was searched at, so a result made stale by another move is dropped and searched again;
then `publish.after_commit` posts it.

Restart safety needs no start-up scan: while an AI seat is awaited the game's indexed `due_at` is the
moment it became awaited (tabletop.play.clocks), so the scheduler's first pass after a restart wakes it. A
search that outlives a scheduler tick is leased (`due_at` moved `LEASE_SECONDS` ahead) so the scheduler
does not read it again and again meanwhile; the lease runs out after a crash, and on a database this
process uses alone (SQLite) the next life wakes those games at once (`wake_leased`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
from typing import TYPE_CHECKING, Awaitable, Callable

from engine import registry
from engine.ai import choose
from engine.core.errors import GameError
from engine.ai.levels import LEVELS
from tabletop.play.ai_seats import (DEFAULT_LEVEL, DEFAULT_SEARCHES, LEVEL_CODES, MAX_SEARCHES, MAX_SECONDS, MIN_SECONDS, SEARCHES,
                               SECONDS, TAKEOVER_LEVEL, controllers, taken_over)
from tabletop.play.clocks import Timing
from tabletop.runtime.leases import lease_end
from tabletop.delivery.publish import after_commit
from tabletop.play.service import Loaded, Played
from tabletop.runtime.workers import WorkerPool
from storage.base import GameRecord, StoreError

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.ai")
LEASE_SECONDS = 120.0
WAKE_BATCH = 50
"""Games claimed at a time by `wake_leased`."""
MAX_STEPS = 2000
"""AI decisions one task makes before it yields the game back to the scheduler (a runaway guard)."""
MAX_STALE = 5
"""Searches in a row dropped as stale before the task leaves the game to the scheduler's next pass."""

Search = Callable[[Loaded, int, str], Awaitable[str]]


def warm_up() -> int:
    """Run once in each worker: import every game, so the first search costs no imports."""
    return len(registry.games())


def awaited_ai_seats(record: GameRecord) -> list[int]:
    """Seats the AI plays that are awaited now, read from the clocks without decoding the match."""
    if record.status != "active" or record.timing is None:
        return []
    timing = Timing.from_json(record.timing)
    return [seat for seat in sorted(timing.ai) if timing.seats[seat].since is not None]


class AiTurns:
    """The bot's AI players: one task per game with AI seats awaited, searches in `pool`.

    `iterations` caps every search (tests use a small cap; None keeps each level's own). `search` may be
    replaced (tests stop a search midway to restart the bot)."""

    def __init__(self, bot: "TabletopBot", pool: WorkerPool, iterations: int | None = None) -> None:
        self.bot = bot
        self.pool = pool
        self.iterations = iterations
        self.search: Search = self.search_in_pool
        self.running: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    def wake(self, record: GameRecord) -> bool:
        """Start the game's AI task if a seat the AI plays is awaited; True when one runs for it now."""
        if not awaited_ai_seats(record):
            return False
        self._again.add(record.id)
        if record.id not in self.running:
            task = asyncio.get_running_loop().create_task(self._run(record.id), name=f"ai-{record.id}")
            self.running[record.id] = task
            task.add_done_callback(lambda done, game_id=record.id: self._finished(game_id, done))
        return True

    def _finished(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self.running.get(game_id) is task:
            del self.running[game_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("game %s: the AI task failed", game_id, exc_info=task.exception())

    async def lease(self, record: GameRecord) -> None:
        """Hold the scheduler off this game while its search runs (the lease runs out after a crash)."""
        if record.timing is None:
            return
        timing = Timing.from_json(record.timing)
        now = self.bot.service.now()
        later = timing.next_due(ai=False)
        due_at = now + LEASE_SECONDS if later is None else min(later, now + LEASE_SECONDS)
        await self.bot.store.update_timing(record.id, version=record.version, timing=record.timing, due_at=due_at)

    async def wake_leased(self) -> int:
        """Wake every game whose AI search the previous life leased and died with (`due_at` at most
        `LEASE_SECONDS` ahead), instead of leaving it until the lease runs out. Only for a database this
        process uses alone, before the scheduler's first pass; reads only the games due within the lease
        (an index range), claiming them meanwhile so the batches move on. Returns how many were woken."""
        horizon = self.bot.service.now() + LEASE_SECONDS
        claimed: list[int] = []
        woken = 0
        try:
            while True:
                games = await self.bot.store.claim_due_games(horizon, until=lease_end(self.bot.service.now), limit=WAKE_BATCH)
                claimed += [record.id for record in games]
                woken += sum(self.wake(record) for record in games)
                if len(games) < WAKE_BATCH:
                    return woken
        finally:
            await self.bot.store.release(games=claimed)

    async def _run(self, game_id: int) -> None:
        stale = 0
        for _ in range(MAX_STEPS):
            self._again.discard(game_id)
            try:
                loaded = await self.bot.service.load(game_id)
            except (GameError, StoreError):
                return
            ai = controllers(loaded.record)
            seats = [seat for seat in loaded.match.awaited_seats() if seat in ai]
            if not seats:
                if game_id in self._again:
                    continue
                return
            seat = seats[0]
            notation = await self.search(loaded, seat, ai[seat])
            played = await self._commit(loaded, seat, notation)
            if played is None:
                stale += 1
                if stale >= MAX_STALE:
                    return
                continue
            stale = 0
            await after_commit(self.bot, played)

    async def _commit(self, searched: Loaded, seat: int, notation: str) -> Played | None:
        """The move, if the game is still where it was searched and the seat still the AI's; else None."""
        try:
            fresh = await self.bot.service.load(searched.record.id)
            if fresh.match.version != searched.match.version or seat not in controllers(fresh.record):
                return None
            return await self.bot.service.play(fresh, seat, notation, expected_version=searched.match.version, by_ai=True)
        except (GameError, StoreError):
            return None

    async def search_in_pool(self, loaded: Loaded, seat: int, level: str) -> str:
        """The AI's choice, searched in a worker; a search that fails plays a random legal move instead,
        so a bug in the searcher never stalls a game (it is logged)."""
        record, match = loaded.record, loaded.match
        settings = await self.bot.service.settings(record)
        limit = searches_limit(settings.get(SEARCHES))
        seed = (record.id * 1_000_003 + match.version * 101 + seat) % 2**62
        key = record.guild_id if record.guild_id is not None else ("dm", record.host_id)
        try:
            return await self.pool.run(key, choose, record.game_type, record.state, seat, level, seed,
                                       decision_seconds(settings, level), self.iterations, limit=limit)
        except Exception:  # noqa: BLE001 - see the docstring
            log.exception("game %s: the AI search failed; playing a random legal move", record.id)
            return random.Random(seed).choice(match.legal_actions(seat)).notation

    def close(self) -> None:
        """Stop searching (a restart searches again) and stop the workers."""
        for task in list(self.running.values()):
            task.cancel()
        self.pool.close()


def searches_limit(value: object) -> int:
    return min(MAX_SEARCHES, max(1, value)) if isinstance(value, int) and not isinstance(value, bool) else DEFAULT_SEARCHES


def decision_seconds(settings: dict, level: str) -> float:
    """The level's own time budget, capped by the server's "seconds per AI decision" when it set one."""
    own = LEVELS[level].budget_s
    cap = settings.get(SECONDS)
    if isinstance(cap, (int, float)) and not isinstance(cap, bool):
        return min(own, max(MIN_SECONDS, min(MAX_SECONDS, float(cap))))
    return own


def takeover_level(settings: dict) -> str:
    level = settings.get(TAKEOVER_LEVEL)
    return level if isinstance(level, str) and level in LEVEL_CODES else DEFAULT_LEVEL


async def take_over(bot: "TabletopBot", record: GameRecord, timing: Timing, seat: int) -> GameRecord | None:
    """The timeout policy "ai": an AI plays the seat (same place, user and score) until its player
    returns. Compare-and-set on the version the scheduler judged; None when a move landed first."""
    level = takeover_level(await bot.service.settings(record))
    new = timing.taken_over(seat, level)
    if not await bot.store.update_timing(record.id, version=record.version, timing=new.to_json(), due_at=new.next_due()):
        return None
    return dataclasses.replace(record, timing=new.to_json(), due_at=new.next_due())


async def give_back(bot: "TabletopBot", record: GameRecord, user_id: int) -> tuple[GameRecord, int] | None:
    """The seat's own player takes it back from the AI; None when no AI plays this user's seat. Tried
    again on a fresh read when a move lands meanwhile (the AI's search for that seat is then dropped)."""
    for _ in range(8):
        seat = record.seat_of(user_id)
        if record.status != "active" or record.timing is None or seat is None or seat not in taken_over(record):
            return None
        new = Timing.from_json(record.timing).returned(seat, bot.service.now())
        if await bot.store.update_timing(record.id, version=record.version, timing=new.to_json(), due_at=new.next_due()):
            return dataclasses.replace(record, timing=new.to_json(), due_at=new.next_due()), seat
        fresh = await bot.store.get_game(record.id)
        if fresh is None:
            return None
        record = fresh
    return None
