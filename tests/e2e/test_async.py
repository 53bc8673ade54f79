"""Asynchronous play over days, with the platform's clock moved instead of slept: notices, reminders,
quiet hours, vacations, timeouts and their policy, votes, stalled games, `/game mine` and the digest."""

from __future__ import annotations

import random
from datetime import datetime
from zoneinfo import ZoneInfo

from tabletop.play.clocks import DAY, HOUR, Timing
from tabletop.delivery.scheduler import run_pass
from tabletop.play.service import match_of
from tests.e2e.conftest import ALICE, CAROL, DAVE, ERIN
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.fakediscord import RecordedMessage

TURN = ("あなたの番です — ", "Your turn — ")


def turn_dms(table: Table, user: int, game_id: int) -> int:
    """Turn notices sent to the user for this game (as first sent: acting from the DM edits it later)."""
    return sum(1 for m in table.world.every_version(seen_by=user) if m.kind == "dm" and not m.ephemeral
               and m.text.startswith(("**" + TURN[0], "**" + TURN[1])) and f"#{game_id}" in m.text)


def pinged(message: RecordedMessage) -> set[int]:
    """Users the message notifies: mentioned in its text and allowed by its allowed_mentions."""
    allowed = {int(user) for user in (message.payload.get("allowed_mentions") or {}).get("users", [])}
    return {user for user in allowed if f"<@{user}>" in message.text}


def reminders(table: Table, user: int) -> list[str]:
    return [m.text for m in table.world.every_version(seen_by=user) if m.kind == "dm" and m.text.startswith("⏰")]


async def settings(table: Table, **values: object) -> None:
    await table.bot.store.update_guild_settings(GUILD, dict(values))


async def scheduler_pass(table: Table) -> None:
    await table.world.run(run_pass(table.bot))
    await table.world.settle()


async def awaited_user(table: Table, game_id: int) -> int:
    record = await table.record(game_id)
    return record.players[match_of(record).awaited_seats()[0]]


async def timing_of(table: Table, game_id: int) -> Timing:
    record = await table.record(game_id)
    assert record.timing is not None
    return Timing.from_json(record.timing)


def tokyo(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo("Asia/Tokyo")).timestamp()


async def test_a_three_day_game_gives_one_notice_per_handover_and_reminders_on_time(table: Table) -> None:
    await settings(table, time_control="move:86400")
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    rng = random.Random(4)
    handovers = {ALICE: 0, CAROL: 0}
    first = await awaited_user(table, game_id)
    handovers[first] += 1
    waits = [2 * HOUR, 13 * HOUR, 23 * HOUR, 1 * HOUR, 12 * HOUR, 3 * HOUR]
    expected_reminders = {ALICE: 0, CAROL: 0}
    for wait in waits:
        record = await table.record(game_id)
        if record.status != "active":
            break
        user = await awaited_user(table, game_id)
        table.clock.advance(wait)
        await scheduler_pass(table)
        expected_reminders[user] += (1 if wait >= 12 * HOUR else 0)  # one pass: the latest reminder covers the earlier
        await table.take_turn(user, game_id, rng)
        record = await table.record(game_id)
        if record.status == "active":
            nxt = await awaited_user(table, game_id)
            if nxt != user:
                handovers[nxt] += 1
    assert {user: turn_dms(table, user, game_id) for user in handovers} == handovers
    assert {user: len(reminders(table, user)) for user in handovers} == expected_reminders
    assert all("#%d" % game_id in text and "<t:" in text for user in handovers for text in reminders(table, user))


async def test_reminders_at_half_time_and_ten_percent_left_once_each_even_across_a_restart(table: Table) -> None:
    await settings(table, time_control="move:43200")  # 12 hours: reminders at 6 h and at 10 h 48 min
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    user = await awaited_user(table, game_id)
    table.clock.advance(5 * HOUR)
    await scheduler_pass(table)
    assert reminders(table, user) == []
    table.clock.advance(1 * HOUR)
    await scheduler_pass(table)
    assert len(reminders(table, user)) == 1 and ("6 hours" in reminders(table, user)[0] or "6時間" in reminders(table, user)[0])
    await table.restart()
    await scheduler_pass(table)
    assert len(reminders(table, user)) == 1
    table.clock.advance(4.8 * HOUR)
    await scheduler_pass(table)
    assert len(reminders(table, user)) == 2 and ("72 min" in reminders(table, user)[1] or "72分" in reminders(table, user)[1])


async def test_quiet_hours_hold_the_notice_until_they_end_and_the_clock_keeps_running(table: Table) -> None:
    await settings(table, time_control="move:86400")
    await table.world.slash(CAROL, "game notify", {"timezone": "Asia/Tokyo", "quiet_start": "22:00", "quiet_end": "07:00"},
                            channel_id=CHANNEL, guild_id=GUILD)
    table.clock.now_at = tokyo("2026-11-24T22:30")
    game_id = await table.start_game(ALICE, [CAROL], "highcard", {"hand": "3"})
    rng = random.Random(2)
    while await awaited_user(table, game_id) != CAROL:
        await table.take_turn(ALICE, game_id, rng)
    handed_at = table.clock.now()
    record = await table.record(game_id)
    board = table.latest_board(record)
    assert turn_dms(table, CAROL, game_id) == 0
    assert CAROL not in pinged(board), "no ping inside quiet hours"
    assert (await timing_of(table, game_id)).deadline(1 if record.players[1] == CAROL else 0) == handed_at + DAY
    table.clock.now_at = tokyo("2026-11-25T06:59")
    await scheduler_pass(table)
    assert turn_dms(table, CAROL, game_id) == 0
    table.clock.now_at = tokyo("2026-11-25T07:00")
    await scheduler_pass(table)
    assert turn_dms(table, CAROL, game_id) == 1
    await scheduler_pass(table)
    assert turn_dms(table, CAROL, game_id) == 1


async def test_mentions_and_dms_follow_the_players_choice(table: Table) -> None:
    await table.world.slash(CAROL, "game notify", {"dm": 0, "mention": 1}, channel_id=CHANNEL, guild_id=GUILD)
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    rng = random.Random(5)
    while await awaited_user(table, game_id) != CAROL:
        await table.take_turn(ALICE, game_id, rng)
    assert turn_dms(table, CAROL, game_id) == 0
    board = table.latest_board(await table.record(game_id))
    assert CAROL in pinged(board)


async def test_vacation_stops_the_clock_and_gives_the_time_back(table: Table) -> None:
    await settings(table, time_control="move:86400", grace_hours=0)
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    rng = random.Random(7)
    while await awaited_user(table, game_id) != CAROL:
        await table.take_turn(ALICE, game_id, rng)
    seat = (await table.record(game_id)).seat_of(CAROL)
    assert seat is not None
    table.clock.advance(6 * HOUR)
    reply = await table.world.slash(CAROL, "game vacation", {"days": 3}, channel_id=CHANNEL, guild_id=GUILD)
    assert reply.messages[-1].ephemeral
    timing = await timing_of(table, game_id)
    assert timing.deadline(seat) is None and timing.seats[seat].paused is not None
    thread = (await table.record(game_id)).thread_id
    assert any("🏖" in m.text for m in table.world.messages_in(thread or CHANNEL))
    table.clock.advance(2 * DAY)
    await scheduler_pass(table)
    assert (await table.record(game_id)).status == "active", "no timeout while on vacation"
    back_at = table.clock.now()
    await table.world.slash(CAROL, "game vacation", {}, channel_id=CHANNEL, guild_id=GUILD)
    assert (await timing_of(table, game_id)).deadline(seat) == back_at + 18 * HOUR
    prefs = (await table.bot.store.get_user(CAROL)).prefs
    assert prefs["vacation_used"] == {"2026": 2}
    refused = await table.world.slash(CAROL, "game vacation", {"days": 13}, channel_id=CHANNEL, guild_id=GUILD)
    assert refused.messages[-1].ephemeral and (await table.bot.store.get_user(CAROL)).prefs.get("vacation_until") is None


async def test_a_vacation_ends_by_itself(table: Table) -> None:
    await settings(table, time_control="move:86400")
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    user = await awaited_user(table, game_id)
    seat = (await table.record(game_id)).seat_of(user)
    await table.world.slash(user, "game vacation", {"days": 1}, channel_id=CHANNEL, guild_id=GUILD)
    table.clock.advance(DAY)
    await scheduler_pass(table)
    assert (await table.bot.store.get_user(user)).prefs.get("vacation_until") is None
    assert (await timing_of(table, game_id)).deadline(seat or 0) == table.clock.now() + DAY


async def test_running_out_of_time_forfeits_at_once_without_grace(table: Table) -> None:
    await settings(table, time_control="move:3600", grace_hours=0, timeout_policy="forfeit")
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    user = await awaited_user(table, game_id)
    table.clock.advance(HOUR - 1)
    await scheduler_pass(table)
    assert (await table.record(game_id)).status == "active"
    table.clock.advance(1)
    await scheduler_pass(table)
    record = await table.record(game_id)
    assert record.status == "finished"
    assert (await table.bot.store.actions(game_id))[-1].action == "!forfeit"
    assert (await table.bot.store.actions(game_id))[-1].seat == record.seat_of(user)


async def test_the_others_vote_to_skip_a_player_over_time(table: Table) -> None:
    await settings(table, time_control="move:3600", grace_hours=24, timeout_policy="forfeit")
    game_id = await table.start_game(ALICE, [CAROL], "warchest", {"mode": "random"})
    late = await awaited_user(table, game_id)
    other = CAROL if late == ALICE else ALICE
    table.clock.advance(HOUR)
    await scheduler_pass(table)
    record = await table.record(game_id)
    notice = [m for m in table.world.messages_in(record.thread_id or CHANNEL) if any(c.startswith("tt:vote:") for c in m.custom_ids())][-1]
    assert other in pinged(notice) and late not in pinged(notice)
    seat = record.seat_of(late)
    refused = await table.world.click(late, notice, f"tt:vote:{game_id}:{seat}:skip")
    assert refused.messages[-1].ephemeral and (await table.record(game_id)).version == record.version
    stranger = await table.world.click(DAVE, notice, f"tt:vote:{game_id}:{seat}:skip")
    assert stranger.messages[-1].ephemeral and (await table.record(game_id)).version == record.version
    await table.world.click(other, notice, f"tt:vote:{game_id}:{seat}:skip")
    after = await table.record(game_id)
    assert after.status == "active" and after.version == record.version + 1
    assert (await table.bot.store.actions(game_id))[-1].action.endswith(":pass")
    again = await table.world.click(other, notice, f"tt:vote:{game_id}:{seat}:expel")
    assert again.messages[-1].ephemeral and (await table.record(game_id)).version == after.version


async def test_the_policy_applies_when_the_grace_runs_out(table: Table) -> None:
    await settings(table, time_control="move:3600", grace_hours=2, timeout_policy="skip")
    game_id = await table.start_game(ALICE, [CAROL], "warchest", {"mode": "random"})
    table.clock.advance(HOUR)
    await scheduler_pass(table)
    version = (await table.record(game_id)).version
    table.clock.advance(2 * HOUR - 1)
    await scheduler_pass(table)
    assert (await table.record(game_id)).version == version
    table.clock.advance(1)
    await scheduler_pass(table)
    assert (await table.record(game_id)).version == version + 1
    assert (await table.bot.store.actions(game_id))[-1].action.endswith(":pass")


async def test_stalled_games_are_flagged_then_abandoned(table: Table) -> None:
    await settings(table, stall_days=30)
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    table.clock.advance(30 * DAY)
    await scheduler_pass(table)
    record = await table.record(game_id)
    flagged = [m for m in table.world.messages_in(record.thread_id or CHANNEL) if "💤" in m.text]
    assert len(flagged) == 1 and {ALICE, CAROL} <= set(pinged(flagged[0]))
    table.clock.advance(7 * DAY)
    await scheduler_pass(table)
    assert (await table.record(game_id)).status == "cancelled"


async def test_game_mine_lists_games_waiting_on_you_first_everywhere_including_dms(table: Table) -> None:
    rng = random.Random(9)
    mine_first = await table.start_game(ALICE, [CAROL], "highcard")
    while await awaited_user(table, mine_first) != ALICE:
        await table.take_turn(CAROL, mine_first, rng)
    table.clock.advance(HOUR)
    theirs = await table.start_game(ALICE, [ERIN], "highcard")
    while await awaited_user(table, theirs) != ERIN:
        await table.take_turn(ALICE, theirs, rng)
    table.clock.advance(HOUR)
    mine_second = await table.start_game(CAROL, [ALICE], "highcard")
    while await awaited_user(table, mine_second) != ALICE:
        await table.take_turn(CAROL, mine_second, rng)
    reply = await table.world.slash(ALICE, "game mine", {}, channel_id=None, guild_id=None)
    text = reply.messages[-1].embeds[0]["description"]
    order = [text.index(f"#{game}") for game in (mine_first, mine_second, theirs)]
    assert order == sorted(order) and reply.messages[-1].ephemeral
    assert text.count("▶") == 2


async def test_the_daily_digest_arrives_at_the_chosen_local_hour(table: Table) -> None:
    table.clock.now_at = tokyo("2026-11-24T06:00")
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    user = await awaited_user(table, game_id)
    await table.world.slash(user, "game notify", {"timezone": "Asia/Tokyo", "digest_hour": 8}, channel_id=CHANNEL, guild_id=GUILD)
    before = len(table.world.dms_to(user))
    table.clock.now_at = tokyo("2026-11-24T07:59")
    await scheduler_pass(table)
    assert len(table.world.dms_to(user)) == before
    table.clock.now_at = tokyo("2026-11-24T08:00")
    await scheduler_pass(table)
    digest = table.world.dms_to(user)[before:]
    assert len(digest) == 1 and f"#{game_id}" in digest[0].text
    await scheduler_pass(table)
    assert len(table.world.dms_to(user)) == before + 1
    assert (await table.bot.store.get_user(user)).due_at == tokyo("2026-11-25T08:00")


async def test_notify_refuses_bad_zones_and_times_and_shows_closed_dms(table: Table) -> None:
    bad = await table.world.slash(CAROL, "game notify", {"timezone": "Mars/Olympus"}, channel_id=CHANNEL, guild_id=GUILD)
    assert bad.messages[-1].ephemeral and "tz" not in (await table.bot.store.get_user(CAROL)).prefs
    bad = await table.world.slash(CAROL, "game notify", {"quiet_start": "25:00"}, channel_id=CHANNEL, guild_id=GUILD)
    assert bad.messages[-1].ephemeral and "quiet_start" not in (await table.bot.store.get_user(CAROL)).prefs
    zones = await table.world.autocomplete(CAROL, "game notify", "timezone", {"timezone": "tokyo"}, channel_id=CHANNEL, guild_id=GUILD)
    assert [choice["value"] for choice in zones] == ["Asia/Tokyo"]
    await table.bot.store.update_user(DAVE, dms_closed=True)
    shown = await table.world.slash(DAVE, "game notify", {}, channel_id=CHANNEL, guild_id=GUILD)
    assert "⚠" in shown.messages[-1].text


async def test_the_board_shows_each_awaited_seats_clock(table: Table) -> None:
    await settings(table, time_control="move:86400")
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    board = table.latest_board(await table.record(game_id))
    assert f"<t:{int(table.clock.now() + DAY)}:R>" in board.text
