"""The sign-in link of a player's own turn DM (tabletop.delivery.signin_links, web.signin_link): opening it shows a
page and changes nothing (link previews fetch it); its Continue button signs that player in once, within
30 minutes, from this site only; a forged, altered, foreign-keyed, expired, spent or misdirected link signs
nobody in."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import AsyncIterator
from urllib.parse import urlsplit

import aiohttp
import pytest

from tabletop.runtime.config import Config
from tabletop.play.service import match_of
from tabletop.delivery.signin_links import LINK_SECONDS, issue
from tests.e2e.conftest import ALICE, CAROL, ERIN, simulated_server
from tests.web.live_board import LOCAL_URL, LiveBoard
from web.discord_api import DiscordUser
from web.sessions import open_session

ORIGIN = {"Origin": LOCAL_URL}


@pytest.fixture
async def linked(tmp_path: Path) -> AsyncIterator[LiveBoard]:
    """The board with PUBLIC_URL given and sign-in set up, as the bot that writes the DMs has them too."""
    async with simulated_server(tmp_path / "bot.sqlite3") as table:
        oauth = table.world.oauth
        config = Config(token=None, database_path="unused", dev_guild_id=None, log_level="INFO", public_url=LOCAL_URL,
                        discord_client_id=oauth.client_id, discord_client_secret=oauth.client_secret)
        table.bot.config = replace(table.bot.config, public_url=LOCAL_URL, discord_client_id=oauth.client_id,
                                   discord_client_secret=oauth.client_secret)
        started = await LiveBoard(table, config=config).start()
        yield started
        await started.close()


async def turn(live: LiveBoard) -> tuple[int, int, str]:
    """A new game, the player it waits for, and the link their turn DM carries (its path)."""
    table = live.table
    game_id = await table.start_game(ALICE, [CAROL], "warchest")
    record = await table.record(game_id)
    user = record.players[match_of(record).awaited_seats()[0]]
    dm = next(m for m in reversed(table.world.dms_to(user)) if any(f":{game_id}:" in cid for cid in m.custom_ids()))
    (url,) = [button["url"] for button in dm.buttons() if button.get("style") == 5]
    assert url.startswith(f"{LOCAL_URL}/auth/link/{user}.{game_id}.")
    board = table.latest_board(record)
    assert [b["url"] for b in board.buttons() if b.get("style") == 5] == [f"{LOCAL_URL}/games/{game_id}"], \
        "the thread's board links plainly: it is everybody's"
    return game_id, user, urlsplit(url).path


async def post(live: LiveBoard, path: str, headers: dict[str, str] | None = None) -> aiohttp.ClientResponse:
    return await live.client.post(path, headers=ORIGIN if headers is None else headers, allow_redirects=False)


def session_cookie(response: aiohttp.ClientResponse) -> str | None:
    return response.cookies["tt_session"].value if "tt_session" in response.cookies else None


async def test_the_link_shows_a_page_then_its_button_signs_the_player_in_once(linked: LiveBoard) -> None:
    game_id, user, path = await turn(linked)
    for _ in range(2):  # a link preview, then the person: neither spends it
        page = await linked.client.get(path, headers={"Accept-Language": "en"})
        assert page.status == 200 and "Set-Cookie" not in page.headers
        text = await page.text()
        assert f'<form method="post" action="{path}">' in text and "War Chest" in text and "<script" not in text
        assert page.headers["Cache-Control"] == "no-store"
    used = await post(linked, path)
    assert used.status == 303 and used.headers["Location"] == f"/games/{game_id}"
    token = session_cookie(used)
    assert token is not None
    me = await linked.client.get("/auth/me", headers={"Cookie": f"tt_session={token}"})
    assert (await me.json())["user"]["id"] == str(user)
    again = await post(linked, path)
    assert again.status == 410 and session_cookie(again) is None, "spent"
    assert (await linked.client.get(path)).status == 410
    back = await post(linked, path, ORIGIN | {"Cookie": f"tt_session={token}"})
    assert back.status == 303, "the same person signed in already just goes on"


async def test_a_link_expires(linked: LiveBoard) -> None:
    game_id, _, path = await turn(linked)
    linked.table.clock.advance(LINK_SECONDS)
    page = await linked.client.get(path)
    assert page.status == 410 and f"/auth/login?next=/games/{game_id}" in await page.text()
    used = await post(linked, path)
    assert used.status == 410 and session_cookie(used) is None


async def test_forged_altered_or_misdirected_links_sign_nobody_in(linked: LiveBoard) -> None:
    game_id, user, path = await turn(linked)
    table = linked.table
    secret = table.bot.config.discord_client_secret
    assert secret
    token = path.rsplit("/", 1)[1]
    other = ALICE if user == CAROL else CAROL
    head, mac = token.rsplit(".", 1)
    forged = [
        f"{other}{token[len(str(user)):]}",                              # another player, same MAC
        f"{head}.{'A' if mac[0] != 'A' else 'B'}{mac[1:]}",               # the MAC altered
        issue("not the server's secret", user, game_id, table.bot.service.now()),
        "garbage", "1.2.3.4.5", "." * 200,
    ]
    for bad in forged:
        response = await post(linked, f"/auth/link/{bad}")
        assert response.status == 400 and session_cookie(response) is None, bad
    stranger = issue(secret, ERIN, game_id, table.bot.service.now())  # signed, but Erin plays no seat here
    assert (await post(linked, f"/auth/link/{stranger}")).status == 403
    elsewhere = await post(linked, path, {"Origin": "https://evil.example"})
    assert elsewhere.status == 403 and session_cookie(elsewhere) is None, "another site's form"
    assert (await post(linked, path, {})).status == 403, "no origin at all"
    bob_token, _ = await open_session(linked.client.app, DiscordUser(other, "other"), "browser")
    switched = await post(linked, path, ORIGIN | {"Cookie": f"tt_session={bob_token}"})
    assert switched.status == 409 and session_cookie(switched) is None, "a forwarded link does not switch accounts"
    assert (await post(linked, path)).status == 303, "none of that spent the link"
