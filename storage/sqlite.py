"""The SQLite backend of `Store`, built on the measured rules in the engineering notes.

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
import json
import logging
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from storage.base import (
    CLOSED_STATUSES,
    GAME_STATUSES,
    OPEN_STATUSES,
    ActionRecord,
    GameRecord,
    LobbyError,
    OutboxRecord,
    StoreError,
    UserRecord,
    merge_settings,
)
from storage import sqlite_rows as rows
from storage.migrations import migrate, schema_version
from storage.sqlite_thread import DatabaseThread, T, Work, query, transaction

BUSY_TIMEOUT_MS = 5000
COMMIT_STATUSES = ("active", "finished", "cancelled")

_log = logging.getLogger(__name__)


def _check_capacity(capacity: int) -> None:
    if capacity < 1:
        raise ValueError(f"capacity must be at least 1, got {capacity}")


class SqliteStore:
    """`Store` on one SQLite file. Create it, `await open()`, and `await close()` on shutdown."""

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
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
        """The file is a healthy database we may write: checked before migrating touches it."""
        found = [row[0] for row in db.execute("PRAGMA quick_check")]
        if found != ["ok"]:
            raise StoreError("corrupt", f"{self.path}: PRAGMA quick_check reports {found[0]!r}")
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

    async def _write(self, work: Work[T]) -> T:
        """`work(connection)` as one write transaction, in one hop to the writer's thread."""
        if self._writer is None:
            raise StoreError("closed", f"{self.path} is not open")
        return await self._writer.call(transaction(work))

    async def _read(self, work: Work[T]) -> T:
        """`work(connection)` on the query-only connection: it sees the last commit and never waits for
        the writer."""
        if self._reader is None:
            raise StoreError("closed", f"{self.path} is not open")
        return await self._reader.call(query(work))

    # -- games ------------------------------------------------------------------------------------

    async def create_game(
        self, *, game_type: str, guild_id: int | None, channel_id: int, host_id: int, options: dict[str, Any], capacity: int
    ) -> GameRecord:
        _check_capacity(capacity)

        def work(db: sqlite3.Connection) -> GameRecord:
            now = time.time()
            cursor = db.execute(
                "INSERT INTO games (game_type, guild_id, channel_id, host_id, status, options, capacity, version,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, 0, ?, ?)",
                (game_type, guild_id, channel_id, host_id, rows.dump(options), capacity, now, now),
            )
            game_id = cursor.lastrowid
            assert game_id is not None, "sqlite3 sets lastrowid after every successful INSERT"
            db.execute("INSERT INTO seats (game_id, user_id, joined_at) VALUES (?, ?, ?)", (game_id, host_id, now))
            return rows.existing_game(db, game_id)

        return await self._write(work)

    async def get_game(self, game_id: int) -> GameRecord | None:
        return await self._read(lambda db: rows.game_by_id(db, game_id))

    async def list_games(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        statuses: tuple[str, ...] = OPEN_STATUSES,
        user_id: int | None = None,
        limit: int = 25,
    ) -> list[GameRecord]:
        unknown = set(statuses) - set(GAME_STATUSES)
        if unknown:
            raise ValueError(f"unknown statuses: {sorted(unknown)}")
        if not statuses:
            return []
        where, params = rows.listing(statuses, guild_id=guild_id, place=channel_id, user_id=user_id)
        return await self._read(lambda db: rows.select_games(db, where, params, limit=limit))

    async def game_for_thread(self, thread_id: int) -> GameRecord | None:
        where, params = rows.newest_in_place(thread_id)
        games = await self._read(lambda db: rows.select_games(db, where, params, limit=1))
        return games[0] if games else None

    async def add_player(self, game_id: int, user_id: int) -> GameRecord:
        def work(db: sqlite3.Connection) -> GameRecord:
            game = rows.lobby(db, game_id)
            if user_id in game.players:
                raise LobbyError("already_joined")
            if len(game.players) >= game.capacity:
                raise LobbyError("full")
            now = time.time()
            db.execute("INSERT INTO seats (game_id, user_id, joined_at) VALUES (?, ?, ?)", (game_id, user_id, now))
            db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return rows.existing_game(db, game_id)

        return await self._write(work)

    async def remove_player(self, game_id: int, user_id: int) -> GameRecord:
        def work(db: sqlite3.Connection) -> GameRecord:
            game = rows.lobby(db, game_id)
            if user_id == game.host_id:
                raise LobbyError("host_cannot_leave")
            if user_id not in game.players:
                raise LobbyError("not_joined")
            db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (time.time(), game_id))
            return rows.existing_game(db, game_id)

        return await self._write(work)

    async def update_lobby(
        self, game_id: int, *, options: dict[str, Any] | None = None, capacity: int | None = None
    ) -> GameRecord:
        if capacity is not None:
            _check_capacity(capacity)

        def work(db: sqlite3.Connection) -> GameRecord:
            game = rows.lobby(db, game_id)
            if capacity is not None and capacity < len(game.players):
                raise StoreError("capacity_below_players", f"{len(game.players)} joined, capacity {capacity}")
            db.execute(
                "UPDATE games SET options = ?, capacity = ?, updated_at = ? WHERE id = ?",
                (
                    rows.dump(game.options if options is None else options),
                    game.capacity if capacity is None else capacity,
                    time.time(),
                    game_id,
                ),
            )
            return rows.existing_game(db, game_id)

        return await self._write(work)

    async def start_game(
        self, game_id: int, *, players: list[int], seed: int, state: dict[str, Any], version: int,
        outbox: dict[str, Any] | None = None, timing: dict[str, Any] | None = None, due_at: float | None = None,
    ) -> GameRecord:
        def work(db: sqlite3.Connection) -> GameRecord:
            cursor = db.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, version = ?, updated_at = ?, timing = ?, due_at = ?"
                " WHERE id = ? AND status = 'lobby'",
                (str(seed), rows.dump(state), version, time.time(), None if timing is None else rows.dump(timing), due_at, game_id),
            )
            if cursor.rowcount != 1:
                rows.existing_game(db, game_id)
                raise LobbyError("not_lobby")
            joined = {row[0] for row in db.execute("SELECT user_id FROM seats WHERE game_id = ?", (game_id,))}
            if len(set(players)) != len(players) or set(players) != joined:
                raise StoreError("players_changed", "players must be exactly the joined users, each once")
            db.executemany(
                "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                [(seat, game_id, user_id) for seat, user_id in enumerate(players)],
            )
            if outbox is not None:
                rows.add_outbox(db, game_id, version, outbox)
            return rows.existing_game(db, game_id)

        return await self._write(work)

    async def commit_action(
        self, game_id: int, *, expected_version: int, seat: int, action: str, state: dict[str, Any], version: int, status: str,
        outbox: dict[str, Any] | None = None, timing: dict[str, Any] | None = None, due_at: float | None = None,
    ) -> bool:
        if status not in COMMIT_STATUSES:
            raise ValueError(f"status must be one of {COMMIT_STATUSES}, got {status!r}")
        if version <= expected_version:
            raise ValueError(f"the new version {version} must be above the expected version {expected_version}")
        closed = status in CLOSED_STATUSES

        def work(db: sqlite3.Connection) -> bool:
            now = time.time()
            cursor = db.execute(
                "UPDATE games SET state = ?, version = ?, status = ?, updated_at = ?, finished_at = ?,"
                " timing = coalesce(?, timing), due_at = ? WHERE id = ? AND version = ? AND status = 'active'",
                (rows.dump(state), version, status, now, now if closed else None, None if timing is None else rows.dump(timing),
                 None if closed or timing is None else due_at, game_id, expected_version),
            )
            if cursor.rowcount != 1:
                return False
            db.execute("INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                       (game_id, version, seat, action, now))
            if outbox is not None:
                rows.add_outbox(db, game_id, version, outbox)
            return True

        return await self._write(work)

    async def pending_outbox(self, *, before: float, limit: int = 100) -> list[OutboxRecord]:
        def work(db: sqlite3.Connection) -> list[OutboxRecord]:
            found = db.execute(
                "SELECT game_id, version, stage, payload, created_at FROM outbox WHERE created_at < ?"
                " ORDER BY created_at, game_id, version LIMIT ?", (before, limit)
            )
            return [OutboxRecord(game_id, version, stage, json.loads(payload), created_at)
                    for game_id, version, stage, payload, created_at in found]

        return await self._read(work)

    async def outbox_advance(self, game_id: int, *, upto_version: int, stage: str) -> None:
        if stage not in ("notices", "notified", "done"):
            raise ValueError(f"stage must be 'notices', 'notified' or 'done', got {stage!r}")

        def work(db: sqlite3.Connection) -> None:
            if stage == "done":
                db.execute("DELETE FROM outbox WHERE game_id = ? AND version <= ?", (game_id, upto_version))
            else:
                db.execute("UPDATE outbox SET stage = ? WHERE game_id = ? AND version <= ?", (stage, game_id, upto_version))

        await self._write(work)

    async def cancel_game(
        self, game_id: int, *, state: dict[str, Any] | None = None, version: int | None = None, lobby_only: bool = False
    ) -> bool:
        assignments = ["status = 'cancelled'", "updated_at = ?", "finished_at = ?", "due_at = NULL"]
        values: list[Any] = []
        conditions = ["id = ?", "status = 'lobby'" if lobby_only else "status IN ('lobby', 'active')"]
        keys: list[Any] = [game_id]
        if state is not None:
            assignments.append("state = ?")
            values.append(rows.dump(state))
        if version is not None:
            assignments.append("version = ?")
            values.append(version)
            conditions.append("version = ?")
            keys.append(version - 1)

        def work(db: sqlite3.Connection) -> bool:
            now = time.time()
            cursor = db.execute(
                f"UPDATE games SET {', '.join(assignments)} WHERE {' AND '.join(conditions)}", (now, now, *values, *keys)
            )
            return cursor.rowcount == 1

        return await self._write(work)

    async def set_messages(
        self, game_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None,
        board_message_id: int | None = None, board_log: str | None = None,
    ) -> None:
        fields = {"thread_id": thread_id, "lobby_message_id": lobby_message_id, "board_message_id": board_message_id,
                  "board_log": board_log}
        given = {name: value for name, value in fields.items() if value is not None}

        def work(db: sqlite3.Connection) -> None:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise LobbyError("not_found")
            if given:
                db.execute(f"UPDATE games SET {', '.join(f'{name} = ?' for name in given)} WHERE id = ?", (*given.values(), game_id))

        await self._write(work)

    async def actions(self, game_id: int) -> list[ActionRecord]:
        def work(db: sqlite3.Connection) -> list[ActionRecord]:
            found = db.execute("SELECT game_id, seq, seat, action, at FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
            return [ActionRecord(*row) for row in found]

        return await self._read(work)

    async def update_timing(self, game_id: int, *, version: int, timing: dict[str, Any], due_at: float | None) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            cursor = db.execute(
                "UPDATE games SET timing = ?, due_at = ? WHERE id = ? AND version = ? AND status = 'active'",
                (rows.dump(timing), due_at, game_id, version),
            )
            return cursor.rowcount == 1

        return await self._write(work)

    async def due_games(self, now: float, *, limit: int = 100) -> list[GameRecord]:
        return await self._read(lambda db: rows.select_games(
            db, "due_at IS NOT NULL AND due_at <= ? AND status = 'active'", (now,), order="due_at, id", limit=limit))

    async def user_games(self, user_id: int, *, statuses: tuple[str, ...] = OPEN_STATUSES, limit: int = 50) -> list[GameRecord]:
        if not statuses:
            return []
        where, params = rows.listing(statuses, user_id=user_id)
        return await self._read(lambda db: rows.select_games(db, where, params, limit=limit))

    async def set_user_due(self, user_id: int, due_at: float | None) -> None:
        await self._write(lambda db: db.execute(
            "INSERT INTO users (user_id, due_at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at",
            (user_id, due_at)))

    async def due_users(self, now: float, *, limit: int = 100) -> list[UserRecord]:
        def work(db: sqlite3.Connection) -> list[UserRecord]:
            found = db.execute(
                f"SELECT {rows.USER_COLUMNS} FROM users WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, user_id LIMIT ?",
                (now, limit))
            return [rows.user_record(row) for row in found]

        return await self._read(work)

    # -- users and guilds -------------------------------------------------------------------------

    async def get_user(self, user_id: int) -> UserRecord:
        return await self._read(lambda db: rows.user(db, user_id))

    async def update_user(
        self, user_id: int, *, locale: str | None = None, dms_closed: bool | None = None, prefs: dict[str, Any] | None = None
    ) -> UserRecord:
        def work(db: sqlite3.Connection) -> UserRecord:
            current = rows.user(db, user_id)
            user = UserRecord(
                user_id,
                current.locale if locale is None else locale,
                current.dms_closed if dms_closed is None else dms_closed,
                merge_settings(current.prefs, prefs or {}),
                current.due_at,
            )
            db.execute(
                "INSERT INTO users (user_id, locale, dms_closed, prefs) VALUES (?, ?, ?, ?) ON CONFLICT (user_id)"
                " DO UPDATE SET locale = excluded.locale, dms_closed = excluded.dms_closed, prefs = excluded.prefs",
                (user_id, user.locale, int(user.dms_closed), rows.dump(user.prefs)),
            )
            return user

        return await self._write(work)

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._read(lambda db: rows.guild_settings(db, guild_id))

    async def update_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> dict[str, Any]:
        def work(db: sqlite3.Connection) -> dict[str, Any]:
            merged = merge_settings(rows.guild_settings(db, guild_id), settings)
            db.execute(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, rows.dump(merged)),
            )
            return merged

        return await self._write(work)
