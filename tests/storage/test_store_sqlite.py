"""What is specific to the SQLite backend: connection settings, migrations, atomicity under faults, URLs."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from typing import Any, AsyncIterator, Iterator

import pytest

from storage import open_store
from storage.base import GameRecord, StoreError
from storage.migrations import MIGRATIONS, migrate, schema_version
from storage.sqlite import BUSY_TIMEOUT_MS, SqliteStore
from storage.sqlite_thread import transaction


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "bot.db")
    await opened.open()
    yield opened
    await opened.close()


@pytest.fixture
def raw(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    """A bare connection, for driving migrations by hand."""
    db = sqlite3.connect(tmp_path / "raw.db", isolation_level=None)
    yield db
    db.close()


async def on_writer(store: SqliteStore, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
    """Run one statement on the store's own writer connection, in its thread, outside any transaction."""
    assert store._writer is not None  # noqa: SLF001 - the writer connection itself is under test
    return await store._writer.call(lambda db, _: db.execute(sql, parameters).fetchall())  # noqa: SLF001


async def writer_in_transaction(store: SqliteStore) -> bool:
    assert store._writer is not None  # noqa: SLF001
    return await store._writer.call(lambda db, _: db.in_transaction)  # noqa: SLF001


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
    settings = {}
    for pragma in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout"):
        settings[pragma] = (await on_writer(store, f"PRAGMA {pragma}"))[0][0]
    assert settings == {"journal_mode": "wal", "synchronous": 1, "foreign_keys": 1, "busy_timeout": BUSY_TIMEOUT_MS}
    assert store._writer is not None  # noqa: SLF001
    assert await store._writer.call(lambda db, _: db.isolation_level) is None  # noqa: SLF001


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


def test_migrations_apply_once_in_order(raw: sqlite3.Connection) -> None:
    steps = (
        ("CREATE TABLE a (x INTEGER)",),
        ("CREATE TABLE b (y INTEGER)", "INSERT INTO a VALUES (1)"),
    )
    assert migrate(raw, steps[:1]) == 1
    assert migrate(raw, steps) == 2
    assert migrate(raw, steps) == 2
    assert raw.execute("SELECT x FROM a").fetchall() == [(1,)]


def test_a_failing_migration_step_leaves_the_previous_version(raw: sqlite3.Connection) -> None:
    steps = (
        ("CREATE TABLE a (x INTEGER)",),
        ("CREATE TABLE b (y INTEGER)", "INSERT INTO a VALUES (1)", "THIS IS NOT SQL"),
    )
    with pytest.raises(sqlite3.OperationalError):
        migrate(raw, steps)
    assert schema_version(raw) == 1
    assert not raw.in_transaction
    names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names == {"a"}
    assert raw.execute("SELECT x FROM a").fetchall() == []


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
    assert not await writer_in_transaction(store)
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
    with pytest.raises(sqlite3.IntegrityError):
        await on_writer(store, "INSERT INTO seats (game_id, user_id, joined_at) VALUES (999, 1, 0)")


async def test_cancelled_between_update_and_insert_rolls_back(store: SqliteStore) -> None:
    """Shutdown or a timeout may cancel a coroutine mid-transaction: the transaction, already running in
    the writer's thread, must roll back, and the cancelled caller returns only once it has."""
    game = await active_game(store)
    loop = asyncio.get_running_loop()
    reached, release = asyncio.Event(), threading.Event()

    def stall_before_insert(sql: str) -> None:
        if sql.startswith("INSERT INTO actions"):
            loop.call_soon_threadsafe(reached.set)
            release.wait(timeout=30)

    assert store._writer is not None  # noqa: SLF001
    await store._writer.call(lambda db, _: db.set_trace_callback(stall_before_insert))  # noqa: SLF001
    task = asyncio.create_task(
        store.commit_action(game.id, expected_version=0, seat=0, action="x", state={"v": 1}, version=1, status="active")
    )
    await reached.wait()
    task.cancel()
    await asyncio.sleep(0.01)
    assert not task.done(), "a cancelled caller waits for its transaction to end"
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await task
    await store._writer.call(lambda db, _: db.set_trace_callback(None))  # noqa: SLF001
    assert not await writer_in_transaction(store)
    assert await store.get_game(game.id) == game
    assert await store.actions(game.id) == []
    assert await commit_next(store, game.id)


async def test_a_call_cancelled_while_queued_never_runs(store: SqliteStore) -> None:
    game = await active_game(store)
    release = threading.Event()
    blocker = asyncio.create_task(store._writer.call(transaction(lambda db: release.wait(timeout=30))))  # noqa: SLF001
    queued = asyncio.create_task(commit_next(store, game.id))
    await asyncio.sleep(0.01)
    queued.cancel()
    await asyncio.sleep(0.01)
    assert not queued.done(), "a cancelled caller waits until its call has left the queue"
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await queued
    assert await blocker
    assert (await store.get_game(game.id)) == game


async def test_each_store_call_is_one_hop(store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """All statements of a transaction travel to the writer's thread together; a read is one hop too."""
    game = await active_game(store)
    assert store._writer is not None and store._reader is not None  # noqa: SLF001
    hops: list[str] = []
    for name, thread in (("write", store._writer), ("read", store._reader)):  # noqa: SLF001
        call = thread.call

        async def counted(function: Any, call: Any = call, name: str = name) -> Any:
            hops.append(name)
            return await call(function)

        monkeypatch.setattr(thread, "call", counted)
    assert await store.commit_action(game.id, expected_version=0, seat=0, action="a1", state={"v": 1}, version=1,
                                     status="active", outbox={"board": True}, timing={"t": 1}, due_at=5.0)
    assert hops == ["write"]
    await store.get_game(game.id)
    await store.list_games(channel_id=2, user_id=1)
    assert hops == ["write", "read", "read"]


async def test_a_closed_store_refuses_calls(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "bot.db")
    await store.open()
    await store.close()
    for call in (store.get_game(1), store.update_user(1, locale="ja")):
        with pytest.raises(StoreError) as caught:
            await call
        assert caught.value.code == "closed"


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


@pytest.mark.parametrize("url", ["mysql://localhost/bot", "sqlite://relative.db", "sqlite:///", ""])
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
        release = threading.Event()

        def long_write(db: sqlite3.Connection) -> None:
            db.execute("UPDATE games SET updated_at = 0")
            release.wait(timeout=30)

        writer = asyncio.create_task(store._writer.call(transaction(long_write)))  # noqa: SLF001 - the writer thread itself is under test
        await asyncio.sleep(0.01)
        read = await asyncio.wait_for(store.get_game(game.id), timeout=30)  # a deadlock guard, not a speed claim
        assert read is not None and read.id == game.id and not writer.done()
        release.set()
        await writer
    finally:
        await store.close()
