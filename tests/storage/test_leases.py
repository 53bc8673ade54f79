"""Short leases on claimed work (tabletop.runtime.leases), on every backend, with two stores as two processes: work
that runs longer than a lease is never taken by the other process, and a dead process's claim lapses
within one lease. The lease is shortened to fractions of a second so the test runs on the real clock."""

from __future__ import annotations

import asyncio
import time
from typing import Callable

import pytest

from storage.base import Store
from tabletop.runtime import leases
from tests.storage.test_claims import due_game

StoreFactory = Callable[[], Store]
LEASE, RENEW = 0.4, 0.1


@pytest.fixture(autouse=True)
def short_leases(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(leases, "LEASE_SECONDS", LEASE)
    monkeypatch.setattr(leases, "RENEW_SECONDS", RENEW)


async def test_work_longer_than_a_lease_is_not_taken_by_a_second_process(new_store: StoreFactory) -> None:
    first, second = new_store(), new_store()
    await asyncio.gather(first.open(), second.open())
    try:
        game = await due_game(first, 10.0)
        await first.set_user_due(7, 5.0)
        league = await first.create_league(guild_id=1, channel_id=2, name="L", game_type="t", config={}, created_by=1, due_at=5.0)
        games = await first.claim_due_games(time.time(), until=leases.lease_end(time.time))
        users = await first.claim_due_users(time.time(), until=leases.lease_end(time.time))
        leagues = await first.claim_due_leagues(time.time(), until=leases.lease_end(time.time))
        assert [len(games), len(users), len(leagues)] == [1, 1, 1]
        taken: list[object] = []
        async with leases.held(first, time.time, games=[game.id], users=[7], leagues=[league.id]):
            deadline = time.monotonic() + 3 * LEASE
            while time.monotonic() < deadline:  # the work runs three leases long; the other process keeps looking
                taken += await second.claim_due_games(time.time(), until=leases.lease_end(time.time))
                taken += await second.claim_due_users(time.time(), until=leases.lease_end(time.time))
                taken += await second.claim_due_leagues(time.time(), until=leases.lease_end(time.time))
                await asyncio.sleep(0.02)
        assert taken == [], "renewed while the work ran: nothing was taken from under it"
        assert [g.id for g in await second.claim_due_games(time.time(), until=leases.lease_end(time.time))] == [game.id], \
            "released when the work was done"
    finally:
        await asyncio.gather(first.close(), second.close())


async def test_a_dead_process_claim_lapses_within_one_lease(new_store: StoreFactory) -> None:
    dead, alive = new_store(), new_store()
    await asyncio.gather(dead.open(), alive.open())
    try:
        game = await due_game(dead, 10.0)
        claimed_at = time.monotonic()
        assert len(await dead.claim_due_games(time.time(), until=leases.lease_end(time.time))) == 1
        while not (taken := await alive.claim_due_games(time.time(), until=leases.lease_end(time.time))):
            assert time.monotonic() - claimed_at < 3 * LEASE, "the dead process's claim never lapsed"
            await asyncio.sleep(0.02)
        assert [g.id for g in taken] == [game.id]
        assert time.monotonic() - claimed_at >= LEASE * 0.9, "not before its lease ran out"
    finally:
        await asyncio.gather(dead.close(), alive.close())
