"""The single statements the SQLite store composes into its transactions: rows in, records out.

Each takes the connection it must run on (the writer inside a transaction, or the query-only reader), so
the store decides what is atomic and these decide only what is read or written.
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any, Iterable, Sequence

import aiosqlite

from storage.base import GameRecord, LobbyError, UserRecord


def dump(value: Any) -> str:
    """Compact JSON that keeps Japanese readable in the file and refuses NaN (not valid JSON)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def game_records(rows: Iterable[sqlite3.Row]) -> list[GameRecord]:
    """Fold the games ⟕ seats join (one row per player, in seat/join order) into records, keeping order."""
    games: dict[int, tuple[sqlite3.Row, list[int]]] = {}
    for row in rows:
        entry = games.setdefault(row["id"], (row, []))
        if row["player"] is not None:
            entry[1].append(row["player"])
    return [
        GameRecord(
            id=row["id"],
            game_type=row["game_type"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            thread_id=row["thread_id"],
            host_id=row["host_id"],
            status=row["status"],
            options=json.loads(row["options"]),
            capacity=row["capacity"],
            seed=None if row["seed"] is None else int(row["seed"]),
            state=None if row["state"] is None else json.loads(row["state"]),
            version=row["version"],
            lobby_message_id=row["lobby_message_id"],
            board_message_id=row["board_message_id"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            finished_at=row["finished_at"],
            players=tuple(players),
            board_log=row["board_log"],
            timing=None if row["timing"] is None else json.loads(row["timing"]),
            due_at=row["due_at"],
        )
        for row, players in games.values()
    ]


async def select_games(
    db: aiosqlite.Connection, where: str, params: Sequence[Any], *, order: str = "id DESC", limit: int = -1
) -> list[GameRecord]:
    """Games matching `where` with their players, in ONE statement so the result is a consistent snapshot.

    `order` may only name games columns (none of them clash with seats columns), so it is valid both
    inside the limited subquery and for the outer join.
    """
    sql = f"""
        SELECT g.*, s.user_id AS player
        FROM (SELECT * FROM games WHERE {where} ORDER BY {order} LIMIT ?) AS g
        LEFT JOIN seats AS s ON s.game_id = g.id
        ORDER BY {order}, s.seat, s.joined_at, s.rowid
    """
    return game_records(await db.execute_fetchall(sql, (*params, limit)))


async def game_by_id(db: aiosqlite.Connection, game_id: int) -> GameRecord | None:
    games = await select_games(db, "id = ?", (game_id,))
    return games[0] if games else None


async def existing_game(db: aiosqlite.Connection, game_id: int) -> GameRecord:
    found = await game_by_id(db, game_id)
    if found is None:
        raise LobbyError("not_found")
    return found


async def lobby(db: aiosqlite.Connection, game_id: int) -> GameRecord:
    game = await existing_game(db, game_id)
    if game.status != "lobby":
        raise LobbyError("not_lobby")
    return game


async def user(db: aiosqlite.Connection, user_id: int) -> UserRecord:
    rows = list(await db.execute_fetchall("SELECT * FROM users WHERE user_id = ?", (user_id,)))
    if not rows:
        return UserRecord(user_id)
    row = rows[0]
    return user_record(row)


def user_record(row: sqlite3.Row) -> UserRecord:
    return UserRecord(row["user_id"], row["locale"], bool(row["dms_closed"]), json.loads(row["prefs"]), row["due_at"])


async def guild_settings(db: aiosqlite.Connection, guild_id: int) -> dict[str, Any]:
    rows = list(await db.execute_fetchall("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)))
    return json.loads(rows[0]["settings"]) if rows else {}


async def add_outbox(db: aiosqlite.Connection, game_id: int, version: int, payload: dict[str, Any]) -> None:
    await db.execute("INSERT INTO outbox (game_id, version, payload, created_at) VALUES (?, ?, ?, ?)",
                     (game_id, version, dump(payload), time.time()))
