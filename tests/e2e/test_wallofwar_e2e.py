"""A whole Wall of War game through Discord: lobby with the colour option, colour choice, every queue,
ability, Rain answer and purchase via the picker, a restart in the middle, one player with DMs closed,
and the privacy check over everything sent; plus the card list, the rules and the typed `/wallofwar new`."""

from __future__ import annotations

import itertools
import random
from typing import Any

from engine.core.match import Match
from engine.wallofwar import GAME
from engine.wallofwar.colours import COLOURS
from renderers.toolkit import CANVAS_WIDTH
from storage.base import GameRecord
from tests.e2e.conftest import ALICE, BOB, CAROL, DAVE, ERIN
from tests.e2e.driver import CHANNEL, GUILD, Table, assert_privacy

RAIN_PROMPT = "【雨】で打ち消しますか"


def lively(match: Match, seat: int, rng: random.Random) -> str:
    """Uses abilities often, so Rain windows keep opening; sometimes rains; buys when it can."""
    notations = [action.notation for action in match.legal_actions(seat)]
    if "rain" in notations and rng.random() < 0.3:
        return "rain"
    if "allow" in notations:
        return "allow"
    if "buy" in notations:
        return "buy"
    abilities = [notation for notation in notations if notation.startswith("ab:")]
    if abilities and rng.random() < 0.7:
        return rng.choice(abilities)
    return rng.choice(notations)


async def test_whole_four_player_game_through_discord(table: Table) -> None:
    world = table.world
    players = [ALICE, BOB, CAROL, DAVE]
    game_id = await table.start_game(ALICE, players[1:], "wallofwar", {"colours": "choose"})
    actions = await table.play_to_end(game_id, random.Random(4), restart_at=40, policy=lively)
    record = await table.record(game_id)
    assert record.status == "finished" and actions > 100
    log = [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]
    assert [notation.split(":")[0] for _, notation in log[:5]] == ["colour"] * 4 + ["q"]
    colours = [seat["colour"] for seat in public_view(record)["seats"]]
    assert sorted(colours) == sorted(set(colours)) and set(colours) <= set(COLOURS)

    thread = record.thread_id
    assert thread is not None
    messages = world.messages_in(thread)
    asked_together = [
        m for m in world.records if m.channel_id == thread
        if RAIN_PROMPT in m.text and sum(f"<@{user}>" in m.text for user in players) >= 2
    ]
    assert asked_together, "a Rain window mentions every seat it waits for"
    windows = [[seat for seat, _ in group] for is_answer, group in
               itertools.groupby(log, key=lambda entry: entry[1] in ("allow", "rain")) if is_answer]
    assert any(len(set(window)) >= 2 for window in windows), "one window, several seats answering in turn"
    assert {seat for window in windows for seat in window} == {0, 1, 2, 3}, "each with its own Take turn"
    last = messages[-1]
    assert last.attachments and last.custom_ids() == [f"tt:replay:{game_id}:0:o", f"tt:rematch:{game_id}"]
    image = last.attachments[0].image()
    assert image.width == CANVAS_WIDTH and image.height != image.width
    assert any(m.attachments for m in world.every_version(seen_by=ALICE)), "face-down cards arrive by DM"
    assert world.dms_to(BOB) == []
    await assert_privacy(table, game_id)


def public_view(record: GameRecord) -> dict[str, Any]:
    return Match.from_json(GAME, record.state or {}).view(None)


async def test_card_list_arrives_as_images_in_the_readers_language(table: Table) -> None:
    ja = (await table.world.slash(DAVE, "wallofwar cards", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    en = (await table.world.slash(CAROL, "wallofwar cards", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    for message, pages in ((ja, 3), (en, 4)):  # Japanese card texts are shorter: three pages hold them
        assert message.ephemeral and len(message.attachments) == pages
        for file in message.attachments:
            image = file.image()
            assert file.size < 1024 * 1024 and image.width == CANVAS_WIDTH and image.width < image.height <= 2 * image.width
    assert [f.data for f in ja.attachments] != [f.data for f in en.attachments]


async def test_rules_explain_the_game_and_point_to_the_cards(table: Table) -> None:
    message = (await table.world.slash(DAVE, "wallofwar rules", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert message.ephemeral and "目的" in message.text and "/wallofwar cards" in message.text
    message = (await table.world.slash(CAROL, "wallofwar rules", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert "Goal" in message.text and "Rain" in message.text


async def test_typed_new_with_colours_by_seat_starts_at_the_queue(table: Table) -> None:
    world = table.world
    rec = await world.slash(ALICE, "wallofwar new", {"players": 3, "colours": "seat", "first": "2"},
                            channel_id=CHANNEL, guild_id=GUILD)
    lobby = world.message(rec.original_id)
    game_id = int(next(cid for cid in lobby.custom_ids() if cid.startswith("tt:lobby:join:")).rsplit(":", 1)[1])
    for guest in (CAROL, ERIN):
        await world.click(guest, lobby, f"tt:lobby:join:{game_id}")
    await world.click(ALICE, lobby, f"tt:lobby:start:{game_id}")
    record = await table.record(game_id)
    assert record.status == "active" and record.options == {"colours": "seat", "first": "2"}
    view = public_view(record)
    assert view["phase"] == "queue" and [seat["colour"] for seat in view["seats"]] == ["red", "blue", "yellow"]
    board = table.latest_board(record)
    assert f"<@{CAROL}>" in board.text and board.attachments


async def test_typed_new_refuses_a_first_player_the_table_does_not_have(table: Table) -> None:
    rec = await table.world.slash(ALICE, "wallofwar new", {"players": 3, "first": "5"}, channel_id=CHANNEL, guild_id=GUILD)
    assert rec.messages[-1].ephemeral
    assert await table.bot.store.list_games(guild_id=GUILD) == []
