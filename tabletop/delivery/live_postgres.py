"""Live changes between bot processes on one PostgreSQL database: a `tabletop.delivery.live.Bridge` over
LISTEN/NOTIFY.

Every process listens on one channel and notifies it of each change it commits (`pg_notify`, after the
commit, so a listener never hears of a state it cannot read yet), tagged with its own random origin so
it ignores its own. One dedicated connection per process does both; it is re-opened when lost (a page
then misses at most the changes in between, and gets the next one). Only `origin:game:version` travels.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

import asyncpg

from tabletop.delivery.live import LiveHub

log = logging.getLogger("tabletop.live")
CHANNEL = "tabletop_live"
MAX_SENDING = 10_000
"""Notifications waiting for the connection at most (PostgreSQL unreachable): beyond, changes are dropped."""
HEALTH_SECONDS = 10.0


class PostgresBridge:
    """Carries `hub`'s changes to the other processes on `url`'s database, and theirs to `hub`."""

    def __init__(self, url: str, hub: LiveHub) -> None:
        self.url = url
        self.hub = hub
        self.origin = secrets.token_hex(8)
        self._connection: Any = None
        self._lock = asyncio.Lock()
        """One statement at a time on the one connection (asyncpg refuses concurrent ones)."""
        self._sending: set[asyncio.Task[None]] = set()
        self._watchdog: asyncio.Task[None] | None = None

    def __repr__(self) -> str:
        return f"PostgresBridge(origin={self.origin})"

    async def start(self) -> None:
        """Listen (the connection is open before this returns, so no change after it is missed)."""
        await self._connect()
        self.hub.attach(self)
        self._watchdog = asyncio.get_running_loop().create_task(self._keep_listening(), name="live-bridge")

    def send(self, game_id: int, version: int) -> None:
        """Notify the other processes, without waiting (a publish never waits for PostgreSQL here)."""
        if len(self._sending) >= MAX_SENDING:
            log.warning("live bridge: %d notifications pending; game %s v%s not sent", MAX_SENDING, game_id, version)
            return
        task = asyncio.get_running_loop().create_task(self._notify(game_id, version))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def close(self) -> None:
        self.hub.detach(self)
        for task in (*self._sending, *([self._watchdog] if self._watchdog else [])):
            task.cancel()
        await asyncio.gather(*self._sending, *([self._watchdog] if self._watchdog else []), return_exceptions=True)
        async with self._lock:
            if self._connection is not None:
                await self._connection.close()
                self._connection = None

    async def _connect(self) -> None:
        connection = await asyncpg.connect(self.url)
        await connection.add_listener(CHANNEL, self._heard)
        self._connection = connection

    async def _notify(self, game_id: int, version: int) -> None:
        async with self._lock:
            try:
                if self._connection is None or self._connection.is_closed():
                    await self._connect()
                await self._connection.execute("SELECT pg_notify($1, $2)", CHANNEL, f"{self.origin}:{game_id}:{version}")
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as error:
                self._connection = None  # the watchdog, or the next change, opens another
                log.warning("live bridge: game %s v%s not sent (%s)", game_id, version, type(error).__name__)

    async def _keep_listening(self) -> None:
        """Every `HEALTH_SECONDS`, re-open a lost connection (listening again), even in a process that has
        nothing to send."""
        while True:
            await asyncio.sleep(HEALTH_SECONDS)
            async with self._lock:
                if self._connection is None or self._connection.is_closed():
                    try:
                        await self._connect()
                    except (asyncpg.PostgresError, OSError) as error:
                        log.warning("live bridge: PostgreSQL unreachable (%s)", type(error).__name__)

    def _heard(self, connection: Any, pid: int, channel: str, payload: str) -> None:
        origin, _, change = payload.partition(":")
        game, _, version = change.partition(":")
        if origin != self.origin and game.isdigit() and version.isdigit():
            self.hub.arrived(int(game), int(version))
