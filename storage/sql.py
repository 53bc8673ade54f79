"""Store operations written once for every backend: sans-IO transaction bodies and the tiny dialect layer.

A store operation is a generator (a *body*) that yields `Statement`s and receives each one's result; it
performs no I/O of its own, so it does not know which database runs it:

    def rename(game_id: int, name: str) -> Body[bool]:
        changed = yield Execute("UPDATE games SET name = ? WHERE id = ?", (name, game_id))
        return changed == 1

A backend *drives* bodies. SQLite runs the whole body synchronously on its database thread
(`drive_sqlite`), so a transaction is still one hop from the event loop; PostgreSQL awaits each statement
on an asyncpg connection (storage/postgres.py). `storage/sql_store.py` holds every `Store` method as such
a body plus its argument checks; the backends only open connections and say what a transaction is.

The SQL is the common subset both databases accept, with `?` placeholders (PostgreSQL gets `$1, $2, …`,
see `postgres_sql`). What differs is marked in the SQL itself, so the text stays valid SQLite:

- `SKIP_LOCKED` (a comment to SQLite, whose writers are already serialized by BEGIN IMMEDIATE) becomes
  `FOR UPDATE SKIP LOCKED` on PostgreSQL: claiming periodic work skips rows another process holds.
- New ids come back with `INSERT … RETURNING id` (SQLite ≥ 3.35 and PostgreSQL alike).
- Upserts are `INSERT … ON CONFLICT (key) DO UPDATE SET col = excluded.col`, the same in both.

Never put a literal `?` inside a string constant of a statement: pass it as a parameter.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generator, Sequence, TypeVar

T = TypeVar("T")

SKIP_LOCKED = "/*FOR UPDATE SKIP LOCKED*/"
"""Put at the end of the SELECT that picks rows to claim (inside `… WHERE id IN (SELECT … LIMIT ? {SKIP_LOCKED})`)."""


@dataclass(frozen=True, slots=True)
class Fetch:
    """A statement whose rows the body receives, as a list of tuples (asyncpg Records index the same way)."""

    sql: str
    params: Sequence[Any] = ()


@dataclass(frozen=True, slots=True)
class Execute:
    """A statement whose changed-row count the body receives (what compare-and-set checks)."""

    sql: str
    params: Sequence[Any] = ()


@dataclass(frozen=True, slots=True)
class ExecuteMany:
    """One statement run for each parameter row; the body receives None."""

    sql: str
    rows: Sequence[Sequence[Any]]


Statement = Fetch | Execute | ExecuteMany
Body = Generator[Statement, Any, T]
"""A transaction (or a read) as a generator: yields statements, receives their results, returns the outcome."""


def drive_sqlite(db: sqlite3.Connection, body: Body[T]) -> T:
    """Run `body` to its end on a sqlite3 connection, synchronously (in the connection's own thread)."""
    try:
        statement = next(body)
        while True:
            if type(statement) is Fetch:
                result: Any = db.execute(statement.sql, statement.params).fetchall()
            elif type(statement) is Execute:
                result = db.execute(statement.sql, statement.params).rowcount
            else:
                assert type(statement) is ExecuteMany, statement
                db.executemany(statement.sql, statement.rows)
                result = None
            statement = body.send(result)
    except StopIteration as finished:
        return finished.value


@lru_cache(maxsize=1024)
def postgres_sql(sql: str) -> str:
    """The PostgreSQL text of a statement: numbered placeholders and the markers above made real."""
    sql = sql.replace(SKIP_LOCKED, "FOR UPDATE SKIP LOCKED")
    parts = sql.split("?")
    return "".join(part + (f"${index}" if index < len(parts) else "") for index, part in enumerate(parts, start=1))
