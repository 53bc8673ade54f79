"""The issue's "done when", through the offline Discord harness: a Swiss league of 7 players over 3
rounds of War Chest and a round-robin of 5 players of Wall of War, from sign-up to the season reset.

Games are played by the driver (a few random legal moves through the picker, then a resignation), and
one game per round is left to the round's deadline, which the fake clock reaches. Ratings must equal
openskill's, computed here independently in the order the games ended; the standings must equal a
recomputation from the stored games; /stats and /leaderboard must show the ratings.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tabletop.play.clocks import HOUR
from tabletop.leagues.ratings import Rating, ranked
from tabletop.leagues.service import LeagueService
from tabletop.play.service import match_of
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.leagues.harness import (
    ADMIN, RatingCheck, add_players, league_pass_now, play_some, reply, resign, round_tables, slash, the_league,
)


def service(table: Table) -> LeagueService:
    return LeagueService(table.bot.store, table.bot.service, table.bot.service.now)


async def assert_ratings_match(table: Table, game: str, check: RatingCheck) -> dict[int, Rating]:
    stored = await table.bot.store.get_ratings(GUILD, game)
    assert set(stored) == set(check.ratings)
    for user, (mu, sigma) in check.ratings.items():
        assert (stored[user].mu, stored[user].sigma) == pytest.approx((mu, sigma), abs=1e-9), user
    audited = await service(table).audit(GUILD, game)
    for user, rating in audited.items():
        assert (rating.mu, rating.sigma) == pytest.approx(check.ratings[user], abs=1e-9)
    return {user: Rating(record.mu, record.sigma, record.games) for user, record in stored.items()}


async def end_by_deadline(table: Table, game_id: int, check: RatingCheck, hours: float) -> str:
    """Move the clock past the round's deadline and run the league loop once; what became of the game."""
    table.clock.advance(hours * HOUR + 1)
    await league_pass_now(table)
    record = await table.record(game_id)
    if record.status == "finished":
        await check.game_ended(table, game_id)
    return record.status


def announcements(table: Table, text: str) -> list:
    return [message for message in table.world.messages_in(CHANNEL) if text in message.text]


async def test_a_swiss_league_of_seven_over_three_rounds_of_war_chest(table: Table) -> None:
    players = add_players(table, 7)
    rng = random.Random(7)
    refused = await slash(table, players[0], "league create", {"name": "Autumn", "game": "warchest", "format": "swiss"})
    assert "Manage Server" in reply(refused) and await table.bot.store.list_leagues(GUILD) == []
    await slash(table, ADMIN, "league create", {"name": "Autumn", "game": "warchest", "format": "swiss", "rounds": 3,
                                                "round_hours": 48, "signup_hours": 24})
    for user in players:
        await slash(table, user, "league join")
    assert "already joined" in reply(await slash(table, players[0], "league join"))
    await slash(table, players[6], "league leave")
    await slash(table, players[6], "league join")
    league = await the_league(table, "Autumn")
    assert league.members == tuple(players) and league.status == "signup"

    table.clock.advance(24 * HOUR + 1)  # the sign-up deadline starts the league
    await league_pass_now(table)
    check = RatingCheck()
    byes: list[int] = []
    for number in (1, 2, 3):
        league = await the_league(table, "Autumn")
        assert league.round == number and league.status == "running"
        tables = await round_tables(table, league, number)
        assert len(tables) == 3 and all(entry.game_id for entry in tables)
        [round_] = [r for r in await table.bot.store.league_rounds(league.id) if r.number == number]
        assert len(round_.byes) == 1
        byes += round_.byes
        for entry in tables:
            [intro] = announcements(table, f"#{entry.game_id}\n")
            assert {int(user) for user in intro.payload["allowed_mentions"]["users"]} == set(entry.players)
            record = await table.record(entry.game_id)
            assert record.thread_id not in (None, CHANNEL)
        for index, entry in enumerate(tables):
            await play_some(table, entry.game_id, rng, 4)
            if index == 2:
                continue  # left to the deadline
            await resign(table, entry.game_id, rng.choice(entry.players))
            await check.game_ended(table, entry.game_id)
        await league_pass_now(table)
        assert (await the_league(table, "Autumn")).round == number  # one game is still open
        status = await end_by_deadline(table, tables[2].game_id, check, 48)
        assert status in ("finished", "cancelled")

    league = await the_league(table, "Autumn")
    assert league.status == "finished" and league.round == 3
    assert len(set(byes)) == 3  # nobody sits out twice
    games = await table.bot.store.league_games(league.id)
    pairs = [frozenset(entry.players) for entry in games]
    assert len(pairs) == len(set(pairs)) == 9  # no rematch
    rows = await service(table).table(league)
    assert rows == await service(table).recomputed_table(league)
    assert sum(row.played for row in rows) == 18 and sum(row.byes for row in rows) == 3
    [final] = announcements(table, "final standings")
    assert final.attachments and final.attachments[0].filename.startswith("standings-")
    ratings = await assert_ratings_match(table, "warchest", check)
    assert all(rating.games >= 1 for rating in ratings.values())

    standings = reply(await slash(table, players[1], "league standings"))
    assert "Autumn" in standings and "player" in standings
    results = reply(await slash(table, players[1], "league results"))
    assert results.count("\n") == 9
    assert "no league games" in reply(await slash(table, players[0], "league schedule"))

    best, best_rating = ranked({user: rating for user, rating in ratings.items()})[0]
    board = reply(await slash(table, players[0], "leaderboard", {"game": "warchest"}))
    assert f"1. {table.world.user(best).name} — {best_rating.shown()}" in board
    assert "You: #" in board
    stats = await slash(table, players[0], "stats", {"member": players[2]})
    assert f"rating {ratings[players[2]].shown()}" in reply(stats) and "Autumn" in reply(stats)
    assert stats.messages[-1].attachments, "the rating history chart"

    before = await table.bot.store.get_ratings(GUILD, "warchest")
    refused = await slash(table, players[0], "league season", {"game": "warchest", "action": "new"})
    assert "Manage Server" in reply(refused)
    await slash(table, ADMIN, "league season", {"game": "warchest", "action": "new"})
    after = await table.bot.store.get_ratings(GUILD, "warchest")
    for user, record in before.items():
        assert after[user].mu == pytest.approx(25 + (record.mu - 25) / 2)
        assert record.sigma <= after[user].sigma <= 25 / 3 and after[user].games == 0 and after[user].season == 2
    assert "season 2" in reply(await slash(table, players[0], "league season", {"game": "warchest"}))
    assert "(season 2)" in reply(await slash(table, players[0], "leaderboard", {"game": "warchest"}))


async def test_a_round_robin_of_five_at_wall_of_war(table: Table) -> None:
    players = add_players(table, 5, first=600)
    rng = random.Random(5)
    await slash(table, ADMIN, "league create", {"name": "Walls", "game": "wallofwar", "format": "rr", "players": 4,
                                                "round_hours": 24, "policy": "double", "tiebreaks": "h2h,gamescore"})
    for user in players:
        await slash(table, user, "league join")
    assert "Not enough" not in reply(await slash(table, ADMIN, "league start"))
    check = RatingCheck()
    number = 0
    while (league := await the_league(table, "Walls")).status == "running":
        number += 1
        assert league.round == number
        tables = await round_tables(table, league, number)
        assert len(tables) == 1 and len(tables[0].players) == 4
        entry = tables[0]
        await play_some(table, entry.game_id, rng, 6)
        if number == 2:  # left to the deadline: a double forfeit under this league's policy
            assert await end_by_deadline(table, entry.game_id, check, 24) == "cancelled"
            assert announcements(table, "double forfeit")
            continue
        await resign(table, entry.game_id, entry.players[number % 4])
        await check.game_ended(table, entry.game_id)
        await league_pass_now(table)
    assert league.status == "finished"
    games = await table.bot.store.league_games(league.id)
    met = {frozenset(pair) for entry in games for pair in itertools.combinations(entry.players, 2)}
    assert met == {frozenset(pair) for pair in itertools.combinations(players, 2)}
    rounds = await table.bot.store.league_rounds(league.id)
    assert all(len(r.byes) == 1 for r in rounds)
    rows = await service(table).table(league)
    assert rows == await service(table).recomputed_table(league)
    [void] = [entry for entry in games if entry.status == "void"]
    assert all(row.losses >= 1 for row in rows if row.user_id in void.players)
    ratings = await assert_ratings_match(table, "wallofwar", check)
    assert all(ratings[user].games == sum(1 for entry in games if entry.status == "finished" and user in entry.players)
               for user in ratings)
    record = await table.record(games[0].game_id)
    assert match_of(record).outcome is not None
    stats = reply(await slash(table, players[0], "stats"))
    assert "Wall of War" in stats and ratings[players[0]].shown() in stats
    assert "favourites" in stats
    board = reply(await slash(table, players[4], "leaderboard", {"game": "wallofwar"}))
    assert board.count("\n") >= 5
