"""Whether people are members of a server, asked of Discord with the bot's token (GET
/guilds/{guild}/members/{user}) and remembered briefly (`REMEMBER_SECONDS` of the platform's clock), for
the two that need it: the live board (may this person watch the server's games?) and the passes that pair
players (a league's round, the next game of a tournament's match, the ranked queue's tables).

Discord answers in three ways that matter, and each user reads them its own way:
- "member";
- "left": 404 Unknown Member (10007), the one answer that withdraws a player: a withdrawal is not undone,
  so an outage, a 500 or the bot itself removed from the server keeps everyone in;
- "absent": another 404, or a 403 (the bot is no longer in the server): nobody there may watch, yet nobody
  is withdrawn for it.
An answer Discord could not give (unreachable, a 5xx) is None and is not remembered. Without the privileged
members intent the bot hears of nobody leaving, so the passes always ask (never the gateway's member cache,
where a leaver stays); the live board takes a member the cache holds as one. With the intent, a leave heard
from the gateway is remembered at once (`left`)."""

from __future__ import annotations

import asyncio
import logging
from typing import Callable, Iterable, Literal

import aiohttp
import discord

from tabletop.runtime.cache import BoundedCache

log = logging.getLogger("tabletop.members")
UNKNOWN_MEMBER = 10007
REMEMBER_SECONDS = 60.0
PARALLEL = 4
"""Questions in flight at once: a round of 32 asks in a few round trips without a burst at the rate limit."""
SIZE = 10_000
Answer = Literal["member", "left", "absent"]


class Membership:
    """One bot's recent answers about who is in which server."""

    def __init__(self, http: discord.http.HTTPClient, clock: Callable[[], float],
                 cached_member: Callable[[int, int], bool] = lambda guild_id, user_id: False) -> None:
        self.http = http
        self.clock = clock
        self.cached_member = cached_member
        """Whether the gateway's member cache holds this member (the bot's guilds)."""
        self._known: BoundedCache[tuple[int, int], tuple[Answer, float]] = BoundedCache(SIZE)

    async def answer(self, guild_id: int, user_id: int) -> Answer | None:
        """Whether this person is in the server (the live board's question): a recent answer, the member
        cache, or Discord; None when Discord could not say."""
        recent = self._recent(guild_id, user_id)
        if recent is not None:
            return recent
        if self.cached_member(guild_id, user_id):
            self._known[(guild_id, user_id)] = ("member", self.clock())
            return "member"
        return await self._ask(guild_id, user_id, self.clock())

    async def gone(self, guild_id: int, users: Iterable[int]) -> set[int]:
        """Which of `users` (AI seats aside) have left the server, as far as Discord says for certain."""
        now = self.clock()
        asked: list[int] = []
        left: set[int] = set()
        for user in dict.fromkeys(users):
            if user <= 0:
                continue
            recent = self._recent(guild_id, user)
            if recent == "left":
                left.add(user)
            elif recent != "member":
                asked.append(user)
        limit = asyncio.Semaphore(PARALLEL)

        async def ask(user: int) -> None:
            async with limit:
                if await self._ask(guild_id, user, now) == "left":
                    left.add(user)

        await asyncio.gather(*(ask(user) for user in asked))
        return left

    def left(self, guild_id: int, user_id: int) -> None:
        """The gateway said this member left (members intent): no pass needs to ask."""
        self._known[(guild_id, user_id)] = ("left", self.clock())

    def _recent(self, guild_id: int, user_id: int) -> Answer | None:
        known = self._known.get((guild_id, user_id))
        return known[0] if known is not None and self.clock() - known[1] < REMEMBER_SECONDS else None

    async def _ask(self, guild_id: int, user_id: int, now: float) -> Answer | None:
        """Discord's answer, remembered from `now` when it gave one."""
        found: Answer
        try:
            await self.http.get_member(guild_id, user_id)
            found = "member"
        except discord.NotFound as error:
            found = "left" if error.code == UNKNOWN_MEMBER else "absent"
        except discord.Forbidden:
            found = "absent"
        except (discord.HTTPException, aiohttp.ClientError, asyncio.TimeoutError) as error:
            log.warning("membership of %s in server %s unknown: %s", user_id, guild_id, error)
            return None
        self._known[(guild_id, user_id)] = (found, now)
        return found
