"""What the web front end needs of the bot, and nothing more: so the application can be built and tested
over a store alone, and later run without a Discord connection (local mode)."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, AsyncContextManager, Callable, Coroutine, Mapping, Protocol

import aiohttp

from storage.base import Store

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.web")
DISCORD_TIMEOUT = aiohttp.ClientTimeout(total=10)
Spawn = Callable[[Coroutine[Any, Any, Any]], "asyncio.Future[Any]"]
_RUNNING: set[asyncio.Future[Any]] = set()


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


def in_background(work: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
    """Run `work` past the request that started it (publishing a move to Discord), held until done and its
    failure logged. A process stopping meanwhile loses nothing: the commit's outbox entry publishes it."""
    task = asyncio.ensure_future(work)
    _RUNNING.add(task)
    task.add_done_callback(_finished)
    return task


def _finished(task: asyncio.Future[Any]) -> None:
    _RUNNING.discard(task)
    if not task.cancelled() and task.exception() is not None:
        log.error("background work of the live board failed", exc_info=task.exception())


@dataclass(frozen=True)
class Services:
    store: Store
    readiness: Callable[[], Mapping[str, bool]]
    """Each part /healthz waits for, by name, and whether it is ready (`TabletopBot.readiness`)."""
    now: Callable[[], float] = time.time
    """Wall-clock seconds: session expiry (tests move it)."""
    http_session: Callable[[], HttpSession] = field(default=new_http_session)
    """Opens the connection to Discord's API, once, at the first call (tests: the fake Discord's)."""
    bot: "TabletopBot | None" = None
    """The bot whose games the board shows and plays: its service, publish path, render pool, names, live
    hub and Discord connection (for server membership). None: sign-in alone; game routes answer 503."""
    spawn: Spawn = in_background
    """Starts work that outlives its request (tests: as the fake Discord's tracked bot work)."""

    @classmethod
    def of_bot(cls, bot: "TabletopBot", *, http_session: Callable[[], HttpSession] = new_http_session,
               spawn: Spawn = in_background) -> Services:
        """The bot's store, readiness, clock and games (`http_session`, `spawn`: tests give the fake
        Discord's)."""
        return cls(store=bot.store, readiness=bot.readiness, now=bot.service.now, http_session=http_session, bot=bot,
                   spawn=spawn)
