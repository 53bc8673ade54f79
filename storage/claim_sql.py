"""Claims on periodic work shared by several processes, as sans-IO bodies (storage/sql.py) written once
for every backend: the scheduler's due games and users and the outbox's games are claimed in the name of
one process life (`owner`) until a lease runs out (`FOR UPDATE SKIP LOCKED` on PostgreSQL), renewed and
released by that owner only, and ended at start by a bot that uses its database alone (SQLite).
The leagues' claims live with the leagues (storage/league_sql.py).
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Sequence

from storage import league_sql, queue_sql, rows
from storage.base import GameRecord, OutboxRecord, UserRecord
from storage.sql import SKIP_LOCKED, Body, Execute, Fetch

CHOOSE_DUE_GAMES = ("SELECT id FROM games WHERE due_at IS NOT NULL AND due_at <= ? AND status = 'active'"
                    " AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY due_at, id LIMIT ?")
CHOOSE_DUE_USERS = ("SELECT user_id FROM users WHERE due_at IS NOT NULL AND due_at <= ?"
                    " AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY due_at, user_id LIMIT ?")
CHOOSE_OUTBOX_GAMES = ("SELECT id FROM games WHERE id IN (SELECT game_id FROM outbox WHERE created_at < ?)"
                       " AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY id LIMIT ?")
"""What the claims pick (parameters: due time or age, now, limit): unclaimed rows, or claims run out."""
CLAIMED_TABLES = (("games", "id"), ("users", "user_id"))
"""The tables whose rows `claim_*` hold, with their keys (leagues: storage/league_sql.py)."""


class ClaimOperations:
    """The claim methods of the `Store` protocol on `storage.sql_store.SqlStore`."""

    owner: str
    _write: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]
    _read: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]

    async def claim_due_games(self, now: float, *, until: float, limit: int = 100) -> list[GameRecord]:
        if not await self._any_to_claim(CHOOSE_DUE_GAMES, (now, now)):
            return []

        def body() -> Body[list[GameRecord]]:
            claimed = yield Fetch(f"UPDATE games SET claimed_until = ?, claimed_by = ? WHERE id IN ({CHOOSE_DUE_GAMES} {SKIP_LOCKED})"
                                  " RETURNING id", (until, self.owner, now, now, limit))
            if not claimed:
                return []
            ids = [row[0] for row in claimed]
            return (yield from rows.select_games(f"id IN ({rows.marks(len(ids))})", ids, order="due_at, id"))

        return await self._write(body)

    async def claim_due_users(self, now: float, *, until: float, limit: int = 100) -> list[UserRecord]:
        if not await self._any_to_claim(CHOOSE_DUE_USERS, (now, now)):
            return []

        def body() -> Body[list[UserRecord]]:
            found = yield Fetch(f"UPDATE users SET claimed_until = ?, claimed_by = ? WHERE user_id IN ({CHOOSE_DUE_USERS} {SKIP_LOCKED})"
                                f" RETURNING {rows.USER_COLUMNS}", (until, self.owner, now, now, limit))
            return sorted((rows.user_record(row) for row in found), key=lambda user: (user.due_at or 0.0, user.user_id))

        return await self._write(body)

    async def claim_outbox(self, *, before: float, now: float, until: float, limit: int = 100) -> list[OutboxRecord]:
        if not await self._any_to_claim(CHOOSE_OUTBOX_GAMES, (before, now)):
            return []

        def body() -> Body[list[OutboxRecord]]:
            claimed = yield Fetch(f"UPDATE games SET claimed_until = ?, claimed_by = ? WHERE id IN ({CHOOSE_OUTBOX_GAMES} {SKIP_LOCKED})"
                                  " RETURNING id", (until, self.owner, before, now, limit))
            if not claimed:
                return []
            ids = [row[0] for row in claimed]
            found = yield Fetch(
                "SELECT game_id, version, stage, payload, created_at FROM outbox WHERE created_at < ?"
                f" AND game_id IN ({rows.marks(len(ids))}) ORDER BY created_at, game_id, version", (before, *ids))
            return rows.outbox_records(found)

        return await self._write(body)

    async def _any_to_claim(self, choose: str, params: tuple[Any, ...]) -> bool:
        """Whether a claim would find work. A read first, so an idle pass (the usual one) never takes
        SQLite's write lock nor opens a write transaction on PostgreSQL."""
        def body() -> Body[bool]:
            return bool((yield Fetch(choose, (*params, 1))))

        return await self._read(body)

    async def renew(self, *, until: float, games: Sequence[int] = (), users: Sequence[int] = ()) -> int:
        def body() -> Body[int]:
            held = 0
            for (table, key), ids in zip(CLAIMED_TABLES, (games, users)):
                if ids:
                    held += yield Execute(f"UPDATE {table} SET claimed_until = ? WHERE {key} IN ({rows.marks(len(ids))})"
                                          " AND claimed_by = ?", (until, *ids, self.owner))
            return held

        return await self._write(body) if games or users else 0

    async def release(self, *, games: Sequence[int] = (), users: Sequence[int] = ()) -> None:
        def body() -> Body[None]:
            for (table, key), ids in zip(CLAIMED_TABLES, (games, users)):
                if ids:
                    yield Execute(f"UPDATE {table} SET claimed_until = NULL, claimed_by = NULL"
                                  f" WHERE {key} IN ({rows.marks(len(ids))}) AND claimed_by = ?", (*ids, self.owner))

        if games or users:
            await self._write(body)

    async def end_foreign_claims(self) -> int:
        def body() -> Body[int]:
            ended = 0
            for table, _ in CLAIMED_TABLES:
                ended += yield Execute(f"UPDATE {table} SET claimed_until = NULL, claimed_by = NULL"
                                       " WHERE claimed_until IS NOT NULL AND (claimed_by IS NULL OR claimed_by <> ?)", (self.owner,))
            ended += yield from league_sql.end_foreign_league_claims(self.owner)
            return ended + (yield from queue_sql.end_foreign_queue_claims(self.owner))

        return await self._write(body)
