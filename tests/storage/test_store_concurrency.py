"""Concurrency stress against every backend: many writers, one version history, no lock errors."""

from __future__ import annotations

import asyncio
from typing import Callable

from storage.base import GameRecord, Store

StoreFactory = Callable[[], Store]
WRITERS = 24
ATTEMPTS = 12


async def active_game(store: Store) -> GameRecord:
    game = await store.create_game(game_type="t", guild_id=1, channel_id=2, host_id=1, options={}, capacity=2)
    game = await store.add_player(game.id, 2)
    return await store.start_game(game.id, players=[1, 2], seed=0, state={"version": 0}, version=0)


async def writer(store: Store, game_id: int, name: int) -> int:
    """Read the latest version and try to commit on it, like a player clicking repeatedly; count wins."""
    wins = 0
    for attempt in range(ATTEMPTS):
        game = await store.get_game(game_id)
        assert game is not None and game.state == {"version": game.version}
        nxt = game.version + 1
        if await store.commit_action(
            game_id,
            expected_version=game.version,
            seat=name % 2,
            action=f"w{name}.{attempt}",
            state={"version": nxt},
            version=nxt,
            status="active",
        ):
            wins += 1
        await asyncio.sleep(0)
    return wins


async def check_history(store: Store, game_id: int, successes: int) -> None:
    game = await store.get_game(game_id)
    assert game is not None
    assert game.version == successes and game.state == {"version": successes}
    assert [a.seq for a in await store.actions(game_id)] == list(range(1, successes + 1))


async def test_many_coroutines_commit_in_parallel(store: Store) -> None:
    game = await active_game(store)
    wins = await asyncio.gather(*(writer(store, game.id, n) for n in range(WRITERS)))
    assert sum(wins) > 0
    await check_history(store, game.id, sum(wins))


async def test_two_connections_on_one_database_commit_in_parallel(new_store: StoreFactory) -> None:
    """Two store objects = two connections (or two processes): BEGIN IMMEDIATE + busy_timeout must queue them."""
    first, second = new_store(), new_store()
    await asyncio.gather(first.open(), second.open())
    try:
        game = await active_game(first)
        wins = await asyncio.gather(*(writer(first if n % 2 else second, game.id, n) for n in range(WRITERS)))
        assert sum(wins) > 0
        await check_history(second, game.id, sum(wins))
        await asyncio.gather(*((first if n % 2 else second).update_user(7, prefs={f"k{n}": n}) for n in range(WRITERS)))
        assert (await first.get_user(7)).prefs == {f"k{n}": n for n in range(WRITERS)}
    finally:
        await asyncio.gather(first.close(), second.close())
