"""Sending one notice: a DM to one player, or a thread message that pings exactly the users it names.

Shared by the publish path's turn notices and the scheduler's reminders, timeouts and digests, so the
rules (remember closed DMs, never ping anyone else, Discord failing changes nothing) live once.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Sequence

import discord

from discord_ui.announce import DM_CLOSED
from discord_ui.interactions import clip
from storage.base import GameRecord

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.notices")


async def send_dm(bot: "TabletopBot", user_id: int, text: str, view: discord.ui.View | None = None) -> bool:
    """True when delivered; a 50007 is remembered (the user's DMs are closed) and reported as False."""
    if (await bot.store.get_user(user_id)).dms_closed:
        return False
    try:
        channel = await bot.create_dm(discord.Object(user_id))
        kwargs = {"view": view} if view is not None else {}
        await channel.send(clip(text), allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        return True
    except discord.Forbidden as error:
        if error.code == DM_CLOSED:
            await bot.store.update_user(user_id, dms_closed=True)
        else:
            log.warning("DM to %s refused", user_id, exc_info=True)
        return False
    except discord.HTTPException:
        log.warning("DM to %s failed", user_id, exc_info=True)
        return False


async def mention_message(
    bot: "TabletopBot", record: GameRecord, users: Sequence[int], text: str, *, view: discord.ui.View | None = None
) -> int | None:
    """A message in the game's thread (or channel) that notifies exactly `users`; its id, or None."""
    channel = bot.get_partial_messageable(record.thread_id or record.channel_id)
    mentions = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                       users=[discord.Object(user) for user in users])
    try:
        kwargs = {"view": view} if view is not None else {}
        message = await channel.send(clip(text), allowed_mentions=mentions, **kwargs)
        return message.id
    except discord.HTTPException:
        log.warning("game %s: could not post in its thread", record.id, exc_info=True)
        return None
