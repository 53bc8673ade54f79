"""Running leagues through the offline Discord harness: players, admin, commands, the league loop, and
games played by the driver (a few random legal moves, then a resignation, or left to the deadline).

Ratings are checked against `openskill` computed here independently, in the order games ended.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import discord
from openskill.models import PlackettLuce

from engine.core.match import Match
from tabletop.leagues.post import league_pass
from tabletop.play.service import match_of
from storage.league_records import LeagueGameRecord, LeagueRecord
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.fakediscord import InteractionRecord

ADMIN = 900
MANAGE_GUILD = discord.Permissions(manage_guild=True, view_channel=True, send_messages=True).value
MODEL = PlackettLuce()


def add_players(table: Table, count: int, first: int = 500) -> list[int]:
    users = [first + index for index in range(count)]
    for index, user in enumerate(users):
        table.world.add_user(user, f"player{index + 1}", locale="ja" if index % 2 else "en-US")
    if ADMIN not in table.world.users:
        table.world.add_user(ADMIN, "admin")
        table.world.user(ADMIN).guild_permissions[GUILD] = MANAGE_GUILD
    return users


async def slash(table: Table, user: int, command: str, options: dict | None = None, channel: int = CHANNEL) -> InteractionRecord:
    return await table.world.slash(user, command, options or {}, channel_id=channel, guild_id=GUILD)


def reply(record: InteractionRecord) -> str:
    return "\n".join(message.text for message in record.messages)


async def league_pass_now(table: Table) -> None:
    await table.world.run(league_pass(table.bot))


async def the_league(table: Table, name: str) -> LeagueRecord:
    [found] = [league for league in await table.bot.store.list_leagues(GUILD, statuses=("signup", "running", "finished"))
               if league.name == name]
    return found


async def round_tables(table: Table, league: LeagueRecord, number: int) -> list[LeagueGameRecord]:
    return [entry for entry in await table.bot.store.league_games(league.id) if entry.round == number]


@dataclass
class RatingCheck:
    """openskill's ratings, computed independently from each game's outcome in the order games ended."""

    ratings: dict[int, tuple[float, float]] = field(default_factory=dict)
    ended: list[int] = field(default_factory=list)

    async def game_ended(self, table: Table, game_id: int) -> None:
        record = await table.record(game_id)
        assert record.status == "finished", record.status
        outcome = match_of(record).outcome
        assert outcome is not None
        teams = match_of(record).game.seat_teams(match_of(record).state)
        groups = sorted(set(teams), key=teams.index)
        before = [[MODEL.rating(*self.ratings.get(user, (MODEL.mu, MODEL.sigma))) for seat, user in enumerate(record.players)
                   if teams[seat] == team] for team in groups]
        ranks = [min(outcome.ranks[seat] for seat in range(len(teams)) if teams[seat] == team) for team in groups]
        after = MODEL.rate(before, ranks=ranks)
        for team, new in zip(groups, after):
            seats = [seat for seat in range(len(teams)) if teams[seat] == team]
            for seat, rating in zip(seats, new):
                self.ratings[record.players[seat]] = (rating.mu, rating.sigma)
        self.ended.append(game_id)


async def play_some(table: Table, game_id: int, rng: random.Random, moves: int) -> None:
    """A few random legal moves through the picker, as the players would click them."""
    for _ in range(moves):
        record = await table.record(game_id)
        if record.status != "active":
            return
        match = Match.from_json(match_of(record).game, record.state or {})
        seat = rng.choice(match.awaited_seats())
        await table.take_turn(record.players[seat], game_id, rng)


async def resign(table: Table, game_id: int, user: int) -> None:
    """`/game resign` in the game's thread, then the confirmation button."""
    record = await table.record(game_id)
    asked = await slash(table, user, "game resign", {}, channel=record.thread_id or record.channel_id)
    await table.world.click(user, asked.messages[-1], f"tt:resign:{game_id}")
    assert (await table.record(game_id)).status == "finished"
