"""Every `Store` method, written once for every SQL backend.

`SqlStore` holds the argument checks and the transaction body (storage/sql.py) of each operation; a
backend subclass only opens its connections and implements `_write` (run a body as one transaction) and
`_read` (run a single-statement body outside any write). So SQLite and PostgreSQL cannot drift apart:
the contract suite runs against both, on the same code.

Adding an operation: write its body here or in one of its mixins (claims: storage/claim_sql.py; leagues,
tournaments and ratings: league_sql.py, tournament_sql.py, rating_sql.py; the live board's sessions:
session_sql.py; helpers in storage/rows.py), add its schema in storage/migrations.py, declare it in
storage/base.py's protocol, and test it in tests/storage (which runs every test on both backends).
Nothing is written twice; see storage/README.md.
"""

from __future__ import annotations

import secrets
import time
from abc import ABC, abstractmethod
from typing import Any, Callable

from storage import league_sql, rows
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
from storage.claim_sql import ClaimOperations
from storage.league_records import GameEnd
from storage.league_sql import LeagueOperations
from storage.queue_sql import QueueOperations
from storage.rating_sql import RatingOperations
from storage.review_sql import ReviewOperations
from storage.session_sql import SessionOperations
from storage.tournament_sql import TournamentOperations
from storage.sql import Body, Execute, ExecuteMany, Fetch, T

COMMIT_STATUSES = ("active", "finished", "cancelled")
MakeBody = Callable[[], Body[T]]
"""Bodies are passed as factories: a backend may run one again from the start (PostgreSQL retries a
transaction that lost a serialization conflict), so a body must do nothing but yield statements."""


def _check_capacity(capacity: int) -> None:
    if capacity < 1:
        raise ValueError(f"capacity must be at least 1, got {capacity}")


class SqlStore(ClaimOperations, LeagueOperations, QueueOperations, RatingOperations, ReviewOperations, SessionOperations,
               TournamentOperations, ABC):
    """The `Store` protocol over any backend that can run a body as a transaction."""

    backend = "sql"
    """Shown by `bot.py --check` and `bot.py migrate`."""
    single_process = False
    """Whether one process alone uses the database (SQLite), so that claims not its own were left by an
    earlier life of the bot and may be ended at start (`end_foreign_claims`)."""

    def __init__(self) -> None:
        self.owner = secrets.token_hex(8)
        """This store's name on the claims it takes: random per store object, i.e. per process life."""

    @abstractmethod
    async def _write(self, make: MakeBody[T]) -> T:
        """Run `make()` as ONE write transaction, isolated as if writes ran one at a time (see storage/README.md
        for the one rule a body follows on PostgreSQL): committed whole, or rolled back whole on
        any exception (which is re-raised, database errors as StoreError)."""

    @abstractmethod
    async def _read(self, make: MakeBody[T]) -> T:
        """Run a read-only body (one statement, hence a consistent snapshot) that never waits for writers."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The schema version the open database is at."""

    # -- games ------------------------------------------------------------------------------------

    async def create_game(
        self, *, game_type: str, guild_id: int | None, channel_id: int, host_id: int, options: dict[str, Any], capacity: int
    ) -> GameRecord:
        _check_capacity(capacity)

        def body() -> Body[GameRecord]:
            now = time.time()
            [(game_id,)] = yield Fetch(
                "INSERT INTO games (game_type, guild_id, channel_id, host_id, status, options, capacity, version,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, 0, ?, ?) RETURNING id",
                (game_type, guild_id, channel_id, host_id, rows.dump(options), capacity, now, now),
            )
            yield Execute("INSERT INTO seats (game_id, user_id, joined_at) VALUES (?, ?, ?)", (game_id, host_id, now))
            return (yield from rows.existing_game(game_id))

        return await self._write(body)

    async def get_game(self, game_id: int) -> GameRecord | None:
        return await self._read(lambda: rows.game_by_id(game_id))

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
        return await self._read(lambda: rows.select_games(where, params, limit=limit))

    async def game_for_thread(self, thread_id: int) -> GameRecord | None:
        where, params = rows.newest_in_place(thread_id)
        games = await self._read(lambda: rows.select_games(where, params, limit=1))
        return games[0] if games else None

    async def add_player(self, game_id: int, user_id: int) -> GameRecord:
        def body() -> Body[GameRecord]:
            game = yield from rows.lobby(game_id)
            if user_id in game.players:
                raise LobbyError("already_joined")
            if len(game.players) >= game.capacity:
                raise LobbyError("full")
            now = time.time()
            yield Execute("INSERT INTO seats (game_id, user_id, joined_at) VALUES (?, ?, ?)", (game_id, user_id, now))
            yield Execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return (yield from rows.existing_game(game_id))

        return await self._write(body)

    async def remove_player(self, game_id: int, user_id: int) -> GameRecord:
        def body() -> Body[GameRecord]:
            game = yield from rows.lobby(game_id)
            if user_id == game.host_id:
                raise LobbyError("host_cannot_leave")
            if user_id not in game.players:
                raise LobbyError("not_joined")
            yield Execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            yield Execute("UPDATE games SET updated_at = ? WHERE id = ?", (time.time(), game_id))
            return (yield from rows.existing_game(game_id))

        return await self._write(body)

    async def update_lobby(
        self, game_id: int, *, options: dict[str, Any] | None = None, capacity: int | None = None
    ) -> GameRecord:
        if capacity is not None:
            _check_capacity(capacity)

        def body() -> Body[GameRecord]:
            game = yield from rows.lobby(game_id)
            if capacity is not None and capacity < len(game.players):
                raise StoreError("capacity_below_players", f"{len(game.players)} joined, capacity {capacity}")
            yield Execute(
                "UPDATE games SET options = ?, capacity = ?, updated_at = ? WHERE id = ?",
                (
                    rows.dump(game.options if options is None else options),
                    game.capacity if capacity is None else capacity,
                    time.time(),
                    game_id,
                ),
            )
            return (yield from rows.existing_game(game_id))

        return await self._write(body)

    async def start_game(
        self, game_id: int, *, players: list[int], seed: int, state: dict[str, Any], version: int,
        outbox: dict[str, Any] | None = None, timing: dict[str, Any] | None = None, due_at: float | None = None,
    ) -> GameRecord:
        def body() -> Body[GameRecord]:
            changed = yield Execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, version = ?, updated_at = ?, timing = ?, due_at = ?"
                " WHERE id = ? AND status = 'lobby'",
                (str(seed), rows.dump(state), version, time.time(), None if timing is None else rows.dump(timing), due_at, game_id),
            )
            if changed != 1:
                yield from rows.existing_game(game_id)
                raise LobbyError("not_lobby")
            joined = {row[0] for row in (yield Fetch("SELECT user_id FROM seats WHERE game_id = ?", (game_id,)))}
            if len(set(players)) != len(players) or set(players) != joined:
                raise StoreError("players_changed", "players must be exactly the joined users, each once")
            yield ExecuteMany(
                "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                [(seat, game_id, user_id) for seat, user_id in enumerate(players)],
            )
            if outbox is not None:
                yield from rows.add_outbox(game_id, version, outbox)
            return (yield from rows.existing_game(game_id))

        return await self._write(body)

    async def commit_action(
        self, game_id: int, *, expected_version: int, seat: int, action: str, state: dict[str, Any], version: int, status: str,
        outbox: dict[str, Any] | None = None, timing: dict[str, Any] | None = None, due_at: float | None = None,
        end: GameEnd | None = None,
    ) -> bool:
        if status not in COMMIT_STATUSES:
            raise ValueError(f"status must be one of {COMMIT_STATUSES}, got {status!r}")
        if version <= expected_version:
            raise ValueError(f"the new version {version} must be above the expected version {expected_version}")
        closed = status in CLOSED_STATUSES

        def body() -> Body[bool]:
            now = time.time()
            changed = yield Execute(
                "UPDATE games SET state = ?, version = ?, status = ?, updated_at = ?, finished_at = ?,"
                " timing = coalesce(?, timing), due_at = ? WHERE id = ? AND version = ? AND status = 'active'",
                (rows.dump(state), version, status, now, now if closed else None, None if timing is None else rows.dump(timing),
                 None if closed or timing is None else due_at, game_id, expected_version),
            )
            if changed != 1:
                return False
            yield Execute("INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                          (game_id, version, seat, action, now))
            if outbox is not None:
                yield from rows.add_outbox(game_id, version, outbox)
            if end is not None:
                yield from league_sql.game_end(game_id, end, now)
            return True

        return await self._write(body)

    async def pending_outbox(self, *, before: float, limit: int = 100) -> list[OutboxRecord]:
        def body() -> Body[list[OutboxRecord]]:
            found = yield Fetch(
                "SELECT game_id, version, stage, payload, created_at FROM outbox WHERE created_at < ?"
                " ORDER BY created_at, game_id, version LIMIT ?", (before, limit))
            return rows.outbox_records(found)

        return await self._read(body)

    async def outbox_advance(self, game_id: int, *, upto_version: int, stage: str) -> None:
        if stage not in ("notices", "notified", "done"):
            raise ValueError(f"stage must be 'notices', 'notified' or 'done', got {stage!r}")

        def body() -> Body[None]:
            if stage == "done":
                yield Execute("DELETE FROM outbox WHERE game_id = ? AND version <= ?", (game_id, upto_version))
            else:
                yield Execute("UPDATE outbox SET stage = ? WHERE game_id = ? AND version <= ?", (stage, game_id, upto_version))

        await self._write(body)

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

        def body() -> Body[bool]:
            now = time.time()
            changed = yield Execute(
                f"UPDATE games SET {', '.join(assignments)} WHERE {' AND '.join(conditions)}", (now, now, *values, *keys))
            return changed == 1

        return await self._write(body)

    async def merge_options(
        self, game_id: int, merge: Callable[[dict[str, Any]], dict[str, Any] | None]
    ) -> dict[str, Any]:
        def body() -> Body[dict[str, Any]]:
            game = yield from rows.existing_game(game_id)
            merged = merge(dict(game.options))
            if merged is None:
                return dict(game.options)
            yield Execute("UPDATE games SET options = ? WHERE id = ?", (rows.dump(merged), game_id))
            return merged

        return await self._write(body)

    async def set_messages(
        self, game_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None,
        board_message_id: int | None = None, board_log: str | None = None,
    ) -> None:
        fields = {"thread_id": thread_id, "lobby_message_id": lobby_message_id, "board_message_id": board_message_id,
                  "board_log": board_log}
        given = {name: value for name, value in fields.items() if value is not None}

        def body() -> Body[None]:
            if not (yield Fetch("SELECT 1 FROM games WHERE id = ?", (game_id,))):
                raise LobbyError("not_found")
            if given:
                yield Execute(f"UPDATE games SET {', '.join(f'{name} = ?' for name in given)} WHERE id = ?",
                              (*given.values(), game_id))

        await self._write(body)

    async def actions(self, game_id: int) -> list[ActionRecord]:
        def body() -> Body[list[ActionRecord]]:
            found = yield Fetch("SELECT game_id, seq, seat, action, at FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
            return [ActionRecord(*row) for row in found]

        return await self._read(body)

    async def update_timing(self, game_id: int, *, version: int, timing: dict[str, Any], due_at: float | None) -> bool:
        def body() -> Body[bool]:
            changed = yield Execute(
                "UPDATE games SET timing = ?, due_at = ? WHERE id = ? AND version = ? AND status = 'active'",
                (rows.dump(timing), due_at, game_id, version))
            return changed == 1

        return await self._write(body)

    async def due_games(self, now: float, *, limit: int = 100) -> list[GameRecord]:
        return await self._read(lambda: rows.select_games(
            "due_at IS NOT NULL AND due_at <= ? AND status = 'active'", (now,), order="due_at, id", limit=limit))

    async def user_games(self, user_id: int, *, statuses: tuple[str, ...] = OPEN_STATUSES, limit: int = 50) -> list[GameRecord]:
        if not statuses:
            return []
        where, params = rows.listing(statuses, user_id=user_id)
        return await self._read(lambda: rows.select_games(where, params, limit=limit))

    async def set_user_due(self, user_id: int, due_at: float | None) -> None:
        def body() -> Body[None]:
            yield Execute(
                "INSERT INTO users (user_id, due_at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at",
                (user_id, due_at))

        await self._write(body)

    async def due_users(self, now: float, *, limit: int = 100) -> list[UserRecord]:
        def body() -> Body[list[UserRecord]]:
            found = yield Fetch(
                f"SELECT {rows.USER_COLUMNS} FROM users WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, user_id LIMIT ?",
                (now, limit))
            return [rows.user_record(row) for row in found]

        return await self._read(body)

    # -- users and guilds -------------------------------------------------------------------------

    async def get_user(self, user_id: int) -> UserRecord:
        return await self._read(lambda: rows.user(user_id))

    async def update_user(
        self, user_id: int, *, locale: str | None = None, dms_closed: bool | None = None, prefs: dict[str, Any] | None = None
    ) -> UserRecord:
        def body() -> Body[UserRecord]:
            current = yield from rows.user(user_id)
            user = UserRecord(
                user_id,
                current.locale if locale is None else locale,
                current.dms_closed if dms_closed is None else dms_closed,
                merge_settings(current.prefs, prefs or {}),
                current.due_at,
            )
            yield Execute(
                "INSERT INTO users (user_id, locale, dms_closed, prefs) VALUES (?, ?, ?, ?) ON CONFLICT (user_id)"
                " DO UPDATE SET locale = excluded.locale, dms_closed = excluded.dms_closed, prefs = excluded.prefs",
                (user_id, user.locale, int(user.dms_closed), rows.dump(user.prefs)),
            )
            return user

        return await self._write(body)

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._read(lambda: rows.guild_settings(guild_id))

    async def update_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> dict[str, Any]:
        def body() -> Body[dict[str, Any]]:
            merged = merge_settings((yield from rows.guild_settings(guild_id)), settings)
            yield Execute(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, rows.dump(merged)),
            )
            return merged

        return await self._write(body)
