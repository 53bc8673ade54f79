"""AI seats playing through Discord: a practice game to the end, a mixed table, the AI answering an
out-of-turn reaction and a simultaneous Rain window, and what the AI never receives or causes."""

from __future__ import annotations

import random

from engine import registry
from engine.core.match import Match
from tabletop.play.ai_seats import added, ai_user_id, has_ai_seats, is_ai
from tabletop.play.clocks import TimeControl, Timing
from tabletop.delivery.publish import after_commit
from tabletop.play.service import Loaded
from tests.ai_discord.helpers import assert_privacy, match_of, play_people, public_texts, spy_dms, start_with_ai
from tests.e2e.conftest import ALICE, CAROL, DAVE
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.platform.test_seat_decisions import rain_window


async def test_a_practice_game_against_the_ai_plays_to_the_end(table: Table) -> None:
    opened = spy_dms(table)
    game_id = await start_with_ai(table, ALICE, [], "highcard", ["normal"])
    await play_people(table, game_id, random.Random(3))
    record = await table.record(game_id)
    assert record.status == "finished" and has_ai_seats(record)
    actions = await table.bot.store.actions(game_id)
    assert {entry.seat for entry in actions} == {0, 1}, "both the person and the AI moved"
    assert all(user > 0 for user in opened), "the AI seat is never sent a DM"
    texts = public_texts(table, record)
    assert not any("<@-" in text for text in texts), "an AI seat is never mentioned"
    assert any("AI・ふつう" in text for text in texts), "the AI seat is named on the boards"
    assert any("AIが考えています" in text for text in texts), "the board says while the AI is thinking"
    await assert_privacy(table, game_id)


async def test_a_mixed_table_of_two_people_and_an_ai(table: Table) -> None:
    opened = spy_dms(table)
    game_id = await start_with_ai(table, ALICE, [DAVE], "highcard", ["easy"])
    await play_people(table, game_id, random.Random(8))
    record = await table.record(game_id)
    assert record.status == "finished"
    assert any(entry.seat == 2 for entry in await table.bot.store.actions(game_id))
    assert set(opened) <= {ALICE, DAVE}
    await assert_privacy(table, game_id)


async def seated(table: Table, match: Match, users: list[int]) -> int:
    """A started game in the store at `match`, played by `users` (AI seats by their reserved ids)."""
    store = table.bot.store
    record = await store.create_game(game_type=match.game.id, guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE,
                                     options=dict(match.options), capacity=match.players)
    for user in users:
        if user != ALICE:
            record = await store.add_player(record.id, user)
    timing = Timing.start(TimeControl(), match.players, match.awaited_seats(), table.clock.now(), ai=added(users))
    record = await store.start_game(record.id, players=users, seed=match.seed, state=match.to_json(),
                                    version=match.version, timing=timing.to_json(), due_at=timing.next_due())
    return record.id


async def wake(table: Table, game_id: int) -> bool:
    """What the publish path does after a commit, run as tracked bot work (settled before returning)."""
    record = await table.record(game_id)

    async def woken() -> bool:
        return table.bot.ai.wake(record)

    return await table.world.run(woken())


async def test_the_ai_answers_an_out_of_turn_reaction(table: Table) -> None:
    """High Card's block-or-allow is asked of the next seat during another seat's turn."""
    game = registry.get("highcard")
    match = next(match for seed in range(100) for match in [Match.start(game, 2, seed, {"hand": "2"})]
                 if max(match.state["hands"][0]) >= 10)
    game_id = await seated(table, match, [ALICE, ai_user_id(1, "hard")])
    high = f"play:{max(match.state['hands'][0])}"
    loaded = await table.bot.service.load(game_id)
    await table.world.run(after_commit(table.bot, await table.bot.service.play(loaded, 0, high)))
    log = [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]
    assert log[0] == (0, high) and log[1][0] == 1 and log[1][1] in ("block", "allow"), log


async def seated_at_rain(table: Table, players: int) -> tuple[int, Match]:
    """A Wall of War game at a Rain window: Alice holds one awaited seat, AI seats hold the others."""
    window = rain_window(players)
    awaited = window.awaited_seats()
    users = [ALICE if seat == awaited[0] else ai_user_id(seat + 1, "normal") for seat in range(players)]
    return await seated(table, window, users), window


async def test_the_ai_answers_its_part_of_a_simultaneous_rain_window(table: Table) -> None:
    opened = spy_dms(table)
    game_id, window = await seated_at_rain(table, 4)
    alice, *ai_seats = window.awaited_seats()
    assert await wake(table, game_id)
    log = [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]
    assert sorted(seat for seat, _ in log) == sorted(ai_seats), "each AI seat answered the window once"
    assert all(action in ("allow", "rain") for _, action in log)
    record = await table.record(game_id)
    match = match_of(record)
    if match.awaited_seats() == [alice] or match.awaited_seats() == (alice,):
        await table.take_turn(ALICE, game_id, random.Random(2))
    assert all(user > 0 for user in opened)
    assert not any(is_ai(user) for user in opened)


async def test_a_stale_ai_result_is_dropped_and_searched_again(table: Table) -> None:
    """Another commit lands while the AI searches: its result (for the old version) is not played."""
    game_id = await start_with_ai(table, ALICE, [], "highcard", ["normal"])
    calls: list[int] = []
    search = table.bot.ai.search_in_pool

    async def racing(loaded: Loaded, seat: int, level: str) -> str:
        calls.append(loaded.match.version)
        notation = await search(loaded, seat, level)
        if len(calls) == 1:  # someone else's commit for this seat lands first (e.g. a timeout's skip)
            fresh = await table.bot.service.load(game_id)
            other = next(a.notation for a in fresh.match.legal_actions(seat) if a.notation != notation)
            await table.bot.service.play(fresh, seat, other)
        return notation

    table.bot.ai.search = racing
    await play_people(table, game_id, random.Random(5))
    log = [(entry.seq, entry.seat) for entry in await table.bot.store.actions(game_id)]
    assert len(calls) >= 2 and calls[1] > calls[0], "the AI searched again on the new position"
    assert len(log) == len({seq for seq, _ in log}) and (await table.record(game_id)).status == "finished"


async def test_a_wall_of_war_practice_game_with_two_ai_seats_plays_to_the_end(table: Table) -> None:
    """A real game with simultaneous windows, one person against two AI seats, through to its end."""
    opened = spy_dms(table)
    game_id = await start_with_ai(table, CAROL, [], "wallofwar", ["easy", "normal"])
    await play_people(table, game_id, random.Random(11), max_actions=3000)
    record = await table.record(game_id)
    assert record.status == "finished"
    actions = await table.bot.store.actions(game_id)
    assert {entry.seat for entry in actions} == {0, 1, 2}
    assert set(opened) <= {CAROL}
    person = sum(1 for entry in actions if entry.seat == 0)
    posted = table.world.messages_in(record.thread_id or CHANNEL)
    assert len(posted) <= person + 3, "the thread stays calm: a new board when the person is asked again, no more"
    await assert_privacy(table, game_id)
