"""League service without Discord, on a real store: withdrawals reshape rounds, a league that can no
longer fill a table ends, and a round of byes alone leads straight to the next."""

from __future__ import annotations

from pathlib import Path
from typing import AsyncIterator

import pytest

from tabletop.leagues.config import LeagueConfig
from tabletop.leagues.service import LeagueService
from tabletop.service import GameService
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
