"""The PostgreSQL backend of `Store` (asyncpg), for several bot processes on one database.

Selected by `DATABASE_URL=postgresql://…`. The operations are those of every backend (storage/sql_store.py);
this module only says how a body runs here:

- Writes: each body is one transaction at REPEATABLE READ (snapshot isolation): it sees one snapshot, and
  a row it updates that another transaction changed since that snapshot makes it fail with a
  serialization error. The transaction then rolls back and its body runs again from the start (bodies are
  pure, see `MakeBody`), now seeing the other's commit: the loser of a double click finds the version moved
  and returns False, two joins to a lobby's last seat become one join and one "full", two prefs merges
  both land — what SQLite's single writer gives, across every process. A retry never follows an unknown
  outcome: a connection lost during COMMIT raises.
  The one rule this asks of a body (storage/README.md): a decision taken on rows it read must update at
  least one of those rows (every lobby operation bumps its game's `updated_at`), else two transactions
  could each decide on the same snapshot (write skew). SERIALIZABLE would not need the rule, but its
  page-level predicate locks failed most concurrent writes here (27,610 retries for 1,337 writes in
  bench/scale.py's 200 concurrent turns; none at REPEATABLE READ).
- Writes use a pool of their own, large enough (`POOL_SIZE`) that 200 concurrent turns in one process do
  not queue for a connection: a transaction holds its connection across the event loop's round trips.
- Reads: a single statement outside any transaction (a consistent snapshot), on a pool of their own, so
  that, as on SQLite, a read (what an interaction does before it must answer) never queues behind writes.
- Periodic work is claimed with `FOR UPDATE SKIP LOCKED` plus a lease column (`claimed_until`), so two
  processes' scheduler passes never pick the same game or user.
- Opening migrates the schema (storage/migrations.py, under an advisory lock) before the pools serve.
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import asyncpg

from storage.base import StoreError
from storage.migrations import migrate_postgres, postgres_schema_version
from storage.sql import Body, Execute, ExecuteMany, Fetch, T, postgres_sql
from storage.sql_store import MakeBody, SqlStore

POOL_SIZE = 30
"""Connections per pool (one pool for writes, one for reads)."""
RETRIES = 100
"""Attempts of one transaction under contention (24 writers on one game need a handful each)."""
RETRYABLE = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError)
_PASSWORD = re.compile(r"(//[^:/@]*:)[^@]*@")


def redacted(url: str) -> str:
    """The URL without its password, for logs and `--check`."""
    return _PASSWORD.sub(r"\1***@", url)


async def drive_postgres(db: asyncpg.Connection, body: Body[T]) -> T:
    """Run `body` to its end on an asyncpg connection, awaiting each statement."""
    try:
        statement = next(body)
        while True:
            if type(statement) is Fetch:
                result: Any = await db.fetch(postgres_sql(statement.sql), *statement.params)
            elif type(statement) is Execute:
                status = await db.execute(postgres_sql(statement.sql), *statement.params)
                result = int(status.rsplit(" ", 1)[-1])
            else:
                assert type(statement) is ExecuteMany, statement
                await db.executemany(postgres_sql(statement.sql), statement.rows)
                result = None
            statement = body.send(result)
    except StopIteration as finished:
        return finished.value


def _store_error(error: asyncpg.PostgresError) -> StoreError:
    if isinstance(error, asyncpg.IntegrityConstraintViolationError):
        return StoreError("integrity", str(error))
    return StoreError("database", f"{type(error).__name__}: {error}")


class PostgresStore(SqlStore):
    """`Store` on a PostgreSQL database. Create it, `await open()`, and `await close()` on shutdown."""

    backend = "postgresql"

    def __init__(self, url: str, *, pool_size: int = POOL_SIZE) -> None:
        super().__init__()
        self.url = url
        self._pool_size = pool_size
        self._writers: asyncpg.Pool | None = None
        self._readers: asyncpg.Pool | None = None

    def __repr__(self) -> str:
        return f"PostgresStore({redacted(self.url)!r})"

    async def open(self) -> None:
        if self._writers is not None:
            return
        pools: list[asyncpg.Pool] = []
        try:
            first = await asyncpg.connect(self.url)
            try:
                await migrate_postgres(first)
            finally:
                await first.close()
            for _ in range(2):
                pools.append(await asyncpg.create_pool(self.url, min_size=1, max_size=self._pool_size))
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as error:
            for pool in pools:
                await pool.close()
            raise StoreError("unusable", f"{redacted(self.url)}: {error}") from error
        self._writers, self._readers = pools

    async def close(self) -> None:
        pools = (self._readers, self._writers)
        self._writers = self._readers = None
        for pool in pools:
            if pool is not None:
                await pool.close()

    def _opened(self, pool: asyncpg.Pool | None) -> asyncpg.Pool:
        if pool is None:
            raise StoreError("closed", f"{redacted(self.url)} is not open")
        return pool

    async def _write(self, make: MakeBody[T]) -> T:
        pool = self._opened(self._writers)
        async with pool.acquire() as db:
            for attempt in range(RETRIES):
                try:
                    async with db.transaction(isolation="repeatable_read"):
                        return await drive_postgres(db, make())
                except RETRYABLE:
                    if attempt == RETRIES - 1:
                        raise StoreError("contention", f"gave up after {RETRIES} conflicting attempts") from None
                    await asyncio.sleep(random.uniform(0, 0.002 * min(attempt + 1, 10)))
                except asyncpg.PostgresError as error:
                    raise _store_error(error) from error
        raise AssertionError("unreachable")

    async def _read(self, make: MakeBody[T]) -> T:
        pool = self._opened(self._readers)
        try:
            async with pool.acquire() as db:
                return await drive_postgres(db, make())
        except asyncpg.PostgresError as error:
            raise _store_error(error) from error

    async def schema_version(self) -> int:
        async with self._opened(self._readers).acquire() as db:
            return await postgres_schema_version(db)
