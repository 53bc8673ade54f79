"""The two-process site of `bench live_board --processes 2` (tests/browser/site.py): two bots on one
PostgreSQL database, every Discord interaction handled by bot A. A move made on A, through Discord or tapped
on a page A serves, reaches a page bot B serves, through the database's live bridge."""

from __future__ import annotations

import random
from contextlib import AsyncExitStack
from typing import AsyncIterator

import pytest_asyncio

from tabletop.play.service import match_of
from tests.browser.game_page import play_a_move, wait_version
from tests.browser.site import MOVER, Site, open_site
from tests.e2e.conftest import ALICE, BOB, ERIN
from tests.postgres import new_schema


@pytest_asyncio.fixture(loop_scope="package")
async def two_site(postgres_server: str) -> AsyncIterator[Site]:
    async with AsyncExitStack() as stack:
        yield await open_site(stack, await new_schema(postgres_server))


async def test_moves_made_on_a_reach_a_page_served_by_b(two_site: Site) -> None:
    site = two_site
    assert site.mover_url != site.base_url and all(bot.live_bridge is not None for bot in site.bots)
    game_id = await site.table.start_game(ALICE, [BOB], "warchest")
    path = f"/games/{game_id}?lang=en"
    watching = await site.page(ERIN, path)  # on B
    record = await site.table.record(game_id)
    await wait_version(watching, record.version)

    mover = record.players[match_of(record).awaited_seats()[0]]
    await site.table.take_turn(mover, game_id, random.Random(4))  # a Take turn click, handled by A
    await site.world.settle()
    record = await site.table.record(game_id)
    assert await wait_version(watching, record.version) == record.version
    assert set(site.world.served) == {MOVER}, "every interaction was handled by A"

    mover = record.players[match_of(record).awaited_seats()[0]]
    tapping = await site.page(mover, path, at=site.mover_url)  # on A
    await wait_version(tapping, record.version)
    await play_a_move(tapping)
    await site.world.settle()
    moved = (await site.table.record(game_id)).version
    assert moved > record.version
    assert await wait_version(watching, moved) >= moved
    assert site.bots[1].live.watching(game_id) == 1, "the watching page follows B's hub"
