"""Local mode (no Discord token) in a real browser at phone size: the bot's local application listening on
the loopback as `bot.py` starts it without a token. The page hands out its own session; a person starts
each game against the AI from the form, plays it by tapping on the game page, and sees the AI's answer
arrive live (War Chest, where every move hands the turn over)."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from pathlib import Path
from typing import AsyncIterator

import pytest_asyncio

from tabletop.ai_seats import is_ai
from tabletop.bot import TabletopBot
from tabletop.service import match_of
from tests.browser.game_page import CHOICE, GAME, LEGAL, PICTURES_SHOWN, legibility_problems, play_a_move
from tests.browser.site import Site, free_port
from tests.web.local_mode import GENEROUS, local_bot, local_config
from web.local import make_local_app
from web.server import WebServer

GAMES = ("warchest", "wallofwar", "wunderkammer", "artofwar", "walpurgis")
ANSWERED = ("warchest",)
"""Games whose every move hands the turn over: the AI's answer to the tapped move is awaited on the page
(elsewhere one move may leave the turn with the person: a turn of several actions)."""
AI_SECONDS = 30.0


@pytest_asyncio.fixture(loop_scope="package")
async def local(tmp_path: Path) -> AsyncIterator[tuple[TabletopBot, str]]:
    """The local bot and the address its application listens on."""
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    config = local_config(tmp_path / "local.sqlite3", web_port=port, public_url=base_url)
    async with AsyncExitStack() as stack:
        bot = await stack.enter_async_context(local_bot(config))
        server = WebServer(make_local_app(bot, config, limits=GENEROUS), "127.0.0.1", port)
        await server.start()
        stack.push_async_callback(server.stop)
        yield bot, base_url


async def ai_moves(bot: TabletopBot, game_id: int) -> int:
    record = await bot.store.get_game(game_id)
    assert record is not None
    return sum(1 for entry in await bot.store.actions(game_id) if is_ai(record.players[entry.seat]))


async def asked_here(bot: TabletopBot, game_id: int) -> bool:
    """Waits until the game asks the person (the AI has answered what it was asked); False once it is over."""
    for _ in range(int(AI_SECONDS / 0.05)):
        record = await bot.store.get_game(game_id)
        assert record is not None
        if record.status != "active":
            return False
        if any(not is_ai(record.players[seat]) for seat in match_of(record).awaited_seats()):
            return True
        await asyncio.sleep(0.05)
    raise AssertionError("the AI did not answer")


async def test_every_game_is_played_against_the_ai_from_the_local_page(
        site: Site, local: tuple[TabletopBot, str], screens: Path) -> None:
    bot, base_url = local
    page = await (await site.context(None, base_url=base_url)).new_page()
    for game in GAMES:
        await page.goto("/?lang=en")
        await page.wait_for_selector(f'#local-game option[value="{game}"]', state="attached")
        await page.select_option("#local-game", game)
        await page.wait_for_selector("#local-seats .seat-kind")
        assert await page.locator("#local-seats .seat-kind").evaluate_all("(seats) => seats.map((s) => s.value)") \
            == ["you"] + ["ai"] * (await page.locator("#local-seats .seat-kind").count() - 1)
        await page.tap("#local-start")
        await page.wait_for_url("**/games/*")
        game_id = int(await page.get_attribute(GAME, "data-game-id") or 0)
        assert game_id, page.url
        assert await asked_here(bot, game_id), f"{game}: over before anyone played"
        record = await bot.store.get_game(game_id)
        assert record is not None
        await page.wait_for_function(
            f"(v) => Number(document.querySelector('{GAME}').dataset.version) >= v"
            f" && document.querySelector('{LEGAL}, {CHOICE}') !== null", arg=record.version)
        before = await ai_moves(bot, game_id)
        await play_a_move(page)
        if game in ANSWERED:
            await asked_here(bot, game_id)
            record = await bot.store.get_game(game_id)
            assert record is not None and await ai_moves(bot, game_id) > before, f"{game}: the AI answered"
            await page.wait_for_function(f"(v) => Number(document.querySelector('{GAME}').dataset.version) >= v",
                                         arg=record.version)
    await page.wait_for_function(PICTURES_SHOWN)
    await page.screenshot(path=str(screens / "local-walpurgis-en.png"))
    assert not await legibility_problems(page)
