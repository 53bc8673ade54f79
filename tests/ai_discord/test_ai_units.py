"""The pure parts: reserved AI ids, the clocks of AI seats (due at once, no reminders, takeover and
return), who counts as an AI game, the server settings, and one search in real worker processes."""

from __future__ import annotations

from dataclasses import replace

from engine import registry
from engine.core.match import Match
from tabletop.play.ai_seats import (added, ai_name, ai_user_id, has_ai_seats, is_ai, level_of, new_ai_id, people,
                               taken_over)
from tabletop.play.ai_turns import awaited_ai_seats, decision_seconds, searches_limit, takeover_level, warm_up
from engine.ai import choose
from tabletop.play.clocks import HOUR, TimeControl, Timing
from tabletop.runtime.workers import WorkerPool
from storage.base import GameRecord
from tests.e2e.conftest import ALICE
from tests.e2e.driver import GUILD, Table

NOW = 1_000_000.0


def record(players: tuple[int, ...], timing: Timing | None) -> GameRecord:
    return GameRecord(id=1, game_type="highcard", guild_id=1, channel_id=2, thread_id=None, host_id=players[0],
                      status="active", options={}, capacity=len(players), seed=1, state={}, version=3,
                      lobby_message_id=None, board_message_id=None, created_at=0.0, updated_at=0.0, finished_at=None,
                      players=players, timing=timing.to_json() if timing else None)


def test_reserved_ids_carry_slot_and_level_and_never_collide() -> None:
    ids = [ai_user_id(slot, level) for slot in range(1, 10) for level in ("easy", "normal", "hard")]
    assert len(set(ids)) == len(ids) and all(is_ai(user) for user in ids)
    assert [level_of(ai_user_id(4, level)) for level in ("easy", "normal", "hard")] == ["easy", "normal", "hard"]
    assert new_ai_id([ALICE], "hard") == ai_user_id(1, "hard")
    assert new_ai_id([ALICE, ai_user_id(1, "easy")], "easy") == ai_user_id(2, "easy")
    assert new_ai_id([ai_user_id(slot, "easy") for slot in range(1, 10)], "easy") is None
    assert ai_name("normal", "en") == "AI · normal" and ai_name("normal", "ja") == "AI・ふつう"


def test_an_awaited_ai_seat_is_due_at_once_and_never_reminded() -> None:
    players = (ALICE, ai_user_id(1, "normal"))
    timing = Timing.start(TimeControl("move", HOUR), 2, [1], NOW, ai=added(players))
    assert timing.next_due() == NOW and [item.kind for item in timing.due(NOW + 10 * HOUR)] == ["ai"]
    assert timing.next_due(ai=False) is not None and timing.next_due(ai=False) > NOW  # only the stall watch
    moved = timing.after_step([1], [0], [0], [1], 1, NOW + 5)
    assert moved.next_due() == NOW + 5 + HOUR * 0.5 and not [i for i in moved.due(NOW + 5) if i.kind == "ai"]
    assert Timing.from_json(timing.to_json()) == timing
    assert "ai" not in Timing.start(TimeControl(), 2, [0], NOW).to_json(), "games without AI store nothing new"


def test_takeover_and_return() -> None:
    timing = Timing.start(TimeControl("move", HOUR), 2, [1], NOW).with_seat(1, over=NOW + HOUR, votes={"0": "skip"})
    taken = timing.taken_over(1, "easy")
    assert taken.ai == {1: "easy"} and taken.assisted == (1,) and taken.seats[1].over is None and not taken.seats[1].votes
    assert [item.kind for item in taken.due(NOW + 2 * HOUR)] == ["ai"]
    back = taken.returned(1, NOW + 3 * HOUR)
    assert back.ai == {} and back.assisted == (1,) and back.deadline(1) == NOW + 4 * HOUR
    assert Timing.from_json(back.to_json()) == back


def test_who_the_ai_plays_and_which_games_had_ai() -> None:
    people_only = record((ALICE, 7), Timing.start(TimeControl(), 2, [0], NOW))
    assert not has_ai_seats(people_only) and people(people_only, [0, 1]) == [0, 1]
    mixed = record((ALICE, ai_user_id(1, "hard")), Timing.start(TimeControl(), 2, [1], NOW, ai={1: "hard"}))
    assert has_ai_seats(mixed) and people(mixed, [0, 1]) == [0] and awaited_ai_seats(mixed) == [1]
    assert awaited_ai_seats(replace(mixed, status="finished")) == []
    timing = Timing.start(TimeControl(), 2, [1], NOW).taken_over(1, "normal")
    helped = record((ALICE, 7), timing)
    assert taken_over(helped) == {1: "normal"} and people(helped, [0, 1]) == [0]
    assert has_ai_seats(record((ALICE, 7), timing.returned(1, NOW))), "a seat once taken over keeps the game unrated"


def test_server_settings_are_read_defensively() -> None:
    assert searches_limit(None) == 1 and searches_limit(3) == 3 and searches_limit(99) == 4 and searches_limit(0) == 1
    assert searches_limit(True) == 1 and searches_limit("2") == 1
    assert takeover_level({}) == "normal" and takeover_level({"ai_level": "hard"}) == "hard"
    assert takeover_level({"ai_level": "godlike"}) == "normal"
    assert decision_seconds({}, "normal") == 1.0 and decision_seconds({}, "hard") == 3.0
    assert decision_seconds({"ai_seconds": 2.0}, "normal") == 1.0 and decision_seconds({"ai_seconds": 2.0}, "hard") == 2.0
    assert decision_seconds({"ai_seconds": 0.01}, "hard") == 0.2 and decision_seconds({"ai_seconds": "9"}, "hard") == 3.0


async def test_game_settings_sets_the_ai_searches_and_level(table: Table) -> None:
    table.world.user(ALICE).guild_permissions[GUILD] = 1 << 5  # Manage Server
    saved = await table.world.slash(ALICE, "game-settings", {"ai_searches": 2, "ai_level": "hard", "ai_seconds": 2.5},
                                    channel_id=10, guild_id=GUILD)
    stored = await table.bot.store.get_guild_settings(GUILD)
    assert stored["ai_searches"] == 2 and stored["ai_level"] == "hard" and stored["ai_seconds"] == 2.5
    assert "ふつう 1秒・つよい 2.5秒" in saved.messages[-1].text
    assert "同時に動くAIの探索: 2" in saved.messages[-1].text and "代打ちAIの強さ: つよい" in saved.messages[-1].text
    await table.world.slash(ALICE, "game-settings", {"ai_level": "godlike"}, channel_id=10, guild_id=GUILD, forged=True)
    assert (await table.bot.store.get_guild_settings(GUILD))["ai_level"] == "hard"


async def test_a_search_in_real_worker_processes() -> None:
    """Production's mode: spawned processes, warmed with every game, answering a JSON-only call."""
    game = registry.get("warchest")
    match = Match.start(game, 2, 5, {})
    seat = match.awaited_seats()[0]
    pool = WorkerPool(processes=1, mode="process", warmup=warm_up)
    try:
        notation = await pool.run(GUILD, choose, "warchest", match.to_json(), seat, "easy", 7, None, 4, limit=1)
    finally:
        pool.close()
    assert notation in {action.notation for action in match.legal_actions(seat)}
