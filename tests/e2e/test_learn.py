"""`/game learn` through Discord: a private practice game against the easy AI played to the end for every
game in both languages, each kind of decision's tip (one per `Decision.topic`) shown once, in the player's
language, with the rules one tap away; the game held in DMs where no thread may be opened; and the
refusals."""

from __future__ import annotations

import random
import re

import pytest

from engine import registry
from engine.core.match import Match
from tabletop.play.ai_seats import is_ai, level_of
from tabletop.presentation.i18n import tr
from tabletop.play.learning import HINTS_OPTION, TIPS_OPTION, hints_on, is_practice
from tabletop.leagues.results import RATED_SETTING
from discord_ui.tips import tips_of
from tests.e2e.conftest import ALICE, BOB, CAROL
from tests.e2e.driver import CHANNEL, GUILD, LOCKED, PICK, Table

GAMES = ("warchest", "artofwar", "wallofwar", "walpurgis", "wunderkammer")
TIP_MARK = "🔰"


async def learn(table: Table, user: int, game: str, channel: int | None = CHANNEL) -> int:
    """Run `/game learn` and return the practice game it started."""
    await table.world.slash(user, "game learn", {"game": game}, channel_id=channel, guild_id=GUILD if channel else None)
    games = await table.bot.store.user_games(user, statuses=("active",))
    practice = [record for record in games if is_practice(record)]
    assert len(practice) == 1, f"no practice game started: {table.world.last_message(ephemeral_for=user).content!r}"
    return practice[0].id


async def play_as(table: Table, user: int, game_id: int, rng: random.Random, max_actions: int = 3000,
                  stop_after: int | None = None) -> dict[str, set[int]]:
    """The person takes every turn of theirs (the AI answers its seats by itself) until the game ends, or
    `stop_after` turns; returns the decisions they were asked, by topic (topic → decision ids)."""
    asked: dict[str, set[int]] = {}
    for count in range(max_actions):
        record = await table.record(game_id)
        if record.status != "active" or count == stop_after:
            return asked
        match = Match.from_json(registry.get(record.game_type), record.state or {})
        seat = record.seat_of(user)
        assert seat is not None and seat in match.awaited_seats(), "only the person's seat may be awaited after a click"
        decision = match.decision_of(seat)
        assert decision is not None
        asked.setdefault(decision.topic, set()).add(match.decisions[seat])
        await table.take_turn(user, game_id, rng)
    raise AssertionError("game did not end")


async def awaited_topic(table: Table, user: int, game_id: int) -> str | None:
    """The topic of the decision the person is asked now (its turn DM is out already), if any."""
    record = await table.record(game_id)
    match = Match.from_json(registry.get(record.game_type), record.state or {})
    seat = record.seat_of(user)
    assert seat is not None
    decision = match.decision_of(seat)
    return decision.topic if decision is not None else None


def tips_seen(table: Table, user: int, game: str, game_id: int, locale: str) -> dict[str, set[int]]:
    """Topic → the decision ids whose menus (every version of the user's DMs and ephemerals) carried its
    tip; the tip text must be the one of that topic in `locale`."""
    texts = {tip.get(locale): topic for topic, tip in tips_of(game).items()}
    seen: dict[str, set[int]] = {}
    for message in table.world.every_version(seen_by=user):
        if TIP_MARK not in message.content:
            continue
        decisions = {int(found.group(3)) for component in message.all_components()
                     if (found := PICK.match(component.get("custom_id", ""))) and int(found.group(2)) == game_id}
        if not decisions:
            continue
        topics = [topic for text, topic in texts.items() if text in message.content]
        assert len(topics) == 1, f"a tip that is not one of the game's {locale} tips: {message.content!r}"
        assert len(decisions) == 1
        seen.setdefault(topics[0], set()).update(decisions)
        assert f"tt:rules:{game}" in message.custom_ids(), "the rules are one tap from the tip"
    return seen


@pytest.mark.parametrize("game,user,locale", [(game, user, locale) for game in GAMES
                                              for user, locale in ((ALICE, "ja"), (CAROL, "en"))])
async def test_a_practice_game_to_the_end_shows_each_tip_once(table: Table, game: str, user: int, locale: str) -> None:
    await table.bot.store.update_guild_settings(GUILD, {RATED_SETTING: True})  # lobbies are rated here by default
    game_id = await learn(table, user, game)
    record = await table.record(game_id)
    thread = table.world.channels[record.thread_id or 0]
    assert thread.type == 12 and user in thread.members, "a private thread with the player in it"
    assert [level_of(player) for player in record.players if is_ai(player)] == ["easy"] * (len(record.players) - 1)
    assert record.options[HINTS_OPTION] == "on" and hints_on(record.options), "hints are allowed in a practice game"
    started = table.world.last_message(ephemeral_for=user)
    assert str(record.thread_id) in started.content

    await open_rules_from_tip(table, user, game, locale)
    asked = await play_as(table, user, game_id, random.Random(game_id))
    record = await table.record(game_id)
    assert record.status == "finished"
    assert not await table.bot.store.get_ratings(GUILD, game, (user,)), "a practice game is never rated"
    seen = tips_seen(table, user, game, game_id, locale)
    assert set(seen) == set(asked) and asked, f"asked {sorted(asked)}, tips shown for {sorted(seen)}"
    for topic, decisions in seen.items():
        assert len(decisions) == 1, f"the {topic} tip was shown on {len(decisions)} decisions"
        assert decisions == {min(asked[topic])}, f"the {topic} tip comes with the first decision of its kind"
    seat = record.seat_of(user)
    assert set(record.options[TIPS_OPTION][str(seat)]) == set(asked), "which tips were shown is kept with the game"

    final = next(m for m in reversed(table.world.messages_in(record.thread_id or 0)) if f"tt:rematch:{game_id}" in m.custom_ids())
    await table.world.click(user, final, f"tt:rematch:{game_id}")
    assert table.world.last_message(ephemeral_for=user).content == tr("learn.rematch", locale), \
        "a practice game's rematch is a new /game learn"



async def open_rules_from_tip(table: Table, user: int, game: str, locale: str) -> None:
    """The player's first menu carries a tip; its rules button shows what `/game rules` shows."""
    menu = next(m for m in reversed(table.world.dms_to(user)) if TIP_MARK in m.content)
    await table.world.click(user, menu, f"tt:rules:{game}")
    rules = table.world.last_message(ephemeral_for=user)
    await table.world.slash(user, "game rules", {"game": game}, channel_id=CHANNEL, guild_id=GUILD)
    command = table.world.last_message(ephemeral_for=user)
    assert rules.embeds and rules.embeds == command.embeds, "the tip's Rules button shows what /game rules shows"
    assert rules.embeds[0]["title"] == registry.get(game).name.get(locale)


async def test_tips_survive_a_restart(table: Table) -> None:
    game_id = await learn(table, CAROL, "wunderkammer")
    before = await play_as(table, CAROL, game_id, random.Random(1), stop_after=2)
    await table.restart()
    after = await play_as(table, CAROL, game_id, random.Random(2), stop_after=6)
    again = set(before) & set(after)
    assert again, "a topic of before the restart comes up again after it"
    seen = tips_seen(table, CAROL, "wunderkammer", game_id, "en")
    for topic in again:
        assert seen[topic] == {min(before[topic])}, "after a restart the tip already shown is not shown again"


async def test_without_thread_rights_the_practice_game_is_in_dms(table: Table) -> None:
    await table.world.slash(CAROL, "game learn", {"game": "wunderkammer"}, channel_id=LOCKED, guild_id=GUILD)
    answer = table.world.last_message(ephemeral_for=CAROL)
    assert answer.content.startswith(tr("learn.started_dm", "en", id="", link="").split("#")[0])
    games = [record for record in await table.bot.store.user_games(CAROL, statuses=("active",)) if is_practice(record)]
    assert len(games) == 1
    record = games[0]
    dm = table.world.user(CAROL).dm_channel_id
    assert record.channel_id == dm and record.thread_id is None and record.guild_id is None
    assert not table.world.messages_in(LOCKED), "nothing is posted in the channel"
    assert any(f"tt:take:{record.id}" in m.custom_ids() for m in table.world.dms_to(CAROL)), "the board is in the DMs"
    assert "@me" in answer.content
    asked = await play_as(table, CAROL, record.id, random.Random(5), stop_after=2)
    waiting = await awaited_topic(table, CAROL, record.id)
    assert asked and set(tips_seen(table, CAROL, "wunderkammer", record.id, "en")) == set(asked) | {waiting} - {None}, \
        "the tips of the decisions taken, and of the one whose turn DM is already sent"


async def test_learn_in_a_dm(table: Table) -> None:
    await table.world.slash(ALICE, "game learn", {"game": "warchest"})
    games = [record for record in await table.bot.store.user_games(ALICE, statuses=("active",)) if is_practice(record)]
    assert len(games) == 1 and games[0].guild_id is None
    board = next(m for m in table.world.dms_to(ALICE) if f"tt:take:{games[0].id}" in m.custom_ids())
    assert "ウォーチェスト" in board.content or re.search(r"[ぁ-ん]", board.content), "a DM practice game speaks its player's language"


async def test_the_game_option_autocompletes(table: Table) -> None:
    choices = await table.world.autocomplete(CAROL, "game learn", "game", {"game": "war"}, channel_id=CHANNEL, guild_id=GUILD)
    assert {choice["value"] for choice in choices} >= {"warchest", "wallofwar"}


async def test_refusals(table: Table) -> None:
    await table.world.slash(BOB, "game learn", {"game": "warchest"}, channel_id=LOCKED, guild_id=GUILD)
    assert table.world.last_message(ephemeral_for=BOB).content == tr("learn.no_place", "en")
    assert not await table.bot.store.user_games(BOB, statuses=("lobby", "active"))

    await table.world.slash(CAROL, "game learn", {"game": "chess"}, channel_id=CHANNEL, guild_id=GUILD)
    assert table.world.last_message(ephemeral_for=CAROL).content == tr("err.unknown_game", "en")

    game_id = await learn(table, CAROL, "warchest")
    await table.world.slash(ALICE, "game list", channel_id=CHANNEL, guild_id=GUILD)
    assert f"#{game_id}" not in str(table.world.last_message(ephemeral_for=ALICE).payload), \
        "someone else's practice game is not listed"
    await table.world.slash(CAROL, "game list", channel_id=CHANNEL, guild_id=GUILD)
    assert f"#{game_id}" in str(table.world.last_message(ephemeral_for=CAROL).payload)
    await table.world.slash(CAROL, "game learn", {"game": "artofwar"}, channel_id=CHANNEL, guild_id=GUILD)
    refusal = table.world.last_message(ephemeral_for=CAROL).content
    assert refusal.startswith(tr("learn.already", "en", id=game_id, link="").split(":")[0]) and f"#{game_id}" in refusal


async def test_a_public_thread_when_discord_refuses_a_private_one(table: Table) -> None:
    table.world.fail_next("POST", "/channels/{channel_id}/threads", status=403, code=50013, channel_id=CHANNEL)
    game_id = await learn(table, CAROL, "warchest")
    record = await table.record(game_id)
    thread = table.world.channels[record.thread_id or 0]
    assert thread.type == 11 and CAROL in thread.members and record.guild_id == GUILD


async def test_with_dms_closed_the_tips_come_with_take_turn(table: Table) -> None:
    game_id = await learn(table, BOB, "wunderkammer")
    asked = await play_as(table, BOB, game_id, random.Random(4), stop_after=3)
    assert not table.world.dms_to(BOB)
    seen = tips_seen(table, BOB, "wunderkammer", game_id, "en")
    assert set(seen) == set(asked) and all(len(decisions) == 1 for decisions in seen.values())
    assert all(m.ephemeral for m in table.world.every_version(seen_by=BOB) if TIP_MARK in m.content)
