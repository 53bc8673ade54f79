"""Fixtures of the live board's tests: a fake Discord (no bot attached: the web signs in on its own), a
SQLite store, and a started `Board` (tests/web/board.py); and `live`, the board over a bot playing in the
e2e tests' simulated server (tests/web/live_board.py)."""

from __future__ import annotations

from pathlib import Path
from typing import AsyncIterator

import pytest

from storage.sqlite import SqliteStore
from tests.e2e.conftest import simulated_server
from tests.fakediscord import FakeDiscord
from tests.web.board import Board, config_for
from tests.web.live_board import LiveBoard


@pytest.fixture
async def world() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        fake.add_user(101, "alice", locale="ja")
        fake.add_user(102, "bob")
        yield fake


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "web.db")
    await opened.open()
    yield opened
    await opened.close()


@pytest.fixture
async def board(world: FakeDiscord, store: SqliteStore) -> AsyncIterator[Board]:
    started = await Board(world, store, config_for(world)).start()
    yield started
    await started.close()


@pytest.fixture
async def live(tmp_path: Path) -> AsyncIterator[LiveBoard]:
    """The live board over a bot playing in the simulated server of the e2e tests."""
    async with simulated_server(tmp_path / "bot.sqlite3") as table:
        started = await LiveBoard(table).start()
        yield started
        await started.close()
