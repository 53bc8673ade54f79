"""The thread each SQLite connection lives on: a store call is ONE hop to it and back.

A `DatabaseThread` owns one plain sqlite3 connection, opened inside its own thread, and runs submitted
functions one at a time in submission order. `transaction` wraps work in BEGIN IMMEDIATE … COMMIT (rolled
back on any error, or when the caller was cancelled before COMMIT) and `query` runs a read; both turn
sqlite3 errors into typed StoreErrors. aiosqlite has no public way to run a whole transaction in its
thread, hence this small module (see storage/sqlite.py for the rules it serves).
"""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, TypeVar

from storage.base import StoreError

T = TypeVar("T")
Work = Callable[[sqlite3.Connection], T]


class Abandoned(Exception):
    """Raised in the database thread for a call whose caller was cancelled before its COMMIT: the
    transaction is rolled back instead (or never begun). The cancelled caller never sees it."""


@dataclass(eq=False, slots=True)
class _Call(Generic[T]):
    """One function for the database thread and where its outcome goes."""

    function: Callable[[sqlite3.Connection | None, threading.Event], T]
    done: asyncio.Future[T]
    abandoned: threading.Event = field(default_factory=threading.Event)


def _settle(done: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """On the event loop: hand the thread's outcome to the caller (unless the loop cancelled everything)."""
    if done.cancelled():
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(result)


def _retrieve(done: asyncio.Future[Any]) -> None:
    """Read an abandoned call's outcome so asyncio does not report it as never retrieved."""
    if not done.cancelled():
        done.exception()


class DatabaseThread:
    """One sqlite3 connection confined to one daemon thread; `call(fn)` runs `fn(connection, abandoned)`
    there and returns its result: one hop each way, whatever `fn` does.

    Calls run one at a time in submission order. A caller cancelled while its call is queued or running
    sets `abandoned` (a queued call then does nothing; a transaction checks it before COMMIT and rolls
    back) and still waits for the call to end, so when its CancelledError surfaces the connection is out
    of any transaction. A cancellation that arrives once COMMIT has begun finds the transaction committed,
    as it would with any database: the outbox written in the same transaction publishes what it owes.
    """

    def __init__(self, name: str) -> None:
        self._calls: queue.SimpleQueue[_Call[Any] | None] = queue.SimpleQueue()
        self._db: sqlite3.Connection | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while (call := self._calls.get()) is not None:
            loop = call.done.get_loop()
            try:
                result = call.function(self._db, call.abandoned)
            except BaseException as error:  # noqa: BLE001 - every outcome goes back to the caller
                outcome: tuple[Any, BaseException | None] = (None, error)
            else:
                outcome = (result, None)
            try:
                loop.call_soon_threadsafe(_settle, call.done, *outcome)
            except RuntimeError:
                pass  # the caller's event loop is closed: nobody is waiting for this outcome

    async def open(self, connect: Callable[[], sqlite3.Connection]) -> None:
        """Make the thread's connection, in the thread (sqlite3 connections stay on their thread)."""
        def opening(_: sqlite3.Connection | None, abandoned: threading.Event) -> None:
            self._db = connect()

        await self._submit(opening)

    async def call(self, function: Callable[[sqlite3.Connection, threading.Event], T]) -> T:
        def connected(db: sqlite3.Connection | None, abandoned: threading.Event) -> T:
            if db is None:
                raise StoreError("closed", "the connection is not open")
            return function(db, abandoned)

        return await self._submit(connected)

    async def close(self) -> None:
        """Close the connection after every call already submitted, then let the thread end."""
        def closing(_: sqlite3.Connection | None, abandoned: threading.Event) -> None:
            if self._db is not None:
                db, self._db = self._db, None
                db.close()

        if self._closed:
            return
        try:
            await self._submit(closing)
        finally:
            self._closed = True
            self._calls.put(None)

    async def _submit(self, function: Callable[[sqlite3.Connection | None, threading.Event], T]) -> T:
        if self._closed:
            raise StoreError("closed", "the database thread has stopped")
        call: _Call[T] = _Call(function, asyncio.get_running_loop().create_future())
        self._calls.put(call)
        try:
            return await asyncio.shield(call.done)
        except asyncio.CancelledError:
            call.abandoned.set()
            call.done.add_done_callback(_retrieve)
            await asyncio.wait([call.done])
            raise


def transaction(work: Work[T]) -> Callable[[sqlite3.Connection, threading.Event], T]:
    """`work` inside BEGIN IMMEDIATE … COMMIT, in the writer's thread; any exception (or the caller's
    cancellation, noticed before COMMIT) rolls back. sqlite3 errors become typed StoreErrors."""
    def run(db: sqlite3.Connection, abandoned: threading.Event) -> T:
        if abandoned.is_set():
            raise Abandoned()
        try:
            db.execute("BEGIN IMMEDIATE")
            result = work(db)
            if abandoned.is_set():
                raise Abandoned()
            db.execute("COMMIT")
            return result
        except BaseException as error:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if isinstance(error, sqlite3.IntegrityError):
                raise StoreError("integrity", str(error)) from error
            if isinstance(error, sqlite3.Error):
                raise StoreError("database", str(error)) from error
            raise

    return run


def query(work: Work[T]) -> Callable[[sqlite3.Connection, threading.Event], T]:
    """`work` on the query-only connection, in its thread, rows parsed there too."""
    def run(db: sqlite3.Connection, abandoned: threading.Event) -> T:
        if abandoned.is_set():
            raise Abandoned()
        try:
            return work(db)
        except sqlite3.Error as error:
            raise StoreError("database", str(error)) from error

    return run
