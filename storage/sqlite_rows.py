"""The statements the SQLite store composes into its transactions: rows in, records out.

Each takes the connection it must run on (the writer inside a transaction, or the query-only reader) and
runs synchronously in that connection's thread, so the store decides what is atomic and these decide only
what is read or written. The WHERE builders shape every lookup so an index answers it (SQLite answers an
OR across two columns, or an ORDER BY on an expression, by walking the whole table).
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any, Iterable, Sequence

from storage.base import GameRecord, LobbyError, UserRecord


def dump(value: Any) -> str:
    """Compact JSON that keeps Japanese readable in the file and refuses NaN (not valid JSON)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


GAME_COLUMNS = (
    "id", "game_type", "guild_id", "channel_id", "thread_id", "host_id", "status", "options", "capacity", "seed", "state",
    "version", "lobby_message_id", "board_message_id", "created_at", "updated_at", "finished_at", "board_log", "timing",
    "due_at",
)
"""Selected by position (`g.id, g.game_type, …, player`): plain tuples unpack several times faster than
sqlite3.Row's lookups by name, which showed up in listings of 50 games."""
SELECTED = ", ".join(f"g.{column}" for column in GAME_COLUMNS) + ", s.user_id"


def game_records(rows: Iterable[tuple[Any, ...]]) -> list[GameRecord]:
    """Fold the games ⟕ seats join (one row per player, in seat/join order) into records, keeping order."""
    games: dict[int, tuple[tuple[Any, ...], list[int]]] = {}
    for row in rows:
        entry = games.get(row[0])
        if entry is None:
            entry = games[row[0]] = (row, [])
        if row[-1] is not None:
            entry[1].append(row[-1])
    return [_game_record(row, players) for row, players in games.values()]


def _game_record(row: tuple[Any, ...], players: list[int]) -> GameRecord:
    (game_id, game_type, guild_id, channel_id, thread_id, host_id, status, options, capacity, seed, state, version,
     lobby_message_id, board_message_id, created_at, updated_at, finished_at, board_log, timing, due_at, _) = row
    return GameRecord(
        id=game_id,
        game_type=game_type,
        guild_id=guild_id,
        channel_id=channel_id,
        thread_id=thread_id,
        host_id=host_id,
        status=status,
        options=json.loads(options),
        capacity=capacity,
        seed=None if seed is None else int(seed),
        state=None if state is None else json.loads(state),
        version=version,
        lobby_message_id=lobby_message_id,
        board_message_id=board_message_id,
        created_at=created_at,
        updated_at=updated_at,
        finished_at=finished_at,
        players=tuple(players),
        board_log=board_log,
        timing=None if timing is None else json.loads(timing),
        due_at=due_at,
    )


def select_games(
    db: sqlite3.Connection, where: str, params: Sequence[Any], *, order: str = "id DESC", limit: int = -1
) -> list[GameRecord]:
    """Games matching `where` with their players, in ONE statement so the result is a consistent snapshot.

    The ids are chosen first (`SELECT id`, mostly from indexes alone), so only the games returned are read
    whole and parsed. `order` may only name games columns that seats lacks, so it is valid both for
    choosing the ids and for the outer join.
    """
    sql = f"""
        SELECT {SELECTED}
        FROM (SELECT * FROM games WHERE id IN (SELECT id FROM games WHERE {where} ORDER BY {order} LIMIT ?)) AS g
        LEFT JOIN seats AS s ON s.game_id = g.id
        ORDER BY {order}, s.seat, s.joined_at, s.rowid
    """
    return game_records(db.execute(sql, (*params, limit)))


def listing(
    statuses: Sequence[str], *, guild_id: int | None = None, place: int | None = None, user_id: int | None = None
) -> tuple[str, list[Any]]:
    """The WHERE (and its parameters) of a listing of games in `statuses`, filtered by server, by a place
    (a game's channel or its thread) and by a player.

    The place is two index searches joined by UNION ALL rather than `channel_id = ? OR thread_id = ?`; the
    player's games come from the seats index, which carries each game's status.
    """
    marks = ", ".join("?" * len(statuses))
    conditions = [f"status IN ({marks})"]
    params: list[Any] = list(statuses)
    if guild_id is not None:
        conditions.append("guild_id = ?")
        params.append(guild_id)
    if place is not None:
        conditions.append(f"id IN (SELECT id FROM games WHERE channel_id = ? AND status IN ({marks})"
                          f" UNION ALL SELECT id FROM games WHERE thread_id = ? AND status IN ({marks}))")
        params += [place, *statuses, place, *statuses]
    if user_id is not None:
        conditions.append(f"id IN (SELECT game_id FROM seats WHERE user_id = ? AND status IN ({marks}))")
        params += [user_id, *statuses]
    return " AND ".join(conditions), params


def newest_in_place(place: int) -> tuple[str, list[Any]]:
    """The WHERE of the active game whose thread or channel is `place`, else the newest finished one.

    Each (place column, status) pair is one probe of an index ending in id, read backwards for max(id).
    """
    def newest(status: str) -> str:
        return (f"(SELECT max(id) FROM (SELECT max(id) AS id FROM games WHERE thread_id = ? AND status = '{status}'"
                f" UNION ALL SELECT max(id) FROM games WHERE channel_id = ? AND status = '{status}'))")

    return f"id = coalesce({newest('active')}, {newest('finished')})", [place] * 4


def game_by_id(db: sqlite3.Connection, game_id: int) -> GameRecord | None:
    games = game_records(db.execute(
        f"SELECT {SELECTED} FROM games AS g LEFT JOIN seats AS s ON s.game_id = g.id WHERE g.id = ?"
        " ORDER BY s.seat, s.joined_at, s.rowid", (game_id,)))
    return games[0] if games else None


def existing_game(db: sqlite3.Connection, game_id: int) -> GameRecord:
    found = game_by_id(db, game_id)
    if found is None:
        raise LobbyError("not_found")
    return found


def lobby(db: sqlite3.Connection, game_id: int) -> GameRecord:
    game = existing_game(db, game_id)
    if game.status != "lobby":
        raise LobbyError("not_lobby")
    return game


USER_COLUMNS = "user_id, locale, dms_closed, prefs, due_at"
"""What `user_record` reads, in its order."""


def user(db: sqlite3.Connection, user_id: int) -> UserRecord:
    row = db.execute(f"SELECT {USER_COLUMNS} FROM users WHERE user_id = ?", (user_id,)).fetchone()
    return UserRecord(user_id) if row is None else user_record(row)


def user_record(row: tuple[Any, ...]) -> UserRecord:
    user_id, locale, dms_closed, prefs, due_at = row
    return UserRecord(user_id, locale, bool(dms_closed), json.loads(prefs), due_at)


def guild_settings(db: sqlite3.Connection, guild_id: int) -> dict[str, Any]:
    row = db.execute("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)).fetchone()
    return {} if row is None else json.loads(row[0])


def add_outbox(db: sqlite3.Connection, game_id: int, version: int, payload: dict[str, Any]) -> None:
    db.execute("INSERT INTO outbox (game_id, version, payload, created_at) VALUES (?, ?, ?, ?)",
                     (game_id, version, dump(payload), time.time()))
