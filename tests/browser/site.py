"""The live board served for real on 127.0.0.1 over the e2e tests' bot, and a headless Chromium to open it.

`Site` is what the browser tests hold: the simulated server of tests/e2e (a bot playing in a fake Discord,
its games started and played there by `site.table`), the bot's web application listening on a free port of
the loopback through `web.server.WebServer` (the server `bot.py` runs, not a test client), and one
Chromium driven by Playwright. `site.page(user_id, path)` opens a page at phone size with touch, signed in
as that person by the session cookie a browser holds after the OAuth round trip (the sign-in itself is
tested in tests/web); `None` opens it signed out.

PUBLIC_URL is the address the server listens on, so the cookie is not Secure (plain http on loopback) and
the CSRF origin check sees the page's own origin, as in `make run` on a laptop.
"""

from __future__ import annotations

import socket
import tempfile
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, async_playwright

from tests.browser.chromium import LAUNCH_ARGS, ensure_chromium
from tests.browser.game_page import TIMES
from tests.e2e.conftest import simulated_server
from tests.e2e.driver import Table
from tabletop.runtime.config import Config
from web import bundle
from web.app import make_app
from web.discord_api import DiscordUser
from web.ratelimit import Rate, RateLimits
from web.server import WebServer
from web.services import Services
from web.sessions import COOKIE, open_session

PHONE = {"width": 390, "height": 844}
"""The phone the issue names (an iPhone 12-15 class screen), in CSS pixels."""
TIMEOUT_MS = 10_000
"""Playwright's wait for anything on a page: generous for a loaded 2-core machine, never hit when green."""


def free_port() -> int:
    """A port of the loopback nobody listens on now (the server binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Site:
    table: Table
    browser: Browser
    base_url: str
    app: Any
    tokens: dict[int, str] = field(default_factory=dict)
    contexts: list[BrowserContext] = field(default_factory=list)

    @property
    def world(self) -> Any:
        return self.table.world

    async def token(self, user_id: int) -> str:
        """The session token of `user_id`'s browser (one session each, opened at first use)."""
        if user_id not in self.tokens:
            name = self.world.users[user_id].name if user_id in self.world.users else str(user_id)
            self.tokens[user_id], _ = await open_session(self.app, DiscordUser(user_id, name), "browser")
        return self.tokens[user_id]

    async def context(self, user_id: int | None, *, locale: str = "en-US", dark: bool = False) -> BrowserContext:
        """A fresh browser profile at phone size with touch, signed in as `user_id` (None: signed out)."""
        context = await self.browser.new_context(
            viewport=PHONE, screen=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=locale,
            color_scheme="dark" if dark else "light", base_url=self.base_url)
        context.set_default_timeout(TIMEOUT_MS)
        await context.add_init_script(TIMES)
        if user_id is not None:
            await context.add_cookies([{"name": COOKIE, "value": await self.token(user_id), "url": self.base_url,
                                        "httpOnly": True, "sameSite": "Lax"}])
        self.contexts.append(context)
        return context

    async def page(self, user_id: int | None, path: str, **options: Any) -> Page:
        """A new page of a new profile of `user_id`, opened at `path`."""
        page = await (await self.context(user_id, **options)).new_page()
        await page.goto(path)
        return page

    async def close_pages(self) -> None:
        """Closes every profile opened so far (each test's pages; the browser stays for the next)."""
        contexts, self.contexts = self.contexts, []
        for context in contexts:
            await context.close()


async def open_site(stack: AsyncExitStack) -> Site:
    """The site, its parts closed by `stack` in reverse order: browser, server, bot."""
    chromium = ensure_chromium()
    bundle.ensure_built()  # the client's pages (make test has built them; a lone pytest run may not have)
    directory = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tabletop-browser-")))
    table = await stack.enter_async_context(simulated_server(directory / "bot.sqlite3"))
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    config = Config(token=None, database_path="unused", dev_guild_id=None, log_level="INFO", public_url=base_url,
                    discord_client_id=table.world.oauth.client_id, discord_client_secret=table.world.oauth.client_secret)
    services = Services.of_bot(table.bot, http_session=table.world.web_session, spawn=table.world.spawn)
    limits = RateLimits(per_session=Rate(100_000, 1000.0), per_address=Rate(100_000, 1000.0))
    app = make_app(services, config, limits=limits)
    server = WebServer(app, "127.0.0.1", port)
    await server.start()
    stack.push_async_callback(server.stop)
    await table.bot.render_pool.start()  # warm, as a serving bot's (the tests draw in threads: nothing to do)
    playwright = await stack.enter_async_context(async_playwright())
    # launch() gives every run a new empty profile (user-data-dir) of its own; never Playwright's download.
    browser = await playwright.chromium.launch(executable_path=str(chromium), args=LAUNCH_ARGS, headless=True)
    stack.push_async_callback(browser.close)
    return Site(table, browser, base_url, app)
