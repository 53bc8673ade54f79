"""The issue's tournaments end to end through the offline Discord harness with a fake clock: an 8-player
single elimination of War Chest in best-of-3 matches, a 6-player double elimination with byes and a
grand-final reset, a 12-player Wall of War bracket of tables, a 10-player Swiss of 3 rounds with a top-4
cut. Games are decided by resignations (a few driver moves first in some), one left to a deadline, one
cancelled by hand, a member withdrawn, an admin settlement, a restart; ratings must equal openskill's
computed here, and the bracket rebuilt from the stored games must equal the live one at every step.
"""

from __future__ import annotations

import random
from typing import Awaitable, Callable

from tabletop.play.clocks import HOUR
from tabletop.leagues.brackets.view import BracketView, MatchView
from tabletop.leagues.service import LeagueService
from tabletop.leagues.tournament import match_of_table
from tests.e2e.driver import CHANNEL, Table
from tests.leagues.harness import (
    ADMIN, RatingCheck, add_players, league_pass_now, play_some, reply, resign, slash, the_league,
)
from tests.leagues.test_leagues_e2e import assert_ratings_match
from storage.league_records import LeagueGameRecord

Loser = Callable[[MatchView, int, LeagueGameRecord], int]
"""Who resigns a game: from its match, its game number (1-based) and its table."""


def service(table: Table) -> LeagueService:
    return LeagueService(table.bot.store, table.bot.service, table.bot.service.now)


async def bracket(table: Table, name: str) -> BracketView:
    league = await the_league(table, name)
    live = await service(table).bracket(league)
    assert live == await service(table).recomputed_bracket(league), "the bracket rebuilt from the stored games differs"
    return live


async def play_tournament(table: Table, name: str, loser: Loser, check: RatingCheck, rng: random.Random,
                          between: Callable[[int], Awaitable[None]] | None = None, moves: int = 0) -> BracketView:
    """Every open game decided by `loser` resigning, pass after pass, until the tournament ends; the
    bracket is compared with its recomputation after every pass. `between(step)` runs after each pass."""
    for step in range(200):
        league = await the_league(table, name)
        if league.status != "running":
            break
        view = await bracket(table, name)
        tables = [entry for entry in await table.bot.store.league_games(league.id)
                  if entry.status == "open" and entry.game_id is not None]
        for entry in tables:
            record = await table.record(entry.game_id)
            if record.status != "active":
                continue
            found = match_of_table(view, entry)
            assert found is not None, entry
            if moves:
                await play_some(table, entry.game_id, rng, moves)
            await resign(table, entry.game_id, loser(found[0], found[1], entry))
            await check.game_ended(table, entry.game_id)
        await league_pass_now(table)
        if between is not None:
            await between(step)
    else:
        raise AssertionError("the tournament did not end")
    return await bracket(table, name)


def worse_seed(match: MatchView, number: int, entry: LeagueGameRecord) -> int:
    return max((side for side in match.sides if side.user in entry.players), key=lambda side: side.seed or 0).user  # type: ignore[return-value]


def bracket_posts(table: Table, name: str) -> list:
    """The league loop's bracket messages in the channel (not `/league bracket` answers), live ones only."""
    return [message for message in table.world.messages_in(CHANNEL)
            if message.text.startswith(f"**{name} — ") and message.interaction_id is None]


async def signed_up(table: Table, name: str, users: list[int], options: dict) -> None:
    await slash(table, ADMIN, "league create", {"name": name, **options})
    for user in users:
        await slash(table, user, "league join")
    await slash(table, ADMIN, "league start")


async def test_eight_players_single_elimination_of_war_chest_best_of_three(table: Table) -> None:
    players = add_players(table, 8)
    rng = random.Random(8)
    await signed_up(table, "Cup", players, {"game": "warchest", "format": "single_elim", "best_of": 3, "round_hours": 48})
    check = RatingCheck()

    def loser(match: MatchView, number: int, entry: LeagueGameRecord) -> int:
        """Quarter-finals go the full three games (the first seat loses each), the rest 2-0 to the better seed."""
        return entry.players[0] if match.stage_round == 1 else worse_seed(match, number, entry)

    view = await play_tournament(table, "Cup", loser, check, rng, moves=1)
    assert view.done and view.champion is not None
    quarters, semis, final = view.rounds
    assert [len(match.games) for match in quarters.matches] == [3, 3, 3, 3]
    assert all(match.decided_by == "games" and max(s.score for s in match.sides) == 2 for match in view.matches())
    for match in quarters.matches:  # first seat alternates game by game
        firsts = [game.players[0] for game in match.games]
        assert firsts[0] == firsts[2] != firsts[1]
        assert match.winners == (match.sides[1].user,)  # the worse seed came back each time
    assert [len(match.games) for match in semis.matches + final.matches] == [2, 2, 2]
    assert sorted(view.places.values()) == [1, 2, 3, 3, 5, 5, 5, 5]
    await assert_ratings_match(table, "warchest", check)
    league = await the_league(table, "Cup")
    assert league.status == "finished"
    shown = reply(await slash(table, players[0], "league bracket"))
    assert "Champion" in shown and "R3 #1" in shown and "2–0" in shown
    results = reply(await slash(table, players[0], "league results"))
    assert "R1 #1, game 3: " in results and results.count("\n") == 12 + 4 + 2
    [posted] = bracket_posts(table, "Cup")  # one message, edited in place after each change
    versions = [message for message in table.world.every_version(channels={CHANNEL}) if message.id == posted.id]
    assert len(versions) >= 7 and "Champion" in versions[-1].text and versions[-1].attachments
    [over] = [message for message in table.world.messages_in(CHANNEL) if "**Cup** is over" in message.text]
    assert {int(user) for user in over.payload["allowed_mentions"]["users"]} == set(players)
    champion_name = table.world.user(view.champion).name
    stats = reply(await slash(table, view.champion, "stats"))
    assert "Cup (#1)" in stats, stats
    assert champion_name


async def test_six_players_double_elimination_with_byes_and_a_grand_final_reset(table: Table) -> None:
    players = add_players(table, 6)
    rng = random.Random(6)
    await signed_up(table, "Double", players, {"game": "warchest", "format": "double_elim", "seeding": "random"})
    check = RatingCheck()
    league = await the_league(table, "Double")
    view = await bracket(table, "Double")
    first = view.rounds[0].matches
    assert [match.decided_by for match in first] == ["bye", None, "bye", None]
    assert {match.winners[0] for match in first if match.decided_by == "bye"} == set(league.seeds[:2])
    # one winners' round-1 game is cancelled by hand: a walkover to the better seed, announced
    cancelled = [entry for entry in await table.bot.store.league_games(league.id) if entry.round == 1][0]
    record = await table.record(cancelled.game_id)
    await slash(table, ADMIN, "game cancel", {}, channel=record.thread_id or record.channel_id)
    await league_pass_now(table)
    walkover = [match for match in (await bracket(table, "Double")).matches() if match.decided_by == "walkover"]
    assert len(walkover) == 1 and walkover[0].winners == (min(walkover[0].sides, key=lambda side: side.seed).user,)

    def loser(match: MatchView, number: int, entry: LeagueGameRecord) -> int:
        """The better seed wins everything but the grand final, which the losers' champion takes."""
        better = min((side for side in match.sides if side.user in entry.players), key=lambda side: side.seed or 0).user
        return better if match.key == "GF" else worse_seed(match, number, entry)  # type: ignore[return-value]

    async def restart(step: int) -> None:
        if step == 1:
            await table.restart()

    view = await play_tournament(table, "Double", loser, check, rng, restart)
    keys = [match.key for match in view.matches()]
    assert "GF" in keys and "GF2" in keys
    assert view.champion == league.seeds[0] and view.places[league.seeds[1]] == 2
    assert {match.bracket for match in view.matches()} == {"winners", "losers", "final"}
    assert any(match.bracket == "losers" and match.decided_by == "bye" for match in view.matches())
    await assert_ratings_match(table, "warchest", check)
    shown = reply(await slash(table, players[0], "league bracket"))
    assert "グランドファイナル(再戦)" in reply(await slash(table, players[1], "league bracket"))
    assert "Grand final (reset)" in shown and "Losers' R1" in shown and "walkover" in shown


async def test_twelve_players_wall_of_war_bracket_of_tables(table: Table) -> None:
    players = add_players(table, 12, first=600)
    rng = random.Random(12)
    await signed_up(table, "Walls", players, {"game": "wallofwar", "format": "single_elim", "players": 4, "advance": 2,
                                              "round_hours": 24})
    check = RatingCheck()

    def loser(match: MatchView, number: int, entry: LeagueGameRecord) -> int:
        return entry.players[-1]

    # round 1: two tables resign, the third is left to the round's deadline (its awaited seat forfeits,
    # or a shared window calls the game off: the best seeds then go through by walkover)
    league = await the_league(table, "Walls")
    first = [entry for entry in await table.bot.store.league_games(league.id) if entry.round == 1]
    for entry in first[:2]:
        await play_some(table, entry.game_id, rng, 3)
        await resign(table, entry.game_id, entry.players[-1])
        await check.game_ended(table, entry.game_id)
    await league_pass_now(table)
    assert (await the_league(table, "Walls")).round == 1
    table.clock.advance(24 * HOUR + 1)
    await league_pass_now(table)
    if (await table.record(first[2].game_id)).status == "finished":
        await check.game_ended(table, first[2].game_id)
    assert (await the_league(table, "Walls")).round == 2
    view = await play_tournament(table, "Walls", loser, check, rng)
    assert [[len(match.sides) for match in round_.matches] for round_ in view.rounds] == [[4, 4, 4], [3, 3], [4]]
    for round_ in view.rounds[:-1]:
        assert all(len(match.winners) == 2 for match in round_.matches)
    # rebalanced: no two players of a first-round table who both went through meet again in round 2
    for match in view.rounds[0].matches:
        through = set(match.winners)
        assert all(len(through & {side.user for side in later.sides}) <= 1 for later in view.rounds[1].matches)
    assert view.champion is not None and view.places[view.champion] == 1 and len(view.places) == 12
    await assert_ratings_match(table, "wallofwar", check)
    assert "T3.0" in reply(await slash(table, players[0], "league bracket"))


async def test_ten_players_swiss_of_three_rounds_then_a_top_four_cut(table: Table) -> None:
    players = add_players(table, 10)
    rng = random.Random(10)
    await signed_up(table, "Swiss", players, {"game": "warchest", "format": "swiss_cut", "rounds": 3, "advance": 4,
                                              "best_of": 3, "round_hours": 24})
    check = RatingCheck()
    league = await the_league(table, "Swiss")
    gone = league.seeds[-1]

    async def events(step: int) -> None:
        if step == 0:  # a member leaves the server in round 2: their game forfeited, paired no more
            [open_game] = [entry.game_id for entry in await table.bot.store.league_games(league.id)
                           if entry.status == "open" and gone in entry.players]
            await slash(table, ADMIN, "league leave", {"member": gone})
            await check.game_ended(table, open_game)
        if step == 2:
            await table.restart()

    view = await play_tournament(table, "Swiss", worse_seed_or_first, check, rng, events)
    swiss = [match for match in view.matches() if match.bracket == "swiss"]
    cut = [match for match in view.matches() if match.bracket == "cut"]
    assert {match.round for match in swiss} == {1, 2, 3} and len(cut) == 3
    [forfeited] = [match for match in swiss if match.round == 2 and gone in {side.user for side in match.sides}]
    assert forfeited.winners and gone not in forfeited.winners
    assert all(gone not in {side.user for side in match.sides} for match in swiss if match.round > 2)
    assert any(match.decided_by == "bye" for match in swiss if match.round == 3)  # nine left: one bye
    assert view.champion is not None and sorted(view.places.values())[:4] == [1, 2, 3, 3] and len(view.places) == 10
    await assert_ratings_match(table, "warchest", check)


def worse_seed_or_first(match: MatchView, number: int, entry: LeagueGameRecord) -> int:
    return worse_seed(match, number, entry)


async def test_an_admin_settles_a_match_by_hand_and_the_bracket_shows_it(table: Table) -> None:
    players = add_players(table, 4)
    await signed_up(table, "Settle", players, {"game": "warchest", "format": "single_elim", "best_of": 3})
    view = await bracket(table, "Settle")
    match = view.rounds[0].matches[0]
    underdog = match.sides[1].user
    refused = await slash(table, players[0], "league settle", {"match": match.key, "winner": underdog})
    assert "Manage Server" in reply(refused)
    assert "not an undecided match" in reply(await slash(table, ADMIN, "league settle", {"match": "R2.0", "winner": underdog}))
    await slash(table, ADMIN, "league settle", {"match": match.key, "winner": underdog})
    assert any("settled by an admin" in message.text for message in table.world.messages_in(CHANNEL))
    view = await bracket(table, "Settle")
    settled = view.rounds[0].matches[0]
    assert settled.decided_by == "settled" and settled.winners == (underdog,)
    assert (await table.record(match.games[0].game_id)).status == "cancelled"  # type: ignore[arg-type]
    await league_pass_now(table)
    assert "settled by an admin" in reply(await slash(table, players[0], "league bracket"))
    assert (await bracket(table, "Settle")) == view


async def test_tournament_refusals_are_short_private_and_localized(table: Table) -> None:
    players = add_players(table, 3)
    cases = [({"game": "wallofwar", "format": "double_elim", "players": 4}, "single elimination, one game per table"),
             ({"game": "wallofwar", "format": "single_elim", "players": 4, "advance": 4}, "fewer than a table seats"),
             ({"game": "warchest", "format": "swiss_cut", "rounds": 2, "advance": 1}, "The cut takes 2 to 32"),
             ({"game": "wallofwar", "format": "single_elim", "players": 3, "best_of": 3}, "one game per table")]
    for options, expected in cases:
        refused = await slash(table, ADMIN, "league create", {"name": "Bad", **options})
        assert expected in reply(refused) and refused.messages[-1].ephemeral, options
    assert await table.bot.store.list_leagues(1) == []
    await slash(table, ADMIN, "league create", {"name": "Plain", "game": "warchest", "format": "rr"})
    assert "not a tournament" in reply(await slash(table, players[0], "league bracket"))
    japanese = reply(await slash(table, players[1], "league bracket"))
    assert "トーナメントではありません" in japanese


async def test_the_bracket_message_is_edited_in_place_and_posted_anew_only_when_gone_or_too_old(table: Table) -> None:
    players = add_players(table, 4)
    await signed_up(table, "Edits", players, {"game": "warchest", "format": "single_elim", "best_of": 3, "round_hours": 48})
    [first] = bracket_posts(table, "Edits")

    async def one_result() -> None:
        """One game decided (the worse seed resigns), then the league's pass."""
        league = await the_league(table, "Edits")
        view = await bracket(table, "Edits")
        entry = next(entry for entry in await table.bot.store.league_games(league.id)
                     if entry.status == "open" and entry.game_id is not None)
        found = match_of_table(view, entry)
        assert found is not None
        await resign(table, entry.game_id, worse_seed(found[0], found[1], entry))  # type: ignore[arg-type]
        await league_pass_now(table)

    await one_result()
    assert bracket_posts(table, "Edits") == [table.world.message(first.id)] and "1–0" in table.world.message(first.id).text
    await table.bot.http.delete_message(CHANNEL, first.id)  # a moderator deleted it: the next change posts a new one
    await one_result()
    [second] = bracket_posts(table, "Edits")
    assert second.id != first.id
    table.clock.advance(2 * HOUR)  # now over an hour old: Discord takes three such edits a channel an hour
    for _ in range(3):
        await one_result()
        assert [post.id for post in bracket_posts(table, "Edits")] == [second.id]
    await one_result()  # the fourth is refused (30046): posted anew
    posts = bracket_posts(table, "Edits")
    assert len(posts) == 2 and posts[0].id == second.id and posts[1].id != second.id
    league = await the_league(table, "Edits")
    assert await table.bot.store.bracket_message(league.id) == posts[1].id
    editions = [message for message in table.world.every_version(channels={CHANNEL}) if message.id == second.id]
    assert len(editions) == 4  # posted, then edited three times


async def test_elimination_standings_show_the_bracket_progress_not_points(table: Table) -> None:
    players = add_players(table, 4)
    await signed_up(table, "Ladder", players, {"game": "warchest", "format": "single_elim"})
    league = await the_league(table, "Ladder")
    view = await bracket(table, "Ladder")
    semi = view.rounds[0].matches[0]
    loser = semi.sides[1].user
    await resign(table, semi.games[0].game_id, loser)  # type: ignore[arg-type]
    await league_pass_now(table)
    answer = await slash(table, players[0], "league standings")
    shown = reply(answer)
    assert "Status" in shown and "still in" in shown and "Pts" not in shown and "Points" not in shown
    [out_line] = [line for line in shown.splitlines() if table.world.user(loser).name in line]
    assert "out" in out_line and "R1 #1" in out_line and "0-1" in out_line
    assert any(message.attachments for message in answer.messages)
    japanese = reply(await slash(table, players[1], "league standings"))
    assert "勝ち残り" in japanese and "敗退" in japanese and "1回戦 第1試合" in japanese
    view = await play_tournament(table, "Ladder", worse_seed, RatingCheck(), random.Random(4))
    final = reply(await slash(table, players[0], "league standings"))
    champion = table.world.user(view.champion).name  # type: ignore[arg-type]
    rows = [line for line in final.splitlines() if line.startswith(("1.", "2.", "3."))]
    assert champion in rows[0] and "champion" in rows[0] and "2-0" in rows[0]
    assert league.id == (await the_league(table, "Ladder")).id
