"""Claiming periodic work, on every backend: what one pass (one process) holds, no other takes until it is
released or its lease ends, and concurrent claimers split the work without a duplicate or a loss."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Callable

from storage.base import GameRecord, Store
from storage.postgres import PostgresStore

StoreFactory = Callable[[], Store]
NOW, LEASE = 1000.0, 60.0
ROOT = Path(__file__).resolve().parents[2]


async def due_game(store: Store, due_at: float, user: int = 2) -> GameRecord:
    game = await store.create_game(game_type="t", guild_id=1, channel_id=2, host_id=1, options={}, capacity=2)
    await store.add_player(game.id, user)
    game = await store.start_game(game.id, players=[1, user], seed=0, state={"v": 0}, version=0, timing={"t": 0}, due_at=due_at)
    return game


async def test_a_claimed_game_is_skipped_until_released_or_expired(store: Store) -> None:
    first, second = await due_game(store, 10.0), await due_game(store, 20.0)
    later = await due_game(store, NOW + 5)
    claimed = await store.claim_due_games(NOW, until=NOW + LEASE, limit=1)
    assert [g.id for g in claimed] == [first.id] and claimed[0].timing == {"t": 0}
    assert [g.id for g in await store.claim_due_games(NOW, until=NOW + LEASE)] == [second.id]
    assert await store.claim_due_games(NOW, until=NOW + LEASE) == []
    assert [g.id for g in await store.due_games(NOW)] == [first.id, second.id], "due_games still reads everything due"
    await store.release(games=[first.id])
    assert [g.id for g in await store.claim_due_games(NOW, until=NOW + LEASE)] == [first.id]
    assert [g.id for g in await store.claim_due_games(NOW + LEASE, until=NOW + 2 * LEASE)] == [first.id, second.id, later.id]


async def test_claimed_users_and_their_release(store: Store) -> None:
    await store.set_user_due(7, 5.0)
    await store.set_user_due(8, 6.0)
    await store.update_user(8, prefs={"x": 1})
    assert [(u.user_id, u.prefs) for u in await store.claim_due_users(NOW, until=NOW + LEASE)] == [(7, {}), (8, {"x": 1})]
    assert await store.claim_due_users(NOW, until=NOW + LEASE) == []
    await store.release(users=[8])
    assert [u.user_id for u in await store.claim_due_users(NOW, until=NOW + LEASE)] == [8]
    await store.release()  # nothing to release is no call at all


async def test_outbox_claims_whole_games(store: Store) -> None:
    game = await due_game(store, 10.0)
    assert await store.commit_action(game.id, expected_version=0, seat=0, action="a", state={"v": 1}, version=1,
                                     status="active", outbox={"n": 1})
    assert await store.commit_action(game.id, expected_version=1, seat=1, action="b", state={"v": 2}, version=2,
                                     status="active", outbox={"n": 2})
    other = await due_game(store, 10.0)
    assert await store.commit_action(other.id, expected_version=0, seat=0, action="a", state={"v": 1}, version=1,
                                     status="active", outbox={"n": 3})
    now = time.time()
    entries = await store.claim_outbox(before=now + 1, now=now, until=now + LEASE, limit=1)
    assert [(e.game_id, e.version, e.payload) for e in entries] == [(game.id, 1, {"n": 1}), (game.id, 2, {"n": 2})]
    assert [e.game_id for e in await store.claim_outbox(before=now + 1, now=now, until=now + LEASE)] == [other.id]
    assert await store.claim_outbox(before=now + 1, now=now, until=now + LEASE) == []
    await store.release(games=[game.id, other.id])
    assert await store.claim_outbox(before=0, now=now, until=now + LEASE) == []
    assert len(await store.claim_outbox(before=now + 1, now=now, until=now + LEASE)) == 3


async def test_concurrent_claimers_on_two_connections_split_the_work(new_store: StoreFactory) -> None:
    """Two stores are two processes: 8 claimers, 40 due games, each game claimed exactly once."""
    first, second = new_store(), new_store()
    await asyncio.gather(first.open(), second.open())
    try:
        games = {(await due_game(first, float(n), user=100 + n)).id for n in range(40)}
        await first.set_user_due(5, 1.0)

        async def claimer(store: Store) -> list[int]:
            taken: list[int] = []
            while batch := await store.claim_due_games(NOW, until=NOW + LEASE, limit=3):
                taken += [game.id for game in batch]
                await asyncio.sleep(0)
            return taken

        results = await asyncio.gather(*(claimer(first if n % 2 else second) for n in range(8)))
        taken = [game for result in results for game in result]
        assert sorted(taken) == sorted(games), "every due game claimed once: no duplicate, no loss"
        users = await asyncio.gather(*(s.claim_due_users(NOW, until=NOW + LEASE) for s in (first, second) * 3))
        assert sorted(u.user_id for batch in users for u in batch) == [5]
    finally:
        await asyncio.gather(first.close(), second.close())


CLAIMER = """
import asyncio, json, sys
from storage.postgres import PostgresStore

async def main():
    store = PostgresStore(sys.argv[1])
    await store.open()
    taken = []
    try:
        while batch := await store.claim_due_games(1000.0, until=1060.0, limit=2):
            taken += [game.id for game in batch]
    finally:
        await store.close()
    print(json.dumps(taken))

asyncio.run(main())
"""


async def test_claimers_in_separate_os_processes_split_the_work(postgres_url: str) -> None:
    """Three processes claim from one PostgreSQL database at once: each due game goes to exactly one."""
    store = PostgresStore(postgres_url)
    await store.open()
    try:
        games = {(await due_game(store, float(n), user=100 + n)).id for n in range(60)}
    finally:
        await store.close()
    children = [await asyncio.create_subprocess_exec(sys.executable, "-c", CLAIMER, postgres_url, cwd=ROOT,
                                                     stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
                for _ in range(3)]
    outputs = [await child.communicate() for child in children]
    assert all(child.returncode == 0 for child in children), [err.decode()[-500:] for _, err in outputs]
    taken = [game for out, _ in outputs for game in json.loads(out)]
    assert sorted(taken) == sorted(games), "every due game claimed once across processes: no duplicate, no loss"


async def test_claims_name_their_owner(new_store: StoreFactory) -> None:
    """A claim is its owner's: another store (another process life) can neither renew nor release it, and
    a renewal holds the work past the first lease."""
    first, second = new_store(), new_store()
    await asyncio.gather(first.open(), second.open())
    try:
        assert first.owner != second.owner
        game = await due_game(first, 10.0)
        await first.set_user_due(7, 5.0)
        assert [g.id for g in await first.claim_due_games(NOW, until=NOW + LEASE)] == [game.id]
        assert [u.user_id for u in await first.claim_due_users(NOW, until=NOW + LEASE)] == [7]
        assert await second.renew(until=NOW + 9 * LEASE, games=[game.id], users=[7]) == 0, "not its claims"
        await second.release(games=[game.id], users=[7])
        assert await second.claim_due_games(NOW, until=NOW + LEASE) == [], "another owner's release ends nothing"
        assert await first.renew(until=NOW + 3 * LEASE, games=[game.id], users=[7]) == 2
        assert await second.claim_due_games(NOW + 2 * LEASE, until=NOW + 4 * LEASE) == [], "renewed: held past the first lease"
        assert await second.claim_due_users(NOW + 2 * LEASE, until=NOW + 4 * LEASE) == []
        assert [g.id for g in await second.claim_due_games(NOW + 3 * LEASE, until=NOW + 4 * LEASE)] == [game.id], "then it lapses"
        assert await first.renew(until=NOW + 9 * LEASE, games=[game.id]) == 0, "a lapsed claim taken by another is not renewed"
        await first.release(games=[game.id])
        assert await first.claim_due_games(NOW + 3 * LEASE, until=NOW + 4 * LEASE) == [], "nor released"
    finally:
        await asyncio.gather(first.close(), second.close())


async def test_a_new_life_ends_the_claims_its_dead_predecessor_left(new_store: StoreFactory) -> None:
    """What a single-process bot runs at start (`end_foreign_claims`): every claim not its own ends, so the
    work a crash left is taken at once, not when the dead process's leases run out."""
    dead, alive = new_store(), new_store()
    await asyncio.gather(dead.open(), alive.open())
    try:
        games = [await due_game(dead, 10.0, user=100 + n) for n in range(3)]
        await dead.set_user_due(7, 5.0)
        league = await dead.create_league(guild_id=1, channel_id=2, name="L", game_type="t", config={}, created_by=1, due_at=5.0)
        assert len(await dead.claim_due_games(NOW, until=NOW + LEASE, limit=2)) == 2
        assert len(await dead.claim_due_users(NOW, until=NOW + LEASE)) == 1
        assert [r.id for r in await dead.claim_due_leagues(NOW, until=NOW + LEASE)] == [league.id]
        assert [g.id for g in await alive.claim_due_games(NOW, until=NOW + LEASE)] == [games[2].id]
        assert await alive.end_foreign_claims() == 4, "two games, one user, one league; its own claim stays"
        assert await alive.end_foreign_claims() == 0
        assert [g.id for g in await alive.claim_due_games(NOW, until=NOW + LEASE)] == [games[0].id, games[1].id]
        assert [u.user_id for u in await alive.claim_due_users(NOW, until=NOW + LEASE)] == [7]
        assert [r.id for r in await alive.claim_due_leagues(NOW, until=NOW + LEASE)] == [league.id]
        assert await dead.claim_due_games(NOW, until=NOW + LEASE) == [], "all three held by the new life"
    finally:
        await asyncio.gather(dead.close(), alive.close())
