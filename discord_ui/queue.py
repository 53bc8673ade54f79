"""What each `/queue` command does on Discord, between the thin cog and the queue service: the replies.

Refusals (GameError) are answered privately by `discord_ui.interactions.refusals` around each command and
change nothing.
"""

from __future__ import annotations

import logging

import discord

from engine import registry
from tabletop.play.clocks import PRESETS
from tabletop.presentation.i18n import lang, tr
from discord_ui.interactions import bot_of, send_ephemeral
from tabletop.matchmaking.post import announce_starts, queue_of
from tabletop.matchmaking.rule import WINDOW_BASE, WINDOW_CAP, WINDOW_PER_MINUTE, window
from tabletop.matchmaking.service import ai_minutes, refusal
from storage.queue_records import QueueEntry

log = logging.getLogger("tabletop.matchmaking")


def queue_name(game_type: str, players: int, time_control: str, locale: str) -> str:
    """"War Chest · 2p · 1 day a move": one queue of a server, as players read it."""
    parts = [registry.get(game_type).name.get(locale), tr("queue.players", locale, count=players)]
    control = next((control for control in PRESETS if control.key == time_control), None)
    if control is not None:
        parts.append(control.label().get(locale))
    return " · ".join(parts)


def rule_line(locale: str) -> str:
    return tr("queue.rule", locale, base=int(WINDOW_BASE), per=int(WINDOW_PER_MINUTE), cap=int(WINDOW_CAP))


async def join(interaction: discord.Interaction, game: str, players: int | None, time_control: str | None) -> None:
    """Queue the player, then try a match at once (a fitting opponent may be waiting already): the reply
    says which game, and the game opens in the queue channel after it. Otherwise (or should that try fail)
    the pass matches later."""
    bot = bot_of(interaction)
    queue = queue_of(bot)
    entry = await queue.join(guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0,
                             user_id=interaction.user.id, game_type=game, players=players, time_control=time_control)
    try:
        started = await queue.match_now(entry)
    except Exception:  # noqa: BLE001 - the player is queued all the same: a later pass matches them (or starts their match)
        log.exception("queue: the match at join failed for entry %s", entry.id)
        started = ()
    mine = next((opened for opened in started if entry.id in {seated.id for seated in opened.entries}), None)
    locale = lang(interaction.locale)
    lines = [tr("queue.joined", locale, queue=queue_name(entry.game_type, entry.players, entry.time_control, locale),
                rating=entry.rating, expires=f"<t:{int(entry.expires_at)}:R>")]
    if mine is not None:
        lines.append(tr("queue.matched_now", locale, id=mine.loaded.record.id, channel=f"<#{mine.channel_id}>"))
    else:
        lines.append(rule_line(locale))
        if entry.ai_at is not None:
            settings = await bot.store.get_guild_settings(entry.guild_id)
            lines.append(tr("queue.ai_note", locale, minutes=ai_minutes(settings)))
    await send_ephemeral(interaction, "\n".join(lines))
    await announce_starts(bot, started)


async def leave(interaction: discord.Interaction) -> None:
    entry = await queue_of(bot_of(interaction)).leave(interaction.guild_id, interaction.user.id)
    locale = lang(interaction.locale)
    await send_ephemeral(interaction, tr("queue.left", locale, queue=queue_name(entry.game_type, entry.players,
                                                                                 entry.time_control, locale)))


def own_line(entry: QueueEntry, now: float, locale: str) -> str:
    return tr("queue.status_mine", locale, queue=queue_name(entry.game_type, entry.players, entry.time_control, locale),
              since=f"<t:{int(entry.joined_at)}:R>", rating=entry.rating, window=int(window(now - entry.joined_at)),
              expires=f"<t:{int(entry.expires_at)}:R>")


async def status(interaction: discord.Interaction) -> None:
    """The player's own entry (with its window now) and how many wait in each queue of the server."""
    if interaction.guild_id is None:
        raise refusal("queue.guild_only")
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    mine = await bot.store.queue_entry(interaction.guild_id, interaction.user.id)
    lines = [own_line(mine, bot.service.now(), locale) if mine is not None and mine.status == "waiting"
             else tr("queue.status_not_queued", locale)]
    counts = await bot.store.queue_counts(interaction.guild_id)
    lines += [tr("queue.status_count", locale, queue=queue_name(count.game_type, count.players, count.time_control, locale),
                 count=count.waiting) for count in counts] or [tr("queue.status_empty", locale)]
    lines.append(rule_line(locale))
    await send_ephemeral(interaction, "\n".join(lines))
