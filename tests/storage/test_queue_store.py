"""The ranked queue's storage (storage/queue_sql.py), on SQLite and PostgreSQL: one waiting entry per player
and server, claims that two stores never share, and every way out of `waiting` taken once.
Also the migration step itself, upgrading a database of the previous schema on both backends."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any, Callable

import asyncpg
import pytest

from storage.base import Store, StoreError
from storage.migrations import MIGRATIONS, migrate, migrate_postgres
from storage.queue_sql import QUEUE_MIGRATION
from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore

GUILD, CHANNEL = 7, 70
StoreFactory = Callable[[], Store]
BEFORE_QUEUE = MIGRATIONS[:MIGRATIONS.index(QUEUE_MIGRATION)]
"""The schema of a database from before the queue's step."""


async def join(store: Store, user: int, *, at: float = 100.0, game: str = "warchest", players: int = 2, rating: int = 1000,
               guild: int = GUILD, **extra: Any) -> Any:
    return await store.queue_join(guild_id=guild, user_id=user, game_type=game, players=players, time_control="",
                                  rating=rating, channel_id=CHANNEL, now=at, expires_at=at + 86400, ai_at=None, **extra)


async def test_one_waiting_entry_per_player_and_server(store: Store) -> None:
    first = await join(store, 1)
    assert (first.status, first.game_type, first.rating, first.game_id) == ("waiting", "warchest", 1000, None)
    with pytest.raises(StoreError) as caught:
        await join(store, 1, game="wallofwar", players=3)
    assert caught.value.code == "queue_already"
    other_server = await join(store, 1, guild=GUILD + 1)
    assert other_server.guild_id == GUILD + 1
    assert (await store.queue_entry(GUILD, 1)) == first
    left = await store.queue_leave(GUILD, 1)
    assert left is not None and left.status == "left"
    assert await store.queue_leave(GUILD, 1) is None, "leaving twice changes nothing"
    again = await join(store, 1, game="wallofwar", players=3)
    assert again.id != first.id and (await store.queue_entry(GUILD, 1)) == again


async def test_counts_per_queue(store: Store) -> None:
    for user in (1, 2, 3):
        await join(store, user)
    await join(store, 4, game="wallofwar", players=3)
    await store.queue_leave(GUILD, 3)
    assert [(c.game_type, c.players, c.waiting) for c in await store.queue_counts(GUILD)] == [("wallofwar", 3, 1), ("warchest", 2, 2)]


async def test_two_stores_claim_different_entries_and_match_once(new_store: StoreFactory) -> None:
    first, second = new_store(), new_store()
    await first.open()
    await second.open()
    try:
        for user in range(1, 7):
            await join(first, user, at=100.0 + user)
        now = 200.0
        taken = await asyncio.gather(first.claim_queue(now, until=now + 30, limit=4), second.claim_queue(now, until=now + 30, limit=4))
        ids = [entry.id for claimed in taken for entry in claimed]
        assert len(ids) == 6 == len(set(ids)), "every entry claimed, none by both"
        assert await first.claim_queue(now, until=now + 30) == [] and await second.claim_queue(now, until=now + 30) == []
        a, b = taken[0][:2]
        assert await first.queue_match([a.id, b.id], game_id=11)
        assert not await second.queue_match([a.id, b.id], game_id=12), "matched once"
        c = taken[0][2] if len(taken[0]) > 2 else taken[1][0]
        assert not await second.queue_match([a.id, c.id], game_id=13), "all of a table or none"
        assert (await first.queue_entry(GUILD, c.user_id)).status == "waiting"  # type: ignore[union-attr]
        assert (await first.queue_entry(GUILD, a.user_id)).game_id == 11  # type: ignore[union-attr]
        await first.release_queue([entry.id for entry in taken[0]])
        await second.release_queue([entry.id for entry in taken[1]])
        later = await second.claim_queue(now, until=now + 30)
        assert sorted(entry.user_id for entry in later) == sorted(set(range(1, 7)) - {a.user_id, b.user_id})
        assert await first.queue_expire([later[0].id, a.id]) == [later[0].id]
        assert await second.queue_expire([later[0].id]) == [], "expired once"
        assert await first.queue_leave(GUILD, later[0].user_id) is None
    finally:
        await first.close()
        await second.close()


async def test_the_claim_at_join_takes_one_queue_only(new_store: StoreFactory) -> None:
    """`/queue join` claims the waiting entries of its own queue (server, game, size, time control); a pass
    claims the rest meanwhile, and neither takes the other's."""
    first, second = new_store(), new_store()
    await first.open()
    await second.open()
    try:
        mine = [await join(first, user, at=100.0 + user) for user in (1, 2)]
        others = [await join(first, 3), await join(first, 4, game="wallofwar", players=3), await join(first, 5, guild=GUILD + 1),
                  await first.queue_join(guild_id=GUILD, user_id=6, game_type="warchest", players=2, time_control="move:3600",
                                         rating=1000, channel_id=CHANNEL, now=100.0, expires_at=1e9, ai_at=None)]
        at_join, by_pass = await asyncio.gather(first.claim_queue(200.0, until=230.0, queue=mine[1].queue),
                                                second.claim_queue(200.0, until=230.0))
        claimed = {entry.id for entry in (*at_join, *by_pass)}
        assert claimed == {entry.id for entry in (*mine, *others)} and len(at_join) + len(by_pass) == len(claimed)
        assert {entry.id for entry in at_join} <= {mine[0].id, mine[1].id, others[0].id}, "its own queue only"
        await second.release_queue([entry.id for entry in by_pass])
        again = await first.claim_queue(200.0, until=230.0, queue=mine[0].queue)
        assert sorted(entry.user_id for entry in (*at_join, *again)) == [1, 2, 3]
    finally:
        await first.close()
        await second.close()


async def test_a_run_out_claim_is_taken_over_and_foreign_claims_end(new_store: StoreFactory) -> None:
    store = new_store()
    await store.open()
    try:
        await join(store, 1)
        assert len(await store.claim_queue(200.0, until=230.0)) == 1
        assert await store.claim_queue(220.0, until=250.0) == [], "held until 230"
        assert len(await store.claim_queue(231.0, until=260.0)) == 1, "a claim that ran out is taken over"
        later = new_store()  # a new life of the process
        await later.open()
        try:
            assert await later.end_foreign_claims() >= 1
            assert len(await later.claim_queue(232.0, until=262.0)) == 1
        finally:
            await later.close()
    finally:
        await store.close()


async def test_the_migration_upgrades_a_sqlite_database_with_games(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path, isolation_level=None)
    migrate(db, BEFORE_QUEUE)
    db.execute("INSERT INTO games (id, game_type, channel_id, host_id, status, options, capacity, created_at, updated_at)"
               " VALUES (1, 't', 2, 3, 'lobby', '{}', 2, 0, 0)")
    db.close()
    store = SqliteStore(path)
    await store.open()
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert (await store.get_game(1)) is not None
        assert (await join(store, 5)).status == "waiting"
    finally:
        await store.close()


async def test_the_migration_upgrades_a_postgresql_database_with_games(postgres_url: str) -> None:
    db = await asyncpg.connect(postgres_url)
    try:
        assert await migrate_postgres(db, BEFORE_QUEUE) == len(BEFORE_QUEUE)
        await db.execute("INSERT INTO games (game_type, channel_id, host_id, status, options, capacity, created_at, updated_at)"
                         " VALUES ('t', 2, 3, 'lobby', '{}', 2, 0, 0)")
    finally:
        await db.close()
    store = PostgresStore(postgres_url)
    await store.open()
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert len(await store.list_games(statuses=("lobby",))) == 1
        assert (await join(store, 5)).status == "waiting"
    finally:
        await store.close()


async def test_a_match_whose_pass_died_before_the_start_is_taken_up_once(new_store: StoreFactory) -> None:
    dead, alive = new_store(), new_store()
    await dead.open()
    await alive.open()
    try:
        for user in (1, 2, 3):
            await join(dead, user)
        a, b, c = await dead.claim_queue(200.0, until=230.0)
        assert await dead.queue_match([a.id, b.id], game_id=11)
        await dead.release_queue([c.id])  # the dead pass released what it did not match, then died
        assert await alive.claim_unstarted(220.0, until=250.0) == [], "still the dead pass's until 230"
        taken = await alive.claim_unstarted(231.0, until=260.0)
        assert sorted(entry.id for entry in taken) == [a.id, b.id] and {entry.game_id for entry in taken} == {11}
        assert await dead.claim_unstarted(240.0, until=270.0) == [], "taken up by one pass"
        await alive.release_queue([entry.id for entry in taken])
        assert await alive.claim_unstarted(300.0, until=330.0) == [], "released once its game started"
        assert [entry.id for entry in await alive.claim_queue(300.0, until=330.0)] == [c.id]
    finally:
        await dead.close()
        await alive.close()
