"""A game that outlives Discord's clocks: its thread archives while it sits idle, a click's token runs out
during slow work, the board grows older than an hour. The fake ages on the bot's clock (the table's
FakeClock), so each case is the clock moved, never a sleep."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.types import Event, T
from discord_ui import announce, board_message, ids
from tabletop.presentation import pictures
from tabletop.presentation.i18n import tr
from tabletop.play.service import match_of
from tabletop.runtime.throttle import StaticImages
from tests.e2e.conftest import ALICE, CAROL
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.fakediscord import ArchivedThread, FakeChannel
from tests.leagues.harness import ADMIN, add_players, slash as league_slash

TOKEN = 15 * 60


def thread_of(table: Table, thread_id: int | None) -> FakeChannel:
    thread = table.world.channels[thread_id or 0]
    return table.world.thread_life.current(thread)


def refused(table: Table, code: int) -> list[Any]:
    return [r for r in table.world.rejected if r.code == code]


async def idle_past_archiving(table: Table, game_id: int) -> FakeChannel:
    record = await table.record(game_id)
    thread = thread_of(table, record.thread_id)
    table.clock.advance(thread.auto_archive_duration * 60 + 60)
    assert thread_of(table, record.thread_id).archived
    return thread


async def test_a_game_idle_past_the_archive_duration_goes_on_from_the_dm_and_from_the_last_board(table: Table) -> None:
    rng = random.Random(3)
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    await table.take_turn(await awaited(table, game_id), game_id, rng)
    thread = await idle_past_archiving(table, game_id)
    with pytest.raises(ArchivedThread):  # Discord lets nobody run a command there: the DM and the buttons remain
        await table.world.slash(ALICE, "game show", channel_id=thread.id)

    before = len(table.world.messages_in(thread.id))
    await table.take_turn(await awaited(table, game_id), game_id, rng)  # from the turn DM's menu
    assert not thread_of(table, thread.id).archived
    assert len(table.world.messages_in(thread.id)) == before + 1

    await idle_past_archiving(table, game_id)
    record = await table.record(game_id)
    await table.take_turn(await awaited(table, game_id), game_id, rng, board=table.latest_board(record))
    assert (await table.record(game_id)).version > record.version
    assert not thread_of(table, thread.id).archived
    await table.play_to_end(game_id, rng)
    assert refused(table, 50083) == [] and refused(table, 10015) == []


async def test_a_board_updated_in_place_in_a_thread_archived_meanwhile_reopens_it(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    board = table.world.message(record.board_message_id or 0)
    await table.world.run(table.bot.http.edit_channel(record.thread_id, archived=True))  # a moderator tidies up
    match = match_of(record)
    await table.world.run(board_message.post_board(table.bot, record, match, [], ()))  # the same seat goes on
    assert len(refused(table, 50083)) == 1  # the edit Discord refused, repeated once the thread was reopened
    assert not thread_of(table, record.thread_id).archived
    assert table.world.message(board.id).kind == "edit"
    assert table.world.messages_in(record.thread_id or 0)[-1].id == board.id


async def test_a_thread_a_moderator_locked_and_archived_is_reopened_for_the_next_board(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    await table.world.run(table.bot.http.edit_channel(record.thread_id, locked=True, archived=True))
    match = match_of(record)
    board = await table.world.run(board_message.post_board(table.bot, record, match, [], match.awaited_seats()))
    assert board is not None and board != record.board_message_id  # a handover: a new board, posted once reopened
    assert len(refused(table, 50083)) == 1 and not thread_of(table, record.thread_id).archived


async def test_a_board_updated_in_place_marks_where_its_picture_stops(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    posted = table.world.message(record.board_message_id or 0)
    match = match_of(record)
    for line in ("一手目", "二手目"):  # the same seat goes on twice
        await table.world.run(board_message.post_board(table.bot, await table.record(game_id), match, [Event(T(line, line))], ()))
    board = table.world.message(posted.id)
    lines = board.content.splitlines()
    mark = tr("game.picture_before", "ja")  # the server's language
    assert lines.count(mark) == 1 and lines.index(mark) < lines.index("一手目") < lines.index("二手目")
    assert set(lines[:lines.index(mark)]) <= set(posted.content.splitlines())
    assert board.attachments == posted.attachments  # the picture is kept, not re-sent


async def test_a_board_older_than_the_edit_window_is_posted_anew_not_edited(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    match = match_of(record)
    table.clock.advance(board_message.EDIT_WINDOW_SECONDS + 1)
    board = await table.world.run(board_message.post_board(table.bot, record, match, [], ()))
    assert board != record.board_message_id and refused(table, 30046) == []

    # Without the window, Discord would refuse the fourth edit of an hour-old board: the window is what keeps it away.
    monkeypatch.setattr(board_message, "EDIT_WINDOW_SECONDS", 10 ** 9)
    record = await table.record(game_id)
    table.clock.advance(2 * 3600)
    for _ in range(4):
        assert await table.world.run(board_message.post_board(table.bot, record, match, [], ())) in (record.board_message_id, None)
    assert len(refused(table, 30046)) == 1


@pytest.fixture
def slow_renders(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every image (a game's view, a card sheet) waits in the render queue longer than a token lives."""
    render, static = announce.render_file, StaticImages.get

    async def slow(*args: Any, **kwargs: Any) -> Any:
        table.clock.advance(TOKEN)
        return await render(*args, **kwargs)

    async def slow_static(*args: Any, **kwargs: Any) -> Any:
        table.clock.advance(TOKEN)
        return await static(*args, **kwargs)

    monkeypatch.setattr(announce, "render_file", slow)
    monkeypatch.setattr(StaticImages, "get", slow_static)


@pytest.mark.usefixtures("slow_renders")
async def test_a_slow_start_edits_the_lobby_through_the_channel(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    lobby = table.world.message(record.lobby_message_id or 0)
    assert f"{record.thread_id}/{record.board_message_id}" in lobby.text
    assert refused(table, 10015) == []


@pytest.mark.usefixtures("slow_renders")
async def test_a_slow_picker_or_private_view_comes_by_dm(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    user = await awaited(table, game_id)
    record = await table.record(game_id)
    board = table.latest_board(record)
    await table.world.click(user, board, ids.take(game_id))
    assert table.dm_menu(user, game_id, match_of(record).decisions[record.seat_of(user) or 0]) is not None
    await table.world.click(user, board, ids.info(game_id))
    assert table.world.dms_to(user)[-1].files
    assert refused(table, 10015) == [] and table.world.ephemerals_for(user)[-1].loading


@pytest.mark.usefixtures("slow_renders")
@pytest.mark.parametrize("command", ["game show", "game replay", "warchest rules", "wallofwar cards"])
async def test_a_slow_image_a_command_asked_for_comes_by_dm(table: Table, command: str) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    options = {"game": game_id} if command.startswith("game") else {}
    before = len(table.world.dms_to(CAROL))
    await table.world.slash(CAROL, command, options, channel_id=CHANNEL, guild_id=GUILD)
    assert len(table.world.dms_to(CAROL)) == before + 1 and table.world.dms_to(CAROL)[-1].files
    assert refused(table, 10015) == []


@pytest.mark.usefixtures("slow_renders")
async def test_moves_after_slow_publishing_never_use_a_dead_token(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    moves = await table.play_to_end(game_id, random.Random(5))
    assert moves > 2 and refused(table, 10015) == []


async def awaited(table: Table, game_id: int) -> int:
    record = await table.record(game_id)
    return record.players[match_of(record).awaited_seats()[0]]


async def test_slow_league_standings_come_in_the_channel_they_were_asked_in(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    players = add_players(table, 2)
    await league_slash(table, ADMIN, "league create", {"name": "Autumn", "game": "warchest", "format": "rr"})
    render = pictures.render_job

    async def slow(*args: Any) -> Any:
        table.clock.advance(TOKEN)
        return await render(*args)

    monkeypatch.setattr(pictures, "render_job", slow)
    before = len(table.world.messages_in(CHANNEL))
    asked = await league_slash(table, players[0], "league standings")
    posted = table.world.messages_in(CHANNEL)[before:]
    assert [m.kind for m in posted] == ["response", "channel"] and posted[0].loading and posted[1].files  # public, as asked
    assert not asked.followups and refused(table, 10015) == []
