"""The league and rating part of the store contract, on every backend: sign-up rules, rounds paired once,
tables decided once, and a game's end committing its ratings and league result in one transaction —
or nothing at all when a rating moved meanwhile."""

from __future__ import annotations

import asyncio
import inspect

import pytest

from storage.base import Store, StoreError
from storage.league_records import GameEnd, LeagueStore, RatingChange, RatingRecord, TableKey

GUILD, CHANNEL, ADMIN, ALICE, BOB, CAROL = 1, 10, 100, 101, 102, 103


async def league(store: Store, name: str = "Autumn", due_at: float | None = None) -> int:
    record = await store.create_league(guild_id=GUILD, channel_id=CHANNEL, name=name, game_type="warchest",
                                       config={"format": "swiss"}, created_by=ADMIN, due_at=due_at)
    return record.id


async def error_code(coroutine: object) -> str:
    with pytest.raises(StoreError) as caught:
        await coroutine  # type: ignore[misc]
    return caught.value.code


async def test_backend_implements_the_league_protocol(store: Store) -> None:
    members = {name for name, value in vars(LeagueStore).items() if inspect.iscoroutinefunction(value)}
    assert len(members) == 19
    for name in members:
        assert inspect.signature(getattr(type(store), name)) == inspect.signature(getattr(LeagueStore, name)), name


async def test_sign_up_rules(store: Store) -> None:
    league_id = await league(store)
    assert await error_code(league(store)) == "league_exists"
    await store.join_league(league_id, ALICE)
    await store.join_league(league_id, BOB)
    assert await error_code(store.join_league(league_id, ALICE)) == "league_already_joined"
    assert await error_code(store.join_league(999, ALICE)) == "league_not_found"
    record = await store.leave_league(league_id, BOB)
    assert record.members == (ALICE,)
    assert await error_code(store.leave_league(league_id, BOB)) == "league_not_joined"
    await store.join_league(league_id, BOB)
    await store.join_league(league_id, CAROL)
    assert (await store.get_league(league_id)).members == (ALICE, BOB, CAROL)  # type: ignore[union-attr]
    assert [found.id for found in await store.list_leagues(GUILD, user_id=CAROL)] == [league_id]
    assert await store.list_leagues(GUILD, user_id=ADMIN) == []


async def test_a_round_is_paired_once_and_locks_sign_up(store: Store) -> None:
    league_id = await league(store)
    for user in (ALICE, BOB, CAROL):
        await store.join_league(league_id, user)
    opened = await asyncio.gather(*(store.open_round(league_id, number=1, deadline=500.0, tables=[(ALICE, BOB)], byes=(CAROL,))
                                    for _ in range(3)))
    assert sorted(opened) == [False, False, True]
    record = await store.get_league(league_id)
    assert record is not None and record.status == "running" and record.round == 1 and record.due_at == 0
    assert await error_code(store.join_league(league_id, ADMIN)) == "league_started"
    assert await error_code(store.leave_league(league_id, ALICE)) == "league_started"
    withdrawn = await store.leave_league(league_id, CAROL, withdraw=True)
    assert withdrawn.members == (ALICE, BOB) and withdrawn.withdrawn == (CAROL,)
    [round_] = await store.league_rounds(league_id)
    assert round_.byes == (CAROL,) and round_.status == "open"
    [table] = await store.league_games(league_id)
    assert table.players == (ALICE, BOB) and table.game_id is None and table.status == "open"
    assert [found.id for found in await store.due_leagues(0.0)] == [league_id]
    await store.set_league_due(league_id, 500.0)
    assert [found.id for found in await store.due_leagues(500.0)] == [league_id]
    assert await store.due_leagues(499.0) == []
    assert await store.close_table(table.key, status="void")
    assert not await store.close_table(table.key, status="void")
    assert await store.open_round(league_id, number=2, deadline=900.0, tables=[], byes=())
    assert [r.status for r in await store.league_rounds(league_id)] == ["closed", "open"]
    assert await store.finish_league(league_id)
    assert not await store.finish_league(league_id)
    assert await store.due_leagues(10_000.0) == []


async def started_game(store: Store) -> int:
    game = await store.create_game(game_type="warchest", guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, options={}, capacity=2)
    await store.add_player(game.id, BOB)
    await store.start_game(game.id, players=[ALICE, BOB], seed=1, state={"v": 0}, version=0)
    return game.id


async def test_a_game_end_commits_ratings_and_the_league_result_together(store: Store) -> None:
    league_id = await league(store)
    await store.join_league(league_id, ALICE)
    await store.join_league(league_id, BOB)
    await store.open_round(league_id, number=1, deadline=1.0, tables=[(ALICE, BOB)], byes=())
    game_id = await started_game(store)
    key = TableKey(league_id, 1, 0)
    assert await store.set_table_game(key, game_id)
    assert not await store.set_table_game(key, game_id + 1)
    assert (await store.table_of_game(game_id)).key == key  # type: ignore[union-attr]
    end = GameEnd(GUILD, "warchest", 1, (RatingChange(ALICE, 27.0, 8.0, None, game_id, 1, 0, True),
                                         RatingChange(BOB, 23.0, 8.0, None, game_id, 2, 1)), key, (1, 2), (6.0, 2.0))
    assert await store.commit_action(game_id, expected_version=0, seat=0, action="x", state={"v": 1}, version=1,
                                     status="finished", end=end)
    assert not await store.commit_action(game_id, expected_version=0, seat=0, action="x", state={"v": 1}, version=1,
                                         status="finished", end=end)
    ratings = await store.get_ratings(GUILD, "warchest")
    assert ratings[ALICE] == RatingRecord(ALICE, 27.0, 8.0, 1, 1, 1) and ratings[BOB].wins == 0
    assert (await store.user_ratings(GUILD, ALICE))["warchest"].mu == 27.0
    history = await store.rating_history(GUILD, "warchest")
    assert [(h.user_id, h.game_id, h.mu_before, h.mu_after, h.rank) for h in history] == [
        (ALICE, game_id, None, 27.0, 1), (BOB, game_id, None, 23.0, 2)]
    [table] = await store.league_games(league_id)
    assert table.status == "finished" and table.ranks == (1, 2) and table.scores == (6.0, 2.0)


async def test_a_stale_rating_aborts_the_whole_final_step(store: Store) -> None:
    first, second = await started_game(store), await started_game(store)
    end = GameEnd(GUILD, "warchest", 1, (RatingChange(ALICE, 27.0, 8.0, None, first, 1, 0, True),
                                         RatingChange(BOB, 23.0, 8.0, None, first, 2, 1)))
    assert await store.commit_action(first, expected_version=0, seat=0, action="x", state={}, version=1, status="finished", end=end)
    stale = GameEnd(GUILD, "warchest", 1, (RatingChange(ALICE, 26.0, 8.0, None, second, 1, 0, True),))
    assert await error_code(store.commit_action(second, expected_version=0, seat=0, action="x", state={}, version=1,
                                                status="finished", end=stale)) == "ratings_changed"
    record = await store.get_game(second)
    assert record is not None and record.status == "active" and record.version == 0
    assert await store.actions(second) == []
    before = (await store.get_ratings(GUILD, "warchest", (ALICE,)))[ALICE]
    fresh = GameEnd(GUILD, "warchest", 1, (RatingChange(ALICE, 28.0, 7.0, before, second, 1, 0, True),))
    assert await store.commit_action(second, expected_version=0, seat=0, action="x", state={}, version=1, status="finished", end=fresh)
    assert (await store.get_ratings(GUILD, "warchest", (ALICE,)))[ALICE] == RatingRecord(ALICE, 28.0, 7.0, 2, 2, 1)


async def test_a_new_season_resets_ratings_once_and_keeps_history(store: Store) -> None:
    game_id = await started_game(store)
    end = GameEnd(GUILD, "warchest", 1, (RatingChange(ALICE, 27.0, 8.0, None, game_id, 1, 0, True),))
    await store.commit_action(game_id, expected_version=0, seat=0, action="x", state={}, version=1, status="finished", end=end)
    assert await store.current_season(GUILD, "warchest") == 1
    before = (await store.get_ratings(GUILD, "warchest"))[ALICE]
    resets = (RatingChange(ALICE, 26.0, 8.2, before),)
    assert await store.new_season(GUILD, "warchest", number=2, resets=resets)
    assert not await store.new_season(GUILD, "warchest", number=2, resets=resets)
    assert await store.current_season(GUILD, "warchest") == 2
    assert await store.current_season(GUILD, "wallofwar") == 1
    assert (await store.get_ratings(GUILD, "warchest"))[ALICE] == RatingRecord(ALICE, 26.0, 8.2, 0, 0, 2)
    history = await store.rating_history(GUILD, "warchest", user_id=ALICE)
    assert [(h.season, h.game_id, h.mu_after) for h in history] == [(1, game_id, 27.0), (2, None, 26.0)]
