"""Local mode in a real browser: the bot without Discord (as `make run` starts it with no token) and its
local application listening on the loopback; a phone-sized Chromium opens `/` with no session and no
sign-in, starts every game against the AI from the form, taps a move on the game page and sees the AI's
answer arrive live; pass and play covers the screen between two people and shows a person's view only
after their tap."""

from __future__ import annotations

import asyncio
import tempfile
from contextlib import AsyncExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import AsyncIterator

import pytest
import pytest_asyncio
from playwright.async_api import Browser, Page

from engine import registry
from tabletop.play.ai_seats import is_ai
from discord_ui.bot import TabletopBot
from tabletop.play.service import match_of
from tests.browser.game_page import CHOICE, GAME, LEGAL, legibility_problems, tap_a_move, wait_version
from tests.browser.site import PHONE, TIMEOUT_MS, Site, free_port
from tests.web.local_mode import GENEROUS, local_bot, local_config
from web.local import make_local_app
from web.server import WebServer

GAMES = ("artofwar", "wallofwar", "walpurgis", "warchest", "wunderkammer")
AI_SECONDS = 120.0
MAX_MOVES = 40
"""A turn of Wunderkammer is a dozen steps of its own (play cards, trash, take, shuffle) before the AI is asked."""


@dataclass
class LocalSite:
    bot: TabletopBot
    browser: Browser
    base_url: str

    async def page(self, path: str = "/?lang=en") -> Page:
        """A new browser profile (no session yet) at phone size with touch, opened at `path`."""
        context = await self.browser.new_context(viewport=PHONE, screen=PHONE, device_scale_factor=2, is_mobile=True,
                                                 has_touch=True, base_url=self.base_url)
        context.set_default_timeout(TIMEOUT_MS)
        page = await context.new_page()
        await page.goto(path)
        return page


@pytest_asyncio.fixture(scope="module", loop_scope="package")
async def local_site(shared_site: Site) -> AsyncIterator[LocalSite]:
    """The local bot and its application; the pages open in the package's one browser (`shared_site`)."""
    async with AsyncExitStack() as stack:
        directory = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tabletop-local-")))
        port = free_port()
        base_url = f"http://127.0.0.1:{port}"
        config = local_config(directory / "local.sqlite3", web_port=port, public_url=base_url)
        bot = await stack.enter_async_context(local_bot(config))
        server = WebServer(make_local_app(bot, config, limits=GENEROUS), "127.0.0.1", port)
        await server.start()
        stack.push_async_callback(server.stop)
        yield LocalSite(bot, shared_site.browser, base_url)


async def start_from_the_form(page: Page, game: str, second: str = "ai", name: str = "") -> int:
    """Fills the local page's form (the game, seat 2 as `second`) and starts; the new game's id."""
    await page.wait_for_selector("#local-game option", state="attached")
    await page.select_option("#local-game", game)
    await page.select_option("select.seat-kind[data-seat='1']", second)
    if name:
        await page.fill("#local-seats li:nth-child(2) input.seat-name", name)
    else:
        await page.select_option("#local-seats li:nth-child(2) select.seat-level", "easy")
    await page.click("#local-start")
    await page.wait_for_url("**/games/*")
    await page.wait_for_selector(f"{GAME}[data-version]:not([data-version=''])")
    return int(page.url.rsplit("/", 1)[1].split("?")[0])


async def ai_idle(bot: TabletopBot, game_id: int) -> tuple[int, bool]:
    """Once the AI is asked nothing: the game's version, and whether an AI seat has played yet."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + AI_SECONDS
    while True:
        record = await bot.store.get_game(game_id)
        assert record is not None
        asked = match_of(record).awaited_seats() if record.status == "active" else ()
        if not any(is_ai(record.players[seat]) for seat in asked):
            played = any(is_ai(record.players[entry.seat]) for entry in await bot.store.actions(game_id))
            return record.version, played
        assert loop.time() < deadline, "the AI did not answer"
        await asyncio.sleep(0.05)


@pytest.mark.parametrize("game", GAMES)
async def test_every_game_against_the_ai_from_the_local_page(local_site: LocalSite, game: str, screens: Path) -> None:
    page = await local_site.page()
    try:
        await page.wait_for_function("() => document.title === 'Board games (local)'")
        game_id = await start_from_the_form(page, game)
        record = await local_site.bot.store.get_game(game_id)
        assert record is not None and len(record.players) == registry.get(game).player_counts[0]
        await page.wait_for_selector(f"{CHOICE}, {LEGAL}", timeout=AI_SECONDS * 1000)  # the AI may open
        await page.screenshot(path=str(screens / f"local-{game}.png"))
        for _ in range(MAX_MOVES):  # until the AI has answered (a first move may have follow-ups of its own)
            await page.wait_for_selector(f"{CHOICE}, {LEGAL}")
            tapped, response = await tap_a_move(page)
            assert response.ok, f"the move after {tapped} was refused: {await response.text()}"
            assert await page.locator("#handover").count() == 0, "one person: never covered"
            shown, answered = await ai_idle(local_site.bot, game_id)
            await wait_version(page, shown)  # the AI's answer, or the next step, shows live
            if answered:
                break
        else:
            raise AssertionError(f"the AI was not asked within {MAX_MOVES} moves")
    finally:
        await page.context.close()


@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_the_local_page_is_legible_on_a_phone(local_site: LocalSite, lang: str, screens: Path) -> None:
    page = await local_site.page(f"/?lang={lang}")
    try:
        await page.wait_for_selector("#local-seats li .seat-level", state="attached")
        await page.select_option("#local-game", "wallofwar")  # three seats, the longest option labels
        await page.wait_for_selector("#local-seats li:nth-child(3)")
        await page.screenshot(path=str(screens / f"local-page-{lang}.png"), full_page=True)
        assert await legibility_problems(page) == []
    finally:
        await page.context.close()


async def test_pass_and_play_covers_the_screen_until_the_next_person_taps(local_site: LocalSite, screens: Path) -> None:
    page = await local_site.page("/?lang=ja")
    try:
        game_id = await start_from_the_form(page, "walpurgis", "player", "Bob")
        await page.wait_for_selector("#handover-show")
        await page.screenshot(path=str(screens / "local-handover-ja.png"))
        assert await legibility_problems(page) == []
        assert await page.locator("#private").count() == 0 and await page.get_attribute(GAME, "data-seat") == ""
        record = await local_site.bot.store.get_game(game_id)
        assert record is not None
        first = match_of(record).awaited_seats()[0]
        await page.click("#handover-show")
        await page.wait_for_function("(seat) => document.querySelector('main#game').dataset.seat === seat", arg=str(first))
        await page.wait_for_selector("#private")
        tapped, response = await tap_a_move(page)
        assert response.ok, f"the move after {tapped} was refused: {await response.text()}"
        record = await local_site.bot.store.get_game(game_id)
        assert record is not None
        if first not in match_of(record).awaited_seats():  # handed over: covered, the next person named
            await page.wait_for_selector("#handover-show")
            assert await page.locator("#private").count() == 0
            other = await local_site.bot.display_name(record.players[1 - first])
            assert other in await page.inner_text("#handover")
    finally:
        await page.context.close()
