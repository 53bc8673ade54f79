"""The other formats end to end in a few moves each (double round-robin, ladder), and `/game history`."""

from __future__ import annotations

import itertools
from collections import Counter

from tests.e2e.driver import Table
from tests.leagues.harness import ADMIN, add_players, league_pass_now, reply, resign, round_tables, slash, the_league


async def play_league(table: Table, name: str) -> int:
    """Every table decided by its first player resigning, round after round; returns the rounds played."""
    number = 0
    while (league := await the_league(table, name)).status == "running":
        number += 1
        for entry in await round_tables(table, league, number):
            await resign(table, entry.game_id, entry.players[0])
        await league_pass_now(table)
    return number


async def test_a_double_round_robin_meets_everyone_twice_seats_swapped(table: Table) -> None:
    players = add_players(table, 3)
    await slash(table, ADMIN, "league create", {"name": "Twice", "game": "warchest", "format": "drr"})
    for user in players:
        await slash(table, user, "league join")
    await slash(table, ADMIN, "league start")
    assert await play_league(table, "Twice") == 6
    league = await the_league(table, "Twice")
    seatings = Counter(entry.players for entry in await table.bot.store.league_games(league.id))
    assert len(seatings) == 6 and set(seatings.values()) == {1}
    assert {frozenset(pair) for pair in seatings} == {frozenset(pair) for pair in itertools.combinations(players, 2)}
    rows = [row for row in reply(await slash(table, players[0], "league standings")).splitlines() if ". player" in row]
    assert len(rows) == 3


async def test_a_ladder_pairs_rating_neighbours_round_after_round(table: Table) -> None:
    players = add_players(table, 4)
    await slash(table, ADMIN, "league create", {"name": "Ladder", "game": "warchest", "format": "ladder", "rounds": 2})
    for user in players:
        await slash(table, user, "league join")
    await slash(table, ADMIN, "league start")
    assert await play_league(table, "Ladder") == 2
    league = await the_league(table, "Ladder")
    first = {frozenset(entry.players) for entry in await round_tables(table, league, 1)}
    second = {frozenset(entry.players) for entry in await round_tables(table, league, 2)}
    assert not first & second  # last round's opponents are avoided


async def test_game_history_lists_finished_games_of_the_server_or_a_member(table: Table) -> None:
    players = add_players(table, 4)
    one = await table.start_game(players[0], [players[1]], "warchest")
    two = await table.start_game(players[2], [players[3]], "warchest")
    await resign(table, one, players[0])
    await resign(table, two, players[3])
    everyone = reply(await slash(table, players[0], "game history"))
    assert f"#{one} " in everyone and f"#{two} " in everyone and "player2 > player1" in everyone
    mine = reply(await slash(table, players[0], "game history", {"member": players[2]}))
    assert f"#{two} " in mine and f"#{one} " not in mine


async def test_autocomplete_offers_the_servers_leagues_and_games(table: Table) -> None:
    players = add_players(table, 2)
    await slash(table, ADMIN, "league create", {"name": "Spring Cup", "game": "warchest", "format": "rr"})
    offered = await table.world.autocomplete(players[0], "league join", "league", {"league": "spr"},
                                             channel_id=10, guild_id=1)
    assert [choice["name"] for choice in offered] == ["Spring Cup — sign-up"]
    games = await table.world.autocomplete(players[0], "leaderboard", "game", {"game": "chest"}, channel_id=10, guild_id=1)
    assert [choice["value"] for choice in games] == ["warchest"]
