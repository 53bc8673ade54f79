"""Sign-in sessions of the live board (web/): the record and the part of the storage contract that keeps them.

Only a hash of each session's token is ever stored (the token itself lives in the browser's cookie or the
Activity's memory): a leaked database, backup or log line gives no one a way in. A session is valid while
it is neither expired nor revoked; expired and revoked rows are purged in bounded batches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

SessionKind = Literal["browser", "activity"]
SESSION_KINDS: tuple[SessionKind, ...] = ("browser", "activity")


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """One signed-in browser or Discord Activity. `token_hash` is the SHA-256 of the token, in hex."""

    token_hash: str
    user_id: int
    name: str
    """The Discord name at sign-in, shown on the page until the next sign-in."""
    kind: SessionKind
    """"browser" (a cookie) or "activity" (a bearer token held by the Activity's page)."""
    created_at: float
    expires_at: float


class SessionStore(Protocol):
    """The session operations of `Store`; each is one transaction, as everywhere in the store.

    StoreError codes: "session_exists" (a token hash stored twice: a token generator gone wrong)."""

    async def create_session(self, token_hash: str, *, user_id: int, name: str, kind: SessionKind, now: float,
                             expires_at: float) -> SessionRecord:
        """Store a new session under the hash of its token. ValueError for an unknown kind or an expiry not
        after `now`; StoreError "session_exists" when the hash is already stored."""

    async def get_session(self, token_hash: str, *, now: float) -> SessionRecord | None:
        """The session, or None when there is none, it expired (at or before `now`) or it was revoked."""

    async def revoke_session(self, token_hash: str, *, now: float) -> bool:
        """End one session (a sign-out); False when it was unknown, expired or already revoked."""

    async def revoke_user_sessions(self, user_id: int, *, now: float) -> int:
        """End every live session of a user (sign out everywhere); returns how many were live."""

    async def purge_sessions(self, *, now: float, limit: int = 500) -> int:
        """Delete up to `limit` sessions that expired or were revoked, oldest expiry first; returns how many.
        Bounded, so a long-idle database is cleaned in several short transactions, never one long one."""
