"""Every game played from the live board in a real browser at phone size, a few moves into a deal played
through Discord (so every seat holds something the others must not see):

- the seat to move makes a move by tapping (a highlighted region of the board, else a list button), and
  its page shows the new version;
- the other player's page, opened before, shows it live without reloading;
- a spectator's page (a member of the server, not seated) follows too and holds nothing private: no
  `#private`, no private picture, none of any seat's private lines in its text or markup;
- the board is legible at 390×844 in both languages, English in the light theme and Japanese in the dark
  (no text under 9 px, nothing clipped, no sideways scroll), each page saved as a screenshot of the
  screen and of the whole page (`SCREENS_DIR` to keep them).
"""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from playwright.async_api import Page, WebSocketRoute

from engine import registry
from engine.core.match import Match
from tabletop.play import service
from tests.browser.game_page import (GAME, PICTURES_SHOWN, legibility_problems, play_a_move, private_shown,
                                     tap_a_move, wait_version)
from tests.browser.site import Site
from tests.e2e.conftest import ALICE, BOB, CAROL, ERIN
from tests.e2e.driver import private_event_texts

GAMES = [("warchest", 2, 6), ("wallofwar", 3, 14), ("wunderkammer", 2, 12), ("artofwar", 2, 6), ("walpurgis", 2, 6)]
"""(game, players, actions played through Discord first), as the scene's privacy test plays them."""
PLAYERS = [ALICE, BOB, CAROL]
SPECTATOR = ERIN
SEED = 20261127
NOT_RELOADED = "window.__stillThisPage"


async def dealt(site: Site, game: str, players: int, actions: int) -> int:
    """A game of `players` some `actions` into the same deal every run, played through Discord."""
    table = site.table
    game_id = await table.start_game(PLAYERS[0], PLAYERS[1:players], game)
    rng = random.Random(game)
    for _ in range(actions):
        record = await table.record(game_id)
        match = Match.from_json(registry.get(record.game_type), record.state or {})
        await table.take_turn(record.players[rng.choice(match.awaited_seats())], game_id, rng)
    return game_id


async def private_lines(site: Site, game_id: int) -> set[str]:
    """Every private line any seat has received so far, in both languages."""
    record = await site.table.record(game_id)
    names = {seat: await site.table.bot.display_name(user) for seat, user in enumerate(record.players)}
    log = [(entry.seat, entry.action) for entry in await site.table.bot.store.actions(game_id)]
    return set().union(*private_event_texts(record, log, names).values())


async def screenshot(page: Page, screens: Path, name: str) -> None:
    await page.wait_for_function(PICTURES_SHOWN)
    await page.screenshot(path=str(screens / f"{name}.png"))
    await page.screenshot(path=str(screens / f"{name}-full.png"), full_page=True)
    problems = await legibility_problems(page)
    assert not problems, f"{name} is not legible at phone size: {problems[:6]}"


@pytest.mark.parametrize(("game", "players", "actions"), GAMES, ids=[game for game, _, _ in GAMES])
async def test_a_tapped_move_reaches_every_open_page_and_a_spectator_sees_nothing_private(
        site: Site, screens: Path, monkeypatch: pytest.MonkeyPatch, game: str, players: int, actions: int) -> None:
    monkeypatch.setattr(service, "secrets", SimpleNamespace(randbits=lambda bits: SEED))
    game_id = await dealt(site, game, players, actions)
    record = await site.table.record(game_id)
    match = Match.from_json(registry.get(record.game_type), record.state or {})
    seat = match.awaited_seats()[0]
    mover, other = record.players[seat], record.players[(seat + 1) % players]
    path = f"/games/{game_id}?lang=en"
    pages = {user: await site.page(user, path) for user in (mover, other, SPECTATOR)}
    for page in pages.values():
        assert await wait_version(page, match.version) == match.version
        await page.evaluate(f"() => {{ {NOT_RELOADED} = true; }}")
    mine, spectator = pages[mover], pages[SPECTATOR]
    assert await mine.get_attribute(GAME, "data-seat") == str(seat)
    assert await mine.locator("#private").count() == 1, "a seat sees its own private part"
    assert await spectator.get_attribute(GAME, "data-seat") == ""
    assert await spectator.locator("#private").count() == 0, "a spectator has no private part"
    assert "/private/" not in await spectator.content(), "no private picture on a spectator's page"
    secrets = await private_lines(site, game_id)
    assert secrets, "the deal gave someone something private to hide"
    assert not await private_shown(spectator, secrets)
    await screenshot(mine, screens, f"{game}-en")

    tapped = await play_a_move(mine)
    moved = (await site.table.record(game_id)).version
    assert await wait_version(mine, moved) == moved > match.version, tapped
    for user in (other, SPECTATOR):
        assert await wait_version(pages[user], moved) == moved
        assert await pages[user].evaluate(f"() => {NOT_RELOADED} === true"), "shown live, not by a reload"
    await site.world.settle()  # the thread and DMs are written before the next test
    assert not await private_shown(spectator, await private_lines(site, game_id))

    await mine.emulate_media(color_scheme="dark")
    await mine.goto(f"/games/{game_id}?lang=ja")
    await wait_version(mine, moved)
    await screenshot(mine, screens, f"{game}-ja-dark")


async def test_a_tap_on_a_position_that_moved_on_is_refused_and_the_page_catches_up(site: Site) -> None:
    """The page's live channel is held back (as on a slow network) while its seat moves in Discord: its
    tap then answers for a decision already made, which the server refuses as a stale click, said in
    `#toast`, and the page asks for the position anew (it may show it before the channel's news arrives)."""
    game_id = await site.table.start_game(ALICE, [BOB], "warchest")
    record = await site.table.record(game_id)
    match = Match.from_json(registry.get(record.game_type), record.state or {})
    mover = record.players[match.awaited_seats()[0]]
    held: list[str | bytes] = []
    sockets: list[WebSocketRoute] = []

    async def hold_back(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        server.on_message(lambda message: held.append(message))
        sockets.append(socket)

    context = await site.context(mover)
    await context.route_web_socket("**/live", hold_back)
    page = await context.new_page()
    await page.goto(f"/games/{game_id}?lang=en")
    await wait_version(page, match.version)
    await page.wait_for_function(f"() => document.querySelector('{GAME}').dataset.live === 'open'")
    await site.table.take_turn(mover, game_id, random.Random(1))
    await site.world.settle()
    moved = (await site.table.record(game_id)).version
    tapped, response = await tap_a_move(page)
    assert response.status == 409, (tapped, response.status, await response.text())
    toast = page.locator("#toast")
    await toast.wait_for(state="visible")
    assert (await toast.inner_text()).strip(), "the refusal is said"
    for message in held:
        sockets[0].send(message)
    assert await wait_version(page, moved) == moved
