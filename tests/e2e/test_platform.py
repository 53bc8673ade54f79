"""The platform end to end on the fixture game, through real discord.py and the fake transport."""

from __future__ import annotations

import asyncio
import random

from engine import registry
from engine.core.match import Match
from storage.base import GameRecord

from tests.e2e.conftest import ALICE, BOB, CAROL, DAVE
from tests.e2e.driver import CHANNEL, GUILD, LOCKED, Table, assert_privacy


async def deciding(table: Table, game_id: int) -> tuple[GameRecord, Match, int, int]:
    """The game's record and match, the first seat it waits for, and that seat's user."""
    record = await table.record(game_id)
    match = Match.from_json(registry.get(record.game_type), record.state or {})
    seat = match.awaited_seats()[0]
    return record, match, seat, record.players[seat]


async def test_lobby_to_finished_game_with_restart_dms_closed_and_privacy(table: Table) -> None:
    world = table.world
    game_id, lobby = await table.open_lobby(ALICE, "highcard", 2)
    assert "アリス" in world.message(lobby.id).text or f"<@{ALICE}>" in world.message(lobby.id).text
    joined = await world.click(BOB, lobby, f"tt:lobby:join:{game_id}")
    assert any(m.ephemeral and "DM" in m.text for m in joined.messages), "DMs-closed warning on join"
    refused = await world.click(CAROL, lobby, f"tt:lobby:start:{game_id}")
    assert refused.messages[-1].ephemeral
    await world.click(ALICE, lobby, f"tt:lobby:start:{game_id}")
    record = await table.record(game_id)
    assert record.status == "active" and record.thread_id is not None
    thread_messages = world.messages_in(record.thread_id)
    assert thread_messages and thread_messages[0].attachments, "first board has an image"
    assert any(m.attachments and m.attachments[0].filename.startswith("private-") for m in world.every_version(seen_by=ALICE))
    assert world.dms_to(BOB) == []

    actions = await table.play_to_end(game_id, random.Random(3), restart_at=3)
    record = await table.record(game_id)
    assert record.status == "finished" and actions > 3
    final = world.messages_in(record.thread_id)[-1]
    assert "tt:take" not in " ".join(final.custom_ids())
    await assert_privacy(table, game_id)


async def test_wrong_user_stale_button_and_double_click(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    board = table.latest_board(record)
    match = Match.from_json(registry.get("highcard"), record.state or {})
    mover = record.players[match.awaited_seats()[0]]
    idle = record.players[1 - match.awaited_seats()[0]]
    refusal = await world.click(idle, board, f"tt:take:{game_id}")
    assert refusal.messages[-1].ephemeral
    assert "not your turn" in refusal.messages[-1].text or "あなたの番ではありません" in refusal.messages[-1].text
    assert (await table.record(game_id)).version == 0

    await world.click(mover, board, f"tt:take:{game_id}")
    picker = world.last_message(ephemeral_for=mover)
    draw = next(b for b in picker.buttons() if b["custom_id"].startswith(f"tt:pick:{game_id}:0:") and b["label"] in ("Draw", "引く"))
    clicks = await asyncio.gather(*(world.click(mover, picker, draw["custom_id"]) for _ in range(2)))
    assert (await table.record(game_id)).version == 1, "two clicks on one button applied once"
    assert len(await table.bot.store.actions(game_id)) == 1
    assert any(m.ephemeral and ("no longer asked" in m.text or "もう求められていません" in m.text)
               for click in clicks for m in click.messages), "the second click is told its decision is gone"

    old_board = board
    stale = await world.click(mover if mover != idle else idle, old_board, f"tt:take:{game_id}")
    assert stale.messages[-1].ephemeral


async def test_typed_play_with_autocomplete_and_hand(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [BOB], "highcard")
    record, match, seat, user = await deciding(table, game_id)
    choices = await world.autocomplete(user, "game play", focused="action", options={"action": "dr"},
                                       channel_id=record.thread_id, guild_id=GUILD)
    assert [c["value"] for c in choices] == ["draw#0"]
    await world.slash(user, "game play", {"action": "draw#0"}, channel_id=record.thread_id, guild_id=GUILD)
    assert (await table.record(game_id)).version == 1
    stale = await world.slash(user, "game play", {"action": "draw#0"}, channel_id=record.thread_id, guild_id=GUILD)
    assert stale.messages[-1].ephemeral and (await table.record(game_id)).version == 1
    hand = await world.slash(BOB, "game hand", {}, channel_id=record.thread_id, guild_id=GUILD)
    assert hand.messages[-1].ephemeral and hand.messages[-1].attachments[0].filename.endswith(f"-s{record.seat_of(BOB)}.webp")


async def test_no_thread_permission_falls_back_to_the_channel(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard", channel=LOCKED)
    record = await table.record(game_id)
    assert record.thread_id is None
    assert any(m.attachments for m in table.world.messages_in(LOCKED))


async def test_resign_cancel_list_show_and_settings(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    listed = await world.slash(DAVE, "game list", {}, channel_id=CHANNEL, guild_id=GUILD)
    assert f"#{game_id}" in listed.messages[-1].text and listed.messages[-1].ephemeral
    shown = await world.slash(DAVE, "game show", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)
    assert shown.messages[-1].attachments
    refused = await world.slash(DAVE, "game cancel", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)
    assert refused.messages[-1].ephemeral and (await table.record(game_id)).status == "active"
    confirm = await world.slash(CAROL, "game resign", {}, channel_id=record.thread_id, guild_id=GUILD)
    await world.click(CAROL, confirm.messages[-1], f"tt:resign:{game_id}")
    record = await table.record(game_id)
    assert record.status == "finished"
    assert "carol" in world.messages_in(record.thread_id)[-1].text

    lobby_id, _ = await table.open_lobby(ALICE, "highcard", 2)
    await world.slash(ALICE, "game cancel", {"game": lobby_id}, channel_id=CHANNEL, guild_id=GUILD)
    assert (await table.record(lobby_id)).status == "cancelled"


async def test_typed_pass_finds_the_games_own_pass_and_nonsense_shows_legal_forms(table: Table) -> None:
    """`/game play pass` in War Chest (whose pass is `<coin>:pass`): with one coin kind in hand it passes,
    with several it names the ways to pass; input that fits nothing is answered with the game's reason and
    a few forms that are legal now. Nothing changes on a refusal."""
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "warchest")
    record, match, seat, user = await deciding(table, game_id)
    rec = await world.slash(user, "game play", {"action": "nonsense"}, channel_id=record.thread_id, guild_id=GUILD)
    reply = rec.messages[-1].text
    assert rec.messages[-1].ephemeral and ("Legal now, for example: `" in reply or "今できる手の例: `" in reply), reply
    assert reply.count("`") <= 2 * 5, "a few forms, not the whole list"
    assert (await table.record(game_id)).version == record.version
    passes = sorted({action.notation for action in match.legal_actions(seat) if action.notation.endswith(":pass")})
    rec = await world.slash(user, "game play", {"action": "pass"}, channel_id=record.thread_id, guild_id=GUILD)
    if len(passes) == 1:
        assert (await table.record(game_id)).version == record.version + 1
        return
    reply = rec.messages[-1].text
    assert rec.messages[-1].ephemeral and all(notation in reply for notation in passes[:5]), reply
    assert "no coin called" not in reply and (await table.record(game_id)).version == record.version
