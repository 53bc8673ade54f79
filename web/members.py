"""Whether a person may watch a game they do not play: membership of the game's server, asked of Discord
with the bot's token (the member cache first: without the members intent it holds few), remembered
briefly, so a page and its live channel do not ask at every request, and someone who left or was removed
stops seeing the server's games within a minute."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Callable

import aiohttp
import discord

from tabletop.runtime.cache import BoundedCache

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.web")
REMEMBER_SECONDS = 60.0
SIZE = 10_000


class MembershipUnknown(Exception):
    """Discord could not say (unreachable, or an unexpected answer): the request is refused for now."""


class Members:
    """One bot's answers about server membership, each kept `REMEMBER_SECONDS`."""

    def __init__(self, bot: "TabletopBot", clock: Callable[[], float] = time.monotonic) -> None:
        self.bot = bot
        self.clock = clock
        self._known: BoundedCache[tuple[int, int], tuple[bool, float]] = BoundedCache(SIZE)

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        now = self.clock()
        known = self._known.get((guild_id, user_id))
        if known is not None and now - known[1] < REMEMBER_SECONDS:
            return known[0]
        guild = self.bot.get_guild(guild_id)
        if guild is not None and guild.get_member(user_id) is not None:
            found = True
        else:
            found = await self._ask(guild_id, user_id)
        self._known[(guild_id, user_id)] = (found, now)
        return found

    async def _ask(self, guild_id: int, user_id: int) -> bool:
        try:
            await self.bot.http.get_member(guild_id, user_id)
            return True
        except (discord.NotFound, discord.Forbidden):  # not a member; or the bot itself is no longer there
            return False
        except (discord.HTTPException, aiohttp.ClientError, asyncio.TimeoutError) as error:
            log.warning("membership of %s in server %s unknown: %s", user_id, guild_id, error)
            raise MembershipUnknown() from error
