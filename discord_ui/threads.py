"""Game threads that went quiet: Discord archives a thread after its `auto_archive_duration` of inactivity.

An archived thread refuses edits of its messages (400 / 50083 "Thread is archived"), while a message sent
there reopens it unless it is locked. An asynchronous game may sit idle for longer than the duration, so a
write that Discord refused because the thread was archived is repeated once after reopening the thread
(`PATCH /channels/{id}` `{"archived": false}`; the bot created the thread, so Discord lets it even when a
moderator locked it).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Awaitable, Callable, TypeVar

import discord

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.threads")
THREAD_ARCHIVED = 50083
R = TypeVar("R")


async def reopen(bot: "TabletopBot", thread_id: int) -> bool:
    """Unarchive the thread; False when Discord refuses (the thread is gone, or the bot may not)."""
    try:
        await bot.http.edit_channel(thread_id, archived=False)
        return True
    except discord.HTTPException:
        log.warning("thread %s: could not unarchive it", thread_id, exc_info=True)
        return False


async def in_open_thread(bot: "TabletopBot", thread_id: int | None, write: Callable[[], Awaitable[R]]) -> R:
    """`write()`, repeated once after reopening the thread when Discord refused it as archived."""
    try:
        return await write()
    except discord.HTTPException as error:
        if error.code != THREAD_ARCHIVED or thread_id is None or not await reopen(bot, thread_id):
            raise
    return await write()


async def reopen_for(interaction: discord.Interaction) -> None:
    """Before a component edits a message of an archived thread (a players' answer to a request posted
    there), reopen the thread: the interaction's channel says whether it is archived."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.archived:
        await reopen(interaction.client, channel.id)  # type: ignore[arg-type]
