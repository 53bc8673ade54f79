"""The live board served for real on 127.0.0.1 over the e2e tests' bot, and a headless Chromium to open it.

`Site` is what the browser tests hold: the simulated server of tests/e2e (a bot playing in a fake Discord,
its games started and played there by `site.table`), the bot's web application listening on a free port of
the loopback through `web.server.WebServer` (the server `bot.py` runs, not a test client), and one
Chromium driven by Playwright. `site.page(user_id, path)` opens a page at phone size with touch, signed in
as that person by the session cookie a browser holds after the OAuth round trip (the sign-in itself is
tested in tests/web); `None` opens it signed out.

PUBLIC_URL is the address the server listens on, so the cookie is not Secure (plain http on loopback) and
the CSRF origin check sees the page's own origin, as in `make run` on a laptop.

`open_site(stack, postgres_url)` opens the two-process site instead (bench live_board --processes 2): two
bots on one PostgreSQL database in one shared fake Discord (tests/e2e/processes.py), each serving its own web
application on a port of its own. Every Discord interaction is handled by the first bot (A); pages open on the
second (B) unless told `at=site.mover_url` (A), so a move made on A reaches B's pages only through the
database's live bridge (`tabletop.delivery.live_postgres`). Both bots share this OS process and its event
loop: the fake Discord lives in one process.
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
from discord_ui.bot import TabletopBot
from tests.e2e.conftest import ALICE, BOB, CAROL, DAVE, ERIN, simulated_server
from tests.e2e.driver import Table
from tests.e2e.processes import processes
from tests.fakediscord import FakeDiscord
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
PEOPLE = ((ALICE, "アリス"), (BOB, "bob"), (CAROL, "carol"), (DAVE, "dave"), (ERIN, "erin"))
"""The two-process site's members: the e2e players."""
MOVER = 0
"""The two-process site's bot that handles every Discord interaction and serves the movers' pages (A)."""


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
    mover_url: str = ""
    """Where the pages of those making moves are served: `base_url` on one process, bot A's address on two."""
    bots: list[TabletopBot] = field(default_factory=list)
    tokens: dict[int, str] = field(default_factory=dict)
    contexts: list[BrowserContext] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.mover_url = self.mover_url or self.base_url
        self.bots = self.bots or [self.table.bot]

    @property
    def world(self) -> Any:
        return self.table.world

    async def token(self, user_id: int) -> str:
        """The session token of `user_id`'s browser (one session each, opened at first use)."""
        if user_id not in self.tokens:
            name = self.world.users[user_id].name if user_id in self.world.users else str(user_id)
            self.tokens[user_id], _ = await open_session(self.app, DiscordUser(user_id, name), "browser")
        return self.tokens[user_id]

    async def context(self, user_id: int | None, *, locale: str = "en-US", dark: bool = False,
                      at: str | None = None) -> BrowserContext:
        """A fresh browser profile at phone size with touch, signed in as `user_id` (None: signed out), on the
        server at `at` (by default `base_url`; sessions live in the database, so they are valid on both)."""
        base_url = at or self.base_url
        context = await self.browser.new_context(
            viewport=PHONE, screen=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=locale,
            color_scheme="dark" if dark else "light", base_url=base_url)
        context.set_default_timeout(TIMEOUT_MS)
        await context.add_init_script(TIMES)
        if user_id is not None:
            await context.add_cookies([{"name": COOKIE, "value": await self.token(user_id), "url": base_url,
                                        "httpOnly": True, "sameSite": "Lax"}])
        self.contexts.append(context)
        return context

    async def page(self, user_id: int | None, path: str, **options: Any) -> Page:
        """A new page of a new profile of `user_id`, opened at `path` (options: `context`'s)."""
        page = await (await self.context(user_id, **options)).new_page()
        await page.goto(path)
        return page

    async def close_pages(self) -> None:
        """Closes every profile opened so far (each test's pages; the browser stays for the next)."""
        contexts, self.contexts = self.contexts, []
        for context in contexts:
            await context.close()


async def serve(stack: AsyncExitStack, world: FakeDiscord, bot: TabletopBot) -> tuple[str, Any]:
    """`bot`'s web application listening on a free port of the loopback: its address and the application."""
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    config = Config(token=None, database_path="unused", dev_guild_id=None, log_level="INFO", public_url=base_url,
                    discord_client_id=world.oauth.client_id, discord_client_secret=world.oauth.client_secret)
    services = Services.of_bot(bot, http_session=world.web_session, spawn=world.spawn)
    limits = RateLimits(per_session=Rate(100_000, 1000.0), per_address=Rate(100_000, 1000.0))
    app = make_app(services, config, limits=limits)
    server = WebServer(app, "127.0.0.1", port)
    await server.start()
    stack.push_async_callback(server.stop)
    await bot.render_pool.start()  # warm, as a serving bot's (the tests draw in threads: nothing to do)
    return base_url, app


async def open_site(stack: AsyncExitStack, postgres_url: str | None = None) -> Site:
    """The site, its parts closed by `stack` in reverse order: browser, servers, bots. With `postgres_url`,
    the two-process site on that database (bot A handles Discord, pages open on bot B)."""
    chromium = ensure_chromium()
    bundle.ensure_built()  # the client's pages (make test has built them; a lone pytest run may not have)
    if postgres_url is None:
        directory = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tabletop-browser-")))
        table = await stack.enter_async_context(simulated_server(directory / "bot.sqlite3"))
        bots = [table.bot]
    else:
        table, world, bots = await stack.enter_async_context(processes(postgres_url, 0, PEOPLE))
        world.routed_to = MOVER
        table.bot = bots[MOVER]
    served = [await serve(stack, table.world, bot) for bot in bots]
    playwright = await stack.enter_async_context(async_playwright())
    # launch() gives every run a new empty profile (user-data-dir) of its own; never Playwright's download.
    browser = await playwright.chromium.launch(executable_path=str(chromium), args=LAUNCH_ARGS, headless=True)
    stack.push_async_callback(browser.close)
    base_url, app = served[-1]
    return Site(table, browser, base_url, app, mover_url=served[0][0], bots=bots)
