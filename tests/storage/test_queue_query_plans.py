"""The ranked queue's lookups read through indexes (the method of tests/storage/test_query_plans.py): the
pass's claim walks the partial index of waiting entries only (oldest first, up to its limit), a player's
entry is one probe of theirs; neither ever reads the matched, expired and left history."""

from __future__ import annotations

from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

import pytest

from storage.queue_records import QueueKey
from storage.sqlite import SqliteStore
from tests.storage.test_query_plans import FULL_SCAN, PARTIAL_WALK, partial_indexes, plans_of

GUILD, CHANNEL, ALICE, BOB = 1, 10, 101, 102

LOOKUPS: dict[str, Callable[[SqliteStore], Awaitable[Any]]] = {
    "queue_join (/queue join)": lambda s: s.queue_join(guild_id=GUILD, user_id=BOB, game_type="warchest", players=2,
                                                       time_control="", rating=1000, channel_id=CHANNEL, now=1.0,
                                                       expires_at=9.0, ai_at=None),
    "queue_entry (/queue status, join)": lambda s: s.queue_entry(GUILD, ALICE),
    "queue_leave (/queue leave)": lambda s: s.queue_leave(GUILD, ALICE),
    "queue_counts (/queue status)": lambda s: s.queue_counts(GUILD),
    "claim_queue (the pass)": lambda s: s.claim_queue(5.0, until=35.0),
    "claim_queue (/queue join)": lambda s: s.claim_queue(5.0, until=35.0, queue=QueueKey(GUILD, "warchest", 2, "")),
    "queue_match (the pass)": lambda s: s.queue_match([1, 2], game_id=7),
    "queue_expire (the pass)": lambda s: s.queue_expire([1]),
    "release_queue (the pass)": lambda s: s.release_queue([1]),
    "end_foreign_claims (start)": lambda s: s.end_foreign_claims(),
}


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "plans.db")
    await opened.open()
    await opened.queue_join(guild_id=GUILD, user_id=ALICE, game_type="warchest", players=2, time_control="", rating=1000,
                            channel_id=CHANNEL, now=1.0, expires_at=9.0, ai_at=None)
    yield opened
    await opened.close()


@pytest.mark.parametrize("name", sorted(LOOKUPS))
async def test_queue_lookup_reads_through_indexes(store: SqliteStore, name: str) -> None:
    partial = await partial_indexes(store)
    for sql, plan in await plans_of(store, LOOKUPS[name]):
        scans = [line for line in plan if FULL_SCAN.match(line) and PARTIAL_WALK.sub(r"\1", line) not in partial]
        assert not scans, f"{name}: {scans} in the plan of\n{sql}\n" + "\n".join(plan)


async def test_the_pass_claims_through_the_waiting_index(store: SqliteStore) -> None:
    plans = await plans_of(store, LOOKUPS["claim_queue (the pass)"])
    assert plans and all(any("queue_waiting" in line for line in plan) for _, plan in plans), plans
