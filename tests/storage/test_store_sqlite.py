"""What is specific to the SQLite backend: connection settings, migrations, atomicity under faults, URLs."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any, AsyncIterator

import aiosqlite
import pytest

from storage import open_store
from storage.base import GameRecord, StoreError
from storage.migrations import MIGRATIONS, migrate, schema_version
from storage.sqlite import BUSY_TIMEOUT_MS, SqliteStore


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "bot.db")
    await opened.open()
    yield opened
    await opened.close()


@pytest.fixture
async def raw(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    """A bare connection, for driving migrations by hand."""
    db = await aiosqlite.connect(tmp_path / "raw.db", isolation_level=None)
    yield db
    await db.close()


async def active_game(store: SqliteStore) -> GameRecord:
    game = await store.create_game(game_type="t", guild_id=1, channel_id=2, host_id=1, options={}, capacity=2)
    return await store.start_game(game.id, players=[1], seed=0, state={"v": 0}, version=0)


async def commit_next(store: SqliteStore, game_id: int) -> bool:
    game = await store.get_game(game_id)
    assert game is not None
    v = game.version
    return await store.commit_action(
        game_id, expected_version=v, seat=0, action=f"a{v + 1}", state={"v": v + 1}, version=v + 1, status="active"
    )


async def test_connection_settings(store: SqliteStore) -> None:
    db = store._connection()
    settings = {}
    for pragma in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout"):
        settings[pragma] = list(await db.execute_fetchall(f"PRAGMA {pragma}"))[0][0]
    assert settings == {"journal_mode": "wal", "synchronous": 1, "foreign_keys": 1, "busy_timeout": BUSY_TIMEOUT_MS}
    assert db.isolation_level is None


async def test_schema_version_is_set_and_reopening_migrates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    for _ in range(2):
        store = SqliteStore(path)
        await store.open()
        await store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        indexes = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}
    db.close()
    assert {"games", "seats", "actions", "users", "guild_settings"} <= tables
    assert {"games_by_guild_status", "games_by_channel", "games_by_thread", "seats_by_user"} <= indexes


async def test_migrations_apply_once_in_order(raw: aiosqlite.Connection) -> None:
    steps = (
        ("CREATE TABLE a (x INTEGER)",),
        ("CREATE TABLE b (y INTEGER)", "INSERT INTO a VALUES (1)"),
    )
    assert await migrate(raw, steps[:1]) == 1
    assert await migrate(raw, steps) == 2
    assert await migrate(raw, steps) == 2
    assert list(await raw.execute_fetchall("SELECT x FROM a")) == [(1,)]


async def test_a_failing_migration_step_leaves_the_previous_version(raw: aiosqlite.Connection) -> None:
    steps = (
        ("CREATE TABLE a (x INTEGER)",),
        ("CREATE TABLE b (y INTEGER)", "INSERT INTO a VALUES (1)", "THIS IS NOT SQL"),
    )
    with pytest.raises(sqlite3.OperationalError):
        await migrate(raw, steps)
    assert await schema_version(raw) == 1
    assert not raw.in_transaction
    names = {row[0] for row in await raw.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names == {"a"}
    assert list(await raw.execute_fetchall("SELECT x FROM a")) == []


async def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()
    store = SqliteStore(path)
    with pytest.raises(StoreError) as caught:
        await store.open()
    assert caught.value.code == "schema_too_new"
    with pytest.raises(StoreError):
        await store.get_game(1)


async def test_two_stores_migrating_a_new_file_at_once(tmp_path: Path) -> None:
    stores = [SqliteStore(tmp_path / "bot.db") for _ in range(3)]
    await asyncio.gather(*(s.open() for s in stores))
    for s in stores:
        assert await s.get_game(1) is None
    await asyncio.gather(*(s.close() for s in stores))


async def test_state_and_action_commit_together_or_not_at_all(store: SqliteStore) -> None:
    """A duplicate seq makes the INSERT fail after the UPDATE succeeded: the UPDATE must roll back too."""
    game = await active_game(store)
    with sqlite3.connect(store.path) as other:
        other.execute("INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, 2, 0, 'planted', 0)", (game.id,))
    other.close()
    assert await commit_next(store, game.id)
    before = await store.get_game(game.id)
    with pytest.raises(StoreError) as caught:
        await commit_next(store, game.id)
    assert caught.value.code == "integrity" and isinstance(caught.value.__cause__, sqlite3.IntegrityError)
    assert await store.get_game(game.id) == before
    assert before is not None and (before.version, before.state) == (1, {"v": 1})
    assert [(a.seq, a.action) for a in await store.actions(game.id)] == [(1, "a1"), (2, "planted")]
    assert not store._connection().in_transaction
    assert await store.update_user(5, locale="ja")


async def test_actions_are_append_only(store: SqliteStore) -> None:
    game = await active_game(store)
    assert await commit_next(store, game.id)
    with sqlite3.connect(store.path) as other:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            other.execute("UPDATE actions SET action = 'rewritten'")
    other.close()
    assert [a.action for a in await store.actions(game.id)] == ["a1"]


async def test_foreign_keys_are_enforced(store: SqliteStore) -> None:
    with pytest.raises(StoreError) as caught:
        await store.add_player(999, 1)
    assert caught.value.code == "not_found"
    db = store._connection()
    with pytest.raises(sqlite3.IntegrityError):
        await db.execute("INSERT INTO seats (game_id, user_id, joined_at) VALUES (999, 1, 0)")


async def test_cancelled_between_update_and_insert_rolls_back(store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Shutdown or a timeout may cancel a coroutine mid-transaction; the shared connection must recover."""
    game = await active_game(store)
    db = store._connection()
    reached = asyncio.Event()
    execute = db.execute

    async def stall_before_insert(sql: str, parameters: Any = None) -> Any:
        if sql.startswith("INSERT INTO actions"):
            reached.set()
            await asyncio.Event().wait()
        return await execute(sql, parameters)

    monkeypatch.setattr(db, "execute", stall_before_insert)
    task = asyncio.create_task(
        store.commit_action(game.id, expected_version=0, seat=0, action="x", state={"v": 1}, version=1, status="active")
    )
    await reached.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    monkeypatch.undo()
    assert await store.get_game(game.id) == game
    assert await store.actions(game.id) == []
    assert not db.in_transaction
    assert await commit_next(store, game.id)


@pytest.mark.parametrize("delay", [0.0, 0.0002, 0.0005, 0.001])
async def test_a_writer_cancelled_at_any_moment_leaves_the_store_consistent(store: SqliteStore, delay: float) -> None:
    game = await active_game(store)
    for _ in range(3):
        task = asyncio.create_task(commit_next(store, game.id))
        await asyncio.sleep(delay)
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        current = await store.get_game(game.id)
        assert current is not None and current.state == {"v": current.version}
        assert [a.seq for a in await store.actions(game.id)] == list(range(1, current.version + 1))
    assert await commit_next(store, game.id)


async def test_open_and_close_are_idempotent(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "bot.db")
    await store.open()
    await store.open()
    await store.close()
    await store.close()


def test_open_store_accepts_paths_and_sqlite_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    relative = open_store("sqlite:///var/data/bot.db")
    assert isinstance(relative, SqliteStore) and relative.path == Path("var/data/bot.db")
    absolute = open_store(f"sqlite:///{tmp_path}/abs/bot.db")
    assert isinstance(absolute, SqliteStore) and absolute.path == tmp_path / "abs" / "bot.db"
    plain = open_store(str(tmp_path / "plain" / "x" / "bot.db"))
    assert isinstance(plain, SqliteStore)
    assert (tmp_path / "var" / "data").is_dir() and (tmp_path / "abs").is_dir() and (tmp_path / "plain" / "x").is_dir()


@pytest.mark.parametrize("url", ["postgresql://localhost/bot", "sqlite://relative.db", "sqlite:///", ""])
def test_open_store_rejects_other_locations(url: str) -> None:
    with pytest.raises(ValueError):
        open_store(url)


async def test_open_store_result_works_end_to_end(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "new" / "bot.db"))
    await store.open()
    try:
        game = await store.create_game(game_type="t", guild_id=None, channel_id=1, host_id=1, options={}, capacity=1)
        assert await store.get_game(game.id) == game
    finally:
        await store.close()


async def test_reads_do_not_wait_for_a_writer_holding_the_lock(tmp_path: Path) -> None:
    """Autocomplete and /game show must answer within Discord's 3 s while a long write is in flight."""
    store = SqliteStore(tmp_path / "reads.db")
    await store.open()
    try:
        game = await store.create_game(game_type="t", guild_id=1, channel_id=2, host_id=1, options={}, capacity=2)
        holding, release = asyncio.Event(), asyncio.Event()

        async def long_write() -> None:
            async with store._write():  # noqa: SLF001 - the writer lock itself is what is under test
                holding.set()
                await release.wait()

        writer = asyncio.create_task(long_write())
        await holding.wait()
        read = await asyncio.wait_for(store.get_game(game.id), timeout=30)  # a deadlock guard, not a speed claim
        assert read is not None and read.id == game.id and not writer.done()
        release.set()
        await writer
    finally:
        await store.close()
