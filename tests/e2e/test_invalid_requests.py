"""A long game stays far from Discord's invalid-request limit (10,000 answers of 401, 403 or 429 in 10
minutes ban the bot's IP; tests/fakediscord/invalid.py counts them): with a player whose DMs are closed, a
board message a moderator deleted and the game's thread archived while it sat idle, the bot meets each
refusal once and remembers it (UserRecord.dms_closed), never retries a 403 and never goes back to the
deleted message or the archived thread as they were. A deleted board message is posted anew in the thread
(it once made the bot think the thread was gone and move the game to its channel)."""

from __future__ import annotations

import random
from collections import Counter

from engine import registry
from engine.core.match import Match
from tests.e2e.conftest import ALICE, BOB
from tests.e2e.driver import CHANNEL, Table
from tests.e2e.test_warchest_e2e import aggressive

DELETE_AT, ARCHIVE_AT = 6, 14
HANDFUL = 3


async def test_a_long_game_with_closed_dms_a_deleted_board_and_an_archived_thread_makes_a_handful_of_invalid_requests(
        table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [BOB], "warchest", {"mode": "draft"})
    rng = random.Random(3)
    moves = 0
    while (record := await table.record(game_id)).status == "active":
        assert moves < 3000, "the game did not end"
        thread = record.thread_id
        assert thread is not None
        if moves == DELETE_AT:  # a moderator tidies the thread up
            await world.run(table.bot.http.delete_message(thread, table.latest_board(record).id))
        if moves == ARCHIVE_AT:  # the players go to bed: the thread archives while the game waits
            table.clock.advance(world.thread_life.current(world.channels[thread]).auto_archive_duration * 60 + 60)
            assert world.thread_life.current(world.channels[thread]).archived
        seat = rng.choice(Match.from_json(registry.get(record.game_type), record.state or {}).awaited_seats())
        await table.take_turn(record.players[seat], game_id, rng, policy=aggressive)
        moves += 1
    assert moves > ARCHIVE_AT + 10
    assert (await table.bot.store.get_user(BOB)).dms_closed
    assert record.thread_id not in (None, CHANNEL), "a deleted board message is not a deleted thread"

    invalid = [(r.method, r.path, r.status) for r in world.invalid.responses]
    assert len(invalid) <= HANDFUL, invalid
    assert world.invalid.bans == []
    repeated = {request: n for request, n in Counter((r.method, r.path, r.code) for r in world.rejected).items() if n > 1}
    assert repeated == {}, f"the bot met the same refusal again: {repeated}"
