"""Listening: the live board's application on WEB_HOST:WEB_PORT for as long as the bot runs.

`bot.py` wraps the bot's run in `serving(...)`: the server starts first (so /healthz answers 503 while
the bot starts) and stops, its connections closed, once the bot has."""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from typing import AsyncIterator
from urllib.parse import urlsplit

from aiohttp import web

from tabletop.runtime.config import Config
from web.security import LOOPBACK_HOSTS

log = logging.getLogger("tabletop.web")
SHUTDOWN_SECONDS = 5.0


class WebServerError(OSError):
    """The server could not listen (the port is taken, the address is not this machine's)."""


class WebServer:
    """One application listening on one address; `port` is the one it got (WEB_PORT 0: any free one)."""

    def __init__(self, app: web.Application, host: str, port: int) -> None:
        self.runner = web.AppRunner(app, access_log=None, shutdown_timeout=SHUTDOWN_SECONDS)
        self.host = host
        self.port = port

    async def start(self) -> None:
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host, self.port, reuse_address=True)
        try:
            await site.start()
        except OSError as error:
            await self.runner.cleanup()
            raise WebServerError(error.errno, f"the live board cannot listen on {self.host}:{self.port}: "
                                              f"{error.strerror or error} (WEB_HOST, WEB_PORT)") from None
        bound = [address for address in self.runner.addresses if isinstance(address, tuple)]
        if bound:
            self.port = int(bound[0][1])

    async def stop(self) -> None:
        await self.runner.cleanup()


@asynccontextmanager
async def serving(app: web.Application, config: Config) -> AsyncIterator[WebServer]:
    server = WebServer(app, config.web_host, config.web_port)
    await server.start()
    log.info("live board at %s (listening on %s:%d)", config.public_url, config.web_host, server.port)
    for warning in warnings(config):
        log.warning("%s", warning)
    try:
        yield server
    finally:
        await server.stop()
        log.info("live board stopped")


def warnings(config: Config) -> list[str]:
    """What in the web settings will not work as the admin likely expects, said once at start."""
    found = []
    parts = urlsplit(config.public_url)
    if parts.scheme == "http" and (parts.hostname or "").lower() not in LOOPBACK_HOSTS:
        found.append(f"PUBLIC_URL {config.public_url} is plain http off this machine: browsers will not keep the "
                     "sign-in cookie (it is Secure). Put TLS in front (docs/live-board.md) and use https.")
    if not config.oauth_configured:
        found.append("DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET are not set: signing in on the live board is off.")
    return found
