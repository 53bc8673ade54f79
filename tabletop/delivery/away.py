"""Vacations: a player's clocks stop in every game they play, the other players are told, and the days
taken count against a yearly allowance (a server setting, default 14 days).

The vacation lives in the user's prefs ("vacation_until", "vacation_from", "vacation_used" per year) and
in each game's timing (the seat's clock `paused`); the user's due time brings the scheduler back at its
end. Each game's clocks change with compare-and-set on its version, retried when a move lands first.
"""

from __future__ import annotations

import math
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Callable, Mapping

from discord_ui import announce
from tabletop.play.clocks import DAY, Timing
from tabletop.presentation.i18n import tr
from discord_ui.notices import mention_message
from storage.base import GameRecord

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

DEFAULT_VACATION_DAYS = 14
ATTEMPTS = 5


def year_of(now: float) -> str:
    return str(datetime.fromtimestamp(now, timezone.utc).year)


def days_left(prefs: Mapping[str, Any], allowance: int, now: float) -> int:
    used = (prefs.get("vacation_used") or {}).get(year_of(now), 0)
    return max(0, allowance - int(used))


async def reschedule_user(bot: "TabletopBot", user_id: int) -> None:
    """The user's due time: the earliest of their vacation's end and their next digest."""
    prefs = (await bot.store.get_user(user_id)).prefs
    times = [value for value in (prefs.get("vacation_until"), prefs.get("digest_next")) if isinstance(value, (int, float))]
    await bot.store.set_user_due(user_id, min(times) if times else None)


async def _each_game(bot: "TabletopBot", user_id: int, change: Callable[[Timing, list[int]], Timing]) -> list[GameRecord]:
    """Apply `change` to the clocks of every active game of the user; the games changed."""
    changed = []
    for record in await bot.store.user_games(user_id, statuses=("active",), limit=500):
        for _ in range(ATTEMPTS):
            if record.timing is None:
                break
            seats = [seat for seat, player in enumerate(record.players) if player == user_id]
            timing = change(Timing.from_json(record.timing), seats)
            if await bot.store.update_timing(record.id, version=record.version, timing=timing.to_json(), due_at=timing.next_due()):
                changed.append(record)
                break
            fresh = await bot.store.get_game(record.id)
            if fresh is None or fresh.status != "active":
                break
            record = fresh
    return changed


async def start_vacation(bot: "TabletopBot", user_id: int, days: int, now: float) -> list[GameRecord]:
    until = now + days * DAY
    await bot.store.update_user(user_id, prefs={"vacation_until": until, "vacation_from": now})
    games = await _each_game(bot, user_id, lambda timing, seats: timing.pause(seats, now))
    await reschedule_user(bot, user_id)
    for record in games:
        locale = await announce.guild_locale(bot, record)
        name = announce.escape(await bot.display_name(user_id))
        await mention_message(bot, record, [], tr("away.started", locale, name=name, until=f"<t:{int(until)}:f>"))
    return games


async def end_vacation(bot: "TabletopBot", user_id: int, now: float) -> list[GameRecord]:
    """Back from vacation (by command or when it runs out): clocks run again with the paused time given
    back, and the days actually taken (rounded up) count against this year's allowance."""
    prefs = (await bot.store.get_user(user_id)).prefs
    started = prefs.get("vacation_from")
    taken = math.ceil(max(0.0, now - started) / DAY) if isinstance(started, (int, float)) else 0
    used = dict(prefs.get("vacation_used") or {})
    used[year_of(now)] = int(used.get(year_of(now), 0)) + taken
    await bot.store.update_user(user_id, prefs={"vacation_until": None, "vacation_from": None, "vacation_used": used})
    games = await _each_game(bot, user_id, lambda timing, seats: timing.resume(seats, now))
    await reschedule_user(bot, user_id)
    for record in games:
        locale = await announce.guild_locale(bot, record)
        name = announce.escape(await bot.display_name(user_id))
        await mention_message(bot, record, [], tr("away.ended", locale, name=name))
    return games
