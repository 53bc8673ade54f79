"""The issue's safety cases, each through Discord: admin rights, joining twice, leaving after the start,
too few players, a member who left the server, a league game cancelled by hand, and rating updates that
happen exactly once with the game's end — even when the process dies at that moment, and when two
games sharing a player end together."""

from __future__ import annotations

import asyncio
import random

import pytest

from storage import league_sql
from tabletop.leagues.service import LeagueService
from tabletop.play.service import Loaded, match_of
from tests.e2e.driver import GUILD, Table
from tests.leagues.harness import (
    ADMIN, RatingCheck, add_players, league_pass_now, play_some, reply, resign, round_tables, slash, the_league,
)


def service(table: Table) -> LeagueService:
    return LeagueService(table.bot.store, table.bot.service, table.bot.service.now)


async def signed_up(table: Table, name: str, players: list[int], **options: object) -> None:
    await slash(table, ADMIN, "league create", {"name": name, "game": "warchest", "format": "swiss", "rounds": 3, **options})
    for user in players:
        await slash(table, user, "league join")


async def test_admin_commands_are_refused_to_members_and_change_nothing(table: Table) -> None:
    players = add_players(table, 4)
    await signed_up(table, "Rights", players)
    for command, options in (("league start", {}), ("league leave", {"member": players[1]}),
                             ("league season", {"game": "warchest", "action": "new"})):
        assert "Manage Server or the league admin role" in reply(await slash(table, players[0], command, options))
    league = await the_league(table, "Rights")
    assert league.status == "signup" and league.members == tuple(players)
    assert await table.bot.store.current_season(GUILD, "warchest") == 1


async def test_joining_twice_leaving_after_start_and_too_few_players(table: Table) -> None:
    players = add_players(table, 3)
    await slash(table, ADMIN, "league create", {"name": "Walls", "game": "wallofwar", "format": "rr", "players": 4})
    for user in players:
        await slash(table, user, "league join")
    assert "already joined" in reply(await slash(table, players[0], "league join"))
    assert "Not enough players" in reply(await slash(table, ADMIN, "league start"))
    league = await the_league(table, "Walls")
    assert league.status == "signup" and league.members == tuple(players)
    extra = add_players(table, 1, first=700)[0]
    await slash(table, extra, "league join")
    await slash(table, ADMIN, "league start")
    assert "has started" in reply(await slash(table, players[0], "league leave"))
    assert "has already started" in reply(await slash(table, extra, "league join")) or \
        "Say which league" in reply(await slash(table, extra, "league join"))
    league = await the_league(table, "Walls")
    assert league.members == (*players, extra) and league.status == "running"


async def test_a_member_who_left_the_server_is_withdrawn_and_paired_no_more(table: Table) -> None:
    players = add_players(table, 4)
    await signed_up(table, "Gone", players)
    await slash(table, ADMIN, "league start")
    league = await the_league(table, "Gone")
    tables = await round_tables(table, league, 1)
    gone = tables[0].players[0]
    await resign(table, tables[1].game_id, tables[1].players[0])
    answer = reply(await slash(table, ADMIN, "league leave", {"member": gone}))
    assert "Withdrew" in answer
    record = await table.record(tables[0].game_id)
    assert record.status == "finished" and match_of(record).outcome.ranks[record.players.index(gone)] == 2  # type: ignore[union-attr]
    await league_pass_now(table)
    league = await the_league(table, "Gone")
    assert league.round == 2 and gone in league.withdrawn and gone not in league.members
    [round_two] = [r for r in await table.bot.store.league_rounds(league.id) if r.number == 2]
    assert gone not in round_two.byes
    assert all(gone not in entry.players for entry in await round_tables(table, league, 2))
    rows = await service(table).table(league)
    assert [row for row in rows if row.user_id == gone][0].losses == 1
    assert rows == await service(table).recomputed_table(league)


async def test_a_league_game_cancelled_by_hand_is_voided_and_nothing_else_changes(table: Table) -> None:
    players = add_players(table, 4)
    await signed_up(table, "Cut", players)
    await slash(table, ADMIN, "league start")
    league = await the_league(table, "Cut")
    first, second = await round_tables(table, league, 1)
    record = await table.record(first.game_id)
    await slash(table, ADMIN, "game cancel", {}, channel=record.thread_id or record.channel_id)
    assert (await table.record(first.game_id)).status == "cancelled"
    await league_pass_now(table)
    [void] = [entry for entry in await round_tables(table, league, 1) if entry.status == "void"]
    assert void.game_id == first.game_id
    assert any("double forfeit" in message.text for message in table.world.messages_in(league.channel_id))
    assert (await the_league(table, "Cut")).round == 1  # the other game still decides the round
    await resign(table, second.game_id, second.players[1])
    await league_pass_now(table)
    league = await the_league(table, "Cut")
    assert league.round == 2
    assert await service(table).table(league) == await service(table).recomputed_table(league)
    assert set(await table.bot.store.get_ratings(GUILD, "warchest")) == set(second.players)


async def test_a_crash_inside_the_final_commit_leaves_neither_result_nor_ratings(table: Table,
                                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    players = add_players(table, 2)
    await signed_up(table, "Crash", players)
    await slash(table, ADMIN, "league start")
    league = await the_league(table, "Crash")
    [entry] = await round_tables(table, league, 1)
    real = league_sql.game_end

    def dying(game_id, end, now):  # type: ignore[no-untyped-def]
        yield from real(game_id, end, now)
        raise RuntimeError("the process dies inside the transaction")

    monkeypatch.setattr(league_sql, "game_end", dying)
    record = await table.record(entry.game_id)
    with pytest.raises(Exception):
        await table.bot.service.concede(Loaded(record, match_of(record)), 0)
    assert (await table.record(entry.game_id)).status == "active"
    assert await table.bot.store.get_ratings(GUILD, "warchest") == {}
    assert (await round_tables(table, league, 1))[0].status == "open"
    monkeypatch.setattr(league_sql, "game_end", real)

    await table.restart()
    check = RatingCheck()
    await resign(table, entry.game_id, entry.players[0])
    await check.game_ended(table, entry.game_id)
    await table.restart()  # a restart right after the end: the outbox publishes, nothing is rated again
    await league_pass_now(table)
    history = await table.bot.store.rating_history(GUILD, "warchest")
    assert sorted(h.user_id for h in history) == sorted(players)
    stored = await table.bot.store.get_ratings(GUILD, "warchest")
    assert {user: (r.mu, r.sigma) for user, r in stored.items()} == pytest.approx(check.ratings)
    with pytest.raises(Exception):
        await table.bot.service.concede(Loaded(await table.record(entry.game_id), match_of(await table.record(entry.game_id))), 1)
    assert len(await table.bot.store.rating_history(GUILD, "warchest")) == 2


async def test_two_games_sharing_a_player_ending_together_are_both_rated(table: Table) -> None:
    players = add_players(table, 3)
    for guest in players[1:]:
        host = players[0]
        await table.start_game(host, [guest], "warchest", options={"tt_rated": "on"})
    games = [record for record in await table.bot.store.list_games(guild_id=GUILD, statuses=("active",))]
    assert len(games) == 2
    loaded = [Loaded(record, match_of(record)) for record in games]
    await asyncio.gather(*(table.bot.service.concede(game, game.record.players.index(players[0])) for game in loaded))
    history = await table.bot.store.rating_history(GUILD, "warchest")
    assert len(history) == 4
    mine = [h for h in history if h.user_id == players[0]]
    assert mine[0].mu_before is None and mine[1].mu_before == mine[0].mu_after  # the second built on the first
    assert (await table.bot.store.get_ratings(GUILD, "warchest"))[players[0]].games == 2


async def test_only_rated_casual_games_change_ratings(table: Table) -> None:
    players = add_players(table, 4)
    rng = random.Random(3)
    casual = await table.start_game(players[0], [players[1]], "warchest")
    await play_some(table, casual, rng, 2)
    await resign(table, casual, players[0])
    assert await table.bot.store.get_ratings(GUILD, "warchest") == {}
    rated = await table.start_game(players[2], [players[3]], "warchest", options={"tt_rated": "on"})  # the lobby's select
    await resign(table, rated, players[2])
    assert set(await table.bot.store.get_ratings(GUILD, "warchest")) == {players[2], players[3]}
    await slash(table, ADMIN, "game-settings", {"rated": True})
    by_default = await table.start_game(players[0], [players[1]], "warchest")
    await resign(table, by_default, players[1])
    assert set(await table.bot.store.get_ratings(GUILD, "warchest")) == set(players)


async def test_hostile_league_input_is_refused_privately_and_changes_nothing(table: Table) -> None:
    players = add_players(table, 2)
    await signed_up(table, "Calm", players)
    league = await the_league(table, "Calm")
    attempts = [
        (ADMIN, "league create", {"name": "X", "game": "nogame", "format": "rr"}, True),
        (ADMIN, "league create", {"name": "Calm", "game": "warchest", "format": "rr"}, False),
        (ADMIN, "league create", {"name": "Y", "game": "warchest", "format": "swiss", "rounds": 0}, False),
        (ADMIN, "league create", {"name": "Z", "game": "warchest", "format": "knockout"}, True),
        (ADMIN, "league create", {"name": "W", "game": "wallofwar", "format": "rr", "players": 2}, False),
        (ADMIN, "league create", {"name": "V", "game": "warchest", "format": "rr", "tiebreaks": "luck,{s0}"}, False),
        (ADMIN, "league create", {"name": "U", "game": "warchest", "format": "rr", "round_hours": 10**9}, True),
        (players[0], "league join", {"league": 2**70}, True),
        (players[0], "league join", {"league": -5}, True),
        (players[0], "league standings", {"league": 999}, False),
        (players[0], "league results", {"league": league.id}, False),
        (players[0], "leaderboard", {"game": "nogame"}, False),
        (players[0], "league season", {"game": "nogame"}, False),
    ]
    for user, command, options, forged in attempts:
        answer = await table.world.slash(user, command, options, channel_id=league.channel_id, guild_id=GUILD, forged=forged)
        assert answer.messages and all(message.ephemeral for message in answer.messages), (command, options)
    assert [found.name for found in await table.bot.store.list_leagues(GUILD)] == ["Calm"]
    assert (await the_league(table, "Calm")).members == tuple(players)
    with pytest.raises(PermissionError):  # server-only: Discord does not even offer them in DMs
        await table.world.slash(players[0], "stats", {})


async def test_a_typed_rated_lobby_is_rated_even_for_a_game_with_no_free_option_row(table: Table) -> None:
    players = add_players(table, 2)
    await slash(table, players[0], "game new", {"game": "artofwar", "rated": True})
    [record] = await table.bot.store.list_games(guild_id=GUILD, statuses=("lobby",))
    assert record.options == {"tt_rated": "on"}
