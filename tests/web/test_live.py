"""The live channel: an open page hears each new version of its game after a click in Discord and after a
move from the web and after an AI seat's answer, and nothing but the version; it needs a session and the
right to watch; a sign-out closes it at the next change. The hub itself: newest version wins, no echo back to the bridges."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import aiohttp
import pytest

from tabletop.delivery.live import LiveHub
from tests.ai_discord.helpers import start_with_ai
from tests.e2e.conftest import ALICE, BOB, CAROL
from tests.e2e.driver import GUILD
from tests.web.live_board import LiveBoard, match_of
from web.live import CLOSED_GONE

TIMEOUT = 10.0


async def heard(socket: aiohttp.ClientWebSocketResponse, version: int) -> list[Any]:
    """Messages until the one with `version` (a chain of automatic steps may come as one or several)."""
    got: list[Any] = []
    while not got or got[-1] != {"version": version}:
        got.append(await socket.receive_json(timeout=TIMEOUT))
        assert set(got[-1]) == {"version"} and got[-1]["version"] <= version, got
    return got


async def test_a_click_and_a_web_move_reach_every_open_board(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    record = await table.record(game_id)
    path = f"/api/games/{game_id}/live"
    async with live.client.ws_connect(path, headers=await live.auth(CAROL)) as spectator, \
            live.client.ws_connect(path, headers=await live.auth(BOB)) as player:
        assert await spectator.receive_json(timeout=TIMEOUT) == {"version": record.version}
        assert await player.receive_json(timeout=TIMEOUT) == {"version": record.version}
        match = await match_of(table, game_id)
        await table.take_turn(record.players[match.awaited_seats()[0]], game_id, random.Random(3))
        clicked = (await table.record(game_id)).version
        await heard(spectator, clicked)
        await heard(player, clicked)
        match = await match_of(table, game_id)
        seat = match.awaited_seats()[0]
        await live.play(game_id, record.players[seat], match.legal_actions(seat)[0].notation)
        moved = (await table.record(game_id)).version
        assert moved > clicked
        await heard(spectator, moved)
        await heard(player, moved)
        assert live.table.bot.live.watching(game_id) == 2
    for _ in range(100):
        if not live.table.bot.live.watching():
            break
        await asyncio.sleep(0.01)
    assert live.table.bot.live.watching() == 0, "a closed page stops watching"


async def test_the_channel_needs_a_session_and_closes_after_a_sign_out(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    path = f"/api/games/{game_id}/live"
    refused = await live.get(path, None)
    assert refused.status == 401
    async with live.client.ws_connect(path, headers=await live.auth(CAROL)) as spectator:
        await spectator.receive_json(timeout=TIMEOUT)
        await table.bot.store.revoke_user_sessions(CAROL, now=table.bot.service.now())
        match = await match_of(table, game_id)
        seat = match.awaited_seats()[0]
        await live.play(game_id, (await table.record(game_id)).players[seat], match.legal_actions(seat)[0].notation)
        closing = await spectator.receive(timeout=TIMEOUT)
        assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == CLOSED_GONE


async def test_a_cookie_channel_opens_only_from_this_site(live: LiveBoard) -> None:
    game_id = await live.table.start_game(ALICE, [BOB], "warchest")
    token = (await live.auth(CAROL))["Authorization"].split()[1]
    path = f"/api/games/{game_id}/live"
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await live.client.ws_connect(path, headers={"Cookie": f"tt_session={token}", "Origin": "https://evil.example"})
    assert refused.value.status == 403
    async with live.client.ws_connect(path, headers={"Cookie": f"tt_session={token}",
                                                     "Origin": "http://127.0.0.1:8080"}) as page:
        assert "version" in await page.receive_json(timeout=TIMEOUT)


async def test_the_hub_wakes_with_the_newest_version_and_never_echoes() -> None:
    hub = LiveHub()
    sent: list[tuple[int, int]] = []

    class Recorder:
        def send(self, game_id: int, version: int) -> None:
            sent.append((game_id, version))

    class Broken:
        def send(self, game_id: int, version: int) -> None:
            raise RuntimeError("down")

    hub.attach(Broken())
    hub.attach(Recorder())
    with hub.watch(7) as watch, hub.watch(8) as other:
        watch.seen(3)
        hub.changed(7, 2)  # older than what the page shows
        hub.changed(7, 4)
        hub.changed(7, 5)
        assert await asyncio.wait_for(watch.next(), 1) == 5, "the newest, not each"
        hub.arrived(7, 6)  # from another process: wakes, is not sent on
        assert await asyncio.wait_for(watch.next(), 1) == 6
        waiting = asyncio.ensure_future(other.next())
        await asyncio.sleep(0)
        assert not waiting.done(), "another game's change wakes nobody here"
        waiting.cancel()
        assert hub.watching() == 2 and hub.watching(7) == 1
    assert hub.watching() == 0
    assert sent == [(7, 2), (7, 4), (7, 5)]


async def test_an_ai_seats_move_reaches_the_open_boards(live: LiveBoard) -> None:
    """The AI commits through the same publish path: the page hears of its answer too."""
    table = live.table
    game_id = await start_with_ai(table, ALICE, [], "warchest", ["easy"])

    async def ai_moves() -> int:
        return sum(1 for entry in await table.bot.store.actions(game_id) if entry.seat == 1)

    async with live.client.ws_connect(f"/api/games/{game_id}/live", headers=await live.auth(ALICE)) as page:
        await page.receive_json(timeout=TIMEOUT)
        before = await ai_moves()
        for _ in range(400):  # Alice plays whenever asked, until the AI has answered
            if await ai_moves() > before:
                break
            match = await match_of(table, game_id)
            if 0 in match.awaited_seats():
                await live.play(game_id, ALICE, match.legal_actions(0)[0].notation)
            else:
                await asyncio.sleep(0.05)
        assert await ai_moves() > before, "the AI answered"
        await table.world.settle()
        await heard(page, (await table.record(game_id)).version)


async def test_a_cancelled_game_reaches_the_open_boards(live: LiveBoard) -> None:
    """`/game cancel` ends a game without a move: the pages hear of it, and the scene says so."""
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    record = await table.record(game_id)
    async with live.client.ws_connect(f"/api/games/{game_id}/live", headers=await live.auth(CAROL)) as page:
        await page.receive_json(timeout=TIMEOUT)
        await table.world.slash(ALICE, "game cancel", {"game": game_id}, channel_id=record.thread_id, guild_id=GUILD)
        cancelled = await table.record(game_id)
        assert cancelled.status == "cancelled"
        await heard(page, cancelled.version)
    scene = await live.scene(game_id, BOB)
    assert scene["game"]["status"] == "cancelled" and scene["outcome"]["reason"] == "cancel"
    assert scene["you"]["decision"] is None and scene["prompts"] == []
