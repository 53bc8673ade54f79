"""What is particular to the PostgreSQL backend: its migrations, its retries, its errors."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from storage import open_store
from storage.base import StoreError
from storage.migrations import MIGRATIONS, migrate_postgres, postgres_schema_version
from storage.postgres import PostgresStore, redacted


async def test_opening_migrates_once_and_records_the_version(postgres_url: str) -> None:
    stores = [PostgresStore(postgres_url) for _ in range(3)]
    await asyncio.gather(*(store.open() for store in stores))  # three processes starting together
    try:
        assert [await store.schema_version() for store in stores] == [len(MIGRATIONS)] * 3
        db = await asyncpg.connect(postgres_url)
        try:
            assert await db.fetchval("SELECT count(*) FROM schema_version") == 1
            assert await migrate_postgres(db) == len(MIGRATIONS)
        finally:
            await db.close()
    finally:
        await asyncio.gather(*(store.close() for store in stores))


async def test_a_failing_step_leaves_the_previous_version(postgres_url: str) -> None:
    db = await asyncpg.connect(postgres_url)
    try:
        steps = (("CREATE TABLE a (x INTEGER)",), ("CREATE TABLE b (x INTEGER)", "CREATE TABLE a (x INTEGER)"))
        with pytest.raises(asyncpg.DuplicateTableError):
            await migrate_postgres(db, steps)
        assert await postgres_schema_version(db) == 1
        assert await db.fetchval("SELECT to_regclass('b')") is None, "the failed step left nothing behind"
    finally:
        await db.close()


async def test_a_database_newer_than_the_code_is_refused(postgres_url: str) -> None:
    store = PostgresStore(postgres_url)
    await store.open()
    await store.close()
    db = await asyncpg.connect(postgres_url)
    try:
        await db.execute("UPDATE schema_version SET version = version + 1")
    finally:
        await db.close()
    with pytest.raises(StoreError) as caught:
        await PostgresStore(postgres_url).open()
    assert caught.value.code == "schema_too_new"


async def test_an_unreachable_server_is_one_clear_error_without_the_password(tmp_path: object) -> None:
    store = open_store("postgresql://bot:hunter2@/tabletop?host=/nonexistent-socket-dir")
    assert isinstance(store, PostgresStore) and "hunter2" not in repr(store)
    with pytest.raises(StoreError) as caught:
        await store.open()
    assert caught.value.code == "unusable" and "hunter2" not in str(caught.value)


async def test_actions_are_append_only_and_foreign_keys_hold(postgres_url: str) -> None:
    store = PostgresStore(postgres_url)
    await store.open()
    try:
        game = await store.create_game(game_type="t", guild_id=1, channel_id=2, host_id=1, options={}, capacity=1)
        await store.start_game(game.id, players=[1], seed=0, state={}, version=0)
        assert await store.commit_action(game.id, expected_version=0, seat=0, action="a", state={}, version=1, status="active")
        db = await asyncpg.connect(postgres_url)
        try:
            with pytest.raises(asyncpg.RaiseError, match="append-only"):
                await db.execute("UPDATE actions SET action = 'b'")
            with pytest.raises(asyncpg.ForeignKeyViolationError):
                await db.execute("INSERT INTO seats (game_id, user_id, joined_at) VALUES (999, 1, 0)")
        finally:
            await db.close()
    finally:
        await store.close()


def test_redacted_hides_only_the_password() -> None:
    assert redacted("postgresql://bot:pw@db:5432/x") == "postgresql://bot:***@db:5432/x"
    assert redacted("postgresql://db/x") == "postgresql://db/x"
