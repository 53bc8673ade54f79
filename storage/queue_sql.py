"""The ranked queue's operations as sans-IO bodies (storage/sql.py), written once for every backend, and
the migration step that creates its table (storage/queue_records.py says what an entry is).

Exactly once: a pass claims waiting entries (`claim_queue`, FOR UPDATE SKIP LOCKED on PostgreSQL, SQLite's
single writer otherwise), and an entry leaves `waiting` only by compare-and-set (`queue_match` all of a
table's entries or none, `queue_expire`, `queue_leave`), so an entry is matched into one game at most even
when a claim ran out and another process took the entry over. A matched entry keeps its pass's claim
until the game started (`release_queue`); one whose claim ran out first (the process died in between)
is taken up by a later pass (`claim_unstarted`), which starts its game, so no match is lost either.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Sequence

from storage.base import StoreError
from storage.queue_records import QueueCount, QueueEntry, QueueKey
from storage.rows import marks
from storage.sql import SKIP_LOCKED, Body, Execute, Fetch

QUEUE_MIGRATION: tuple[str, ...] = (
    # The ranked queue (tabletop/matchmaking): one row per time a player queued, kept after it is matched
    # (with its game), expired or left. The partial indexes hold only the waiting rows, so the pass's
    # query and the one-waiting-entry-per-player rule never walk the history.
    """
    CREATE TABLE queue_entries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        game_type TEXT NOT NULL,
        players INTEGER NOT NULL CHECK (players >= 2),
        time_control TEXT NOT NULL DEFAULT '',
        rating INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        joined_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        ai_at REAL,
        status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'matched', 'expired', 'left')),
        game_id INTEGER,
        claimed_until REAL,
        claimed_by TEXT
    )
    """,
    "CREATE UNIQUE INDEX queue_one_waiting ON queue_entries (guild_id, user_id) WHERE status = 'waiting'",
    "CREATE INDEX queue_waiting ON queue_entries (joined_at, id) WHERE status = 'waiting'",
    "CREATE INDEX queue_by_user ON queue_entries (guild_id, user_id, id)",
    "CREATE INDEX queue_claimed ON queue_entries (claimed_by) WHERE claimed_until IS NOT NULL",
)
ENTRY_COLUMNS = ("id, guild_id, user_id, game_type, players, time_control, rating, channel_id, joined_at, expires_at, ai_at,"
                 " status, game_id")
CHOOSE_WAITING = ("SELECT id FROM queue_entries WHERE status = 'waiting' AND (claimed_until IS NULL OR claimed_until <= ?){of}"
                  " ORDER BY joined_at, id LIMIT ?")
"""The waiting entries nobody holds (parameters: now, then those of `OF_QUEUE` if in, then limit), through
the `queue_waiting` index."""
OF_QUEUE = " AND guild_id = ? AND game_type = ? AND players = ? AND time_control = ?"
"""`{of}` in CHOOSE_WAITING for one queue's entries only (parameters: its `QueueKey`)."""
CHOOSE_UNSTARTED = ("SELECT id FROM queue_entries WHERE claimed_until IS NOT NULL AND claimed_until <= ? AND status = 'matched'"
                    " ORDER BY game_id, id LIMIT ?")
"""Matched entries whose pass let go of its claim without starting their game (parameters: now, limit),
through the `queue_claimed` index of the few claimed rows."""


def entry(row: Sequence[Any]) -> QueueEntry:
    return QueueEntry(int(row[0]), int(row[1]), int(row[2]), str(row[3]), int(row[4]), str(row[5]), int(row[6]), int(row[7]),
                      float(row[8]), float(row[9]), None if row[10] is None else float(row[10]), row[11],
                      None if row[12] is None else int(row[12]))


def latest(guild_id: int, user_id: int) -> Body[QueueEntry | None]:
    found = yield Fetch(f"SELECT {ENTRY_COLUMNS} FROM queue_entries WHERE guild_id = ? AND user_id = ? ORDER BY id DESC LIMIT 1",
                        (guild_id, user_id))
    return entry(found[0]) if found else None


class QueueOperations:
    """The queue methods of the `Store` protocol on `storage.sql_store.SqlStore`."""

    _write: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]
    _read: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]
    owner: str

    async def queue_join(self, *, guild_id: int, user_id: int, game_type: str, players: int, time_control: str,
                         rating: int, channel_id: int, now: float, expires_at: float, ai_at: float | None) -> QueueEntry:
        def body() -> Body[QueueEntry]:
            found = yield Fetch(
                "INSERT INTO queue_entries (guild_id, user_id, game_type, players, time_control, rating, channel_id, joined_at,"
                f" expires_at, ai_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING {ENTRY_COLUMNS}",
                (guild_id, user_id, game_type, players, time_control, rating, channel_id, now, expires_at, ai_at))
            if not found:
                raise StoreError("queue_already")
            return entry(found[0])

        return await self._write(body)

    async def queue_entry(self, guild_id: int, user_id: int) -> QueueEntry | None:
        return await self._read(lambda: latest(guild_id, user_id))

    async def queue_leave(self, guild_id: int, user_id: int) -> QueueEntry | None:
        def body() -> Body[QueueEntry | None]:
            found = yield Fetch(f"UPDATE queue_entries SET status = 'left' WHERE guild_id = ? AND user_id = ? AND status = 'waiting'"
                                f" RETURNING {ENTRY_COLUMNS}", (guild_id, user_id))
            return entry(found[0]) if found else None

        return await self._write(body)

    async def queue_counts(self, guild_id: int) -> list[QueueCount]:
        def body() -> Body[list[QueueCount]]:
            found = yield Fetch("SELECT game_type, players, time_control, count(*) FROM queue_entries"
                                " WHERE guild_id = ? AND status = 'waiting' GROUP BY game_type, players, time_control"
                                " ORDER BY game_type, players, time_control", (guild_id,))
            return [QueueCount(str(row[0]), int(row[1]), str(row[2]), int(row[3])) for row in found]

        return await self._read(body)

    async def claim_queue(self, now: float, *, until: float, limit: int = 200, queue: QueueKey | None = None) -> list[QueueEntry]:
        choose = CHOOSE_WAITING.format(of=OF_QUEUE if queue is not None else "")
        of = (queue.guild_id, queue.game_type, queue.players, queue.time_control) if queue is not None else ()

        def any_waiting() -> Body[bool]:
            return bool((yield Fetch(choose, (now, *of, 1))))

        if not await self._read(any_waiting):  # an idle pass (the usual one) takes no write lock
            return []

        def body() -> Body[list[QueueEntry]]:
            found = yield Fetch(f"UPDATE queue_entries SET claimed_until = ?, claimed_by = ? WHERE id IN ({choose}"
                                f" {SKIP_LOCKED}) RETURNING {ENTRY_COLUMNS}", (until, self.owner, now, *of, limit))
            return sorted((entry(row) for row in found), key=lambda item: (item.joined_at, item.id))

        return await self._write(body)

    async def queue_match(self, entry_ids: Sequence[int], *, game_id: int) -> bool:
        ids = list(entry_ids)
        if not ids:
            return False

        def body() -> Body[bool]:
            changed = yield Execute(f"UPDATE queue_entries SET status = 'matched', game_id = ? WHERE id IN ({marks(len(ids))})"
                                    " AND status = 'waiting'", (game_id, *ids))
            if changed != len(ids):
                raise StoreError("queue_changed")  # rolls the whole match back: all of the table or none
            return True

        try:
            return await self._write(body)
        except StoreError as error:
            if error.code != "queue_changed":
                raise
            return False

    async def claim_unstarted(self, now: float, *, until: float, limit: int = 50) -> list[QueueEntry]:
        def any_unstarted() -> Body[bool]:
            return bool((yield Fetch(CHOOSE_UNSTARTED, (now, 1))))

        if not await self._read(any_unstarted):
            return []

        def body() -> Body[list[QueueEntry]]:
            found = yield Fetch(f"UPDATE queue_entries SET claimed_until = ?, claimed_by = ? WHERE id IN ({CHOOSE_UNSTARTED}"
                                f" {SKIP_LOCKED}) RETURNING {ENTRY_COLUMNS}", (until, self.owner, now, limit))
            return sorted((entry(row) for row in found), key=lambda item: (item.game_id or 0, item.id))

        return await self._write(body)

    async def queue_expire(self, entry_ids: Sequence[int]) -> list[int]:
        ids = list(entry_ids)
        if not ids:
            return []

        def body() -> Body[list[int]]:
            found = yield Fetch(f"UPDATE queue_entries SET status = 'expired' WHERE id IN ({marks(len(ids))})"
                                " AND status = 'waiting' RETURNING id", ids)
            return sorted(int(row[0]) for row in found)

        return await self._write(body)

    async def release_queue(self, entry_ids: Sequence[int]) -> None:
        ids = list(entry_ids)
        if not ids:
            return

        def body() -> Body[None]:
            yield Execute(f"UPDATE queue_entries SET claimed_until = NULL, claimed_by = NULL WHERE id IN ({marks(len(ids))})"
                          " AND claimed_by = ?", (*ids, self.owner))

        await self._write(body)


def end_foreign_queue_claims(owner: str) -> Body[int]:
    """Part of `SqlStore.end_foreign_claims`: the entries an earlier life of the bot still held."""
    # a matched entry keeps a claim until its game started: an earlier life's is due for `claim_unstarted` at once
    return (yield Execute("UPDATE queue_entries SET claimed_until = CASE WHEN status = 'matched' THEN 0 ELSE NULL END,"
                          " claimed_by = NULL WHERE claimed_until IS NOT NULL AND (claimed_by IS NULL OR claimed_by <> ?)"
                          " AND NOT (status = 'matched' AND claimed_until = 0)", (owner,)))
