"""The session operations as sans-IO bodies (storage/sql.py), written once for every backend, and the
table they keep (storage/session_records.py says what a session is).

A revoked session's expiry is brought forward to the moment of its revocation, so one index on the
expiry serves both the validity check and the purge of everything no longer valid.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from storage.base import StoreError
from storage.session_records import SESSION_KINDS, SessionKind, SessionRecord
from storage.sql import Body, Execute, Fetch

SESSIONS_MIGRATION: tuple[str, ...] = (
    # Sign-in sessions of the live board (web/): the SHA-256 of each token, never the token itself.
    """
    CREATE TABLE web_sessions (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('browser', 'activity')),
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        revoked_at REAL
    )
    """,
    "CREATE INDEX web_sessions_by_user ON web_sessions (user_id, expires_at)",
    "CREATE INDEX web_sessions_by_expiry ON web_sessions (expires_at)",
)
SESSION_COLUMNS = "token_hash, user_id, name, kind, created_at, expires_at"
HASH_LENGTH = 64
"""A SHA-256 in hex: anything else is not a hash this platform made, refused before touching the database."""


def _record(row: Any) -> SessionRecord:
    return SessionRecord(str(row[0]), int(row[1]), str(row[2]), row[3], float(row[4]), float(row[5]))


def _check_hash(token_hash: str) -> None:
    if len(token_hash) != HASH_LENGTH or token_hash.strip("0123456789abcdef"):
        raise ValueError("token_hash must be a SHA-256 in lower-case hex")


class SessionOperations:
    """The session methods of the `Store` protocol on `storage.sql_store.SqlStore`."""

    _write: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]
    _read: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]

    async def create_session(self, token_hash: str, *, user_id: int, name: str, kind: SessionKind, now: float,
                             expires_at: float) -> SessionRecord:
        _check_hash(token_hash)
        if kind not in SESSION_KINDS:
            raise ValueError(f"unknown session kind {kind!r}")
        if expires_at <= now:
            raise ValueError("a session must expire after it is created")

        def body() -> Body[SessionRecord]:
            found = yield Fetch(
                f"INSERT INTO web_sessions ({SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)"
                f" ON CONFLICT (token_hash) DO NOTHING RETURNING {SESSION_COLUMNS}",
                (token_hash, user_id, name, kind, now, expires_at))
            if not found:
                raise StoreError("session_exists")
            return _record(found[0])

        return await self._write(body)

    async def get_session(self, token_hash: str, *, now: float) -> SessionRecord | None:
        if len(token_hash) != HASH_LENGTH:
            return None

        def body() -> Body[SessionRecord | None]:
            found = yield Fetch(f"SELECT {SESSION_COLUMNS} FROM web_sessions WHERE token_hash = ? AND expires_at > ?"
                                " AND revoked_at IS NULL", (token_hash, now))
            return _record(found[0]) if found else None

        return await self._read(body)

    async def revoke_session(self, token_hash: str, *, now: float) -> bool:
        if len(token_hash) != HASH_LENGTH:
            return False

        def body() -> Body[bool]:
            changed = yield Execute("UPDATE web_sessions SET revoked_at = ?, expires_at = ? WHERE token_hash = ?"
                                    " AND expires_at > ? AND revoked_at IS NULL", (now, now, token_hash, now))
            return changed == 1

        return await self._write(body)

    async def revoke_user_sessions(self, user_id: int, *, now: float) -> int:
        def body() -> Body[int]:
            return (yield Execute("UPDATE web_sessions SET revoked_at = ?, expires_at = ? WHERE user_id = ?"
                                  " AND expires_at > ? AND revoked_at IS NULL", (now, now, user_id, now)))

        return await self._write(body)

    async def purge_sessions(self, *, now: float, limit: int = 500) -> int:
        if limit < 1:
            raise ValueError("limit must be at least 1")

        def body() -> Body[int]:
            return (yield Execute("DELETE FROM web_sessions WHERE token_hash IN (SELECT token_hash FROM web_sessions"
                                  " WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)", (now, limit)))

        return await self._write(body)
