"""The league and rating part of the store contract, on every backend: sign-up rules, rounds paired once,
tables decided once, and a game's end committing its ratings and league result in one transaction —
or nothing at all when a rating moved meanwhile."""

from __future__ import annotations

import asyncio
import inspect

import pytest

from storage.base import Store, StoreError
from storage.league_records import GameEnd, LeagueStore, RatingChange, RatingRecord, TableKey
from tests.storage.conftest import StoreFactory

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
    assert len(members) == 27
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
    assert not await store.open_round(league_id, number=2, deadline=900.0, tables=[], byes=()), "round 1 is still in play"
    assert not await store.wait_for_round(league_id, number=2, deadline=500.0)
    assert await store.wait_for_round(league_id, number=1, deadline=500.0)
    assert [found.id for found in await store.due_leagues(500.0)] == [league_id]
    assert await store.due_leagues(499.0) == []
    assert await store.close_table(table.key, status="void")
    assert not await store.close_table(table.key, status="void")
    assert not await store.wait_for_round(league_id, number=1, deadline=600.0), "the round is complete: no more waiting"
    assert not await store.open_round(league_id, number=2, deadline=900.0, tables=[(ALICE, CAROL)], byes=()), "CAROL withdrew"
    assert await store.open_round(league_id, number=2, deadline=900.0, tables=[], byes=())
    assert [r.status for r in await store.league_rounds(league_id)] == ["closed", "open"]
    assert not await store.finish_league(league_id, at_round=1), "decided from round 1, but round 2 is paired"
    assert await store.finish_league(league_id, at_round=2)
    assert not await store.finish_league(league_id)
    assert await store.due_leagues(10_000.0) == []


async def test_a_first_round_planned_before_a_join_is_refused(store: Store) -> None:
    league_id = await league(store)
    for user in (ALICE, BOB):
        await store.join_league(league_id, user)
    planned = [(ALICE, BOB)]
    await store.join_league(league_id, CAROL)
    assert not await store.open_round(league_id, number=1, deadline=500.0, tables=planned, byes=())
    assert (await store.get_league(league_id)).status == "signup"  # type: ignore[union-attr]
    assert await store.open_round(league_id, number=1, deadline=500.0, tables=planned, byes=(CAROL,))


async def test_joins_racing_the_start_are_either_paired_or_refused(store: Store) -> None:
    """Sign-ups landing while the first round is paired (on PostgreSQL: concurrent REPEATABLE READ
    transactions): every member who got in is paired, everyone else is told the league started."""
    league_id = await league(store)
    for user in (ALICE, BOB):
        await store.join_league(league_id, user)
    latecomers = list(range(200, 210))

    async def join(user: int) -> bool:
        try:
            await store.join_league(league_id, user)
        except StoreError as error:
            assert error.code == "league_started"
            return False
        return True

    outcomes = await asyncio.gather(store.open_round(league_id, number=1, deadline=500.0, tables=[(ALICE, BOB)], byes=()),
                                    *(join(user) for user in latecomers))
    record = await store.get_league(league_id)
    assert record is not None
    if outcomes[0]:
        assert record.members == (ALICE, BOB) and not any(outcomes[1:]), "nobody joined a started league unpaired"
    else:
        assert record.status == "signup" and set(record.members) == {ALICE, BOB, *(u for u, ok in zip(latecomers, outcomes[1:]) if ok)}


async def test_a_short_sign_up_is_postponed_only_while_still_short(store: Store) -> None:
    league_id = await league(store, due_at=10.0)
    await store.join_league(league_id, ALICE)
    assert await store.postpone_signup(league_id, until=100.0, needed=2)
    assert (await store.get_league(league_id)).due_at == 100.0  # type: ignore[union-attr]
    await store.join_league(league_id, BOB)
    assert not await store.postpone_signup(league_id, until=200.0, needed=2)
    assert (await store.get_league(league_id)).due_at == 100.0  # type: ignore[union-attr]


async def test_due_leagues_are_claimed_by_one_process_until_released_or_expired(new_store: StoreFactory) -> None:
    first, second = new_store(), new_store()  # two processes on one database
    await first.open()
    await second.open()
    try:
        due = [await league(first, f"L{index}", due_at=float(index)) for index in range(6)]
        await league(first, "later", due_at=1_000.0)
        claims = await asyncio.gather(*(store.claim_due_leagues(100.0, until=400.0, limit=4) for store in (first, second)))
        ids = [record.id for claimed in claims for record in claimed]
        assert sorted(ids) == due, "every due league claimed, none twice"
        assert all([r.due_at for r in claimed] == sorted(r.due_at for r in claimed) for claimed in claims)  # type: ignore[type-var]
        assert await first.claim_due_leagues(399.0, until=700.0) == [], "held until the claims run out"
        await first.release_leagues([record.id for record in claims[0]])
        again = await second.claim_due_leagues(200.0, until=700.0)
        assert [record.id for record in again] == [record.id for record in claims[0]], "released: claimable again"
        expired = await first.claim_due_leagues(400.0, until=900.0)
        assert sorted(record.id for record in expired) == sorted(record.id for record in claims[1]), "a dead process's claims expire"
        await first.release_leagues([])
    finally:
        await first.close()
        await second.close()


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


async def test_a_game_end_and_a_new_season_never_both_build_on_stale_ratings(store: Store) -> None:
    """Both are computed from ratings read before their transaction; at most one of them commits on
    that reading (on PostgreSQL: concurrent REPEATABLE READ transactions), the other is told to recompute."""
    for attempt in range(3):
        game_id = await started_game(store)
        season = await store.current_season(GUILD, "warchest")
        current = await store.get_ratings(GUILD, "warchest")
        user = 300 + attempt  # a player's first rated game
        end = GameEnd(GUILD, "warchest", season, (RatingChange(user, 27.0, 8.0, None, game_id, 1, 0, True),))
        resets = tuple(RatingChange(found.user_id, 25.0, 8.0, found) for found in current.values())

        async def outcome(coroutine: object) -> str:
            try:
                return "ok" if await coroutine else "refused"  # type: ignore[misc]
            except StoreError as error:
                return error.code

        ended, reset = await asyncio.gather(
            outcome(store.commit_action(game_id, expected_version=0, seat=0, action="x", state={}, version=1, status="finished",
                                        end=end)),
            outcome(store.new_season(GUILD, "warchest", number=season + 1, resets=resets)))
        assert sorted([ended, reset]) == ["ok", "ratings_changed"], (ended, reset)
        ratings = await store.get_ratings(GUILD, "warchest")
        final = await store.current_season(GUILD, "warchest")
        assert all(found.season == final for found in ratings.values()), "no rating left behind in an old season"


async def test_a_tournament_keeps_its_seeds_and_adds_each_next_game_once(store: Store) -> None:
    league_id = await league(store, "Cup")
    for user in (ALICE, BOB, CAROL):
        await store.join_league(league_id, user)
    assert await store.open_round(league_id, number=1, deadline=500.0, tables=[(BOB, CAROL)], byes=(ALICE,), numbers=[16],
                                  seeds=(ALICE, BOB, CAROL))
    assert (await store.get_league(league_id)).seeds == (ALICE, BOB, CAROL)  # type: ignore[union-attr]
    assert [table.table for table in await store.league_games(league_id)] == [16]
    added = await asyncio.gather(*(store.add_tables(league_id, number=1, tables=[(17, (CAROL, BOB))]) for _ in range(3)))
    assert sorted(added) == [0, 0, 1]
    assert await store.add_tables(league_id, number=2, tables=[(0, (ALICE, BOB))]) == 0, "not the round in play"
    assert await store.add_tables(league_id, number=1, tables=[(18, (BOB, CAROL))], ranks=(1, 2)) == 1
    settled = [table for table in await store.league_games(league_id) if table.table == 18]
    assert settled[0].status == "finished" and settled[0].game_id is None and settled[0].ranks == (1, 2)
    assert await store.mark_bracket(league_id, "a") and not await store.mark_bracket(league_id, "a")
    assert await store.mark_bracket(league_id, "b")
    assert await store.bracket_message(league_id) is None
    await store.set_bracket_message(league_id, 123456789012345678)
    assert await store.bracket_message(league_id) == 123456789012345678


async def test_a_table_settled_by_hand_lets_go_of_its_game_once(store: Store) -> None:
    league_id = await league(store, "Settled")
    for user in (ALICE, BOB, CAROL):
        await store.join_league(league_id, user)
    assert await store.open_round(league_id, number=1, deadline=500.0, tables=[(ALICE, BOB, CAROL)], byes=())
    game = await store.create_game(game_type="warchest", guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, options={},
                                   capacity=2)
    key = TableKey(league_id, 1, 0)
    assert await store.set_table_game(key, game.id)
    assert await store.close_table(key, status="finished", ranks=(2, 1, 3), settled=True)
    assert not await store.close_table(key, status="void"), "decided once"
    [table] = await store.league_games(league_id)
    assert table.status == "finished" and table.ranks == (2, 1, 3) and table.game_id is None
    assert await store.table_of_game(game.id) is None, "the game's end no longer reaches the table"
