"""The SQLite backend of `Store` (aiosqlite), built on the measured rules in the engineering notes.

- One connection, `isolation_level=None` (we issue BEGIN/COMMIT ourselves), WAL, busy_timeout,
  synchronous=NORMAL, foreign_keys=ON.
- aiosqlite serializes statements but not transactions, so one `asyncio.Lock` is held for every whole
  write transaction on the writer connection. Reads go to a second, query-only connection: in WAL mode
  a reader sees the last commit and never waits for a writer, so `/game show` and autocomplete answer
  while a long write holds the lock. Every read is a single SELECT, hence a consistent snapshot.
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
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

import aiosqlite

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
        self._db: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # -- connection -------------------------------------------------------------------------------

    async def open(self) -> None:
        if self._db is not None:
            return
        db = await aiosqlite.connect(self.path, isolation_level=None)
        reader: aiosqlite.Connection | None = None
        try:
            db.row_factory = sqlite3.Row
            await db.execute_fetchall(f"PRAGMA busy_timeout = {self._busy_timeout_ms:d}")
            await self._verify(db)
            await self._enable_wal(db)
            await db.execute_fetchall("PRAGMA synchronous = NORMAL")
            await db.execute_fetchall("PRAGMA foreign_keys = ON")
            await migrate(db)
            reader = await aiosqlite.connect(self.path, isolation_level=None)
            reader.row_factory = sqlite3.Row
            await reader.execute_fetchall(f"PRAGMA busy_timeout = {self._busy_timeout_ms:d}")
            await reader.execute_fetchall("PRAGMA query_only = ON")
        except BaseException as error:
            await db.close()
            if reader is not None:
                await reader.close()
            if isinstance(error, sqlite3.Error):
                raise StoreError("unusable", f"{self.path}: {error}") from error
            raise
        self._db, self._reader = db, reader

    async def _verify(self, db: aiosqlite.Connection) -> None:
        """The file is a healthy database we may write: checked before migrating touches it."""
        rows = list(await db.execute_fetchall("PRAGMA quick_check"))
        if [row[0] for row in rows] != ["ok"]:
            raise StoreError("corrupt", f"{self.path}: PRAGMA quick_check reports {rows[0][0]!r}")
        await db.execute("BEGIN IMMEDIATE")
        try:
            version = await schema_version(db)
            await db.execute(f"PRAGMA user_version = {version:d}")
        finally:
            await db.rollback()

    async def _enable_wal(self, db: aiosqlite.Connection) -> None:
        """Switch the file to WAL, retrying while another connection holds it.

        Switching needs an exclusive lock and SQLite answers SQLITE_BUSY at once, without the busy
        handler, when waiting could deadlock (seen with two processes opening a new file together), so
        the busy timeout is honoured here by hand. The mode is stored in the file: later opens are no-ops.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._busy_timeout_ms / 1000
        while True:
            try:
                rows = list(await db.execute_fetchall("PRAGMA journal_mode = WAL"))
                break
            except sqlite3.OperationalError as error:
                if error.sqlite_errorname != "SQLITE_BUSY" or loop.time() > deadline:
                    raise
                await asyncio.sleep(0.005)
        if rows[0][0] not in ("wal", "memory"):
            _log.warning("SQLite refused WAL for %s (journal_mode=%s): concurrent reads will block", self.path, rows[0][0])

    async def close(self) -> None:
        async with self._lock:
            if self._reader is not None:
                reader, self._reader = self._reader, None
                await reader.close()
            if self._db is not None:
                db, self._db = self._db, None
                await db.close()

    def _connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("closed", f"{self.path} is not open")
        return self._db

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One BEGIN IMMEDIATE … COMMIT under the lock; any exception (or cancellation) rolls back.

        BEGIN sits inside the try: if the caller is cancelled while it is queued it still runs, and the
        ROLLBACK queued after it (aiosqlite runs calls in order) ends the transaction again. The rollback
        is shielded so a second cancellation cannot leave the shared connection inside a transaction.
        """
        async with self._lock:
            db = self._connection()
            try:
                await db.execute("BEGIN IMMEDIATE")
                yield db
                await db.commit()
            except BaseException as error:
                await asyncio.shield(db.rollback())
                if isinstance(error, sqlite3.IntegrityError):
                    raise StoreError("integrity", str(error)) from error
                if isinstance(error, sqlite3.Error):
                    raise StoreError("database", str(error)) from error
                raise

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """The query-only connection: it sees the last commit and never waits for the writer's lock."""
        if self._reader is None:
            raise StoreError("closed", f"{self.path} is not open")
        try:
            yield self._reader
        except sqlite3.Error as error:
            raise StoreError("database", str(error)) from error

    # -- games ------------------------------------------------------------------------------------

    async def create_game(
        self, *, game_type: str, guild_id: int | None, channel_id: int, host_id: int, options: dict[str, Any], capacity: int
    ) -> GameRecord:
        _check_capacity(capacity)
        async with self._write() as db:
            now = time.time()
            cursor = await db.execute(
                "INSERT INTO games (game_type, guild_id, channel_id, host_id, status, options, capacity, version,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, 0, ?, ?)",
                (game_type, guild_id, channel_id, host_id, rows.dump(options), capacity, now, now),
            )
            game_id = cursor.lastrowid
            assert game_id is not None, "sqlite3 sets lastrowid after every successful INSERT"
            await db.execute("INSERT INTO seats (game_id, user_id, joined_at) VALUES (?, ?, ?)", (game_id, host_id, now))
            return await rows.existing_game(db, game_id)

    async def get_game(self, game_id: int) -> GameRecord | None:
        async with self._read() as db:
            return await rows.game_by_id(db, game_id)

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
        conditions = [f"status IN ({', '.join('?' for _ in statuses)})"]
        params: list[Any] = list(statuses)
        if guild_id is not None:
            conditions.append("guild_id = ?")
            params.append(guild_id)
        if channel_id is not None:
            conditions.append("(channel_id = ? OR thread_id = ?)")
            params += [channel_id, channel_id]
        if user_id is not None:
            conditions.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        async with self._read() as db:
            return await rows.select_games(db, " AND ".join(conditions), params, limit=limit)

    async def game_for_thread(self, thread_id: int) -> GameRecord | None:
        async with self._read() as db:
            games = await rows.select_games(
                db,
                "(thread_id = ? OR channel_id = ?) AND status IN ('active', 'finished')",
                (thread_id, thread_id),
                order="status = 'active' DESC, id DESC",
                limit=1,
            )
        return games[0] if games else None

    async def add_player(self, game_id: int, user_id: int) -> GameRecord:
        async with self._write() as db:
            game = await rows.lobby(db, game_id)
            if user_id in game.players:
                raise LobbyError("already_joined")
            if len(game.players) >= game.capacity:
                raise LobbyError("full")
            now = time.time()
            await db.execute("INSERT INTO seats (game_id, user_id, joined_at) VALUES (?, ?, ?)", (game_id, user_id, now))
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return await rows.existing_game(db, game_id)

    async def remove_player(self, game_id: int, user_id: int) -> GameRecord:
        async with self._write() as db:
            game = await rows.lobby(db, game_id)
            if user_id == game.host_id:
                raise LobbyError("host_cannot_leave")
            if user_id not in game.players:
                raise LobbyError("not_joined")
            await db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (time.time(), game_id))
            return await rows.existing_game(db, game_id)

    async def update_lobby(
        self, game_id: int, *, options: dict[str, Any] | None = None, capacity: int | None = None
    ) -> GameRecord:
        if capacity is not None:
            _check_capacity(capacity)
        async with self._write() as db:
            game = await rows.lobby(db, game_id)
            if capacity is not None and capacity < len(game.players):
                raise StoreError("capacity_below_players", f"{len(game.players)} joined, capacity {capacity}")
            await db.execute(
                "UPDATE games SET options = ?, capacity = ?, updated_at = ? WHERE id = ?",
                (
                    rows.dump(game.options if options is None else options),
                    game.capacity if capacity is None else capacity,
                    time.time(),
                    game_id,
                ),
            )
            return await rows.existing_game(db, game_id)

    async def start_game(
        self, game_id: int, *, players: list[int], seed: int, state: dict[str, Any], version: int,
        outbox: dict[str, Any] | None = None, timing: dict[str, Any] | None = None, due_at: float | None = None,
    ) -> GameRecord:
        async with self._write() as db:
            cursor = await db.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, version = ?, updated_at = ?, timing = ?, due_at = ?"
                " WHERE id = ? AND status = 'lobby'",
                (str(seed), rows.dump(state), version, time.time(), None if timing is None else rows.dump(timing), due_at, game_id),
            )
            if cursor.rowcount != 1:
                await rows.existing_game(db, game_id)
                raise LobbyError("not_lobby")
            joined = await db.execute_fetchall("SELECT user_id FROM seats WHERE game_id = ?", (game_id,))
            if len(set(players)) != len(players) or set(players) != {row["user_id"] for row in joined}:
                raise StoreError("players_changed", "players must be exactly the joined users, each once")
            await db.executemany(
                "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                [(seat, game_id, user_id) for seat, user_id in enumerate(players)],
            )
            if outbox is not None:
                await rows.add_outbox(db, game_id, version, outbox)
            return await rows.existing_game(db, game_id)

    async def commit_action(
        self, game_id: int, *, expected_version: int, seat: int, action: str, state: dict[str, Any], version: int, status: str,
        outbox: dict[str, Any] | None = None, timing: dict[str, Any] | None = None, due_at: float | None = None,
    ) -> bool:
        if status not in COMMIT_STATUSES:
            raise ValueError(f"status must be one of {COMMIT_STATUSES}, got {status!r}")
        if version <= expected_version:
            raise ValueError(f"the new version {version} must be above the expected version {expected_version}")
        async with self._write() as db:
            now = time.time()
            closed = status in CLOSED_STATUSES
            cursor = await db.execute(
                "UPDATE games SET state = ?, version = ?, status = ?, updated_at = ?, finished_at = ?,"
                " timing = coalesce(?, timing), due_at = ? WHERE id = ? AND version = ? AND status = 'active'",
                (rows.dump(state), version, status, now, now if closed else None, None if timing is None else rows.dump(timing),
                 None if closed or timing is None else due_at, game_id, expected_version),
            )
            if cursor.rowcount != 1:
                return False
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, version, seat, action, now),
            )
            if outbox is not None:
                await rows.add_outbox(db, game_id, version, outbox)
            return True

    async def pending_outbox(self, *, before: float, limit: int = 100) -> list[OutboxRecord]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT * FROM outbox WHERE created_at < ? ORDER BY created_at, game_id, version LIMIT ?", (before, limit)
            )
        return [OutboxRecord(row["game_id"], row["version"], row["stage"], json.loads(row["payload"]), row["created_at"])
                for row in rows]

    async def outbox_advance(self, game_id: int, *, upto_version: int, stage: str) -> None:
        if stage not in ("notices", "notified", "done"):
            raise ValueError(f"stage must be 'notices', 'notified' or 'done', got {stage!r}")
        async with self._write() as db:
            if stage == "done":
                await db.execute("DELETE FROM outbox WHERE game_id = ? AND version <= ?", (game_id, upto_version))
            else:
                await db.execute("UPDATE outbox SET stage = ? WHERE game_id = ? AND version <= ?", (stage, game_id, upto_version))

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
        async with self._write() as db:
            now = time.time()
            cursor = await db.execute(
                f"UPDATE games SET {', '.join(assignments)} WHERE {' AND '.join(conditions)}", (now, now, *values, *keys)
            )
            return cursor.rowcount == 1

    async def set_messages(
        self, game_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None,
        board_message_id: int | None = None, board_log: str | None = None,
    ) -> None:
        fields = {"thread_id": thread_id, "lobby_message_id": lobby_message_id, "board_message_id": board_message_id,
                  "board_log": board_log}
        given = {name: value for name, value in fields.items() if value is not None}
        async with self._write() as db:
            await rows.existing_game(db, game_id)
            if given:
                await db.execute(
                    f"UPDATE games SET {', '.join(f'{name} = ?' for name in given)} WHERE id = ?", (*given.values(), game_id)
                )

    async def actions(self, game_id: int) -> list[ActionRecord]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT game_id, seq, seat, action, at FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        return [ActionRecord(row["game_id"], row["seq"], row["seat"], row["action"], row["at"]) for row in rows]

    async def update_timing(self, game_id: int, *, version: int, timing: dict[str, Any], due_at: float | None) -> bool:
        async with self._write() as db:
            cursor = await db.execute(
                "UPDATE games SET timing = ?, due_at = ? WHERE id = ? AND version = ? AND status = 'active'",
                (rows.dump(timing), due_at, game_id, version),
            )
            return cursor.rowcount == 1

    async def due_games(self, now: float, *, limit: int = 100) -> list[GameRecord]:
        async with self._read() as db:
            return await rows.select_games(db, "due_at IS NOT NULL AND due_at <= ? AND status = 'active'", (now,),
                                           order="due_at, id", limit=limit)

    async def user_games(self, user_id: int, *, statuses: tuple[str, ...] = OPEN_STATUSES, limit: int = 50) -> list[GameRecord]:
        marks = ", ".join("?" * len(statuses))
        async with self._read() as db:
            return await rows.select_games(
                db, f"id IN (SELECT game_id FROM seats WHERE user_id = ?) AND status IN ({marks})", (user_id, *statuses),
                limit=limit,
            )

    async def set_user_due(self, user_id: int, due_at: float | None) -> None:
        async with self._write() as db:
            await db.execute("INSERT INTO users (user_id, due_at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at",
                             (user_id, due_at))

    async def due_users(self, now: float, *, limit: int = 100) -> list[UserRecord]:
        async with self._read() as db:
            found = await db.execute_fetchall(
                "SELECT * FROM users WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, user_id LIMIT ?", (now, limit))
        return [rows.user_record(row) for row in found]

    # -- users and guilds -------------------------------------------------------------------------

    async def get_user(self, user_id: int) -> UserRecord:
        async with self._read() as db:
            return await rows.user(db, user_id)

    async def update_user(
        self, user_id: int, *, locale: str | None = None, dms_closed: bool | None = None, prefs: dict[str, Any] | None = None
    ) -> UserRecord:
        async with self._write() as db:
            current = await rows.user(db, user_id)
            user = UserRecord(
                user_id,
                current.locale if locale is None else locale,
                current.dms_closed if dms_closed is None else dms_closed,
                merge_settings(current.prefs, prefs or {}),
                current.due_at,
            )
            await db.execute(
                "INSERT INTO users (user_id, locale, dms_closed, prefs) VALUES (?, ?, ?, ?) ON CONFLICT (user_id)"
                " DO UPDATE SET locale = excluded.locale, dms_closed = excluded.dms_closed, prefs = excluded.prefs",
                (user_id, user.locale, int(user.dms_closed), rows.dump(user.prefs)),
            )
            return user

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        async with self._read() as db:
            return await rows.guild_settings(db, guild_id)

    async def update_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> dict[str, Any]:
        async with self._write() as db:
            merged = merge_settings(await rows.guild_settings(db, guild_id), settings)
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, rows.dump(merged)),
            )
            return merged
