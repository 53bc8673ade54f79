"""The Discord side of the ranked queue's pass: each started game opens in the server's queue channel the
way a league table opens (`tabletop.leagues.post.open_game`: a message pinging only its players, a
thread, the first board and turn notices), and each expired entry's player hears of it by DM.

Only the process whose pass (or match right after a join) won a table's compare-and-set announces it, so
nothing goes out twice.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Sequence

from engine import registry
from tabletop.play.ai_seats import DEFAULT_LEVEL, ai_name, is_ai
from tabletop.presentation.i18n import lang, tr
from tabletop.leagues.post import open_game
from tabletop.matchmaking.rule import Waiting, spread, window
from tabletop.matchmaking.service import PassResult, QueueService, Started, expiry_hours
from discord_ui.notices import send_dm
from storage.queue_records import QueueEntry

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.matchmaking")


def queue_of(bot: "TabletopBot") -> QueueService:
    """Stateless: built over the bot's store, game service and clock whenever needed, asking Discord who
    left the server (`discord_ui.membership`) before a pass matches anyone."""
    return QueueService(bot.store, bot.service, bot.service.now, bot.membership.gone)


async def queue_left(bot: "TabletopBot", guild_id: int, user_id: int) -> None:
    """A member left the server (the gateway says so with the members intent): their waiting entry is
    dropped at once, so no pass matches them."""
    bot.membership.left(guild_id, user_id)
    await bot.store.queue_leave(guild_id, user_id)


async def queue_pass(bot: "TabletopBot") -> PassResult:
    """One pass of the queue (run by the scheduler loop), then its announcements."""
    result = await queue_of(bot).run()
    await announce_starts(bot, result.started)
    for entry in result.expired:
        await announce_expiry(bot, entry)
    return result


async def announce_starts(bot: "TabletopBot", games: Sequence[Started]) -> None:
    """Open each started game in its channel (after a pass, or after the match tried when a player joined)."""
    for started in games:
        try:
            await announce_start(bot, started)
        except Exception:  # noqa: BLE001 - one game failing to open must not keep the others from opening
            log.exception("queue: game %s could not be announced", started.loaded.record.id)


async def announce_start(bot: "TabletopBot", started: Started) -> None:
    record = started.loaded.record
    settings = await bot.store.get_guild_settings(record.guild_id) if record.guild_id is not None else {}
    locale = lang(settings.get("locale", "en"))
    game_name = registry.get(record.game_type).name.get(locale)
    ratings = {entry.user_id: entry.rating for entry in started.entries}
    players = " / ".join(ai_name(DEFAULT_LEVEL, locale) if is_ai(user) else f"<@{user}> ({ratings[user]})"
                         for user in record.players)
    if started.practice:
        intro = tr("queue.practice_intro", locale, game=game_name, id=record.id, players=players)
    else:
        now = bot.service.now()
        gap = spread(_waiting(started.entries))
        allowed = int(min(window(now - entry.joined_at) for entry in started.entries))
        intro = tr("queue.match_intro", locale, game=game_name, id=record.id, players=players, gap=gap, window=allowed)
    humans = [user for user in record.players if not is_ai(user)]
    await open_game(bot, started.channel_id, started.loaded, intro, humans, locale, game_name)


def _waiting(entries: tuple[QueueEntry, ...]) -> list[Waiting]:
    return [Waiting(entry.id, entry.rating, entry.joined_at) for entry in entries]


async def announce_expiry(bot: "TabletopBot", entry: QueueEntry) -> None:
    """The player hears by DM that their entry expired (nothing else is sent when DMs are closed)."""
    user = await bot.store.get_user(entry.user_id)
    locale = lang(user.locale)
    settings = await bot.store.get_guild_settings(entry.guild_id)
    guild = bot.get_guild(entry.guild_id)
    await send_dm(bot, entry.user_id, tr("queue.expired_dm", locale, game=registry.get(entry.game_type).name.get(locale),
                                        server=guild.name if guild is not None else "-", hours=expiry_hours(settings)))
