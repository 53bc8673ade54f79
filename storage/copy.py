"""`python bot.py copy-db --from sqlite:PATH --to postgresql://…`: move a SQLite database into PostgreSQL.

The source may be live (the bot running on it): every table is read inside ONE read transaction, which in
WAL mode is a consistent snapshot that never blocks the bot. The target must be empty; it is migrated to
the current schema first, and everything is written in one transaction (all or nothing) with COPY.
Identity sequences then continue after the highest id ever given out (SQLite's AUTOINCREMENT counter, which
remembers deleted rows too), so new games never reuse an id. Row counts are checked before committing.

The tables and columns are read from the schema itself, so tables added by later migrations are copied
without changes here; a table referencing another is copied after it.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any, Callable, Iterator

import asyncpg

from storage.base import StoreError
from storage.postgres import PostgresStore, redacted
from storage.sqlite import SqliteStore

CHUNK = 5000
_CONVERT: dict[str, Callable[[Any], Any]] = {"bigint": int, "integer": int, "smallint": int, "double precision": float,
                                             "real": float, "text": str, "boolean": bool}


def sqlite_path(location: str) -> Path:
    """`sqlite:PATH`, `sqlite:///PATH` or a plain path."""
    if location.startswith("sqlite:///"):
        location = location[len("sqlite:///"):]
    elif location.startswith("sqlite:"):
        location = location[len("sqlite:"):]
    if not location:
        raise ValueError("empty SQLite path")
    return Path(location)


def _tables(db: sqlite3.Connection) -> list[str]:
    """User tables, each after the tables its foreign keys reference."""
    names = [row[0] for row in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    needs = {name: {row[2] for row in db.execute(f'PRAGMA foreign_key_list("{name}")')} - {name} for name in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [name for name in names if name not in ordered and needs[name] <= set(ordered)]
        if not ready:
            raise StoreError("copy", f"circular foreign keys among {sorted(set(names) - set(ordered))}")
        ordered += ready
    return ordered


def _rows(db: sqlite3.Connection, table: str, columns: list[str], convert: list[Callable[[Any], Any]]) -> Iterator[tuple[Any, ...]]:
    cursor = db.execute(f'SELECT {", ".join(columns)} FROM "{table}"')
    while chunk := cursor.fetchmany(CHUNK):
        for row in chunk:
            yield tuple(None if value is None else cast(value) for value, cast in zip(row, convert))


async def copy_database(source: str, target: str, *, say: Callable[[str], None] = print) -> dict[str, int]:
    """Copy every row of the SQLite database `source` into the empty PostgreSQL database `target`; returns
    the rows copied per table. StoreError when the target is not empty or a count does not match."""
    path = sqlite_path(source)
    if not path.exists():
        raise StoreError("copy", f"{path} does not exist")
    migrated = SqliteStore(path)  # brings the source to the schema this code writes, as a start would
    await migrated.open()
    await migrated.close()
    destination = PostgresStore(target)
    await destination.open()  # creates (or checks) the schema
    await destination.close()

    db = sqlite3.connect(path, isolation_level=None)
    pg = await asyncpg.connect(target)
    copied: dict[str, int] = {}
    try:
        db.execute("BEGIN")  # one snapshot of every table, while the bot may go on writing
        tables = _tables(db)
        counters = dict(db.execute("SELECT name, seq FROM sqlite_sequence").fetchall()) if db.execute(
            "SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").fetchone() else {}
        async with pg.transaction():
            for table in tables:
                if await pg.fetchval(f'SELECT count(*) FROM "{table}"'):
                    raise StoreError("copy", f"{redacted(target)}: table {table} is not empty; copy into a new database")
            for table in tables:
                columns = [row[1] for row in db.execute(f'PRAGMA table_info("{table}")')]
                types = dict(await pg.fetch(
                    "SELECT column_name, data_type FROM information_schema.columns"
                    " WHERE table_schema = current_schema() AND table_name = $1", table))
                missing = [column for column in columns if column not in types]
                if missing:
                    raise StoreError("copy", f"{table}: columns {missing} are not in the PostgreSQL schema")
                records = _rows(db, table, columns, [_CONVERT.get(types[column], lambda value: value) for column in columns])
                await pg.copy_records_to_table(table, records=records, columns=columns)
                expected = db.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]
                found = await pg.fetchval(f'SELECT count(*) FROM "{table}"')
                if found != expected:
                    raise StoreError("copy", f"{table}: {found} rows arrived of {expected}")
                copied[table] = found
                say(f"copied {table}: {found} rows")
            identities = await pg.fetch(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND is_identity = 'YES'")
            for table, column in identities:
                highest = max(int(await pg.fetchval(f'SELECT coalesce(max("{column}"), 0) FROM "{table}"')),
                              int(counters.get(table, 0)))
                if highest > 0:
                    await pg.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), $1)", highest)
                    say(f"{table}.{column} continues after {highest}")
        db.execute("COMMIT")
    finally:
        if db.in_transaction:
            db.execute("ROLLBACK")
        db.close()
        await pg.close()
    return copied
