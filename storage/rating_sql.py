"""The rating and season operations as sans-IO bodies (storage/sql.py), written once for every backend,
and the tables they keep.

Ratings are per server and game, with a history row for every rated game and every season reset, so
a rating can be recomputed and audited. A league's games are rated like any other: the end of a game
(`storage.league_sql.game_end`) applies its rating changes here inside the game's last transaction.
"""

from __future__ import annotations

import time
from typing import Any, Awaitable, Callable, Sequence

from storage.base import StoreError
from storage.league_records import HistoryRecord, RatingChange, RatingRecord
from storage.sql import Body, Execute, ExecuteMany, Fetch

RATINGS_TABLES: tuple[str, ...] = (
    # Ratings per server and game: the current value, and its history (before/after every rated game and
    # every season reset; game_id is NULL for a reset) so a rating can be recomputed and audited.
    """
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game_type TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        season INTEGER NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, game_type, user_id)
    )
    """,
    "CREATE INDEX ratings_by_user ON ratings (user_id, guild_id)",
    """
    CREATE TABLE rating_history (
        guild_id INTEGER NOT NULL,
        game_type TEXT NOT NULL,
        season INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        game_id INTEGER,
        rank INTEGER,
        team INTEGER,
        mu_before REAL,
        sigma_before REAL,
        mu_after REAL NOT NULL,
        sigma_after REAL NOT NULL,
        at REAL NOT NULL,
        UNIQUE (game_id, user_id)
    )
    """,
    "CREATE INDEX rating_history_by_game_type ON rating_history (guild_id, game_type, at)",
    "CREATE INDEX rating_history_by_user ON rating_history (user_id, guild_id, game_type, at)",
    """
    CREATE TABLE seasons (
        guild_id INTEGER NOT NULL,
        game_type TEXT NOT NULL,
        number INTEGER NOT NULL,
        started_at REAL NOT NULL,
        PRIMARY KEY (guild_id, game_type, number)
    )
    """,
)
"""Created by the leagues' migration step (`storage.league_sql.LEAGUES_MIGRATION`), ahead of the leagues."""


def season(guild_id: int, game_type: str) -> Body[int]:
    found = yield Fetch("SELECT max(number) FROM seasons WHERE guild_id = ? AND game_type = ?", (guild_id, game_type))
    return int(found[0][0]) if found and found[0][0] is not None else 1


RATING_COLUMNS = "user_id, mu, sigma, games, wins, season"


def ratings(guild_id: int, game_type: str, user_ids: tuple[int, ...] | None) -> Body[dict[int, RatingRecord]]:
    if user_ids is None:
        found = yield Fetch(f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game_type = ?", (guild_id, game_type))
    else:
        if not user_ids:
            return {}
        found = yield Fetch(f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game_type = ?"
                            f" AND user_id IN ({', '.join('?' * len(user_ids))})", (guild_id, game_type, *user_ids))
    return {row[0]: RatingRecord(*row) for row in found}


def user_ratings(guild_id: int, user_id: int) -> Body[dict[str, RatingRecord]]:
    found = yield Fetch(f"SELECT game_type, {RATING_COLUMNS} FROM ratings WHERE user_id = ? AND guild_id = ?", (user_id, guild_id))
    return {row[0]: RatingRecord(*row[1:]) for row in found}


def history(guild_id: int, game_type: str, user_id: int | None) -> Body[list[HistoryRecord]]:
    columns = ("guild_id, game_type, season, user_id, game_id, rank, team, mu_before, sigma_before, mu_after, sigma_after, at")
    if user_id is None:
        found = yield Fetch(f"SELECT {columns} FROM rating_history WHERE guild_id = ? AND game_type = ? ORDER BY at, game_id, user_id",
                            (guild_id, game_type))
    else:
        found = yield Fetch(f"SELECT {columns} FROM rating_history WHERE user_id = ? AND guild_id = ? AND game_type = ?"
                            " ORDER BY at, game_id", (user_id, guild_id, game_type))
    return [HistoryRecord(*row) for row in found]


def apply_changes(guild_id: int, game_type: str, season_number: int, changes: Sequence[RatingChange], now: float) -> Body[None]:
    """Each rating compare-and-set on the value it was computed from; any mismatch aborts the whole
    transaction (the caller recomputes from fresh ratings and tries again)."""
    for change in changes:
        before = change.before
        if before is None:
            written = yield Execute(
                "INSERT INTO ratings (guild_id, game_type, user_id, mu, sigma, games, wins, season, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game_type, user_id) DO NOTHING",
                (guild_id, game_type, change.user_id, change.mu_after, change.sigma_after, 1 if change.game_id else 0,
                 1 if change.won else 0, season_number, now))
        else:
            games = before.games + 1 if change.game_id is not None else 0
            wins = before.wins + (1 if change.won else 0) if change.game_id is not None else 0
            written = yield Execute(
                "UPDATE ratings SET mu = ?, sigma = ?, games = ?, wins = ?, season = ?, updated_at = ?"
                " WHERE guild_id = ? AND game_type = ? AND user_id = ? AND mu = ? AND sigma = ? AND games = ?",
                (change.mu_after, change.sigma_after, games, wins, season_number, now,
                 guild_id, game_type, change.user_id, before.mu, before.sigma, before.games))
        if written != 1:
            raise StoreError("ratings_changed", f"user {change.user_id}")
    yield ExecuteMany(
        "INSERT INTO rating_history (guild_id, game_type, season, user_id, game_id, rank, team, mu_before, sigma_before,"
        " mu_after, sigma_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(guild_id, game_type, season_number, change.user_id, change.game_id, change.rank, change.team,
          change.before.mu if change.before else None, change.before.sigma if change.before else None,
          change.mu_after, change.sigma_after, now) for change in changes])


def hold_season(guild_id: int, game_type: str, number: int) -> Body[None]:
    """Check that `number` is the current season of the game on this server, and rewrite its row (the
    first season's row is created). Rating changes are computed for one season, and a new season resets
    the ratings it read: both rewrite this row, so at REPEATABLE READ a game's end and a new season never
    both commit on the same snapshot (one retries and sees the other; a stale game end is recomputed)."""
    current = yield from season(guild_id, game_type)
    if current != number:
        raise StoreError("ratings_changed", f"season {current}, not {number}")
    yield Execute("INSERT INTO seasons (guild_id, game_type, number, started_at) VALUES (?, ?, ?, 0)"
                  " ON CONFLICT (guild_id, game_type, number) DO UPDATE SET started_at = seasons.started_at",
                  (guild_id, game_type, number))


def new_season(guild_id: int, game_type: str, number: int, resets: Sequence[RatingChange]) -> Body[bool]:
    current = yield from season(guild_id, game_type)
    if current != number - 1:
        return False
    now = time.time()
    yield from hold_season(guild_id, game_type, current)  # the first season exists implicitly until then
    yield Execute("INSERT INTO seasons (guild_id, game_type, number, started_at) VALUES (?, ?, ?, ?)",
                  (guild_id, game_type, number, now))
    yield from apply_changes(guild_id, game_type, number, resets, now)
    # the resets were computed from every rating read before this transaction: one created since (a
    # player's first rated game) would keep the old season's value
    missed = yield Fetch("SELECT 1 FROM ratings WHERE guild_id = ? AND game_type = ? AND season < ? LIMIT 1",
                         (guild_id, game_type, number))
    if missed:
        raise StoreError("ratings_changed", "a rating was created meanwhile")
    return True


class RatingOperations:
    """The rating and season methods of the `LeagueStore` protocol on `storage.sql_store.SqlStore`."""

    _write: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]
    _read: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]

    async def get_ratings(self, guild_id: int, game_type: str, user_ids: tuple[int, ...] | None = None) -> dict[int, RatingRecord]:
        return await self._read(lambda: ratings(guild_id, game_type, user_ids))

    async def user_ratings(self, guild_id: int, user_id: int) -> dict[str, RatingRecord]:
        return await self._read(lambda: user_ratings(guild_id, user_id))

    async def rating_history(self, guild_id: int, game_type: str, *, user_id: int | None = None) -> list[HistoryRecord]:
        return await self._read(lambda: history(guild_id, game_type, user_id))

    async def current_season(self, guild_id: int, game_type: str) -> int:
        return await self._read(lambda: season(guild_id, game_type))

    async def new_season(self, guild_id: int, game_type: str, *, number: int, resets: tuple[RatingChange, ...]) -> bool:
        return await self._write(lambda: new_season(guild_id, game_type, number, resets))
