"""A league's page data (`GET /api/leagues/{id}`): the standings `/league standings` computes with each
member's openskill rating on the server, and every round's tables with their places or links, for
members of the league's server only."""

from __future__ import annotations

import random

from tabletop.play.clocks import HOUR
from tabletop.leagues.results import rating_of
from tabletop.leagues.service import LeagueService
from tabletop.leagues.standings import points_text
from tests.e2e.driver import GUILD
from tests.leagues.harness import ADMIN, add_players, league_pass_now, play_some, resign, round_tables, slash, the_league
from tests.web.live_board import LiveBoard
from tests.web.test_replay import get_json
from tests.web.test_web_rights import status_of


async def test_a_league_page_shows_standings_ratings_and_schedule(live: LiveBoard) -> None:
    table = live.table
    players = add_players(table, 5)
    await slash(table, ADMIN, "league create", {"name": "Autumn", "game": "warchest", "format": "swiss", "rounds": 2,
                                                "round_hours": 48, "signup_hours": 24})
    for user in players:
        await slash(table, user, "league join")
    league = await the_league(table, "Autumn")
    path = f"/api/leagues/{league.id}"
    signup = await get_json(live, path, players[0])
    assert signup["league"]["status"] == "signup" and signup["schedule"] == []
    assert [row["name"] for row in signup["standings"]] == [f"player{index + 1}" for index in range(5)]

    table.clock.advance(24 * HOUR + 1)
    await league_pass_now(table)
    league = await the_league(table, "Autumn")
    rng = random.Random(5)
    first = await round_tables(table, league, 1)
    assert len(first) == 2
    await play_some(table, first[0].game_id, rng, 3)
    await resign(table, first[0].game_id, first[0].players[0])

    page = await get_json(live, path, players[1])
    league = await the_league(table, "Autumn")
    rows = await LeagueService(table.bot.store, table.bot.service, table.bot.service.now).table(league)
    stored = await table.bot.store.get_ratings(GUILD, "warchest")
    assert page["league"]["name"] == "Autumn" and page["league"]["status"] == "running" and page["league"]["round"] == 1
    assert page["league"]["game"]["name"] == "War Chest" and page["locale"] == "en"
    assert len(page["columns"]["tiebreaks"]) == 2, "Swiss: Buchholz and Sonneborn-Berger"
    assert [(row["place"], row["points"], row["record"]) for row in page["standings"]] == \
        [(row.place, points_text(row.points), f"{row.wins}-{row.draws}-{row.losses}") for row in rows]
    names = {f"player{index + 1}": user for index, user in enumerate(players)}
    for row in page["standings"]:
        user = names[row["name"]]
        assert row["you"] == (user == players[1])
        expected = rating_of(stored[user]) if user in stored else None
        assert row["rating"] == (None if expected is None else
                                 {"display": expected.display, "provisional": True, "shown": expected.shown(),
                                  "games": expected.games})
    assert sum(row["rating"] is not None for row in page["standings"]) == 2, "the two who played are rated"
    [round_one] = page["schedule"]
    assert round_one["round"] == 1 and round_one["status"] == "open" and len(round_one["byes"]) == 1
    done, still = round_one["tables"]
    assert done["status"] != "open" and done["link"] == f"/games/{first[0].game_id}/replay"
    assert [place["name"] for place in done["places"]][-1] == next(name for name, user in names.items()
                                                                   if user == first[0].players[0]), "the resigner last"
    assert still["status"] == "open" and still["link"] == f"/games/{first[1].game_id}" and still["places"] is None
    assert "user_id" not in str(page) and str(players[0]) not in str(page), "no Discord ids"

    japanese = await get_json(live, path, players[1], lang="ja")
    assert japanese["locale"] == "ja" and japanese["league"]["status_text"] != page["league"]["status_text"]


async def test_a_league_page_is_for_its_servers_members(live: LiveBoard) -> None:
    table = live.table
    players = add_players(table, 4)
    await slash(table, ADMIN, "league create", {"name": "Spring", "game": "warchest", "format": "rr"})
    league = await the_league(table, "Spring")
    path = f"/api/leagues/{league.id}"
    stranger = 950  # not ADMIN (900, tests.web.live_board.OUTSIDER)
    live.world.add_user(stranger, "stranger")
    live.members_only(GUILD, {*players, ADMIN})
    assert (await get_json(live, path, players[3]))["league"]["name"] == "Spring"
    assert await status_of(live, path, stranger) == (403, "not_member")
    assert await status_of(live, path, None) == (401, "unauthorized")
    for bad in ("/api/leagues/99999", "/api/leagues/0", "/api/leagues/x1", "/api/leagues/" + "9" * 30):
        assert await status_of(live, bad, players[0]) == (404, "no_league"), bad
