"""Post-game reviews kept with their game (issue 28): one JSON document per (game, viewer, version), so a
review is computed once and every later `/game review` reads it. The viewer is a seat, or -1 for the
public (spectator) review. A review is reproducible from the seed and the log, so losing the table loses
only time; it is deleted with nothing else, since a finished game's log never changes."""

from __future__ import annotations

import json
from typing import Any, Awaitable, Callable, Protocol

from storage.sql import Body, Execute, Fetch

REVIEWS_MIGRATION: tuple[str, ...] = (
    """
    CREATE TABLE game_reviews (
        game_id INTEGER NOT NULL,
        viewer INTEGER NOT NULL,
        version INTEGER NOT NULL,
        review TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, viewer, version)
    )
    """,
)
PUBLIC = -1
"""The viewer column's value for the spectator's review."""

class ReviewStore(Protocol):
    """The review operations of `Store`."""

    async def get_review(self, game_id: int, viewer: int | None, version: int) -> dict[str, Any] | None:
        """The stored review of `viewer` (None: the public one) at the game's `version`, or None."""

    async def put_review(self, game_id: int, viewer: int | None, version: int, review: dict[str, Any], now: float) -> None:
        """Keep a review; a second one for the same key (two workers raced) leaves the first."""

class ReviewOperations:
    """The review methods of the `Store` protocol on `storage.sql_store.SqlStore`."""

    _write: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]
    _read: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]

    async def get_review(self, game_id: int, viewer: int | None, version: int) -> dict[str, Any] | None:
        def body() -> Body[dict[str, Any] | None]:
            found = yield Fetch("SELECT review FROM game_reviews WHERE game_id = ? AND viewer = ? AND version = ?",
                                (game_id, PUBLIC if viewer is None else viewer, version))
            return json.loads(found[0][0]) if found else None

        return await self._read(body)

    async def put_review(self, game_id: int, viewer: int | None, version: int, review: dict[str, Any], now: float) -> None:
        def body() -> Body[None]:
            yield Execute("INSERT INTO game_reviews (game_id, viewer, version, review, created_at) VALUES (?, ?, ?, ?, ?)"
                          " ON CONFLICT (game_id, viewer, version) DO NOTHING",
                          (game_id, PUBLIC if viewer is None else viewer, version, json.dumps(review, separators=(",", ":")), now))

        return await self._write(body)
