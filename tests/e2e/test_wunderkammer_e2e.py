"""Wunderkammer through Discord: whole 2- and 4-player games where every step of every turn (plays line
by line, take item, put, take character, the last step) is picked through the shared picker, with a
restart in the middle and the privacy check over everything sent (hands, drawn cards and put cards stay
with their owner); the typed `/wunderkammer new`, the card list as image and text, and the rules."""

from __future__ import annotations

import random
from typing import Any

from engine.core.match import Match
from engine.wunderkammer import GAME
from renderers.toolkit import CANVAS_WIDTH
from storage.base import GameRecord
from tests.e2e.conftest import ALICE, BOB, CAROL, DAVE, ERIN
from tests.e2e.driver import CHANNEL, GUILD, Table, assert_privacy


def collector(match: Match, seat: int, rng: random.Random) -> str:
    """Takes every item and character it can, plays most of its cards and sometimes puts: games end in
    a few hundred steps and every kind of step occurs."""
    notations = [action.notation for action in match.legal_actions(seat)]
    takes = [notation for notation in notations if notation.startswith(("take:", "char:"))]
    if takes:
        return rng.choice(takes)
    plays = [notation for notation in notations if notation.startswith("play:")]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    if "put" in notations and rng.random() < 0.5:
        return "put"
    forward = [notation for notation in notations if notation not in ("back", "skip", "trash")]
    return rng.choice(forward or notations)


def public_view(record: GameRecord) -> dict[str, Any]:
    return Match.from_json(GAME, record.state or {}).view(None)


async def play_whole_game(table: Table, players: list[int], seed: int, restart_at: int) -> GameRecord:
    game_id = await table.start_game(players[0], players[1:], "wunderkammer")
    actions = await table.play_to_end(game_id, random.Random(seed), restart_at=restart_at, policy=collector)
    record = await table.record(game_id)
    assert record.status == "finished" and actions > 50
    heads = {entry.action.split(":")[0] for entry in await table.bot.store.actions(game_id)}
    assert {"play", "done", "take", "put", "char"} <= heads, "every step was picked through Discord"
    assert heads & {"shuffle", "draw"}
    view = public_view(record)
    assert view["step"] == "over" and view["gone"] >= view["end_at"]
    thread = record.thread_id
    assert thread is not None
    last = table.world.messages_in(thread)[-1]
    assert last.attachments and last.custom_ids() == [f"tt:replay:{game_id}:0:o", f"tt:rematch:{game_id}"]
    image = last.attachments[0].image()
    assert image.width == CANVAS_WIDTH and image.height != image.width
    await assert_privacy(table, game_id)
    return record


async def test_whole_two_player_game_through_discord(table: Table) -> None:
    record = await play_whole_game(table, [ALICE, CAROL], seed=2, restart_at=30)
    assert any(m.attachments for m in table.world.every_version(seen_by=ALICE)), "the hand arrives as a private image"
    assert len(public_view(record)["final"]["points"]) == 2


async def test_whole_four_player_game_through_discord(table: Table) -> None:
    record = await play_whole_game(table, [ALICE, BOB, CAROL, DAVE], seed=4, restart_at=60)
    assert len(public_view(record)["final"]["points"]) == 4


async def test_typed_new_with_simple_play_and_a_start_player(table: Table) -> None:
    world = table.world
    rec = await world.slash(ALICE, "wunderkammer new", {"players": 3, "abilities": "simple", "first": "2"},
                            channel_id=CHANNEL, guild_id=GUILD)
    lobby = world.message(rec.original_id)
    game_id = int(next(cid for cid in lobby.custom_ids() if cid.startswith("tt:lobby:join:")).rsplit(":", 1)[1])
    for guest in (CAROL, ERIN):
        await world.click(guest, lobby, f"tt:lobby:join:{game_id}")
    await world.click(ALICE, lobby, f"tt:lobby:start:{game_id}")
    record = await table.record(game_id)
    assert record.status == "active" and record.options == {"abilities": "simple", "first": "2"}
    view = public_view(record)
    assert view["simple"] and view["first"] == 1 and view["active"] == 1
    assert [entry["active"] for entry in view["characters"]] == [True] * 4 + [False] * 5
    board = table.latest_board(record)
    assert f"<@{CAROL}>" in board.text and board.attachments


async def test_typed_new_refuses_a_start_player_the_table_does_not_have(table: Table) -> None:
    rec = await table.world.slash(ALICE, "wunderkammer new", {"players": 2, "first": "3"}, channel_id=CHANNEL, guild_id=GUILD)
    assert rec.messages[-1].ephemeral
    assert await table.bot.store.list_games(guild_id=GUILD) == []


async def test_card_list_arrives_as_an_image_and_as_text_in_the_readers_language(table: Table) -> None:
    ja = (await table.world.slash(DAVE, "wunderkammer cards", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    en = (await table.world.slash(CAROL, "wunderkammer cards", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    for message in (ja, en):
        assert message.ephemeral and len(message.attachments) == 1
        image = message.attachments[0].image()
        assert message.attachments[0].size < 1024 * 1024 and image.width == CANVAS_WIDTH and image.height > image.width
    assert "骨董商" in ja.text and "♦9" in ja.text and "Antiquarian" in en.text and "Unicorn Horn" in en.text
    assert ja.attachments[0].data != en.attachments[0].data


async def test_rules_explain_the_game_and_point_to_the_cards(table: Table) -> None:
    message = (await table.world.slash(DAVE, "wunderkammer rules", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert message.ephemeral and "目的" in message.text and "/wunderkammer cards" in message.text
    assert "この実装独自の版" in message.text
    message = (await table.world.slash(CAROL, "wunderkammer rules", {}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert "Goal" in message.text and "this project's own edition" in message.text
