"""The Activity's server side: Discord's launch at the root sent on to /activity, the page framed by Discord,
the game of the channel it opens in (a thread's game; from a DM the game last opened, else the one that
waited for the viewer most recently) shown only to those who may see it, and the live channel for a page
that can send no Authorization header."""

from __future__ import annotations

import random
import re

import aiohttp
import pytest

from tabletop.play.service import match_of
from tests.e2e.conftest import ALICE, BOB, CAROL, ERIN
from tests.e2e.driver import GUILD
from tests.web.live_board import OUTSIDER, LiveBoard
from web import bundle
from web.sessions import SOCKET_BEARER

TIMEOUT = 5.0


@pytest.fixture(scope="module", autouse=True)
def built() -> None:
    bundle.ensure_built()


async def found(live: LiveBoard, user: int | None, channel: object) -> tuple[int, dict[str, str]]:
    response = await live.get("/api/activity/game", user, channel_id=str(channel))
    return response.status, await response.json()


async def test_discords_launch_at_the_root_goes_on_to_the_activity_page(live: LiveBoard) -> None:
    query = "instance_id=i-1&location_id=9&launch_id=3&frame_id=f-2&platform=desktop&guild_id=1&channel_id=5"
    response = await live.client.get(f"/?{query}", allow_redirects=False)
    assert response.status == 302 and response.headers["Location"] == f"/activity?{query}"
    plain = await live.client.get("/?frame_id=f-2", allow_redirects=False)
    assert plain.status != 302, "only a launch (frame_id and instance_id) is sent on"
    page = await live.client.get(f"/activity?{query}")
    assert page.status == 200 and page.content_type == "text/html"
    policy = dict(part.strip().split(" ", 1) for part in page.headers["Content-Security-Policy"].split(";"))
    assert "https://discord.com" in policy["frame-ancestors"] and policy["script-src"] == "'self'"
    main = re.search(r"<main ([^>]*)>", await page.text())
    assert main is not None and 'id="game"' in main.group(1) and 'data-game-id=""' in main.group(1)
    assert "data-activity" in main.group(1) and "data-client-id" in main.group(1)


async def test_a_threads_activity_shows_its_game_to_whoever_may_see_it(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    thread = (await table.record(game_id)).thread_id
    assert await found(live, ALICE, thread) == (200, {"game": str(game_id), "status": "active"})
    assert (await found(live, CAROL, thread))[0] == 200, "a member of the server watches"
    live.world.add_user(OUTSIDER, "outsider")
    live.members_only(GUILD, {ALICE, BOB, CAROL})
    assert (await found(live, OUTSIDER, thread))[1]["error"] == "not_member"
    assert (await found(live, None, thread))[0] == 401
    for bad in ("", "12x", "9" * 25, "-3"):
        assert (await found(live, ALICE, bad))[1]["error"] == "bad_channel"


async def test_a_dms_activity_shows_the_game_opened_else_the_one_waiting_for_the_viewer(live: LiveBoard) -> None:
    table = live.table
    games = []
    for _ in range(2):
        game = await table.start_game(ALICE, [CAROL], "warchest")
        while (await table.record(game)).seat_of(ALICE) not in match_of(await table.record(game)).awaited_seats():
            await table.take_turn(CAROL, game, random.Random(5))
        games.append(game)
        table.clock.advance(60)
    first, second = games
    dm = live.world.dm_channel(ALICE).id
    newest = second  # the game whose turn came to Alice last
    assert await found(live, ALICE, dm) == (200, {"game": str(newest), "status": "active"})
    table.bot.launches.remember(ALICE, first, table.bot.service.now())  # pressed Open live board in first's DM
    assert (await found(live, ALICE, dm))[1]["game"] == str(first)
    table.clock.advance(3600)
    assert (await found(live, ALICE, dm))[1]["game"] == str(newest), "a click long ago says nothing"
    table.bot.launches.remember(ALICE, first, table.bot.service.now())
    second_thread = (await table.record(second)).thread_id
    assert (await found(live, ALICE, second_thread))[1]["game"] == str(second), "a thread names its own game"
    assert (await found(live, ERIN, live.world.dm_channel(ERIN).id))[1]["error"] == "no_activity_game"


async def test_the_activitys_live_channel_signs_in_with_a_subprotocol(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    token = (await live.auth(ALICE))["Authorization"].split()[1]
    path = f"/api/games/{game_id}/live"
    async with live.client.ws_connect(path, protocols=(SOCKET_BEARER, token)) as socket:
        assert socket.protocol == SOCKET_BEARER
        assert await socket.receive_json(timeout=TIMEOUT) == {"version": (await table.record(game_id)).version}
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await live.client.ws_connect(path, protocols=(SOCKET_BEARER, "x" * 43))
    assert refused.value.status == 401
