"""Several bot processes on one database and one simulated Discord, as with SHARD_IDS split across
processes: the set-up every two-process test shares (tests/e2e, tests/leagues, tests/web use the `two`
fixture on PostgreSQL; tests/matchmaking opens `processes` on PostgreSQL and on SQLite).

Each bot is a complete `TabletopBot` with its own store (its own connection pool); `SharedDiscord` lets
every attached process call Discord's REST API and hands each incoming interaction to one of them at
random (harder for exactly-once than Discord's routing by shard).
"""

from __future__ import annotations

import random
from collections import Counter
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Iterable

import pytest

from discord_ui.bot import TabletopBot
from discord_ui.courier import Courier
from storage.base import Store
from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore
from tabletop.runtime.config import Config
from tests.e2e.conftest import ALICE, CAROL, DAVE, ERIN, RATE_LIMIT_SCALE
from tests.e2e.driver import CHANNEL, GUILD, FakeClock, Table
from tests.fakediscord import FakeDiscord

PLAYERS = (ALICE, CAROL, DAVE, ERIN)
"""The players of the `two` fixture."""
Processes = tuple[Table, "SharedDiscord", list[TabletopBot]]
"""What `processes` yields: the driver (reading the shared database through the first bot), the shared
Discord, and the bots."""


class SharedDiscord(FakeDiscord):
    """One Discord for several bot processes: each may call the REST API; each interaction is delivered
    to one process chosen at random, or always to process `routed_to` when set (a bench that needs every
    click handled by the same process)."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rate_limit_scale=RATE_LIMIT_SCALE)
        self.processes: list[Any] = []
        self.rng = rng
        self.served: Counter[int] = Counter()
        self.routed_to: int | None = None

    async def attach_process(self, bot: Any) -> None:
        self.bot = None  # attach() would otherwise close the process already attached, as a restart does
        await self.attach(bot)
        self.processes.append(bot)

    def _serves(self, bot: Any) -> bool:
        return bot in self.processes or super()._serves(bot)

    async def _deliver(self, rec: Any) -> Any:
        index = self.rng.randrange(len(self.processes)) if self.routed_to is None else self.routed_to
        self.served[index] += 1
        self.bot = self.processes[index]
        return await super()._deliver(rec)

    async def close(self) -> None:
        for bot in self.processes:
            self.bot = bot
            await self.detach()
        await super().close()


def store_for(url: str) -> Store:
    """A new store (a new connection pool) on the shared database: a PostgreSQL URL or a SQLite file."""
    return PostgresStore(url) if url.startswith("postgresql") else SqliteStore(Path(url))


@asynccontextmanager
async def processes(url: str, seed: int, users: Iterable[tuple[int, str]] = (), count: int = 2) -> AsyncIterator[Processes]:
    """`count` bot processes on the database at `url`, one guild with the games channel, these users, one
    fake clock; interactions are routed by a random generator seeded with `seed`."""
    async with SharedDiscord(random.Random(seed)) as world:
        world.add_guild(GUILD, "Doujin Games", locale="ja")
        world.add_channel(GUILD, CHANNEL, "games")
        for user, name in users:
            world.add_user(user, name)
        clock = FakeClock()
        config = Config(token=None, database_path=url, dev_guild_id=None, log_level="INFO", channel_pace=RATE_LIMIT_SCALE)
        bots = [TabletopBot(config, store_for(url), now=clock.now) for _ in range(count)]
        world.paces_itself(*Courier.pacing())
        for bot in bots:
            await world.attach_process(bot)
        table = Table(world, Path("unused"), clock=clock)
        table.bot = bots[0]
        yield table, world, bots


@pytest.fixture
async def two(postgres_url: str) -> AsyncIterator[Processes]:
    """Two processes on one PostgreSQL database with the e2e players (import the fixture to use it)."""
    async with processes(postgres_url, 16, zip(PLAYERS, ("アリス", "carol", "dave", "erin"))) as made:
        yield made
