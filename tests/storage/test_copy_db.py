"""`bot.py copy-db`: a live SQLite database moves into PostgreSQL with nothing lost, and ids continue."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import asyncpg

from storage.base import GameRecord
from storage.copy import copy_database, sqlite_path
from storage.postgres import PostgresStore
from storage.sql_store import SqlStore
from storage.sqlite import SqliteStore

GUILD, CHANNEL = 5, 50


async def populate(store: SqlStore) -> list[int]:
    """Every kind of row: lobbies, active and finished games with actions, outbox, clocks, users, settings."""
    ids = []
    for n in range(6):
        game = await store.create_game(game_type="t", guild_id=GUILD if n % 2 else None, channel_id=CHANNEL + n,
                                       host_id=1, options={"名前": n, "nested": [1.5, None, {"x": "y"}]}, capacity=3)
        ids.append(game.id)
        if n == 0:
            continue  # stays a lobby
        await store.add_player(game.id, 2)
        await store.add_player(game.id, 3)
        await store.start_game(game.id, players=[3, 1, 2], seed=2**70 + n, state={"v": 0}, version=0,
                               outbox={"start": True}, timing={"clock": n}, due_at=100.0 * n)
        await store.set_messages(game.id, thread_id=900 + n, board_message_id=800 + n, board_log="a\nb")
        for version in range(1, n + 1):
            assert await store.commit_action(game.id, expected_version=version - 1, seat=version % 3, action=f"騎兵 {version}",
                                             state={"v": version}, version=version,
                                             status="finished" if (n == 5 and version == n) else "active",
                                             outbox={"v": version}, timing={"clock": version}, due_at=1e9 + version)
    await store.outbox_advance(ids[1], upto_version=1, stage="notices")
    await store.cancel_game(ids[2])
    await store.update_user(1, locale="ja", dms_closed=True, prefs={"tz": "Asia/Tokyo", "quiet": [22, 7]})
    await store.set_user_due(2, 12345.5)
    await store.update_guild_settings(GUILD, {"locale": "ja", "reminders": [50, 90]})
    return ids


async def snapshot(store: SqlStore, ids: list[int]) -> tuple[object, ...]:
    return (
        [await store.get_game(game_id) for game_id in ids],
        [await store.actions(game_id) for game_id in ids],
        await store.pending_outbox(before=time.time() + 10, limit=1000),
        [await store.get_user(user) for user in (1, 2, 3, 4)],
        await store.get_guild_settings(GUILD),
        await store.due_games(2e9), await store.due_users(2e9),
        await store.list_games(guild_id=GUILD, statuses=("lobby", "active", "finished", "cancelled")),
        await store.user_games(2, statuses=("active", "finished", "cancelled")),
        await store.game_for_thread(903),
    )


async def test_copy_keeps_every_row_and_ids_continue(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "live.db"
    source = SqliteStore(path)
    await source.open()
    try:
        ids = await populate(source)
        # the newest game was deleted: SQLite's AUTOINCREMENT never reuses its id, nor may PostgreSQL
        extra = await source.create_game(game_type="t", guild_id=None, channel_id=1, host_id=1, options={}, capacity=1)
        raw = sqlite3.connect(path)
        with raw:
            raw.execute("PRAGMA foreign_keys = ON")
            raw.execute("DELETE FROM games WHERE id = ?", (extra.id,))
        raw.close()
        before = await snapshot(source, ids)
        copied = await copy_database(f"sqlite:{path}", postgres_url, say=lambda line: None)  # the bot still holds it open
        assert copied["games"] == len(ids) and copied["actions"] == sum(range(1, 6))
    finally:
        await source.close()

    target = PostgresStore(postgres_url)
    await target.open()
    try:
        assert await snapshot(target, ids) == before
        fresh: GameRecord = await target.create_game(game_type="t", guild_id=None, channel_id=1, host_id=1, options={},
                                                     capacity=1)
        assert fresh.id == extra.id + 1, "ids continue after the highest ever given, deleted ones included"
        game = await target.get_game(ids[3])
        assert game is not None and await target.commit_action(
            game.id, expected_version=game.version, seat=0, action="next", state={}, version=game.version + 1, status="active")
        assert [entry.seq for entry in await target.actions(game.id)] == list(range(1, game.version + 2))
    finally:
        await target.close()


async def test_copy_refuses_a_database_that_is_not_empty(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "a.db"
    source = SqliteStore(path)
    await source.open()
    await populate(source)
    await source.close()
    await copy_database(str(path), postgres_url, say=lambda line: None)
    try:
        await copy_database(f"sqlite:///{path}", postgres_url, say=lambda line: None)
    except Exception as error:  # noqa: BLE001 - the type and message are what is checked
        assert "not empty" in str(error)
    else:
        raise AssertionError("a second copy into the same database must be refused")
    db = await asyncpg.connect(postgres_url)
    try:
        assert await db.fetchval("SELECT count(*) FROM games") == 6, "the refused copy changed nothing"
    finally:
        await db.close()


def test_source_locations() -> None:
    assert sqlite_path("sqlite:var/bot.db") == Path("var/bot.db")
    assert sqlite_path("sqlite:////srv/bot.db") == Path("/srv/bot.db")
    assert sqlite_path("/srv/bot.db") == Path("/srv/bot.db")
