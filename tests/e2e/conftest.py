"""A simulated server (one guild, a channel with threads, one without) and players for e2e runs."""

from __future__ import annotations

import re
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator

import pytest

from tests.e2e.driver import CHANNEL, GUILD, LOCKED, Table
from tests.fakediscord import FakeDiscord

ALICE, BOB, CAROL, DAVE, ERIN = 100, 101, 102, 103, 104
PLACEHOLDER = re.compile(r"\{(s\d+|[a-z_]+)\}")
RATE_LIMIT_SCALE = 0.01
"""Discord's rate-limit counts over windows a hundredth as long: discord.py paces and retries for real,
in milliseconds."""


@asynccontextmanager
async def simulated_server(db_path: Path, extra_cogs: tuple[str, ...] = (), *, rate_limit_scale: float = RATE_LIMIT_SCALE,
                           global_rate_limit: int = 50) -> AsyncIterator[Table]:
    """The server every e2e test plays on; bench/e2e_figures uses it too, so its figures match the tests' world."""
    async with FakeDiscord(rate_limit_scale=rate_limit_scale, global_rate_limit=global_rate_limit) as world:
        world.add_guild(GUILD, "Doujin Games", locale="ja")
        world.add_channel(GUILD, CHANNEL, "games")
        world.add_channel(GUILD, LOCKED, "no-threads", can_create_threads=False)
        world.add_user(ALICE, "アリス", locale="ja")
        world.add_user(BOB, "bob", dms_closed=True)
        world.add_user(CAROL, "carol")
        world.add_user(DAVE, "dave", locale="ja")
        world.add_user(ERIN, "erin")
        table = Table(world, db_path, extra_cogs)
        await table.boot()
        yield table
        world.assert_no_errors()
        unformatted = [m.text for m in world.records if PLACEHOLDER.search(m.text)]
        assert unformatted == [], "a message was sent with an unformatted placeholder"


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with simulated_server(tmp_path / "bot.sqlite3") as table:
        yield table
