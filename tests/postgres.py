"""A real PostgreSQL server for the tests, started once per session in a temporary directory.

The `pgserver` wheel ships the server binaries, so nothing but pip is needed (it runs the server as its own
system user when the tests run as root). Each test gets a fresh schema on that server: its URL carries
`search_path`, which asyncpg passes as a server setting, so a store opened on it migrates an empty schema.
`synchronous_commit=off` only spares the tests the disk flushes; every guarantee under test is unchanged.
`running_server` and `new_schema` serve the benches that need PostgreSQL outside pytest too (bench live_board
--processes 2).
"""

from __future__ import annotations

import asyncio
import itertools
import tempfile
import warnings
from pathlib import Path
from contextlib import contextmanager
from typing import Iterator
from urllib.parse import quote

import asyncpg
import pytest

_schemas = itertools.count(1)


@contextmanager
def running_server() -> Iterator[str]:
    """A PostgreSQL server in a temporary directory while the block runs: its base URL (the superuser on a
    Unix socket in that directory)."""
    with tempfile.TemporaryDirectory(prefix="tabletop-pg-") as directory:
        data = Path(directory) / "data"
        data.mkdir()
        with warnings.catch_warnings():  # platformdirs warns that XDG_RUNTIME_DIR is unset (CI, root)
            warnings.simplefilter("ignore")
            import pgserver

            server = pgserver.get_server(data, cleanup_mode="stop")
        try:
            yield server.get_uri()
        finally:
            server.cleanup()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The session's server's base URL."""
    with running_server() as url:
        yield url


def schema_url(server_url: str, schema: str) -> str:
    separator = "&" if "?" in server_url else "?"
    return f"{server_url}{separator}search_path={quote(schema)}&synchronous_commit=off"


async def new_schema(server_url: str) -> str:
    """A URL whose tables live in a new, empty schema (the first store opened on it migrates it)."""
    schema = f"t{next(_schemas)}"
    db = await asyncpg.connect(server_url)
    try:
        await db.execute(f"CREATE SCHEMA {schema}")
    finally:
        await db.close()
    return schema_url(server_url, schema)


def fresh_schema_url(server_url: str) -> str:
    """`new_schema`, from sync fixtures, outside any running event loop."""
    return asyncio.run(new_schema(server_url))


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """A fresh, empty schema on the session's server, as a `postgresql://` URL for one test."""
    return fresh_schema_url(postgres_server)
