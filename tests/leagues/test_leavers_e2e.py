"""Members who leave the server mid-tournament, through the offline harness with a fake clock: without the
members intent the next league pass asks Discord who is still there (404 Unknown Member) and withdraws the
leavers as `/league leave member:` does, in a single elimination and in a Swiss; with the intent the
gateway's GUILD_MEMBER_REMOVE withdraws them at once (and drops their ranked-queue entry); any other
answer from Discord withdraws nobody. The bracket rebuilt from the stored games equals the live one
throughout, and the line saying who left names them escaped, pinging nobody."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

import discord

from discord_ui.bot import TabletopBot
from discord_ui.courier import Courier
from discord_ui.membership import REMEMBER_SECONDS, Membership
from storage import open_store
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.leagues.harness import RatingCheck, add_players, league_pass_now, resign, slash, the_league
from tests.leagues.test_tournaments_e2e import bracket, bracket_posts, play_tournament, signed_up, worse_seed

MEMBER = "/guilds/{guild_id}/members/{user_id}"
ESCAPED = "\\*gone\\*\\_away"


def named_leaver(table: Table, players: list[int], index: int) -> int:
    """A player whose name needs escaping in message text."""
    table.world.user(players[index]).name = "*gone*_away"
    return players[index]


async def open_games(table: Table, name: str) -> dict[int, int]:
    """The games in play, by id, with the player each is waiting on to resign (the worse seed)."""
    view = await bracket(table, name)
    league = await the_league(table, name)
    found = {}
    for entry in await table.bot.store.league_games(league.id):
        if entry.status == "open" and entry.game_id is not None and (await table.record(entry.game_id)).status == "active":
            match = next(match for match in view.matches() if any(game.game_id == entry.game_id for game in match.games))
            found[entry.game_id] = worse_seed(match, 1, entry)
    return found


async def resign_all_but(table: Table, name: str, leaver: int) -> int:
    """Every game in play decided by a resignation except the leaver's, whose game id comes back."""
    kept = None
    for game_id, loser in (await open_games(table, name)).items():
        if leaver in (await table.record(game_id)).players:
            kept = game_id
        else:
            await resign(table, game_id, loser)
    assert kept is not None
    return kept


def left_lines(table: Table) -> list:
    return [message for message in table.world.messages_in(CHANNEL) if "left the server" in message.text
            or "サーバーを退出" in message.text]


def assert_told_without_pings(table: Table, name: str) -> None:
    [line] = left_lines(table)
    assert ESCAPED in line.text and f"**{name}**" in line.text
    assert not line.payload.get("allowed_mentions", {}).get("users"), "the line pings nobody"


async def test_single_elimination_a_member_who_left_is_withdrawn_at_the_next_pass(table: Table) -> None:
    players = add_players(table, 8)
    gone = named_leaver(table, players, 2)
    await signed_up(table, "Cup", players, {"game": "warchest", "format": "single_elim", "round_hours": 48})
    await table.world.remove_member(GUILD, gone)  # no members intent: the bot hears nothing yet
    game_id = await resign_all_but(table, "Cup", gone)
    assert gone in (await the_league(table, "Cup")).members
    table.clock.advance(REMEMBER_SECONDS + 1)  # the round's opening found everyone in; that answer has aged out
    await league_pass_now(table)
    league = await the_league(table, "Cup")
    assert gone in league.withdrawn and gone not in league.members
    record = await table.record(game_id)
    assert record.status == "finished"
    view = await bracket(table, "Cup")
    [match] = [match for match in view.rounds[0].matches if gone in {side.user for side in match.sides}]
    [opponent] = [side.user for side in match.sides if side.user != gone]
    assert match.winners == (opponent,)
    assert any(opponent in {side.user for side in later.sides} for later in view.rounds[1].matches), "the opponent advances"
    assert_told_without_pings(table, "Cup")
    assert ESCAPED in bracket_posts(table, "Cup")[-1].text or "gone" in bracket_posts(table, "Cup")[-1].text
    view = await play_tournament(table, "Cup", worse_seed, RatingCheck(), random.Random(3))
    assert view.done and view.champion != gone
    assert all(gone not in {side.user for side in match.sides} for match in view.matches() if match.round > 1)
    assert len(left_lines(table)) == 1, "told once"


async def test_swiss_a_member_who_left_is_paired_no_more(table: Table) -> None:
    players = add_players(table, 6)
    gone = named_leaver(table, players, 1)
    await signed_up(table, "Swiss", players, {"game": "warchest", "format": "swiss_cut", "rounds": 2, "advance": 2,
                                              "round_hours": 24})
    await table.world.remove_member(GUILD, gone)
    game_id = await resign_all_but(table, "Swiss", gone)
    table.clock.advance(REMEMBER_SECONDS + 1)
    await league_pass_now(table)
    league = await the_league(table, "Swiss")
    assert gone in league.withdrawn and league.round == 2, "withdrawn, and the round complete: the next one paired"
    assert (await table.record(game_id)).status == "finished"
    view = await bracket(table, "Swiss")
    [forfeited] = [match for match in view.matches() if match.round == 1 and gone in {side.user for side in match.sides}]
    assert forfeited.winners and gone not in forfeited.winners
    second = [match for match in view.matches() if match.round == 2]
    assert all(gone not in {side.user for side in match.sides} for match in second)
    assert any(match.decided_by == "bye" for match in second), "five left: one bye"
    assert_told_without_pings(table, "Swiss")
    view = await play_tournament(table, "Swiss", worse_seed, RatingCheck(), random.Random(5))
    assert view.done and view.champion != gone


async def with_members_intent(table: Table) -> None:
    """The bot restarted with MEMBERS_INTENT set (the privileged intent enabled in the developer portal)."""
    config = replace(table.bot.config, members_intent=True)
    table.bot = TabletopBot(config, open_store(str(table.db_path)), now=table.clock.now)
    table.world.paces_itself(*Courier.pacing())
    await table.world.attach(table.bot)
    assert table.bot.intents.members


async def test_with_the_members_intent_a_leaver_is_withdrawn_at_once_and_dropped_from_the_queue(table: Table) -> None:
    players = add_players(table, 5)
    gone = named_leaver(table, players, 0)
    await with_members_intent(table)
    await signed_up(table, "Now", players[:4], {"game": "warchest", "format": "single_elim"})
    [game_id] = [game for game in await open_games(table, "Now") if gone in (await table.record(game)).players]
    await slash(table, gone, "queue join", {"game": "wallofwar", "players": 3})
    waiting = players[4]
    await slash(table, waiting, "queue join", {"game": "wallofwar", "players": 3})
    await table.world.remove_member(GUILD, gone)  # no pass runs: the gateway's event does it all
    league = await the_league(table, "Now")
    assert gone in league.withdrawn
    assert (await table.record(game_id)).status == "finished"
    assert_told_without_pings(table, "Now")
    view = await bracket(table, "Now")
    [match] = [match for match in view.rounds[0].matches if gone in {side.user for side in match.sides}]
    assert match.winners and gone not in match.winners
    assert "Now" in bracket_posts(table, "Now")[-1].text
    assert (await table.bot.store.queue_entry(GUILD, gone)).status == "left"  # type: ignore[union-attr]
    assert (await table.bot.store.queue_entry(GUILD, waiting)).status == "waiting"  # type: ignore[union-attr]
    await table.world.remove_member(GUILD, waiting)
    assert (await table.bot.store.queue_entry(GUILD, waiting)).status == "left"  # type: ignore[union-attr]
    await league_pass_now(table)
    assert len(left_lines(table)) == 1, "the pass after the event withdraws nobody twice"


async def test_a_discord_failure_withdraws_nobody(table: Table) -> None:
    players = add_players(table, 4)
    gone = named_leaver(table, players, 3)
    await signed_up(table, "Outage", players, {"game": "warchest", "format": "single_elim"})
    await table.world.remove_member(GUILD, gone)
    game_id = await resign_all_but(table, "Outage", gone)
    table.clock.advance(REMEMBER_SECONDS + 1)
    table.world.fail_next("GET", MEMBER, status=503, count=len(players))  # each entrant's question fails
    await league_pass_now(table)
    assert gone in (await the_league(table, "Outage")).members and not left_lines(table)
    assert (await table.record(game_id)).status == "active"
    league = await the_league(table, "Outage")
    [current] = await table.bot.store.league_rounds(league.id)
    table.clock.advance(current.deadline - table.clock.now())
    await league_pass_now(table)  # the league's next look (its deadline), Discord answering again
    assert gone in (await the_league(table, "Outage")).withdrawn
    view = await bracket(table, "Outage")
    [match] = [match for match in view.rounds[0].matches if gone in {side.user for side in match.sides}]
    assert match.winners and gone not in match.winners
    assert len(left_lines(table)) == 1


class Answers:
    """A stand-in for the bot's HTTP client: each user's GET member answered with this error (or found)."""

    def __init__(self, errors: dict[int, discord.HTTPException]) -> None:
        self.errors = errors
        self.asked: list[int] = []

    async def get_member(self, guild_id: int, user_id: int) -> dict:
        self.asked.append(user_id)
        if user_id in self.errors:
            raise self.errors[user_id]
        return {"user": {"id": str(user_id)}}


def error(kind: type[discord.HTTPException], status: int, code: int) -> discord.HTTPException:
    return kind(SimpleNamespace(status=status, reason="-"), {"code": code, "message": "-"})  # type: ignore[arg-type]


async def test_only_unknown_member_counts_as_gone_and_answers_are_kept_briefly() -> None:
    now = [0.0]
    http = Answers({1: error(discord.NotFound, 404, 10007), 2: error(discord.DiscordServerError, 500, 0),
                    3: error(discord.NotFound, 404, 10004), 4: error(discord.Forbidden, 403, 50001)})
    membership = Membership(http, lambda: now[0])  # type: ignore[arg-type]
    assert await membership.gone(GUILD, [1, 2, 3, 4, 5, -1]) == {1}
    assert sorted(http.asked) == [1, 2, 3, 4, 5], "AI seats are never asked about"
    http.asked.clear()
    assert await membership.gone(GUILD, [1, 2, 5]) == {1}
    assert http.asked == [2], "known answers are kept; an unknown one is asked again"
    now[0] += REMEMBER_SECONDS
    http.asked.clear()
    await membership.gone(GUILD, [1, 5])
    assert sorted(http.asked) == [1, 5]
    membership.left(GUILD, 5)
    assert await membership.gone(GUILD, [5]) == {5}
