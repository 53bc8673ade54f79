"""A player's games across every server the bot shares with them: those waiting on them first, with how
long they have waited and the time left, each with a jump link. Used by `/game mine` and the daily digest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord_ui import announce
from tabletop.play.clocks import Timing
from tabletop.presentation.i18n import tr
from tabletop.play.service import game_of, match_of

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

MINE_LIMIT = 50


async def waiting_lines(bot: "TabletopBot", user_id: int, locale: str, *, only_waiting: bool = False) -> list[str]:
    """One line per open game of the user, waiting-on-you first (longest wait first), then the others."""
    waiting: list[tuple[float, str]] = []
    others: list[tuple[float, str]] = []
    for record in await bot.store.user_games(user_id, statuses=("active", "lobby"), limit=MINE_LIMIT):
        name = game_of(record).name.get(locale)
        guild = bot.get_guild(record.guild_id) if record.guild_id is not None else None
        where = f" · {announce.escape(guild.name)}" if guild is not None else ""
        title = f"**#{record.id} {name}**{where}"
        if record.status == "lobby":
            line = tr("mine.lobby", locale, title=title, count=len(record.players), capacity=record.capacity,
                      link=announce.jump_url(record, record.lobby_message_id))
            others.append((-record.created_at, line))
            continue
        match = match_of(record)
        seat = record.seat_of(user_id)
        timing = Timing.from_json(record.timing) if record.timing else None
        link = announce.jump_url(record, record.board_message_id)
        if seat is not None and seat in match.awaited_seats():
            since = timing.seats[seat].since if timing and timing.seats[seat].since is not None else record.updated_at
            deadline = timing.deadline(seat) if timing else None
            left = tr("mine.deadline", locale, at=f"<t:{int(deadline)}:R>") if deadline else ""
            waiting.append((since, tr("mine.your_turn", locale, title=title, since=f"<t:{int(since)}:R>", left=left, link=link)))
        elif not only_waiting:
            names = announce.text_names(await announce.seat_names(bot, record))
            who = ", ".join(names[index] for index in match.awaited_seats()) or "-"
            others.append((-record.updated_at, tr("mine.waiting_on", locale, title=title, who=who, link=link)))
    return [line for _, line in sorted(waiting)] + ([] if only_waiting else [line for _, line in sorted(others)])
