"""League and rating lookups read through indexes too (the method of tests/storage/test_query_plans.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

import pytest

from storage.league_records import TableKey
from storage.base import Store
from storage.sqlite import SqliteStore
from tests.storage.test_query_plans import FULL_SCAN, plans_of

GUILD, CHANNEL, ADMIN, ALICE, BOB = 1, 10, 100, 101, 102

LOOKUPS: dict[str, Callable[[SqliteStore], Awaitable[Any]]] = {
    "get_league (every league command)": lambda s: s.get_league(1),
    "list_leagues (autocomplete, the league a command means)": lambda s: s.list_leagues(GUILD),
    "list_leagues of a member (/league schedule, /stats)": lambda s: s.list_leagues(GUILD, statuses=("running",), user_id=ALICE),
    "list_leagues of a game (/league season)": lambda s: s.list_leagues(GUILD, game_type="warchest"),
    "due_leagues (league loop)": lambda s: s.due_leagues(2_000_000_000.0),
    "claim_due_leagues (league loop, several processes)": lambda s: s.claim_due_leagues(2_000_000_000.0, until=2_000_000_300.0),
    "release_leagues (league loop)": lambda s: s.release_leagues([1]),
    "wait_for_round (league loop)": lambda s: s.wait_for_round(1, number=1, deadline=5.0),
    "open_round (league loop)": lambda s: s.open_round(1, number=2, deadline=9.0, tables=[(ALICE, BOB)], byes=()),
    "league_rounds": lambda s: s.league_rounds(1),
    "league_games (standings)": lambda s: s.league_games(1),
    "table_of_game (every game's end)": lambda s: s.table_of_game(1),
    "get_ratings of players (every rated game's end)": lambda s: s.get_ratings(GUILD, "warchest", (ALICE, BOB)),
    "get_ratings of a game (/leaderboard)": lambda s: s.get_ratings(GUILD, "warchest"),
    "user_ratings (/stats)": lambda s: s.user_ratings(GUILD, ALICE),
    "rating_history of a player (/stats chart)": lambda s: s.rating_history(GUILD, "warchest", user_id=ALICE),
    "rating_history of a game (audit)": lambda s: s.rating_history(GUILD, "warchest"),
    "current_season": lambda s: s.current_season(GUILD, "warchest"),
}


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "plans.db")
    await opened.open()
    await populate(opened)
    yield opened
    await opened.close()


async def populate(opened: Store) -> None:
    """A league of two with its first round open and that round's table given a game."""
    league = await opened.create_league(guild_id=GUILD, channel_id=CHANNEL, name="L", game_type="warchest", config={},
                                        created_by=ADMIN, due_at=None)
    for user in (ALICE, BOB):
        await opened.join_league(league.id, user)
    await opened.open_round(league.id, number=1, deadline=5.0, tables=[(ALICE, BOB)], byes=())
    game = await opened.create_game(game_type="warchest", guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, options={}, capacity=2)
    await opened.set_table_game(TableKey(league.id, 1, 0), game.id)


@pytest.mark.parametrize("name", sorted(LOOKUPS))
async def test_league_lookup_reads_through_indexes(store: SqliteStore, name: str) -> None:
    for sql, plan in await plans_of(store, LOOKUPS[name]):
        scans = [line for line in plan if FULL_SCAN.match(line)]
        assert not scans, f"{name}: {scans} in the plan of\n{sql}\n" + "\n".join(plan)
