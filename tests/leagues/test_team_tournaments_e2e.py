"""Tournaments of tables through the offline Discord harness: an 8-player War Chest 4p team tournament
played to the end (a table's winning team goes through, partners evened out, team ratings as openskill
computes them here), and `/league settle` on a table of a team game and on a Swiss game.
"""

from __future__ import annotations

import random

from tabletop.leagues.brackets.view import MatchView
from tabletop.leagues.standings import points_text
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.leagues.harness import ADMIN, RatingCheck, add_players, league_pass_now, reply, slash, the_league
from tests.leagues.test_leagues_e2e import assert_ratings_match
from tests.leagues.test_tournaments_e2e import bracket, play_tournament, service, signed_up, worse_seed
from storage.league_records import LeagueGameRecord


def teams_of(match: MatchView) -> list[set[int]]:
    """A War Chest table's two teams: seats 0 and 2 against 1 and 3 (seat order is the sides' order)."""
    users = [side.user for side in match.sides]
    return [{users[0], users[2]}, {users[1], users[3]}]  # type: ignore[arg-type]


async def test_eight_players_war_chest_four_player_teams_played_to_the_end(table: Table) -> None:
    players = add_players(table, 8)
    rng = random.Random(84)
    await signed_up(table, "Teams", players, {"game": "warchest", "format": "single_elim", "players": 4, "round_hours": 48})
    check = RatingCheck()
    league = await the_league(table, "Teams")
    seeds = league.seeds
    view = await bracket(table, "Teams")
    [first] = view.rounds
    # two tables of four, teams evened out: the best seed with the weakest against the two between
    assert [[side.user for side in match.sides] for match in first.matches] == \
        [[seeds[0], seeds[3], seeds[7], seeds[4]], [seeds[1], seeds[2], seeds[6], seeds[5]]]
    for entry in [entry for entry in await table.bot.store.league_games(league.id) if entry.round == 1]:
        record = await table.record(entry.game_id)  # type: ignore[arg-type]
        assert record.status == "active" and len(record.players) == 4 and list(record.players) == list(entry.players)

    def loser(match: MatchView, number: int, entry: LeagueGameRecord) -> int:
        return worse_seed(match, number, entry)

    view = await play_tournament(table, "Teams", loser, check, rng, moves=2)
    first, final = view.rounds
    for match in first.matches:  # the team without the table's worst seed won: both partners went through
        assert set(match.winners) in teams_of(match) and match.decided_by == "games"
        assert max(seeds.index(user) for user in match.winners) < max(seeds.index(s.user) for s in match.sides)  # type: ignore[arg-type]
    [last] = final.matches
    assert len(last.sides) == 4 and set(last.winners) in teams_of(last)
    assert view.done and set(view.champions) == set(last.winners) and view.champion in view.champions
    assert sorted(view.places.values()) == [1, 1, 3, 3, 5, 5, 5, 5]
    await assert_ratings_match(table, "warchest", check)  # team ratings, each game's teams from its seats
    stored = await table.bot.store.get_ratings(GUILD, "warchest")
    a, b = view.champions
    assert stored[a].games == stored[b].games == 2
    shown = reply(await slash(table, players[0], "league bracket"))
    names = [table.world.user(user).name for user in view.champions]
    assert f"Champion: {names[0]} & {names[1]}" in shown and "T2.0" in shown
    assert (await the_league(table, "Teams")).status == "finished"


async def test_an_admin_settles_a_team_table_and_a_swiss_game(table: Table) -> None:
    players = add_players(table, 8)
    await signed_up(table, "Settle4", players, {"game": "warchest", "format": "single_elim", "players": 4})
    view = await bracket(table, "Settle4")
    match = view.rounds[0].matches[1]
    named = match.sides[1].user
    assert "fewer than it seats" in reply(await slash(table, ADMIN, "league settle", {
        "match": match.key, "winner": match.sides[0].user, "second": match.sides[1].user, "third": match.sides[2].user,
        "fourth": match.sides[3].user}))
    answer = reply(await slash(table, ADMIN, "league settle", {"match": match.key, "winner": named}))
    assert "settled by an admin" in answer and f"<@{match.sides[3].user}>" in answer  # the partner wins along
    view = await bracket(table, "Settle4")  # equal to the bracket rebuilt from the stored games
    settled = view.rounds[0].matches[1]
    partner = match.sides[3].user
    assert settled.decided_by == "settled" and set(settled.winners) == {named, partner}
    assert (await table.record(match.games[0].game_id)).status == "cancelled"  # type: ignore[arg-type]
    await league_pass_now(table)
    assert "settled by an admin" in reply(await slash(table, players[0], "league bracket"))

    others = add_players(table, 4, first=700)
    await slash(table, ADMIN, "league create", {"name": "Swiss2", "game": "warchest", "format": "swiss_cut", "rounds": 2,
                                                "advance": 2}, channel=CHANNEL)
    league = await the_league(table, "Swiss2")
    for user in others:
        await table.world.slash(user, "league join", {"league": league.id}, channel_id=CHANNEL, guild_id=GUILD)
    await table.world.slash(ADMIN, "league start", {"league": league.id}, channel_id=CHANNEL, guild_id=GUILD)
    view = await bracket(table, "Swiss2")
    game = view.rounds[0].matches[0]
    assert game.bracket == "swiss" and game.status == "playing"
    underdog = max(game.sides, key=lambda side: side.seed or 0).user
    settled_reply = await table.world.slash(ADMIN, "league settle", {"match": game.key, "winner": underdog,
                                                                     "league": league.id}, channel_id=CHANNEL, guild_id=GUILD)
    assert "settled by an admin" in reply(settled_reply)
    view = await bracket(table, "Swiss2")
    done = view.rounds[0].matches[0]
    assert done.decided_by == "settled" and done.winners == (underdog,)
    rows = {row.user_id: row for row in await service(table).table(await the_league(table, "Swiss2"))}
    assert points_text(rows[underdog].points) == "1" and rows[underdog].wins == 1
    assert (await table.record(game.games[0].game_id)).status == "cancelled"  # type: ignore[arg-type]


async def test_six_players_war_chest_teams_a_table_of_two_and_a_bye_where_the_field_does_not_divide(table: Table) -> None:
    players = add_players(table, 6, first=640)
    rng = random.Random(6)
    await signed_up(table, "Odd", players, {"game": "warchest", "format": "single_elim", "players": 4, "round_hours": 48})
    check = RatingCheck()
    seeds = (await the_league(table, "Odd")).seeds
    view = await play_tournament(table, "Odd", worse_seed, check, rng)
    shapes = [[(len(match.sides), match.decided_by) for match in round_.matches] for round_ in view.rounds]
    # six: a table of four and a duel; three through: a duel and a bye (the first of the order); two: the final duel
    assert shapes == [[(4, "games"), (2, "games")], [(2, "games"), (2, "bye")], [(2, "games")]]
    [bye] = [match for match in view.rounds[1].matches if match.decided_by == "bye"]
    assert bye.winners[0] == min(view.rounds[1].matches[0].sides + bye.sides[:1], key=lambda side: (side.seed or 99)).user
    for entry in await table.bot.store.league_games((await the_league(table, "Odd")).id):
        assert len((await table.record(entry.game_id)).players) == len(entry.players) in (2, 4)  # type: ignore[arg-type]
    assert view.done and view.champions == (view.champion,) and len(view.places) == 6 and seeds
    await assert_ratings_match(table, "warchest", check)
    league = await the_league(table, "Odd")
    rounds = await table.bot.store.league_rounds(league.id)
    assert rounds[1].byes == (bye.winners[0],)
