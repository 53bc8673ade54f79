"""A small world (one guild, two channels, three users) with the tiny bot attached."""

from __future__ import annotations

from typing import AsyncIterator

import pytest

from tests.fakediscord import FakeDiscord

from .tinybot import Store, TinyBot

GUILD, GAMES, LOCKED = 1, 10, 11
ALICE, BOB, CAROL = 100, 101, 102


@pytest.fixture
async def world() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(rate_limit_scale=0.01) as world:
        world.add_guild(GUILD, "Guild")
        world.add_channel(GUILD, GAMES, "games")
        world.add_channel(GUILD, LOCKED, "no-threads", can_create_threads=False)
        world.add_user(ALICE, "alice", locale="ja")
        world.add_user(BOB, "bob")
        world.add_user(CAROL, "carol", dms_closed=True)
        yield world


@pytest.fixture
def store() -> Store:
    return Store()


@pytest.fixture
async def bot_world(world: FakeDiscord, store: Store) -> FakeDiscord:
    await world.attach(TinyBot(store))
    return world
