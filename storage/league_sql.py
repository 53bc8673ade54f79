"""The league operations as sans-IO bodies (storage/sql.py), written once for every backend, and the
migration step that creates their tables and the ratings' (storage/rating_sql.py). What only tournaments
use (the next games of a match, the bracket posted) is in storage/tournament_sql.py.

Every body is one transaction's worth of statements; a backend drives it as it drives the game bodies.
`game_end` runs inside the transaction of a game's last step (`commit_action`), which is what makes the
rating update and the league result happen exactly once with the game's end, even across a crash.
"""

from __future__ import annotations

import json
import time
from typing import Any, Awaitable, Callable, Sequence

from storage.base import StoreError
from storage.league_records import (
    LEAGUE_OPEN, GameEnd, LeagueGameRecord, LeagueRecord, LeagueStatus, RoundRecord, TableKey, TableStatus,
)
from storage.rating_sql import RATINGS_TABLES, apply_changes, hold_season, season
from storage.rows import dump
from storage.sql import SKIP_LOCKED, Body, Execute, ExecuteMany, Fetch


LEAGUES_MIGRATION: tuple[str, ...] = (
    *RATINGS_TABLES,
    # Leagues: members in sign-up order, rounds with their deadline and byes, and one row per table.
    """
    CREATE TABLE leagues (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        game_type TEXT NOT NULL,
        config TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
        created_by INTEGER NOT NULL,
        created_at REAL NOT NULL,
        round INTEGER NOT NULL DEFAULT 0,
        due_at REAL,
        season INTEGER NOT NULL,
        UNIQUE (guild_id, name)
    )
    """,
    "CREATE INDEX leagues_due ON leagues (due_at) WHERE due_at IS NOT NULL",
    """
    CREATE TABLE league_members (
        league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        joined_at REAL NOT NULL,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'withdrawn')),
        PRIMARY KEY (league_id, user_id)
    )
    """,
    "CREATE INDEX league_members_by_user ON league_members (user_id, league_id)",
    """
    CREATE TABLE league_rounds (
        league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        deadline REAL NOT NULL,
        byes TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        PRIMARY KEY (league_id, number)
    )
    """,
    """
    CREATE TABLE league_games (
        league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        players TEXT NOT NULL,
        game_id INTEGER UNIQUE,
        status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished', 'void')),
        ranks TEXT,
        scores TEXT,
        PRIMARY KEY (league_id, round, table_no)
    )
    """,
)

LEAGUE_CLAIMS_MIGRATION: tuple[str, ...] = (
    # Several bot processes run the league loop on one database: a pass claims the leagues it advances
    # until this moment (`claim_due_leagues`), so each league's announcements go out from one process;
    # a crashed process's claims simply expire.
    "ALTER TABLE leagues ADD COLUMN claimed_until REAL",
)

LEAGUE_COLUMNS = ("l.id, l.guild_id, l.channel_id, l.name, l.game_type, l.config, l.status, l.created_by, l.created_at,"
                  " l.round, l.due_at, l.season, m.user_id, m.status, l.seeds")


def _leagues(found: Sequence[Sequence[Any]]) -> list[LeagueRecord]:
    """Fold the leagues ⟕ members join (one row per member, in sign-up order) into records, keeping order."""
    grouped: dict[int, tuple[Sequence[Any], list[tuple[int, str]]]] = {}
    for row in found:
        entry = grouped.setdefault(row[0], (row, []))
        if row[12] is not None:
            entry[1].append((row[12], row[13]))
    records = []
    for row, members in grouped.values():
        (league_id, guild_id, channel_id, name, game_type, config, status, created_by, created_at, round_, due_at,
         season_number) = row[:12]
        records.append(LeagueRecord(
            league_id, guild_id, channel_id, name, game_type, json.loads(config), status, created_by, created_at, round_,
            due_at, season_number, tuple(user for user, state in members if state == "active"),
            tuple(user for user, state in members if state == "withdrawn"), tuple(json.loads(row[14] or "[]"))))
    return records


def leagues_where(where: str, params: Sequence[Any], limit: int = 50) -> Body[list[LeagueRecord]]:
    """Leagues matching `where` (on the leagues table), newest first, with their members: one statement,
    so a read is a consistent snapshot."""
    found = yield Fetch(
        f"SELECT {LEAGUE_COLUMNS} FROM (SELECT * FROM leagues WHERE id IN (SELECT id FROM leagues WHERE {where}"
        f" ORDER BY id DESC LIMIT ?)) AS l LEFT JOIN league_members AS m ON m.league_id = l.id"
        f" ORDER BY l.id DESC, m.joined_at, m.user_id", (*params, limit))
    return _leagues(found)


def league(league_id: int) -> Body[LeagueRecord | None]:
    found = yield from leagues_where("id = ?", (league_id,), 1)
    return found[0] if found else None


def existing_league(league_id: int) -> Body[LeagueRecord]:
    found = yield from league(league_id)
    if found is None:
        raise StoreError("league_not_found")
    return found


def create_league(guild_id: int, channel_id: int, name: str, game_type: str, config: dict[str, Any], created_by: int,
                  due_at: float | None) -> Body[LeagueRecord]:
    taken = yield Fetch("SELECT 1 FROM leagues WHERE guild_id = ? AND name = ?", (guild_id, name))
    if taken:
        raise StoreError("league_exists")
    number = yield from season(guild_id, game_type)
    found = yield Fetch(
        "INSERT INTO leagues (guild_id, channel_id, name, game_type, config, status, created_by, created_at, round, due_at,"
        " season) VALUES (?, ?, ?, ?, ?, 'signup', ?, ?, 0, ?, ?) RETURNING id",
        (guild_id, channel_id, name, game_type, dump(config), created_by, time.time(), due_at, number))
    return (yield from existing_league(found[0][0]))


def touch_league(league_id: int, status: str) -> Body[None]:
    """Rewrite the league's row, compare-and-set on its status. A change of members decides on the league
    it read, so it must also write that row (storage/README.md): at REPEATABLE READ it then conflicts with
    a concurrent `open_round`, which reads the members and writes this row; one of the two retries."""
    changed = yield Execute("UPDATE leagues SET status = status WHERE id = ? AND status = ?", (league_id, status))
    if changed != 1:
        raise StoreError("league_started")


def join_league(league_id: int, user_id: int) -> Body[LeagueRecord]:
    record = yield from existing_league(league_id)
    if record.status != "signup":
        raise StoreError("league_started")
    if user_id in record.members:
        raise StoreError("league_already_joined")
    yield from touch_league(league_id, "signup")
    yield Execute("INSERT INTO league_members (league_id, user_id, joined_at) VALUES (?, ?, ?)", (league_id, user_id, time.time()))
    return (yield from existing_league(league_id))


def leave_league(league_id: int, user_id: int, withdraw: bool) -> Body[LeagueRecord]:
    record = yield from existing_league(league_id)
    if user_id not in record.members:
        raise StoreError("league_not_joined")
    if record.status == "signup":
        yield from touch_league(league_id, "signup")
        yield Execute("DELETE FROM league_members WHERE league_id = ? AND user_id = ?", (league_id, user_id))
    elif withdraw and record.status == "running":
        yield from touch_league(league_id, "running")
        yield Execute("UPDATE league_members SET status = 'withdrawn' WHERE league_id = ? AND user_id = ?", (league_id, user_id))
    else:
        raise StoreError("league_started")
    return (yield from existing_league(league_id))


def open_round(league_id: int, number: int, deadline: float, tables: list[tuple[int, ...]], byes: tuple[int, ...],
               numbers: Sequence[int] | None = None, seeds: Sequence[int] | None = None) -> Body[bool]:
    # The pairing was planned from members read earlier: refused when it seats anyone no longer active, or
    # (the first round) leaves out anyone who joined meanwhile. Members change only together with a write
    # of the league's row (`touch_league`), which this body writes too, so the check holds at commit.
    found = yield Fetch("SELECT user_id FROM league_members WHERE league_id = ? AND status = 'active'", (league_id,))
    active = {row[0] for row in found}
    paired = {user for table in tables for user in table} | set(byes)
    if not paired <= active or (number == 1 and paired != active):
        return False
    # ... and never over a round still in play (tables only ever close, so a stale "open" only refuses)
    unfinished = yield Fetch("SELECT 1 FROM league_games WHERE league_id = ? AND round = ? AND status = 'open' LIMIT 1",
                             (league_id, number - 1))
    if unfinished:
        return False
    moved = yield Execute(
        "UPDATE leagues SET round = ?, status = 'running', due_at = 0 WHERE id = ? AND round = ? AND status IN ('signup', 'running')",
        (number, league_id, number - 1))
    if moved != 1:
        return False
    yield Execute("UPDATE league_rounds SET status = 'closed' WHERE league_id = ? AND number = ?", (league_id, number - 1))
    yield Execute("INSERT INTO league_rounds (league_id, number, deadline, byes) VALUES (?, ?, ?, ?)",
                  (league_id, number, deadline, dump(list(byes))))
    yield ExecuteMany("INSERT INTO league_games (league_id, round, table_no, players) VALUES (?, ?, ?, ?)",
                      [(league_id, number, table_no, dump(list(table)))
                       for table_no, table in zip(numbers if numbers is not None else range(len(tables)), tables)])
    if seeds is not None:
        yield Execute("UPDATE leagues SET seeds = ? WHERE id = ?", (dump(list(seeds)), league_id))
    return True


def set_table_game(key: TableKey, game_id: int) -> Body[bool]:
    changed = yield Execute("UPDATE league_games SET game_id = ? WHERE league_id = ? AND round = ? AND table_no = ?"
                            " AND game_id IS NULL", (game_id, key.league_id, key.round, key.table))
    return changed == 1


def close_table(key: TableKey, status: str, ranks: tuple[int, ...] | None, settled: bool) -> Body[bool]:
    detach = ", game_id = NULL" if settled else ""
    changed = yield Execute(
        f"UPDATE league_games SET status = ?, ranks = ?{detach} WHERE league_id = ? AND round = ? AND table_no = ?"
        " AND status = 'open'", (status, None if ranks is None else dump(list(ranks)), key.league_id, key.round, key.table))
    if changed == 1:  # as a game's end does: the league looks at once, and `wait_for_round` sees this table
        yield Execute("UPDATE leagues SET due_at = 0 WHERE id = ? AND status = 'running'", (key.league_id,))
    return changed == 1


def finish_league(league_id: int, status: str, at_round: int | None) -> Body[bool]:
    where = "" if at_round is None else " AND round = ?"
    changed = yield Execute(
        f"UPDATE leagues SET status = ?, due_at = NULL WHERE id = ? AND status IN ('signup', 'running'){where}",
        (status, league_id, *(() if at_round is None else (at_round,))))
    if changed:
        yield Execute("UPDATE league_rounds SET status = 'closed' WHERE league_id = ?", (league_id,))
    return changed == 1


def postpone_signup(league_id: int, until: float, needed: int) -> Body[bool]:
    changed = yield Execute(
        "UPDATE leagues SET due_at = ? WHERE id = ? AND status = 'signup'"
        " AND (SELECT count(*) FROM league_members WHERE league_id = ? AND status = 'active') < ?",
        (until, league_id, league_id, needed))
    return changed == 1


def wait_for_round(league_id: int, number: int, deadline: float) -> Body[bool]:
    # A game's end sets due_at = 0 in this same row (`game_end`), so a blind write here could bury that
    # signal until the deadline; both write the row, so one of them sees the other's table result.
    changed = yield Execute(
        "UPDATE leagues SET due_at = ? WHERE id = ? AND status = 'running' AND round = ?"
        " AND EXISTS (SELECT 1 FROM league_games WHERE league_id = ? AND round = ? AND status = 'open')",
        (deadline, league_id, number, league_id, number))
    return changed == 1


def rounds(league_id: int) -> Body[list[RoundRecord]]:
    found = yield Fetch("SELECT league_id, number, deadline, byes, status FROM league_rounds WHERE league_id = ? ORDER BY number",
                        (league_id,))
    return [RoundRecord(row[0], row[1], row[2], tuple(json.loads(row[3])), row[4]) for row in found]


GAME_COLUMNS = "league_id, round, table_no, players, game_id, status, ranks, scores"


def _table(row: Sequence[Any]) -> LeagueGameRecord:
    league_id, round_, table, players, game_id, status, ranks, scores = row
    return LeagueGameRecord(league_id, round_, table, tuple(json.loads(players)), game_id, status,
                            None if ranks is None else tuple(json.loads(ranks)),
                            None if scores is None else tuple(json.loads(scores)))


def tables(league_id: int) -> Body[list[LeagueGameRecord]]:
    found = yield Fetch(f"SELECT {GAME_COLUMNS} FROM league_games WHERE league_id = ? ORDER BY round, table_no", (league_id,))
    return [_table(row) for row in found]


def table_of_game(game_id: int) -> Body[LeagueGameRecord | None]:
    found = yield Fetch(f"SELECT {GAME_COLUMNS} FROM league_games WHERE game_id = ?", (game_id,))
    return _table(found[0]) if found else None


def game_end(game_id: int, end: GameEnd, now: float) -> Body[None]:
    """Inside the last step's transaction: the ratings and the league table's result."""
    if end.ratings:
        yield from hold_season(end.guild_id, end.game_type, end.season)
        yield from apply_changes(end.guild_id, end.game_type, end.season, end.ratings, now)
    if end.table is not None:
        yield Execute(
            "UPDATE league_games SET status = 'finished', ranks = ?, scores = ?"
            " WHERE league_id = ? AND round = ? AND table_no = ? AND game_id = ? AND status = 'open'",
            (None if end.ranks is None else dump(list(end.ranks)), None if end.scores is None else dump(list(end.scores)),
             end.table.league_id, end.table.round, end.table.table, game_id))
        # the league's next pass looks at once: the round may be complete (it then restores the deadline)
        yield Execute("UPDATE leagues SET due_at = 0 WHERE id = ? AND status = 'running'", (end.table.league_id,))


def due_leagues(now: float, limit: int) -> Body[list[LeagueRecord]]:
    return (yield from leagues_where("due_at IS NOT NULL AND due_at <= ? AND status IN ('signup', 'running')", (now,), limit))


CHOOSE_DUE_LEAGUES = ("SELECT id FROM leagues WHERE due_at IS NOT NULL AND due_at <= ? AND status IN ('signup', 'running')"
                      " AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY due_at, id LIMIT ?")
"""The due leagues nobody holds (parameters: now, now, limit), through the `leagues_due` index."""


def any_league_to_claim(now: float) -> Body[bool]:
    return bool((yield Fetch(CHOOSE_DUE_LEAGUES, (now, now, 1))))


def claim_due_leagues(now: float, until: float, limit: int, owner: str) -> Body[list[LeagueRecord]]:
    claimed = yield Fetch(f"UPDATE leagues SET claimed_until = ?, claimed_by = ? WHERE id IN ({CHOOSE_DUE_LEAGUES} {SKIP_LOCKED})"
                          " RETURNING id", (until, owner, now, now, limit))
    if not claimed:
        return []
    ids = [row[0] for row in claimed]
    found = yield from leagues_where(f"id IN ({', '.join('?' * len(ids))})", ids, len(ids))
    return sorted(found, key=lambda record: (record.due_at or 0.0, record.id))


def renew_leagues(league_ids: Sequence[int], until: float, owner: str) -> Body[int]:
    return (yield Execute(f"UPDATE leagues SET claimed_until = ? WHERE id IN ({', '.join('?' * len(league_ids))})"
                          " AND claimed_by = ?", (until, *league_ids, owner)))


def release_leagues(league_ids: Sequence[int], owner: str) -> Body[None]:
    yield Execute(f"UPDATE leagues SET claimed_until = NULL, claimed_by = NULL WHERE id IN ({', '.join('?' * len(league_ids))})"
                  " AND claimed_by = ?", (*league_ids, owner))


def end_foreign_league_claims(owner: str) -> Body[int]:
    """Part of `SqlStore.end_foreign_claims`: the leagues an earlier life of the bot still held."""
    return (yield Execute("UPDATE leagues SET claimed_until = NULL, claimed_by = NULL"
                          " WHERE claimed_until IS NOT NULL AND (claimed_by IS NULL OR claimed_by <> ?)", (owner,)))


def list_leagues(guild_id: int, statuses: tuple[str, ...], user_id: int | None, game_type: str | None) -> Body[list[LeagueRecord]]:
    where = f"guild_id = ? AND status IN ({', '.join('?' * len(statuses))})"
    params: list[Any] = [guild_id, *statuses]
    if user_id is not None:
        where += " AND id IN (SELECT league_id FROM league_members WHERE user_id = ?)"
        params.append(user_id)
    if game_type is not None:
        where += " AND game_type = ?"
        params.append(game_type)
    return (yield from leagues_where(where, params))


class LeagueOperations:
    """The league methods of the `LeagueStore` protocol on `storage.sql_store.SqlStore`, over its `_write`
    and `_read` (the rating and season methods are `storage.rating_sql.RatingOperations`)."""

    _write: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]
    _read: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]
    owner: str

    async def create_league(self, *, guild_id: int, channel_id: int, name: str, game_type: str, config: dict[str, Any],
                            created_by: int, due_at: float | None) -> LeagueRecord:
        return await self._write(lambda: create_league(guild_id, channel_id, name, game_type, config, created_by, due_at))

    async def get_league(self, league_id: int) -> LeagueRecord | None:
        return await self._read(lambda: league(league_id))

    async def list_leagues(self, guild_id: int, *, statuses: tuple[str, ...] = LEAGUE_OPEN, user_id: int | None = None,
                           game_type: str | None = None) -> list[LeagueRecord]:
        if not statuses:
            return []
        return await self._read(lambda: list_leagues(guild_id, statuses, user_id, game_type))

    async def join_league(self, league_id: int, user_id: int) -> LeagueRecord:
        return await self._write(lambda: join_league(league_id, user_id))

    async def leave_league(self, league_id: int, user_id: int, *, withdraw: bool = False) -> LeagueRecord:
        return await self._write(lambda: leave_league(league_id, user_id, withdraw))

    async def open_round(self, league_id: int, *, number: int, deadline: float, tables: list[tuple[int, ...]],
                         byes: tuple[int, ...], numbers: Sequence[int] | None = None,
                         seeds: Sequence[int] | None = None) -> bool:
        return await self._write(lambda: open_round(league_id, number, deadline, tables, byes, numbers, seeds))

    async def set_table_game(self, key: TableKey, game_id: int) -> bool:
        return await self._write(lambda: set_table_game(key, game_id))

    async def close_table(self, key: TableKey, *, status: TableStatus, ranks: tuple[int, ...] | None = None,
                          settled: bool = False) -> bool:
        return await self._write(lambda: close_table(key, status, ranks, settled))

    async def finish_league(self, league_id: int, *, status: LeagueStatus = "finished", at_round: int | None = None) -> bool:
        return await self._write(lambda: finish_league(league_id, status, at_round))

    async def postpone_signup(self, league_id: int, *, until: float, needed: int) -> bool:
        return await self._write(lambda: postpone_signup(league_id, until, needed))

    async def wait_for_round(self, league_id: int, *, number: int, deadline: float) -> bool:
        return await self._write(lambda: wait_for_round(league_id, number, deadline))

    async def league_rounds(self, league_id: int) -> list[RoundRecord]:
        return await self._read(lambda: rounds(league_id))

    async def league_games(self, league_id: int) -> list[LeagueGameRecord]:
        return await self._read(lambda: tables(league_id))

    async def table_of_game(self, game_id: int) -> LeagueGameRecord | None:
        return await self._read(lambda: table_of_game(game_id))

    async def due_leagues(self, now: float, *, limit: int = 50) -> list[LeagueRecord]:
        return await self._read(lambda: due_leagues(now, limit))

    async def claim_due_leagues(self, now: float, *, until: float, limit: int = 50) -> list[LeagueRecord]:
        # a read first, so an idle pass (the usual one) takes no write lock (as SqlStore._any_to_claim)
        if not await self._read(lambda: any_league_to_claim(now)):
            return []
        return await self._write(lambda: claim_due_leagues(now, until, limit, self.owner))

    async def renew_leagues(self, league_ids: Sequence[int], *, until: float) -> int:
        return await self._write(lambda: renew_leagues(league_ids, until, self.owner)) if league_ids else 0

    async def release_leagues(self, league_ids: Sequence[int]) -> None:
        if league_ids:
            await self._write(lambda: release_leagues(league_ids, self.owner))
