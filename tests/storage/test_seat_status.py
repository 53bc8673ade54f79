"""The games' status copied onto their seats (migration step 5), which lets the seats index answer "a user's
open games" without walking their finished ones: triggers keep the copy exact through every change, and
upgrading a database that already holds games fills it in."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import AsyncIterator

import pytest

from storage.migrations import MIGRATIONS, migrate
from storage.sqlite import SqliteStore

HOST, GUEST = 1, 2


def mismatches(path: Path) -> list[tuple[int, int, str | None, str]]:
    with sqlite3.connect(path) as db:
        found = db.execute("SELECT s.game_id, s.user_id, s.status, g.status FROM seats AS s JOIN games AS g ON g.id = s.game_id"
                           " WHERE s.status IS NOT g.status").fetchall()
    db.close()
    return found


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "bot.db")
    await opened.open()
    yield opened
    await opened.close()


async def test_seats_follow_every_status_change(store: SqliteStore) -> None:
    games = []
    for ending in ("finished", "cancelled", "forfeit"):
        game = await store.create_game(game_type="t", guild_id=1, channel_id=2, host_id=HOST, options={}, capacity=2)
        await store.add_player(game.id, GUEST)
        assert mismatches(store.path) == []
        await store.start_game(game.id, players=[GUEST, HOST], seed=0, state={}, version=0)
        assert mismatches(store.path) == []
        if ending == "finished":
            assert await store.commit_action(game.id, expected_version=0, seat=0, action="a", state={}, version=1, status="finished")
        elif ending == "cancelled":
            assert await store.cancel_game(game.id)
        else:
            assert await store.commit_action(game.id, expected_version=0, seat=0, action="a", state={}, version=1, status="active")
        games.append(game.id)
    lobby = await store.create_game(game_type="t", guild_id=1, channel_id=2, host_id=HOST, options={}, capacity=3)
    await store.add_player(lobby.id, GUEST)
    await store.remove_player(lobby.id, GUEST)
    assert await store.cancel_game(lobby.id, lobby_only=True)
    assert mismatches(store.path) == []
    assert [g.id for g in await store.user_games(GUEST, statuses=("active",))] == [games[2]]
    assert [g.id for g in await store.user_games(GUEST, statuses=("finished", "cancelled"))] == games[1::-1]
    assert [g.id for g in await store.user_games(HOST, statuses=("cancelled",))] == [lobby.id, games[1]]


async def test_upgrading_a_database_with_games_copies_their_status(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path, isolation_level=None)
    migrate(db, MIGRATIONS[:4])
    for game_id, status in enumerate(("lobby", "active", "finished", "cancelled"), start=1):
        db.execute("INSERT INTO games (id, game_type, channel_id, host_id, status, options, capacity, created_at, updated_at)"
                   " VALUES (?, 't', 2, ?, ?, '{}', 2, 0, 0)", (game_id, HOST, status))
        db.execute("INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (?, 0, ?, 0), (?, 1, ?, 0)",
                   (game_id, HOST, game_id, GUEST))
    db.close()
    store = SqliteStore(path)
    await store.open()
    try:
        assert mismatches(path) == []
        assert [g.id for g in await store.user_games(GUEST, statuses=("lobby", "active"))] == [2, 1]
        assert [g.id for g in await store.list_games(user_id=HOST, statuses=("finished", "cancelled"))] == [4, 3]
    finally:
        await store.close()
