"""The Activity page in a real browser, on the Embedded App SDK's `DiscordSDKMock` in place of the Discord
client (everything else real): launched in a game's thread, it signs in through the SDK (the fake
Discord's OAuth2 code, `POST /auth/activity`, a bearer session: no cookie), shows that game from the
viewer's seat in the viewer's Discord language, takes a tapped move, and follows a click in Discord live
over its bearer WebSocket."""

from __future__ import annotations

import random
from pathlib import Path

from engine import registry
from engine.core.match import Match
from tests.browser.game_page import GAME, PICTURES_SHOWN, legibility_problems, play_a_move, version, wait_version
from tests.browser.site import Site
from tests.e2e.conftest import ALICE, BOB
from tests.e2e.driver import GUILD


async def test_the_activity_signs_in_through_the_sdk_plays_and_follows_discord(site: Site, screens: Path) -> None:
    table = site.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    record = await table.record(game_id)
    code = site.world.oauth.authorize(ALICE)
    page = await site.page(None, f"/activity?mock=1&mock_code={code}&channel_id={record.thread_id}"
                                 f"&guild_id={GUILD}&mock_locale=ja")
    await page.wait_for_selector(f'{GAME}[data-game-id="{game_id}"][data-version]')
    assert await wait_version(page, record.version) == record.version
    assert await page.locator("#activity-status").count() == 0, "signed in: the status is gone"
    assert await page.get_attribute(GAME, "data-seat") == "0"
    assert await page.locator("#private").count() == 1, "Alice's own part"
    assert await page.evaluate("() => new URLSearchParams(location.search).get('lang')") == "ja", \
        "the viewer's Discord language"
    assert await page.context.cookies() == [], "the Activity keeps no cookie: its session is a bearer token"
    await page.wait_for_function(PICTURES_SHOWN)
    await page.screenshot(path=str(screens / "activity-warchest-ja.png"))
    assert not await legibility_problems(page)

    rng = random.Random(5)
    made: set[str] = set()
    for _ in range(8):  # until a move was tapped here and one clicked in Discord
        if made == {"page", "discord"}:
            break
        record = await table.record(game_id)
        match = Match.from_json(registry.get(record.game_type), record.state or {})
        seat = match.awaited_seats()[0]
        if record.players[seat] == ALICE:
            await play_a_move(page)
            made.add("page")
        else:
            await table.take_turn(record.players[seat], game_id, rng)
            made.add("discord")
        await site.world.settle()
        moved = (await table.record(game_id)).version
        assert await wait_version(page, moved) == moved > match.version
    assert made == {"page", "discord"}
    assert await version(page) == (await table.record(game_id)).version
