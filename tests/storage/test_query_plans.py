"""Every lookup players trigger is answered through indexes: EXPLAIN QUERY PLAN of each statement the
SQLite store runs for it shows no full scan of a table. At 100,000 games one scan of games cost ~100 ms
(bench/scale.py), on every autocomplete keystroke.

The statements are captured as the store runs them (the reader's trace callback gives them with their
parameters inlined), so the test follows the store's SQL wherever it is built. Without ANALYZE, SQLite
plans from the schema alone, as it does on a bot's database: a handful of rows shows the production plan.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

import pytest

from storage.base import Store
from storage.sqlite import SqliteStore

GUILD, CHANNEL, THREAD, HOST, GUEST = 1, 10, 11, 100, 101
FULL_SCAN = re.compile(r"^SCAN (?!\(subquery-\d+\)|CONSTANT ROW)")
PARTIAL_WALK = re.compile(r"^SCAN \w+ USING (?:COVERING )?INDEX (\w+)$")
"""A scan along an index: the index's name, to tell a walk of a partial index from a full scan."""

LOOKUPS: dict[str, Callable[[SqliteStore], Awaitable[Any]]] = {
    "get_game (every click)": lambda s: s.get_game(1),
    "game_for_thread, a thread": lambda s: s.game_for_thread(THREAD),
    "game_for_thread, a channel": lambda s: s.game_for_thread(CHANNEL),
    "find_game: the user's game in this thread": lambda s: s.list_games(channel_id=THREAD, statuses=("active",), user_id=HOST,
                                                                      limit=2),
    "find_game: the user's game in this server": lambda s: s.list_games(guild_id=GUILD, statuses=("active",), user_id=HOST,
                                                                      limit=2),
    "open games of a channel (rematch)": lambda s: s.list_games(channel_id=CHANNEL, statuses=("lobby", "active")),
    "a server's games (autocomplete, /game list)": lambda s: s.list_games(guild_id=GUILD, statuses=("lobby", "active")),
    "a server's finished games (history)": lambda s: s.list_games(guild_id=GUILD, statuses=("finished",)),
    "a user's games (autocomplete in DMs)": lambda s: s.list_games(statuses=("lobby", "active"), user_id=GUEST),
    "user_games (/game mine, digest)": lambda s: s.user_games(GUEST, statuses=("active", "lobby")),
    "user_games, every active one (vacations)": lambda s: s.user_games(GUEST, statuses=("active",), limit=500),
    "due_games (scheduler)": lambda s: s.due_games(2_000_000_000.0),
    "due_users (scheduler)": lambda s: s.due_users(2_000_000_000.0),
    "pending_outbox (outbox loop)": lambda s: s.pending_outbox(before=2_000_000_000.0),
    "claim_due_games (scheduler, several processes)": lambda s: s.claim_due_games(2_000_000_000.0, until=2_000_000_060.0),
    "claim_due_users (scheduler, several processes)": lambda s: s.claim_due_users(2_000_000_000.0, until=2_000_000_060.0),
    "claim_outbox (outbox loop, several processes)": lambda s: s.claim_outbox(before=2_000_000_000.0, now=1.0, until=2.0),
    "release (after a pass)": lambda s: s.release(games=[1, 2], users=[HOST]),
    "renew (while a pass works)": lambda s: s.renew(until=2_000_000_090.0, games=[1, 2], users=[HOST]),
    "end_foreign_claims (a new life's start, SQLite)": lambda s: s.end_foreign_claims(),
    "actions (history, takeback)": lambda s: s.actions(1),
    "get_user": lambda s: s.get_user(HOST),
    "get_guild_settings": lambda s: s.get_guild_settings(GUILD),
    "get_session (every live-board request)": lambda s: s.get_session("0" * 64, now=2_000_000_000.0),
    "revoke_session (sign-out)": lambda s: s.revoke_session("0" * 64, now=2_000_000_000.0),
    "revoke_user_sessions (sign out everywhere)": lambda s: s.revoke_user_sessions(HOST, now=2_000_000_000.0),
    "purge_sessions (the live board's cleanup)": lambda s: s.purge_sessions(now=2_000_000_000.0),
}


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "plans.db")
    await opened.open()
    await populate(opened)
    yield opened
    await opened.close()


async def populate(opened: Store) -> None:
    """A lobby, an active game in a thread (due, with an outbox entry) and a finished one."""
    lobby = await opened.create_game(game_type="t", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, options={}, capacity=2)
    for status in ("active", "finished"):
        game = await opened.create_game(game_type="t", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, options={}, capacity=2)
        await opened.add_player(game.id, GUEST)
        await opened.start_game(game.id, players=[HOST, GUEST], seed=1, state={}, version=0, outbox={"board": 1},
                                timing={}, due_at=1.0)
        await opened.set_messages(game.id, thread_id=THREAD if status == "active" else THREAD + 1)
        await opened.commit_action(game.id, expected_version=0, seat=0, action="a", state={}, version=1, status=status,
                                   timing={}, due_at=1.0)
    await opened.set_user_due(GUEST, 1.0)
    assert lobby.id == 1


TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK")


async def plans_of(store: SqliteStore, lookup: Callable[[SqliteStore], Awaitable[Any]]) -> list[tuple[str, list[str]]]:
    """(statement, its query plan lines) for every statement the lookup ran, on the reader or the writer
    (claims are writes)."""
    threads = [store._reader, store._writer]  # noqa: SLF001 - the statements the store really runs are under test
    statements: list[str] = []
    for thread in threads:
        assert thread is not None
        await thread.call(lambda db, _: db.set_trace_callback(statements.append))
    await lookup(store)
    for thread in threads:
        assert thread is not None
        await thread.call(lambda db, _: db.set_trace_callback(None))
    statements = [sql for sql in statements if not sql.startswith(TRANSACTION_CONTROL)]
    assert statements, "the lookup ran no statement"
    plans = []
    writer = store._writer  # noqa: SLF001
    assert writer is not None
    for sql in statements:
        plan = await writer.call(lambda db, _: [row[3] for row in db.execute(f"EXPLAIN QUERY PLAN {sql}")])
        plans.append((sql, plan))
    return plans


async def partial_indexes(store: SqliteStore) -> set[str]:
    """Indexes with a WHERE clause: they hold only the rows it admits (e.g. the few claimed at a time), so
    walking one whole reads those rows, not the table."""
    writer = store._writer  # noqa: SLF001
    assert writer is not None
    found = await writer.call(lambda db, _: db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'").fetchall())
    return {row[0] for row in found}


@pytest.mark.parametrize("name", sorted(LOOKUPS))
async def test_lookup_reads_through_indexes(store: SqliteStore, name: str) -> None:
    partial = await partial_indexes(store)
    for sql, plan in await plans_of(store, LOOKUPS[name]):
        scans = [line for line in plan if FULL_SCAN.match(line) and PARTIAL_WALK.sub(r"\1", line) not in partial]
        assert not scans, f"{name}: {scans} in the plan of\n{sql}\n" + "\n".join(plan)


async def test_the_scheduler_reads_only_due_rows(store: SqliteStore) -> None:
    """The due query must stay on the partial due index (an index led by status would take it over)."""
    [(_, plan)] = await plans_of(store, LOOKUPS["due_games (scheduler)"])
    assert any("games_due" in line for line in plan), plan
    claim = (await plans_of(store, LOOKUPS["claim_due_games (scheduler, several processes)"]))[0][1]
    assert any("games_due" in line for line in claim), claim


async def test_the_lookups_find_the_games(store: SqliteStore) -> None:
    """The plans above are of queries that answer correctly (the contract suite checks the details)."""
    assert [g.id for g in await store.list_games(channel_id=THREAD, statuses=("active",), user_id=HOST)] == [2]
    assert (await store.game_for_thread(CHANNEL)).id == 2  # type: ignore[union-attr]
    assert (await store.game_for_thread(THREAD + 1)).id == 3  # type: ignore[union-attr]
    assert [g.id for g in await store.user_games(GUEST, statuses=("active", "finished"))] == [3, 2]
    assert [g.id for g in await store.due_games(2_000_000_000.0)] == [2]
