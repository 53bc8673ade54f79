"""Busy games under Discord's rate limits: discord.py paces, sleeps and retries above the fake, and the bot
loses nothing, posts no board twice and answers every interaction in time — only later."""

from __future__ import annotations

import random
from pathlib import Path

from tabletop.play.service import match_of
from tests.e2e.conftest import ALICE, CAROL, simulated_server
from tests.e2e.driver import Table
from tests.e2e.test_recovery import MESSAGES, boards_for

PLAYERS = [300 + n for n in range(12)]


async def test_a_burst_of_busy_games_loses_nothing_and_posts_no_board_twice(tmp_path: Path) -> None:
    # Windows a tenth of Discord's and a global limit of 5 per window: six games playing at once meet both.
    async with simulated_server(tmp_path / "bot.sqlite3", rate_limit_scale=0.1, global_rate_limit=5) as table:
        world = table.world
        for user in PLAYERS:
            world.add_user(user, f"u{user}")
        games = [await table.start_game(PLAYERS[n], [PLAYERS[n + 1]], "highcard") for n in range(0, len(PLAYERS), 2)]
        rng = random.Random(25)
        for _ in range(2):
            await table.turns_at_once(games, rng)
        records = [await table.record(game_id) for game_id in games]
        assert [record.version for record in records] == [2] * len(games), "every click counted"
        for record in records:
            assert all(len(boards_for(table, record.id, version)) <= 1 for version in range(3)), "no board twice"
            assert record.board_message_id == table.latest_board(record).id, "the newest board is the game's"
            assert len(boards_for(table, record.id, 1)) == 1
        assert await table.bot.store.pending_outbox(before=10**10) == [], "every board and notice was delivered"
        assert {hit.scope for hit in world.rate_limited} >= {"global"}, "the burst met the global limit"
        # simulated_server's exit asserts no harness errors: no interaction was answered late or failed


async def test_a_board_met_by_a_few_429s_is_posted_once_after_discordpy_waits(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    world.fail_next("POST", MESSAGES, status=429, count=4, channel_id=record.thread_id)  # a busy shared resource: discord.py sleeps and retries
    await table.take_turn(record.players[match_of(record).awaited_seats()[0]], game_id, random.Random(3),
                          board=table.latest_board(record))
    assert [hit.scope for hit in world.rate_limited] == ["shared"] * 4
    assert len(boards_for(table, game_id, 1)) == 1
    assert await table.bot.store.pending_outbox(before=10**10) == []


async def test_a_board_refused_by_five_429s_is_delivered_once_by_the_outbox(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    world.fail_next("POST", MESSAGES, status=429, count=5, channel_id=record.thread_id)  # discord.py gives up after five: HTTPException 429
    await table.take_turn(record.players[match_of(record).awaited_seats()[0]], game_id, random.Random(3),
                          board=table.latest_board(record))
    assert (await table.record(game_id)).version == 1, "the move counted"
    assert boards_for(table, game_id, 1) == []
    await table.restart()
    await world.settle()
    assert len(boards_for(table, game_id, 1)) == 1
    assert await table.bot.store.pending_outbox(before=10**10) == []
