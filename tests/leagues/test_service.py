"""League service without Discord, on a real store: withdrawals reshape rounds, a league that can no
longer fill a table ends, and a round of byes alone leads straight to the next."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import AsyncIterator

import pytest

from tabletop.leagues.config import LeagueConfig
from tabletop.leagues.service import LeagueService
from tabletop.play.service import GameService
from storage.sqlite import SqliteStore

GUILD, CHANNEL, ADMIN = 1, 10, 99


class Clock:
    now_at = 1_800_000_000.0

    def now(self) -> float:
        return self.now_at


@pytest.fixture
async def leagues(tmp_path: Path) -> AsyncIterator[LeagueService]:
    store = SqliteStore(tmp_path / "l.db")
    await store.open()
    clock = Clock()
    yield LeagueService(store, GameService(store, clock.now), clock.now)
    await store.close()


async def league_of(leagues: LeagueService, config: LeagueConfig, members: list[int], game: str = "warchest") -> int:
    league = await leagues.create(guild_id=GUILD, channel_id=CHANNEL, user_id=ADMIN, name="T", game_type=game, config=config,
                                  signup_hours=None)
    for user in members:
        await leagues.join(league, user)
    return league.id


async def resolve_round(leagues: LeagueService, league_id: int) -> None:
    """Every open table of the current round opened and decided by its first seat resigning."""
    league = await leagues.reload(await leagues.store.get_league(league_id))  # type: ignore[arg-type]
    for table in await leagues.store.league_games(league_id):
        if table.status == "open" and table.round == league.round:
            loaded = await leagues.open_table(league, table)
            assert loaded is not None
            await leagues.games.concede(loaded, 0)


async def test_withdrawals_that_leave_too_few_players_end_the_league(leagues: LeagueService) -> None:
    league_id = await league_of(leagues, LeagueConfig("swiss", 2, 3), [1, 2, 3])
    league = await leagues.store.get_league(league_id)
    progress = await leagues.start(league)  # type: ignore[arg-type]
    assert progress.opened == 1 and len(progress.tables) == 1
    await resolve_round(leagues, league_id)
    for user in (1, 2):
        await leagues.withdraw(await leagues.reload(league), user)  # type: ignore[arg-type]
    progress = await leagues.advance(await leagues.reload(league))  # type: ignore[arg-type]
    assert progress.finished and progress.league.status == "finished"


async def test_a_round_robin_round_emptied_by_a_withdrawal_is_byes_only(leagues: LeagueService) -> None:
    league_id = await league_of(leagues, LeagueConfig("rr", 2), [1, 2, 3])
    league = await leagues.store.get_league(league_id)
    await leagues.start(league)  # type: ignore[arg-type]
    await resolve_round(leagues, league_id)
    progress = await leagues.advance(await leagues.reload(league))  # type: ignore[arg-type]
    assert progress.opened == 2
    [table] = progress.tables
    schedule_round_two = table.players
    gone = schedule_round_two[0]
    _, forfeits = await leagues.withdraw(await leagues.reload(league), gone)  # type: ignore[arg-type]
    assert forfeits == []  # the round's game was not opened yet: it is voided at the deadline instead
    rounds_before = len(await leagues.store.league_rounds(league_id))
    leagues.now = lambda: 1_900_000_000.0
    progress = await leagues.advance(await leagues.reload(league))  # type: ignore[arg-type]
    assert [t.players for t in progress.voided] == [schedule_round_two]
    assert len(await leagues.store.league_rounds(league_id)) == rounds_before + 1
    [last] = (await leagues.store.league_rounds(league_id))[-1:]
    assert gone not in last.byes
    rows = await leagues.table(await leagues.reload(league))  # type: ignore[arg-type]
    assert rows == await leagues.recomputed_table(await leagues.reload(league))  # type: ignore[arg-type]


async def test_two_passes_opening_the_same_tables_start_each_game_once_in_seat_order(leagues: LeagueService) -> None:
    """Another process's pass opening the same round's tables (a `/league start` while the league loop
    looks): each game is started by exactly one of them, with the table's seats in order."""
    league_id = await league_of(leagues, LeagueConfig("rr", 4), [1, 2, 3, 4, 5, 6, 7, 8], game="wallofwar")
    league = await leagues.store.get_league(league_id)
    progress = await leagues.start(league)  # type: ignore[arg-type]
    assert len(progress.tables) == 2
    other = LeagueService(leagues.store, leagues.games, leagues.now)
    for table in progress.tables:
        # a pass died after creating the table's game: both passes resume it, seating its players at once
        game = await leagues.store.create_game(game_type="wallofwar", guild_id=GUILD, channel_id=CHANNEL,
                                               host_id=table.players[0], options={}, capacity=len(table.players))
        assert await leagues.store.set_table_game(table.key, game.id)
        [table] = [found for found in await leagues.store.league_games(league_id) if found.key == table.key]
        opened = await asyncio.gather(leagues.open_table(progress.league, table), other.open_table(progress.league, table))
        [started] = [loaded for loaded in opened if loaded is not None]
        assert started.record.players == table.players and started.record.status == "active"
    assert all(table.game_id is not None for table in await leagues.store.league_games(league_id))


async def test_a_start_planned_before_a_join_pairs_the_newcomer_too(leagues: LeagueService) -> None:
    league_id = await league_of(leagues, LeagueConfig("swiss", 2, 2), [1, 2, 3])
    stale = await leagues.store.get_league(league_id)
    await leagues.join(stale, 4)  # type: ignore[arg-type]
    progress = await leagues.start(stale)  # type: ignore[arg-type]
    assert progress.opened == 1
    assert sorted(user for table in progress.tables for user in table.players) == [1, 2, 3, 4]


async def test_a_deadline_verdict_that_lost_to_a_move_is_not_announced(leagues: LeagueService) -> None:
    league_id = await league_of(leagues, LeagueConfig("swiss", 2, 2, policy="double"), [1, 2])
    progress = await leagues.start(await leagues.store.get_league(league_id))  # type: ignore[arg-type]
    [table] = progress.tables
    loaded = await leagues.open_table(progress.league, table)
    assert loaded is not None
    match = loaded.match
    seat = match.awaited_seats()[0]
    await leagues.games.play(loaded, seat, match.legal_actions(seat)[0].notation, decision_id=match.decisions[seat])
    assert await leagues.decide(progress.league, table, loaded.record) is None, "the game moved on: nothing decided"
    assert (await leagues.store.league_games(league_id))[0].status == "open"
    fresh = await leagues.store.get_game(loaded.record.id)
    assert fresh is not None
    assert await leagues.decide(progress.league, table, fresh) == "void"
    assert await leagues.decide(progress.league, table, fresh) is None, "decided once"
    assert (await leagues.store.league_games(league_id))[0].status == "void"
