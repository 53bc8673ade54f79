"""The SQLite backend of `Store`, built on the measured rules in the engineering notes.

The operations are written once for every backend (storage/sql_store.py, as sans-IO transaction bodies);
this module opens the connections and drives each body synchronously inside a database thread, so the
rules below hold for every operation:

- Two sqlite3 connections, each confined to a thread of its own (`DatabaseThread`): a writer and a
  query-only reader. A store call is ONE hop to that thread and back: a whole write transaction
  (BEGIN IMMEDIATE, its statements, COMMIT or ROLLBACK) runs there as one function, and so does a read
  with the parsing of its rows. A hop costs about as much as a small statement, so a transaction of five
  statements paid five times the hop through aiosqlite; and a transaction that lives inside one call can
  never be left open, or interleaved with another coroutine's statements, by the event loop.
- The writer's thread runs one call at a time, in submission order: that is the one-writer rule (no lock
  held across awaits). Reads go to the reader: in WAL mode it sees the last commit and never waits for
  the writer, so `/game show` and autocomplete answer while a long write runs. Every read is a single
  SELECT, hence a consistent snapshot.
- `isolation_level=None` (we issue BEGIN/COMMIT ourselves), WAL, busy_timeout, synchronous=NORMAL,
  foreign_keys=ON.
- Opening proves the file usable before anything runs: `PRAGMA quick_check` and a write inside a
  rolled-back transaction. A read-only or damaged file is one clear StoreError naming it; nothing is
  written to it.
- Writes use BEGIN IMMEDIATE: a deferred BEGIN that upgrades to a write can fail with "database is
  locked" at once, ignoring busy_timeout.
- Game versions are compare-and-set (`UPDATE … WHERE id = ? AND version = ?` + row count), which is what
  turns a double click into exactly one applied action.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time
from pathlib import Path

from storage.base import StoreError
from storage.migrations import migrate, schema_version
from storage.sql import T, drive_sqlite
from storage.sql_store import MakeBody, SqlStore
from storage.sqlite_thread import DatabaseThread, query, transaction

BUSY_TIMEOUT_MS = 5000

_log = logging.getLogger(__name__)


class SqliteStore(SqlStore):
    """`Store` on one SQLite file. Create it, `await open()`, and `await close()` on shutdown.

    The operations themselves are in storage/sql_store.py; this class runs their bodies on its threads."""

    backend = "sqlite"
    single_process = True

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
        super().__init__()
        self.path = Path(path)
        self._busy_timeout_ms = busy_timeout_ms
        self._writer: DatabaseThread | None = None
        self._reader: DatabaseThread | None = None

    # -- connection -------------------------------------------------------------------------------

    async def open(self) -> None:
        if self._writer is not None:
            return
        writer, reader = DatabaseThread("sqlite-writer"), DatabaseThread("sqlite-reader")
        try:
            await writer.open(self._connect_writer)
            await reader.open(self._connect_reader)
        except BaseException as error:
            await asyncio.gather(writer.close(), reader.close(), return_exceptions=True)
            if isinstance(error, sqlite3.Error):
                raise StoreError("unusable", f"{self.path}: {error}") from error
            raise
        self._writer, self._reader = writer, reader

    def _connect_writer(self) -> sqlite3.Connection:
        """The writer, checked, in WAL and migrated: all of opening is one call in the writer's thread."""
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            db.execute(f"PRAGMA busy_timeout = {self._busy_timeout_ms:d}")
            self._verify(db)
            self._enable_wal(db)
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
            migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    def _connect_reader(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout = {self._busy_timeout_ms:d}")
        db.execute("PRAGMA query_only = ON")
        return db

    def _verify(self, db: sqlite3.Connection) -> None:
        """The file is a database we may write: checked before migrating touches it. Reading the schema
        refuses a file that is not a database; a full `PRAGMA quick_check` would read every page (1.7 s
        at 100,000 games, on every restart), and a damaged page is reported when it is read anyway."""
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        db.execute("BEGIN IMMEDIATE")
        try:
            version = schema_version(db)
            db.execute(f"PRAGMA user_version = {version:d}")
        finally:
            if db.in_transaction:
                db.execute("ROLLBACK")

    def _enable_wal(self, db: sqlite3.Connection) -> None:
        """Switch the file to WAL, retrying while another connection holds it.

        Switching needs an exclusive lock and SQLite answers SQLITE_BUSY at once, without the busy
        handler, when waiting could deadlock (seen with two processes opening a new file together), so
        the busy timeout is honoured here by hand. The mode is stored in the file: later opens are no-ops.
        """
        deadline = time.monotonic() + self._busy_timeout_ms / 1000
        while True:
            try:
                mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                break
            except sqlite3.OperationalError as error:
                if error.sqlite_errorname != "SQLITE_BUSY" or time.monotonic() > deadline:
                    raise
                time.sleep(0.005)
        if mode not in ("wal", "memory"):
            _log.warning("SQLite refused WAL for %s (journal_mode=%s): concurrent reads will block", self.path, mode)

    async def close(self) -> None:
        """Calls already submitted finish first (each thread runs its calls in order, the close last)."""
        writer, reader = self._writer, self._reader
        self._writer = self._reader = None
        for thread in (reader, writer):
            if thread is not None:
                await thread.close()

    async def _write(self, make: MakeBody[T]) -> T:
        """The body as one write transaction, driven in one hop to the writer's thread."""
        if self._writer is None:
            raise StoreError("closed", f"{self.path} is not open")
        return await self._writer.call(transaction(lambda db: drive_sqlite(db, make())))

    async def _read(self, make: MakeBody[T]) -> T:
        """The body on the query-only connection: it sees the last commit and never waits for the writer."""
        if self._reader is None:
            raise StoreError("closed", f"{self.path} is not open")
        return await self._reader.call(query(lambda db: drive_sqlite(db, make())))

    async def schema_version(self) -> int:
        if self._reader is None:
            raise StoreError("closed", f"{self.path} is not open")
        return await self._reader.call(query(schema_version))
