"""The pure clock rules: per-move and time-bank clocks, reminders, timeouts, grace, votes, vacations, stalls."""

from __future__ import annotations

import pytest

from tabletop.play.clocks import DAY, HOUR, PRESETS, STALL_END_SECONDS, Due, TimeControl, Timing, duration


def test_time_control_keys_round_trip_and_bad_keys_are_refused() -> None:
    for control in PRESETS:
        assert TimeControl.parse(control.key) == control
    for bad in ("", "move", "move:0", "move:-5", "move:1e9", "bank:100", "bank:+5", "bank:x+1", "none:3", "move:99999999999"):
        with pytest.raises(ValueError):
            TimeControl.parse(bad)
    assert TimeControl.parse("bank:259200+86400").label().en == "3 days bank, +1 day per move"
    assert TimeControl.parse("move:43200").label().ja == "1手12時間"
    assert duration(90 * 60) == ("90分", "90 min") and duration(DAY) == ("1日", "1 day")


def test_per_move_clock_restarts_for_each_move_and_stops_for_others() -> None:
    timing = Timing.start(TimeControl("move", DAY), 2, [0], now=0)
    assert timing.deadline(0) == DAY and timing.deadline(1) is None
    # seat 0 moves at 10 h; seat 1 is asked
    timing = timing.after_step([0], [1, 1], [1], [1, 2], actor=0, now=10 * HOUR)
    assert timing.deadline(0) is None and timing.deadline(1) == 10 * HOUR + DAY
    # seat 1 continues (a follow-up): a new move, a fresh day
    timing = timing.after_step([1], [1, 2], [1], [1, 3], actor=1, now=20 * HOUR)
    assert timing.deadline(1) == 20 * HOUR + DAY


def test_time_bank_spends_what_is_used_and_adds_the_increment() -> None:
    timing = Timing.start(TimeControl("bank", 3 * DAY, DAY), 2, [0], now=0)
    timing = timing.after_step([0], [1, 1], [1], [1, 2], actor=0, now=2 * DAY)
    assert timing.seats[0].bank == 3 * DAY - 2 * DAY + DAY
    assert timing.deadline(1) == 2 * DAY + 3 * DAY
    assert timing.left(1, 2 * DAY + HOUR) == 3 * DAY - HOUR


def test_reminders_at_half_time_and_ten_percent_left_then_timeout_then_policy_after_grace() -> None:
    timing = Timing.start(TimeControl("move", 10 * HOUR), 3, [1], now=0, grace=2 * HOUR)
    assert timing.next_due() == 5 * HOUR
    assert timing.due(4 * HOUR) == []
    assert timing.due(5 * HOUR) == [Due("remind", 1, 50)]
    timing = timing.reminded(1, 50)
    assert timing.next_due() == 9 * HOUR and timing.due(9 * HOUR) == [Due("remind", 1, 90)]
    timing = timing.reminded(1, 90)
    assert timing.next_due() == 10 * HOUR and timing.due(10 * HOUR) == [Due("timeout", 1)]
    timing = timing.with_seat(1, over=10 * HOUR)
    assert timing.next_due() == 12 * HOUR and timing.due(11 * HOUR) == []
    assert timing.due(12 * HOUR) == [Due("policy", 1)]


def test_after_an_outage_one_reminder_covers_every_missed_one() -> None:
    timing = Timing.start(TimeControl("move", 10 * HOUR), 2, [0], now=0)
    assert timing.due(9.5 * HOUR) == [Due("remind", 0, 90)]
    timing = timing.reminded(0, 90)
    assert timing.seats[0].sent == (50, 90) and timing.next_due() == 10 * HOUR


def test_quiet_hours_hold_reminders_but_not_the_clock() -> None:
    timing = Timing.start(TimeControl("move", 10 * HOUR), 2, [0], now=0).with_seat(0, hold=8 * HOUR)
    assert timing.due(6 * HOUR) == []
    assert timing.next_due() == 8 * HOUR and timing.due(8 * HOUR) == [Due("remind", 0, 50)]
    assert timing.deadline(0) == 10 * HOUR


def test_a_held_notice_is_due_when_the_hold_ends() -> None:
    timing = Timing.start(TimeControl(), 2, [0], now=0, stall=0).with_seat(0, notice=7 * HOUR)
    assert timing.next_due() == 7 * HOUR and timing.due(7 * HOUR) == [Due("notice", 0)]


def test_vacation_stops_the_clock_and_gives_the_time_back() -> None:
    timing = Timing.start(TimeControl("move", DAY), 2, [0], now=0)
    timing = timing.pause([0], now=6 * HOUR)
    assert timing.deadline(0) is None and timing.due(5 * DAY) == []
    assert timing.left(0, 5 * DAY) == 18 * HOUR
    timing = timing.resume([0], now=5 * DAY)
    assert timing.deadline(0) == 5 * DAY + 18 * HOUR


def test_a_seat_asked_while_on_vacation_starts_paused() -> None:
    timing = Timing.start(TimeControl("move", DAY), 2, [0], now=0, paused=[1])
    timing = timing.after_step([0], [1, 1], [1], [1, 2], actor=0, now=HOUR)
    assert timing.deadline(1) is None
    timing = timing.resume([1], now=3 * DAY)
    assert timing.deadline(1) == 4 * DAY


def test_votes_need_a_majority_of_the_others() -> None:
    timing = Timing.start(TimeControl("move", HOUR), 4, [0], now=0).with_seat(0, over=HOUR)
    others = [1, 2, 3]
    timing = timing.vote(0, 1, "skip")
    assert timing.verdict(0, others) is None
    timing = timing.vote(0, 2, "expel")
    assert timing.verdict(0, others) is None
    timing = timing.vote(0, 3, "expel")
    assert timing.verdict(0, others) == "expel"
    two = Timing.start(TimeControl("move", HOUR), 2, [0], now=0).vote(0, 1, "skip")
    assert two.verdict(0, [1]) == "skip"


def test_a_move_clears_the_over_time_state_and_votes() -> None:
    timing = Timing.start(TimeControl("move", HOUR), 2, [0], now=0).with_seat(0, over=HOUR).vote(0, 1, "skip")
    timing = timing.after_step([0], [1, 1], [1], [1, 2], actor=0, now=1.5 * HOUR)
    assert timing.seats[0].over is None and not timing.seats[0].votes


def test_stalled_games_are_flagged_then_ended_and_any_move_unflags() -> None:
    timing = Timing.start(TimeControl(), 2, [0], now=0, stall=30 * DAY)
    assert timing.next_due() == 30 * DAY and timing.due(30 * DAY) == [Due("stall_flag")]
    flagged = Timing.from_json({**timing.to_json(), "flagged": True})
    assert flagged.next_due() == 30 * DAY + STALL_END_SECONDS
    assert flagged.due(30 * DAY + STALL_END_SECONDS) == [Due("stall_end")]
    moved = flagged.after_step([0], [1, 1], [1], [1, 2], actor=0, now=31 * DAY)
    assert not moved.flagged and moved.next_due() == 61 * DAY


def test_json_round_trip() -> None:
    timing = Timing.start(TimeControl("bank", DAY, HOUR), 3, [0, 2], now=5, policy="skip", reminders=(90, 50))
    timing = timing.vote(0, 1, "skip").with_seat(2, notice=9.0, hold=8.0).pause([1], 6)
    assert Timing.from_json(timing.to_json()) == timing
