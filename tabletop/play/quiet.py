"""Players' local time: quiet hours that hold notices and reminders, and the hour of the daily digest.

Times are stored in UTC (UNIX seconds) and shown with Discord timestamps, so each reader sees their own
clock; only these two features need the player's zone. Zones are IANA names resolved by the standard
`zoneinfo` with the pinned `tzdata` package, so they work on any machine.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from functools import lru_cache
from typing import Any, Mapping
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

DEFAULT_ZONE = "UTC"


@lru_cache(maxsize=1)
def zones() -> tuple[str, ...]:
    """Every IANA zone name, sorted, for autocomplete."""
    return tuple(sorted(available_timezones()))


def zone(name: str | None) -> ZoneInfo:
    """The zone, UTC for a missing or unknown name (stored prefs may predate a tzdata change)."""
    try:
        return ZoneInfo(name or DEFAULT_ZONE)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def valid_zone(name: str) -> bool:
    return name in zones()


def parse_clock(text: str) -> int | None:
    """Minutes after midnight for "HH:MM" or "H" (0–23); None when it is not a time of day."""
    hours, _, minutes = text.strip().partition(":")
    if not hours.isdigit() or (minutes and not minutes.isdigit()):
        return None
    value = int(hours) * 60 + (int(minutes) if minutes else 0)
    return value if int(hours) < 24 and (not minutes or int(minutes) < 60) else None


def format_clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def quiet_until(prefs: Mapping[str, Any], now: float) -> float | None:
    """The end of the player's quiet window if `now` falls inside it (UNIX time), else None.

    A window may wrap midnight (23:00–07:00). Local times are resolved in the player's zone on the day
    they fall, so daylight-saving changes move the window with the wall clock.
    """
    start, end = prefs.get("quiet_start"), prefs.get("quiet_end")
    if not isinstance(start, int) or not isinstance(end, int) or start == end:
        return None
    tz = zone(prefs.get("tz"))
    local = datetime.fromtimestamp(now, tz)
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    day = local.date() + timedelta(days=1 if minute >= end else 0)
    ends = datetime.combine(day, time(end // 60, end % 60), tz)
    return max(ends.timestamp(), now)


def next_local_hour(prefs: Mapping[str, Any], hour: int, now: float) -> float:
    """The next moment after `now` when the player's wall clock shows `hour`:00."""
    tz = zone(prefs.get("tz"))
    local = datetime.fromtimestamp(now, tz)
    candidate = datetime.combine(local.date(), time(hour), tz)
    while candidate.timestamp() <= now:
        candidate = datetime.combine(candidate.date() + timedelta(days=1), time(hour), tz)
    return candidate.timestamp()
