"""Backends under test. The contract suite only sees `Store`; a new backend adds one entry to BACKENDS.

Every test taking `store` or `new_store` runs on SQLite and on a real PostgreSQL server (tests/postgres.py,
started once per session)."""

from __future__ import annotations

from pathlib import Path
from typing import AsyncIterator, Callable

import pytest

from storage.base import Store
from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore

StoreFactory = Callable[[], Store]


def _sqlite(request: pytest.FixtureRequest, tmp_path: Path) -> StoreFactory:
    path = tmp_path / "bot.db"
    return lambda: SqliteStore(path)


def _postgres(request: pytest.FixtureRequest, tmp_path: Path) -> StoreFactory:
    url = request.getfixturevalue("postgres_url")
    return lambda: PostgresStore(url)


BACKENDS: dict[str, Callable[[pytest.FixtureRequest, Path], StoreFactory]] = {"sqlite": _sqlite, "postgresql": _postgres}


@pytest.fixture(params=sorted(BACKENDS))
def new_store(request: pytest.FixtureRequest, tmp_path: Path) -> StoreFactory:
    """Makes unopened stores on ONE fresh database: a second store on it is a restart or a second process."""
    return BACKENDS[request.param](request, tmp_path)


@pytest.fixture
async def store(new_store: StoreFactory) -> AsyncIterator[Store]:
    opened = new_store()
    await opened.open()
    yield opened
    await opened.close()
