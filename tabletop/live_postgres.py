"""Live changes between bot processes on one PostgreSQL database: a `tabletop.live.Bridge` over
LISTEN/NOTIFY.

Every process listens on one channel and notifies it of each change it commits (`pg_notify`, after the
commit, so a listener never hears of a state it cannot read yet), tagged with its own random origin so
it ignores its own. One dedicated connection per process does both; it is re-opened when lost (a page
then misses at most the changes in between, and gets the next one). Only `game:version` travels.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

import asyncpg

from tabletop.live import LiveHub

log = logging.getLogger("tabletop.live")
CHANNEL = "tabletop_live"
QUEUED = 10_000
"""Changes waiting to be sent at most: beyond, the oldest are the least useful and the newest are kept."""
RECONNECT_SECONDS = 2.0
HEALTH_SECONDS = 10.0


class PostgresBridge:
    """Carries `hub`'s changes to the other processes on `url`'s database, and theirs to `hub`."""

    def __init__(self, url: str, hub: LiveHub) -> None:
        self.url = url
        self.hub = hub
        self.origin = secrets.token_hex(8)
        self._queue: asyncio.Queue[tuple[int, int]] = asyncio.Queue(QUEUED)
        self._connection: Any = None
        self._task: asyncio.Task[None] | None = None

    def __repr__(self) -> str:
        return f"PostgresBridge(origin={self.origin})"

    async def start(self) -> None:
        """Listen (the first connection is opened before this returns, so no change after it is missed)."""
        await self._connect()
        self.hub.attach(self)
        self._task = asyncio.get_running_loop().create_task(self._serve(), name="live-bridge")

    def send(self, game_id: int, version: int) -> None:
        if self._queue.full():
            self._queue.get_nowait()
        self._queue.put_nowait((game_id, version))

    async def close(self) -> None:
        self.hub.detach(self)
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        if self._connection is not None:
            await self._connection.close()
            self._connection = None

    async def _connect(self) -> None:
        connection = await asyncpg.connect(self.url)
        await connection.add_listener(CHANNEL, self._heard)
        self._connection = connection

    async def _serve(self) -> None:
        """Send each queued change, and look at the connection every `HEALTH_SECONDS` meanwhile: a lost one
        is re-opened (listening again) even in a process that has nothing to send."""
        while True:
            try:
                change: tuple[int, int] | None = await asyncio.wait_for(self._queue.get(), HEALTH_SECONDS)
            except asyncio.TimeoutError:
                change = None
            while True:
                try:
                    if self._connection is None or self._connection.is_closed():
                        await self._connect()
                    if change is not None:
                        await self._connection.execute("SELECT pg_notify($1, $2)", CHANNEL,
                                                       f"{self.origin}:{change[0]}:{change[1]}")
                    break
                except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as error:
                    log.warning("live bridge: PostgreSQL unreachable (%s); retrying", type(error).__name__)
                    self._connection = None
                    await asyncio.sleep(RECONNECT_SECONDS)

    def _heard(self, connection: Any, pid: int, channel: str, payload: str) -> None:
        origin, _, change = payload.partition(":")
        game, _, version = change.partition(":")
        if origin != self.origin and game.isdigit() and version.isdigit():
            self.hub.arrived(int(game), int(version))
