"""The statements store operations compose into their transactions: rows in, records out.

Each helper is a sans-IO body (storage/sql.py): `game = yield from rows.game_by_id(game_id)` inside an
operation's body, so the operation decides what is atomic and these decide only what is read or written.
The WHERE builders shape every lookup so an index answers it (SQLite answers an OR across two columns, or
an ORDER BY on an expression, by walking the whole table; tests/storage/test_query_plans.py checks).
"""

from __future__ import annotations

import json
import time
from typing import Any, Iterable, Sequence

from storage.base import GameRecord, LobbyError, OutboxRecord, UserRecord
from storage.sql import Body, Execute, Fetch


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
SEAT_ORDER = "s.seat, s.joined_at, s.user_id"
"""Players in seat order once started, in join order in a lobby (user id only breaks an exact tie)."""


def game_records(rows: Iterable[Sequence[Any]]) -> list[GameRecord]:
    """Fold the games ⟕ seats join (one row per player, in seat/join order) into records, keeping order."""
    games: dict[int, tuple[Sequence[Any], list[int]]] = {}
    for row in rows:
        entry = games.get(row[0])
        if entry is None:
            entry = games[row[0]] = (row, [])
        if row[-1] is not None:
            entry[1].append(row[-1])
    return [_game_record(row, players) for row, players in games.values()]


def _game_record(row: Sequence[Any], players: list[int]) -> GameRecord:
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


def select_games(where: str, params: Sequence[Any], *, order: str = "id DESC", limit: int | None = None) -> Body[list[GameRecord]]:
    """Games matching `where` with their players, in ONE statement so the result is a consistent snapshot.

    The ids are chosen first (`SELECT id`, mostly from indexes alone), so only the games returned are read
    whole and parsed. `order` may only name games columns that seats lacks, so it is valid both for
    choosing the ids and for the outer join.
    """
    limited = "" if limit is None else " LIMIT ?"
    found = yield Fetch(
        f"""
        SELECT {SELECTED}
        FROM (SELECT * FROM games WHERE id IN (SELECT id FROM games WHERE {where} ORDER BY {order}{limited})) AS g
        LEFT JOIN seats AS s ON s.game_id = g.id
        ORDER BY {order}, {SEAT_ORDER}
        """,
        (*params, limit) if limit is not None else tuple(params),
    )
    return game_records(found)


def marks(count: int) -> str:
    """`?, ?, …` for an IN list of `count` values."""
    return ", ".join("?" * count)


def listing(
    statuses: Sequence[str], *, guild_id: int | None = None, place: int | None = None, user_id: int | None = None
) -> tuple[str, list[Any]]:
    """The WHERE (and its parameters) of a listing of games in `statuses`, filtered by server, by a place
    (a game's channel or its thread) and by a player.

    The place is two index searches joined by UNION ALL rather than `channel_id = ? OR thread_id = ?`; the
    player's games come from the seats index, which carries each game's status.
    """
    among = marks(len(statuses))
    conditions = [f"status IN ({among})"]
    params: list[Any] = list(statuses)
    if guild_id is not None:
        conditions.append("guild_id = ?")
        params.append(guild_id)
    if place is not None:
        conditions.append(f"id IN (SELECT id FROM games WHERE channel_id = ? AND status IN ({among})"
                          f" UNION ALL SELECT id FROM games WHERE thread_id = ? AND status IN ({among}))")
        params += [place, *statuses, place, *statuses]
    if user_id is not None:
        conditions.append(f"id IN (SELECT game_id FROM seats WHERE user_id = ? AND status IN ({among}))")
        params += [user_id, *statuses]
    return " AND ".join(conditions), params


def newest_in_place(place: int) -> tuple[str, list[Any]]:
    """The WHERE of the active game whose thread or channel is `place`, else the newest finished one.

    Each (place column, status) pair is one probe of an index ending in id, read backwards for max(id).
    """
    def newest(status: str) -> str:
        return (f"(SELECT max(id) FROM (SELECT max(id) AS id FROM games WHERE thread_id = ? AND status = '{status}'"
                f" UNION ALL SELECT max(id) FROM games WHERE channel_id = ? AND status = '{status}') AS found)")

    return f"id = coalesce({newest('active')}, {newest('finished')})", [place] * 4


def game_by_id(game_id: int) -> Body[GameRecord | None]:
    games = game_records((yield Fetch(
        f"SELECT {SELECTED} FROM games AS g LEFT JOIN seats AS s ON s.game_id = g.id WHERE g.id = ? ORDER BY {SEAT_ORDER}",
        (game_id,))))
    return games[0] if games else None


def existing_game(game_id: int) -> Body[GameRecord]:
    found = yield from game_by_id(game_id)
    if found is None:
        raise LobbyError("not_found")
    return found


def lobby(game_id: int) -> Body[GameRecord]:
    game = yield from existing_game(game_id)
    if game.status != "lobby":
        raise LobbyError("not_lobby")
    return game


USER_COLUMNS = "user_id, locale, dms_closed, prefs, due_at"
"""What `user_record` reads, in its order."""


def user(user_id: int) -> Body[UserRecord]:
    found = yield Fetch(f"SELECT {USER_COLUMNS} FROM users WHERE user_id = ?", (user_id,))
    return user_record(found[0]) if found else UserRecord(user_id)


def user_record(row: Sequence[Any]) -> UserRecord:
    user_id, locale, dms_closed, prefs, due_at = row
    return UserRecord(user_id, locale, bool(dms_closed), json.loads(prefs), due_at)


def guild_settings(guild_id: int) -> Body[dict[str, Any]]:
    found = yield Fetch("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
    return json.loads(found[0][0]) if found else {}


def add_outbox(game_id: int, version: int, payload: dict[str, Any]) -> Body[None]:
    yield Execute("INSERT INTO outbox (game_id, version, payload, created_at) VALUES (?, ?, ?, ?)",
                  (game_id, version, dump(payload), time.time()))


def outbox_records(found: Sequence[Sequence[Any]]) -> list[OutboxRecord]:
    """Outbox rows read as (game_id, version, stage, payload, created_at)."""
    return [OutboxRecord(game_id, version, stage, json.loads(payload), created_at)
            for game_id, version, stage, payload, created_at in found]
