"""An AI takes over a seat whose clock ran out (policy "ai"), plays it until its player returns by
`/game return` or the notice's button; a restart in the middle of an AI search searches again once."""

from __future__ import annotations

import asyncio
import random

from tabletop.play.ai_seats import has_ai_seats, taken_over
from tabletop.play.clocks import HOUR
from tabletop.play.service import Loaded
from tests.ai_discord.helpers import match_of, scheduler_pass, settings, spy_dms, start_with_ai
from tests.e2e.conftest import ALICE, CAROL, DAVE
from tests.e2e.driver import GUILD, Table


async def carol_times_out(table: Table) -> int:
    """A two-player High Card game where Carol's clock runs out on her turn; the server's policy is "ai"."""
    await settings(table, time_control="move:3600", timeout_policy="ai", grace_hours=0, ai_level="easy")
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    rng = random.Random(6)
    for _ in range(4):
        record = await table.record(game_id)
        if record.players[match_of(record).awaited_seats()[0]] == CAROL:
            break
        await table.take_turn(ALICE, game_id, rng)
    record = await table.record(game_id)
    assert record.players[match_of(record).awaited_seats()[0]] == CAROL
    table.clock.advance(HOUR + 1)
    await scheduler_pass(table)
    return game_id


async def test_the_ai_plays_a_timed_out_seat_until_its_player_returns(table: Table) -> None:
    opened = spy_dms(table)
    game_id = await carol_times_out(table)
    record = await table.record(game_id)
    assert record.status == "active" and taken_over(record) == {1: "easy"} and has_ai_seats(record)
    assert record.players == (ALICE, CAROL), "the seat keeps its place and its user"
    log = await table.bot.store.actions(game_id)
    assert log[-1].seat == 1, "the AI moved for Carol"
    thread = record.thread_id
    assert thread is not None
    notice = next(m for m in table.world.messages_in(thread) if f"tt:ai:back:{game_id}:1" in m.custom_ids())
    assert "AI・やさしい" in notice.text and "carol" in notice.text
    if record.players[match_of(record).awaited_seats()[0]] == ALICE:
        await table.take_turn(ALICE, game_id, random.Random(2))
    record = await table.record(game_id)
    if record.status == "active":
        assert ALICE in [record.players[s] for s in match_of(record).awaited_seats()], "the AI answered again"
    # somebody else may not give Carol's seat back; Carol may
    await table.world.click(ALICE, notice, f"tt:ai:back:{game_id}:1")
    assert taken_over(await table.record(game_id)) == {1: "easy"}
    await table.world.click(CAROL, notice, f"tt:ai:back:{game_id}:1")
    record = await table.record(game_id)
    assert taken_over(record) == {} and has_ai_seats(record), "the game stays marked as helped by an AI"
    assert any("戻りました" in m.text for m in table.world.messages_in(thread))
    assert all(user > 0 for user in opened)


async def test_game_return_is_for_the_seats_own_player_in_its_server(table: Table) -> None:
    game_id = await carol_times_out(table)
    record = await table.record(game_id)
    if record.status != "active":
        return
    thread = record.thread_id
    refused = await table.world.slash(DAVE, "game return", {"game": game_id}, channel_id=thread, guild_id=GUILD)
    assert refused.followups or refused.answered
    assert taken_over(await table.record(game_id)) == {1: "easy"}
    await table.world.slash(ALICE, "game return", {"game": game_id}, channel_id=thread, guild_id=GUILD)
    assert taken_over(await table.record(game_id)) == {1: "easy"}
    await table.world.slash(CAROL, "game return", {"game": game_id})  # from DMs: not the game's server
    assert taken_over(await table.record(game_id)) == {1: "easy"}
    await table.world.slash(CAROL, "game return", {}, channel_id=thread, guild_id=GUILD)
    record = await table.record(game_id)
    assert taken_over(record) == {}
    if record.status == "active" and 1 in match_of(record).awaited_seats():
        version = record.version
        await scheduler_pass(table)
        assert (await table.record(game_id)).version == version, "the AI no longer moves for Carol"


async def test_a_restart_during_an_ai_search_searches_again_and_moves_once(table: Table) -> None:
    game_id = await start_with_ai(table, ALICE, [], "highcard", ["normal"])
    started: list[int] = []

    async def stuck(loaded: Loaded, seat: int, level: str) -> str:
        started.append(loaded.match.version)
        await asyncio.sleep(3600)  # the process dies before this search ends
        raise AssertionError("unreachable")

    table.bot.ai.search = stuck
    await table.take_turn(ALICE, game_id, random.Random(1))
    record = await table.record(game_id)
    assert started == [record.version] and 1 in match_of(record).awaited_seats()
    await table.restart()  # the new process's first scheduler pass finds the game due (tabletop.play.clocks)
    await scheduler_pass(table)
    log = [(entry.seq, entry.seat) for entry in await table.bot.store.actions(game_id)]
    ai_moves = [seq for seq, seat in log if seat == 1 and seq > record.version]
    assert ai_moves and ai_moves[0] == record.version + 1, "the new process searched again and moved"
    assert len({seq for seq, _ in log}) == len(log)
    await scheduler_pass(table)
    assert [(e.seq, e.seat) for e in await table.bot.store.actions(game_id)] == log, "and only once"


async def test_a_search_leased_when_the_process_died_is_woken_at_the_next_start(table: Table) -> None:
    """A search that outlived a scheduler tick leased its game (due two minutes ahead); the process died
    with it. The next life (SQLite: the only process) searches again at start, not when the lease ends."""
    game_id = await start_with_ai(table, ALICE, [], "highcard", ["normal"])

    async def stuck(loaded: Loaded, seat: int, level: str) -> str:
        await asyncio.sleep(3600)  # the process dies before this search ends
        raise AssertionError("unreachable")

    table.bot.ai.search = stuck
    await table.take_turn(ALICE, game_id, random.Random(1))
    await scheduler_pass(table)
    record = await table.record(game_id)
    assert record.due_at is not None and record.due_at > table.clock.now(), "the running search leased the game"
    await table.restart()
    await table.world.settle()
    log = [(entry.seq, entry.seat) for entry in await table.bot.store.actions(game_id)]
    assert (record.version + 1, 1) in log, "searched again at the start, the clock never moved"


async def test_a_move_of_the_seats_own_player_takes_the_seat_back(table: Table) -> None:
    """Carol plays her taken-over seat herself (Take turn) while the AI still searches: the seat is hers
    again, the AI's late result is dropped, and the game stays marked as helped by an AI."""
    game_id = await carol_times_out(table)
    searched: list[int] = []

    async def slow(loaded: Loaded, seat: int, level: str) -> str:
        searched.append(loaded.match.version)
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    table.bot.ai.search = slow
    rng = random.Random(3)
    for _ in range(6):
        record = await table.record(game_id)
        if record.status != "active" or 1 in match_of(record).awaited_seats():
            break
        await table.take_turn(ALICE, game_id, rng)
    record = await table.record(game_id)
    assert record.status == "active", "seed 6 leaves the game running"
    assert taken_over(record) == {1: "easy"} and searched, "the AI is searching for Carol's seat"
    await table.take_turn(CAROL, game_id, rng)
    record = await table.record(game_id)
    assert taken_over(record) == {} and has_ai_seats(record)
    assert (await table.bot.store.actions(game_id))[-1].seat == 1
