"""Whether players are still members of their server, for the passes that pair them: a league's round (or
the next game of a tournament's match) and the ranked queue's tables. Without the privileged members
intent the bot hears of nobody leaving, so the passes ask Discord with the bot's token
(GET /guilds/{guild}/members/{user}) before they seat anyone, all of a round's players at once.

Only Discord's 404 Unknown Member (10007) counts as gone: any other answer (an outage, a 500, the bot
itself removed from the server) keeps everyone in, as a withdrawal is not undone. Answers are kept
briefly (`REMEMBER_SECONDS` of the platform's clock), so passes a minute apart do not ask again; with the
members intent, a leave heard from the gateway is remembered at once (`left`)."""

from __future__ import annotations

import asyncio
import logging
from typing import Callable, Iterable

import aiohttp
import discord

from tabletop.runtime.cache import BoundedCache

log = logging.getLogger("tabletop.members")
UNKNOWN_MEMBER = 10007
REMEMBER_SECONDS = 60.0
PARALLEL = 4
"""Questions in flight at once: a round of 32 asks in a few round trips without a burst at the rate limit."""
SIZE = 10_000


class Membership:
    """One bot's recent answers about who is in which server."""

    def __init__(self, http: discord.http.HTTPClient, clock: Callable[[], float]) -> None:
        self.http = http
        self.clock = clock
        self._known: BoundedCache[tuple[int, int], tuple[bool, float]] = BoundedCache(SIZE)

    async def gone(self, guild_id: int, users: Iterable[int]) -> set[int]:
        """Which of `users` (AI seats aside) have left the server, as far as Discord says for certain."""
        now = self.clock()
        asked: list[int] = []
        left: set[int] = set()
        for user in dict.fromkeys(users):
            if user <= 0:
                continue
            known = self._known.get((guild_id, user))
            if known is not None and now - known[1] < REMEMBER_SECONDS:
                if not known[0]:
                    left.add(user)
            else:
                asked.append(user)
        limit = asyncio.Semaphore(PARALLEL)

        async def ask(user: int) -> None:
            async with limit:
                present = await self._present(guild_id, user)
            if present is not None:
                self._known[(guild_id, user)] = (present, now)
                if not present:
                    left.add(user)

        await asyncio.gather(*(ask(user) for user in asked))
        return left

    def left(self, guild_id: int, user_id: int) -> None:
        """The gateway said this member left (members intent): no pass needs to ask."""
        self._known[(guild_id, user_id)] = (False, self.clock())

    async def _present(self, guild_id: int, user_id: int) -> bool | None:
        """True or False when Discord says, None when it could not (the member is then kept)."""
        try:
            await self.http.get_member(guild_id, user_id)
        except discord.NotFound as error:
            if error.code == UNKNOWN_MEMBER:
                return False
            log.warning("membership of %s in server %s unknown: %s", user_id, guild_id, error)
            return None
        except (discord.HTTPException, aiohttp.ClientError, asyncio.TimeoutError) as error:
            log.warning("membership of %s in server %s unknown: %s", user_id, guild_id, error)
            return None
        return True
