"""Commit first, then Discord, and deliver what Discord missed: a failed post is retried, a crash
between the commit and the post is repaired at the next start, and a board that did reach Discord before
the crash is adopted rather than posted twice."""

from __future__ import annotations

import random
import time

from engine.core.match import Match
from discord_ui.board_message import post_board
from tabletop.play.service import Loaded, match_of
from tests.e2e.conftest import ALICE, CAROL
from tests.e2e.driver import Table

MESSAGES = "/channels/{channel_id}/messages"


def boards_for(table: Table, game_id: int, version: int) -> list[int]:
    name = f"board-{game_id}-v{version}.webp"
    return sorted({m.id for m in table.world.records if any(f.filename == name for f in m.attachments)})


async def commit_without_publishing(table: Table, game_id: int) -> Match:
    """What a process killed right after its commit leaves behind: the action stored, nothing posted."""
    record = await table.record(game_id)
    match = match_of(record)
    seat = match.awaited_seats()[0]
    played = await table.bot.service.play(Loaded(record, match), seat, match.legal_actions(seat)[0],
                                          decision_id=match.decisions[seat])
    return played.match


async def test_a_crash_after_the_commit_is_published_once_at_the_next_start(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    match = await commit_without_publishing(table, game_id)
    assert boards_for(table, game_id, match.version) == []
    await table.restart()
    await table.world.settle()
    assert len(boards_for(table, game_id, match.version)) == 1
    assert await table.bot.store.pending_outbox(before=10**10) == []
    await table.restart()
    await table.world.settle()
    assert len(boards_for(table, game_id, match.version)) == 1, "a second restart posts nothing again"


async def test_a_crash_mid_delivery_leaves_a_claim_the_next_start_ends_at_once(table: Table) -> None:
    """The process died while delivering: its claim on the game (a lease still minutes ahead) must not hold
    the board back; the next life (SQLite: the only process) ends it before its first outbox pass."""
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    match = await commit_without_publishing(table, game_id)
    dead = table.bot.store
    now = time.time()
    assert [entry.game_id for entry in await dead.claim_outbox(before=now + 1, now=now, until=now + 3600, limit=10)] == [game_id]
    await table.restart()
    await table.world.settle()
    assert len(boards_for(table, game_id, match.version)) == 1, "delivered at the restart, not an hour later"
    assert await table.bot.store.pending_outbox(before=10**10) == []


async def test_a_board_posted_before_the_crash_is_adopted_not_duplicated(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    match = await commit_without_publishing(table, game_id)
    record = await table.record(game_id)
    await post_board(table.bot, record, match, (), match.awaited_seats())  # reached Discord, never recorded
    assert len(boards_for(table, game_id, match.version)) == 1
    await table.restart()
    await table.world.settle()
    assert len(boards_for(table, game_id, match.version)) == 1
    assert (await table.record(game_id)).board_message_id == boards_for(table, game_id, match.version)[0]


async def test_a_refused_board_tells_the_actor_the_move_counted_and_is_retried(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    match = match_of(record)
    user = record.players[match.awaited_seats()[0]]
    await world.click(user, table.latest_board(record), f"tt:take:{game_id}")
    picker = world.last_message(ephemeral_for=user)
    draw = next(b for b in picker.buttons() if b["label"] in ("Draw", "引く"))
    world.fail_next("POST", MESSAGES, status=503, channel_id=record.thread_id)
    rec = await world.click(user, picker, draw["custom_id"])
    assert (await table.record(game_id)).version == 1
    reply = world.message(rec.messages[-1].id).text
    assert "counted" in reply or "記録されました" in reply
    assert boards_for(table, game_id, 1) == []
    await table.restart()
    await world.settle()
    assert len(boards_for(table, game_id, 1)) == 1


async def test_a_deleted_thread_moves_the_game_to_its_channel_with_a_note(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    assert record.thread_id is not None
    world.channels[record.thread_id].deleted = True
    match = match_of(record)
    await table.take_turn(record.players[match.awaited_seats()[0]], game_id, random.Random(1),
                          board=table.latest_board(record))
    moved = await table.record(game_id)
    assert moved.version == 1 and moved.thread_id == moved.channel_id
    board = world.message(moved.board_message_id or 0)
    assert board.channel_id == moved.channel_id and ("deleted" in board.text or "削除" in board.text)
    await table.play_to_end(game_id, random.Random(2))
    assert (await table.record(game_id)).status == "finished"


async def test_a_refused_board_does_not_hold_back_the_turn_notice(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    match = match_of(record)
    mover = record.players[match.awaited_seats()[0]]
    other = CAROL if mover == ALICE else ALICE
    notices_before = len([m for m in world.every_version(seen_by=other) if m.dm_user_id and m.kind != "edit"])
    world.fail_next("POST", MESSAGES, status=403, code=50013, channel_id=record.thread_id)
    await table.take_turn(mover, game_id, random.Random(3), board=table.latest_board(record))
    notices_after = len([m for m in world.every_version(seen_by=other) if m.dm_user_id and m.kind != "edit"])
    assert notices_after == notices_before + 1, "the next player hears it is their turn at once"
    await table.restart()
    await world.settle()
    version = (await table.record(game_id)).version
    assert len(boards_for(table, game_id, version)) == 1
    assert len([m for m in world.every_version(seen_by=other) if m.dm_user_id and m.kind != "edit"]) == notices_after
