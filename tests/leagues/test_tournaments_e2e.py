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

from tabletop.clocks import HOUR
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
    posts = [message for message in table.world.messages_in(CHANNEL) if "**Cup" in message.text and "R1 #1" in message.text]
    assert len(posts) >= 7  # posted again after each change
    champion_name = table.world.user(view.champion).name
    stats = reply(await slash(table, view.champion, "stats"))
    assert "Cup (#1)" in stats, stats
    assert champion_name
