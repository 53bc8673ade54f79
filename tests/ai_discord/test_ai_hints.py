"""💡 Hints through Discord (issue 28): in a practice game of every game the turn DM and the Take turn menu
carry Hint, which answers privately with at most three choices, chances in [0, 100] %, and buttons that
play them; an old Hint or Play button is refused once the position moved on. In casual games hints
follow the server setting; rated, league and queue games refuse them with a reason and show no button."""

from __future__ import annotations

import random
import re

import pytest

from engine import registry
from storage.league_records import LeagueGameRecord
from storage.queue_records import QueueEntry
from tabletop.presentation.i18n import tr
from tests.ai_discord.helpers import match_of, settings, start_with_ai
from tests.e2e.conftest import ALICE, CAROL
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.e2e.test_learn import learn
from tests.e2e.test_live_buttons import set_up
from tests.fakediscord import RecordedMessage

HINT = re.compile(r"^tt:hint:(\d+):(\d+)$")
CHANCE = re.compile(r"(\d+)%")
GAMES = sorted(registry.games())
CHANGED = "あなたの選択が変わりました。"
"""The refusal of a menu whose decision moved on (engine.core.match.StaleDecision), in Alice's Japanese."""
TURNS = 6


def hint_ids(message: RecordedMessage) -> list[str]:
    return [cid for cid in message.custom_ids() if HINT.match(cid)]


async def alices_turn(table: Table, game_id: int) -> tuple[int, RecordedMessage]:
    """Wait for Alice's decision; her seat and the turn DM that carries its menu."""
    await table.world.settle()
    found = await table.await_turn(game_id, ALICE)
    assert found is not None, "the game ended before Alice had a decision"
    match, seat = found
    await table.world.settle()
    dm = table.dm_menu(ALICE, game_id, match.decisions[seat])
    assert dm is not None, "no turn DM with this decision's menu"
    return seat, dm


def chances(answer: RecordedMessage) -> list[int]:
    """The chance of each proposed choice: the numbered lines' percentages."""
    found = [CHANCE.search(line) for line in answer.text.splitlines() if line[:1].isdigit()]
    return [int(match.group(1)) for match in found if match is not None]


@pytest.mark.parametrize("game", GAMES)
async def test_a_practice_game_gives_hints_that_play(table: Table, game: str) -> None:
    players = min(registry.get(game).player_counts)
    game_id = await start_with_ai(table, ALICE, [], game, ["easy"] * (players - 1))
    seat, dm = await alices_turn(table, game_id)
    [button] = hint_ids(dm)
    await table.world.click(ALICE, dm, button)
    answer = table.world.last_message(ephemeral_for=ALICE)
    record = await table.record(game_id)
    legal = len(match_of(record).legal_actions(seat))
    shown = chances(answer)
    assert 1 <= len(shown) <= min(3, legal), answer.text
    assert all(0 <= chance <= 100 for chance in shown)
    assert "💡" in answer.text
    plays = [cid for cid in answer.custom_ids() if cid.startswith(f"tt:pick:{game_id}:")]
    assert len(plays) == len(shown)
    await table.world.click(ALICE, dm, button)
    again = table.world.last_message(ephemeral_for=ALICE)
    assert again.id != answer.id and again.text == answer.text, "asked again: the same hint"
    before = record.version
    await table.world.click(ALICE, again, plays[0])
    assert (await table.record(game_id)).version > before, "Play 1 played the proposed action"
    if (await table.record(game_id)).status != "active":
        return
    version = (await table.record(game_id)).version
    await table.world.click(ALICE, answer, plays[-1])
    assert table.world.last_message(ephemeral_for=ALICE).text.startswith(CHANGED), "an old hint's Play is refused"
    await table.world.click(ALICE, dm, button)
    assert table.world.last_message(ephemeral_for=ALICE).text.startswith(CHANGED), "an old Hint is refused"
    assert (await table.record(game_id)).version == version


async def test_the_take_turn_menu_has_hint_and_asking_twice_is_answered_from_the_cache(table: Table) -> None:
    game_id = await start_with_ai(table, ALICE, [], "warchest", ["easy"])
    await alices_turn(table, game_id)
    record = await table.record(game_id)
    await table.world.click(ALICE, table.latest_board(record), f"tt:take:{game_id}")
    picker = table.world.last_message(ephemeral_for=ALICE)
    assert hint_ids(picker)
    calls = []
    run = table.bot.ai.pool.run

    async def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append((args[0], kwargs.get("limit")))
        return await run(*args, **kwargs)

    table.bot.ai.pool.run = counted  # type: ignore[method-assign]
    await table.world.slash(ALICE, "game hint", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)
    first = table.world.last_message(ephemeral_for=ALICE).text
    await table.world.click(ALICE, picker, hint_ids(picker)[0])
    assert table.world.last_message(ephemeral_for=ALICE).text == first
    capacity = table.bot.ai.pool.gate.capacity
    assert calls == [("hints", max(1, capacity - 1))], "one search, in the hints' own line, leaving a worker for the turns"


async def test_casual_games_follow_the_server_setting(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "warchest")
    record = await table.record(game_id)
    seat = match_of(record).awaited_seats()[0]
    user = record.players[seat]
    await table.world.click(user, table.latest_board(record), f"tt:take:{game_id}")
    assert not hint_ids(table.world.last_message(ephemeral_for=user)), "no Hint while the server has them off"
    await table.world.slash(user, "game hint", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)
    assert table.world.last_message(ephemeral_for=user).text == tr("hint.off", "ja" if user == ALICE else "en")
    await settings(table, hints=True)
    await table.world.click(user, table.latest_board(record), f"tt:take:{game_id}")
    assert hint_ids(table.world.last_message(ephemeral_for=user))
    await table.world.slash(user, "game hint", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)
    assert chances(table.world.last_message(ephemeral_for=user))


async def test_rated_league_and_queue_games_refuse_hints(table: Table) -> None:
    await settings(table, hints=True)
    game_id = await table.start_game(ALICE, [CAROL], "warchest", {"tt_rated": "on"})
    record = await table.record(game_id)
    seat = match_of(record).awaited_seats()[0]
    user = record.players[seat]
    locale = "ja" if user == ALICE else "en"
    await table.world.click(user, table.latest_board(record), f"tt:take:{game_id}")
    assert not hint_ids(table.world.last_message(ephemeral_for=user))
    await table.world.slash(user, "game hint", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)
    assert table.world.last_message(ephemeral_for=user).text == tr("hint.no_rated", locale)

    practice = await start_with_ai(table, ALICE, [], "warchest", ["easy"])
    await alices_turn(table, practice)
    store = table.bot.store
    table_of_game, queue_entry = store.table_of_game, store.queue_entry

    async def league_table(game: int) -> LeagueGameRecord | None:
        return object() if game == practice else await table_of_game(game)  # type: ignore[return-value]

    store.table_of_game = league_table  # type: ignore[method-assign]
    await table.world.slash(ALICE, "game hint", {"game": practice}, channel_id=CHANNEL, guild_id=GUILD)
    assert table.world.last_message(ephemeral_for=ALICE).text == tr("hint.no_league", "ja")
    store.table_of_game = table_of_game  # type: ignore[method-assign]

    async def matched(guild: int, user_id: int) -> QueueEntry | None:
        entry = await queue_entry(guild, user_id)
        return entry if user_id != ALICE else type("Entry", (), {"game_id": practice})()  # type: ignore[return-value]

    store.queue_entry = matched  # type: ignore[method-assign]
    await table.world.slash(ALICE, "game hint", {"game": practice}, channel_id=CHANNEL, guild_id=GUILD)
    assert table.world.last_message(ephemeral_for=ALICE).text == tr("hint.no_queue", "ja")


async def test_a_seat_not_awaited_is_told_whose_turn_it_is(table: Table) -> None:
    await settings(table, hints=True)
    game_id = await table.start_game(ALICE, [CAROL], "warchest")
    record = await table.record(game_id)
    idle = next(user for seat, user in enumerate(record.players) if seat not in match_of(record).awaited_seats())
    await table.world.slash(idle, "game hint", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)
    refused = table.world.last_message(ephemeral_for=idle).text
    assert not chances(table.world.last_message(ephemeral_for=idle)) and refused, refused
    assert (await table.record(game_id)).version == record.version


@pytest.mark.parametrize("game", GAMES)
async def test_hint_shares_the_last_row_with_back_and_the_live_board(table: Table, game: str) -> None:
    """Every menu of a practice game, with Open live board set up: Hint sits on the last row with Back,
    the Activity button and the browser link, within Discord's limits (the fake refuses more); the
    driver plays through the menus as a player would."""
    table.world.activities.enable()
    set_up(table)
    players = min(registry.get(game).player_counts)
    game_id = await start_with_ai(table, ALICE, [], game, ["easy"] * (players - 1))
    rng = random.Random(3)
    for _ in range(TURNS):
        await table.world.settle()
        found = await table.await_turn(game_id, ALICE)
        if found is None:
            break
        match, seat = found
        await table.world.settle()
        dm = table.dm_menu(ALICE, game_id, match.decisions[seat])
        assert dm is not None and any(HINT.match(item.get("custom_id", "")) for item in dm.components[-1]["components"]), \
            "Hint is on the last row"
        await table.take_turn(ALICE, game_id, rng)


async def test_a_learn_game_has_hints_with_its_tips(table: Table) -> None:
    """`/game learn` (tabletop.play.learning) is a practice game: its first menu carries the tip's rules button
    and Hint together on the last row, and `/game hint` answers there."""
    game_id = await learn(table, ALICE, "wallofwar")
    seat, dm = await alices_turn(table, game_id)
    last_row = [item.get("custom_id", "") for item in dm.components[-1]["components"]]
    assert any(HINT.match(cid) for cid in last_row) and any(cid.startswith("tt:rules:") for cid in last_row)
    await table.world.slash(ALICE, "game hint", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)
    assert chances(table.world.last_message(ephemeral_for=ALICE))
