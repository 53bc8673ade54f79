"""What the web front end needs of the bot, and nothing more: so the application can be built and tested
over a store alone, and later run without a Discord connection (local mode)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, AsyncContextManager, Callable, Mapping, Protocol

import aiohttp

from storage.base import Store

if TYPE_CHECKING:
    from tabletop.bot import TabletopBot

DISCORD_TIMEOUT = aiohttp.ClientTimeout(total=10)


class HttpResponse(Protocol):
    status: int

    async def json(self) -> Any: ...


class HttpSession(Protocol):
    """The part of `aiohttp.ClientSession` the web uses to call Discord (the fake Discord offers the same)."""

    def request(self, method: str, url: str, *, data: Any = None,
                headers: Mapping[str, str] | None = None) -> AsyncContextManager[HttpResponse]: ...

    async def close(self) -> None: ...


def new_http_session() -> HttpSession:
    return aiohttp.ClientSession(timeout=DISCORD_TIMEOUT)


@dataclass(frozen=True)
class Services:
    store: Store
    readiness: Callable[[], Mapping[str, bool]]
    """Each part /healthz waits for, by name, and whether it is ready (`TabletopBot.readiness`)."""
    now: Callable[[], float] = time.time
    """Wall-clock seconds: session expiry (tests move it)."""
    http_session: Callable[[], HttpSession] = field(default=new_http_session)
    """Opens the connection to Discord's API, once, at the first call (tests: the fake Discord's)."""

    @classmethod
    def of_bot(cls, bot: "TabletopBot", *, http_session: Callable[[], HttpSession] = new_http_session) -> Services:
        """The bot's store, readiness and clock (`http_session`: tests give the fake Discord's)."""
        return cls(store=bot.store, readiness=bot.readiness, now=bot.service.now, http_session=http_session)
