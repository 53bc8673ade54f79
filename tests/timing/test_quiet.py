"""Quiet hours and local hours in the player's zone, daylight saving included."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from tabletop.play.quiet import format_clock, next_local_hour, parse_clock, quiet_until, valid_zone, zones


def at(text: str, tz: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(tz)).timestamp()


def test_zones_come_from_tzdata() -> None:
    assert "Asia/Tokyo" in zones() and valid_zone("America/New_York") and not valid_zone("Mars/Olympus")


def test_clock_parsing() -> None:
    assert parse_clock("23:30") == 23 * 60 + 30 and parse_clock("7") == 420 and format_clock(420) == "07:00"
    assert parse_clock("24:00") is None and parse_clock("7:60") is None and parse_clock("x") is None


def test_a_window_across_midnight_holds_until_it_ends() -> None:
    prefs = {"tz": "Asia/Tokyo", "quiet_start": 23 * 60, "quiet_end": 7 * 60}
    assert quiet_until(prefs, at("2026-11-23T22:59", "Asia/Tokyo")) is None
    assert quiet_until(prefs, at("2026-11-23T23:30", "Asia/Tokyo")) == at("2026-11-24T07:00", "Asia/Tokyo")
    assert quiet_until(prefs, at("2026-11-24T03:00", "Asia/Tokyo")) == at("2026-11-24T07:00", "Asia/Tokyo")
    assert quiet_until(prefs, at("2026-11-24T07:00", "Asia/Tokyo")) is None


def test_a_daytime_window_and_no_window() -> None:
    prefs = {"tz": "Europe/Berlin", "quiet_start": 9 * 60, "quiet_end": 17 * 60}
    assert quiet_until(prefs, at("2026-11-23T12:00", "Europe/Berlin")) == at("2026-11-23T17:00", "Europe/Berlin")
    assert quiet_until({"tz": "Europe/Berlin"}, at("2026-11-23T12:00", "Europe/Berlin")) is None


def test_daylight_saving_moves_the_window_with_the_wall_clock() -> None:
    prefs = {"tz": "America/New_York", "quiet_start": 22 * 60, "quiet_end": 6 * 60}
    # the night the clocks go back (1 Nov 2026): the window still ends at 06:00 local time
    assert quiet_until(prefs, at("2026-10-31T23:00", "America/New_York")) == at("2026-11-01T06:00", "America/New_York")


def test_next_local_hour() -> None:
    prefs = {"tz": "Asia/Tokyo"}
    assert next_local_hour(prefs, 8, at("2026-11-23T07:00", "Asia/Tokyo")) == at("2026-11-23T08:00", "Asia/Tokyo")
    assert next_local_hour(prefs, 8, at("2026-11-23T08:00", "Asia/Tokyo")) == at("2026-11-24T08:00", "Asia/Tokyo")
    assert next_local_hour({"tz": "bogus"}, 0, 0.0) == 86400.0
