"""Discord's invalid-request limit in the fake: which answers count, the Cloudflare ban past the limit (as
discord.py meets it: an HTTPException from a 429 it does not sleep on), and the ban lifting once the window
that earned it has cleared on the world's clock."""

from __future__ import annotations

import discord
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.invalid import InvalidRequests

from .conftest import CAROL, GAMES, GUILD
from .tinybot import Store, TinyBot

LIMIT = 5


class Clock:
    """The world's clock, moved by the test."""

    def __init__(self) -> None:
        self.at = 1_795_000_000.0

    def __call__(self) -> float:
        return self.at


def test_401_403_and_429_count_but_not_a_shared_429_nor_other_errors() -> None:
    invalid = InvalidRequests(limit=3, window=600.0)
    for status, scope in ((404, None), (400, None), (500, None), (429, "shared"), (200, None)):
        assert not invalid.record("GET", "/x", status, scope, 10.0)
    assert invalid.total == 0
    assert not invalid.record("POST", "/a", 403, None, 10.0)
    assert not invalid.record("POST", "/b", 401, None, 20.0)
    assert invalid.in_window(20.0) == 2 and not invalid.refuses(20.0)
    assert invalid.in_window(610.0) == 1, "the window slides: the first fell out"
    assert not invalid.record("POST", "/c", 429, "user", 610.0)
    assert invalid.record("POST", "/d", 429, "global", 615.0), "the third in one window reaches the limit"
    assert invalid.refuses(615.0) and invalid.refuses(1214.0) and invalid.banned_requests == 2
    assert not invalid.refuses(1215.0), "the window that earned the ban has cleared"
    assert invalid.in_window(1215.0) == 0 and invalid.bans == [615.0] and invalid.total == 4


async def test_a_bot_past_the_limit_is_banned_by_cloudflare_until_the_window_clears() -> None:
    clock = Clock()
    async with FakeDiscord(rate_limit_scale=0.01, invalid_request_limit=LIMIT, clock=clock) as world:
        world.add_guild(GUILD, "Guild")
        world.add_channel(GUILD, GAMES, "games")
        world.add_user(CAROL, "carol", dms_closed=True)
        await world.attach(TinyBot(Store()))
        carol = await world.run(world.bot.fetch_user(CAROL))
        for _ in range(LIMIT):  # a bot that forgets her DMs are closed
            with pytest.raises(discord.Forbidden):
                await world.run(carol.send("your turn"))
            clock.at += 1
        assert world.invalid.total == LIMIT and world.invalid.in_window(clock()) == LIMIT
        assert {(r.method, r.status) for r in world.invalid.responses} == {("POST", 403)}
        (error,) = world.take_errors()
        assert error.source == "invalid requests"

        games = world.bot.get_partial_messageable(GAMES)
        with pytest.raises(discord.HTTPException) as banned:
            await world.run(games.send("hello"))
        assert banned.value.status == 429 and "Cloudflare" in banned.value.text
        assert banned.value.response.headers.get("Via") is None
        assert "X-RateLimit-Remaining" not in banned.value.response.headers
        assert world.messages_in(GAMES) == [] and world.invalid.banned_requests == 1
        assert world.invalid.total == LIMIT, "a banned request never reaches Discord: it is not counted"

        clock.at = world.invalid.bans[0] + 600
        await world.run(games.send("hello again"))
        assert [m.text for m in world.messages_in(GAMES)] == ["hello again"]
        assert world.invalid.in_window(clock()) == 0
