"""The replay and league pages in a real browser at phone size (web/client/src/replay.ts, league.ts):

- a finished game's page links to its replay, which opens at its first step; #step-next, #step-prev and the log's entries move
  through it (the board picture of that step loads, the address keeps ?step=), the last step shows the
  result; a spectator's
  page holds none of any seat's private lines; both languages are legible with no sideways scroll;
- a league's page shows every member's row and the round's tables with links to their games.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from playwright.async_api import Page

from tabletop.play import service
from tabletop.presentation.names import seat_names
from tests.browser.game_page import legibility_problems, private_shown
from tests.browser.site import Site
from tests.e2e.conftest import ALICE, BOB, ERIN
from tests.e2e.driver import private_event_texts
from tests.e2e.test_every_game_history import play_quietly_to_end
from tests.leagues.harness import ADMIN, add_players, league_pass_now, slash, the_league

SEED = 20261127


async def step_shown(page: Page) -> int:
    return int(await page.get_attribute("#step", "data-step") or "-1")


async def board_loaded(page: Page, step: int) -> None:
    await page.wait_for_function("""(step) => {
        const image = document.querySelector("#board img.board-image");
        return image && (image.getAttribute("src") || "").includes(`/replay/${step}.webp`) && image.complete
            && image.naturalWidth > 0;
    }""", arg=step)


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
async def test_a_finished_game_steps_back_and_forth(site: Site, screens: Path, monkeypatch: pytest.MonkeyPatch,
                                                    locale: str) -> None:
    monkeypatch.setattr(service, "secrets", SimpleNamespace(randbits=lambda bits: SEED))
    table = site.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    await play_quietly_to_end(table, game_id, random.Random(3))
    steps = len(await table.bot.store.actions(game_id))
    page = await site.page(ERIN, f"/games/{game_id}/replay", locale=locale)
    await page.wait_for_selector("#step[data-step='0']")
    await board_loaded(page, 0)
    assert await page.is_disabled("#step-prev") and not await page.is_disabled("#step-next")
    await page.tap("#step-next")
    await page.wait_for_selector("#step[data-step='1']")
    await board_loaded(page, 1)
    assert page.url.endswith("?step=1") and await page.locator("#lines li").count() > 0
    await page.tap("#step-prev")
    await page.wait_for_selector("#step[data-step='0']")
    await page.tap("#log summary")
    await page.tap("#log button[data-step='3']")
    await page.wait_for_selector("#step[data-step='3']")
    await page.tap("#step-last")
    await page.wait_for_selector(f"#step[data-step='{steps}']")
    await page.wait_for_selector("#outcome:not([hidden])")
    await board_loaded(page, steps)
    assert await page.is_disabled("#step-next")
    assert await legibility_problems(page) == []
    await page.screenshot(path=str(screens / f"replay-{locale}.png"))
    record = await table.record(game_id)
    names = await seat_names(table.bot, record)
    log = [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]
    secrets = set().union(*private_event_texts(record, log, names).values())
    assert await private_shown(page, secrets) == []
    reloaded = await site.page(ERIN, f"/games/{game_id}/replay?step=2", locale=locale)
    await reloaded.wait_for_selector("#step[data-step='2']")
    board = await site.page(ERIN, f"/games/{game_id}", locale=locale)
    await board.tap("#outcome a#open-replay")
    await board.wait_for_selector("main#replay #step[data-step='0']")


async def test_a_league_page_shows_its_members_and_tables(site: Site, screens: Path) -> None:
    table = site.table
    players = add_players(table, 4, first=700)
    await slash(table, ADMIN, "league create", {"name": "Winter", "game": "warchest", "format": "rr", "signup_hours": 1})
    for user in players:
        await slash(table, user, "league join")
    table.clock.advance(3600 + 1)
    await league_pass_now(table)
    league = await the_league(table, "Winter")
    page = await site.page(players[0], f"/leagues/{league.id}")
    await page.wait_for_selector("#standings tbody tr")
    assert await page.locator("#standings tbody tr").count() == 4
    assert await page.locator("#standings tr.you").count() == 1
    assert await page.locator("#schedule .round li a.button").count() == 2, "each table links to its game"
    assert await legibility_problems(page) == []
    await page.screenshot(path=str(screens / "league.png"), full_page=True)
