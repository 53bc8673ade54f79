"""Discord's rate limits in the fake: the limiter's answers, and discord.py's real handling of them
(pacing on the bucket headers, sleeping and retrying on 429) running above the fake transport."""

from __future__ import annotations

import asyncio
from typing import Awaitable

from tests.fakediscord import FakeDiscord
from tests.fakediscord.ratelimits import RateLimiter, Verdict
from tests.fakediscord.world import BOT_TOKEN, CALLBACK, FOLLOWUP

from .conftest import ALICE, GAMES, GUILD
from .tinybot import Store, TinyBot

TOKEN = f"Bot {BOT_TOKEN}"
MESSAGES = "/channels/{channel_id}/messages"


async def together(*sends: Awaitable[object]) -> None:
    await asyncio.gather(*sends)


def post(limiter: RateLimiter, channel: int, now: float, token: str | None = TOKEN) -> Verdict:
    return limiter.admit(token, "POST", MESSAGES, {"channel_id": str(channel)}, f"/channels/{channel}/messages", now)


def test_a_channel_takes_five_messages_per_five_seconds_then_answers_429_with_discords_headers() -> None:
    limiter = RateLimiter()
    taken = [post(limiter, 10, now) for now in (100.0, 100.25, 100.5, 100.75, 101.0)]
    first = taken[0].headers
    assert [v.refusal for v in taken] == [None] * 5
    assert [v.headers["X-RateLimit-Remaining"] for v in taken] == ["4", "3", "2", "1", "0"]
    assert first["X-RateLimit-Limit"] == "5" and first["X-RateLimit-Reset-After"] == "5.000"
    refused = post(limiter, 10, 101.5)
    assert refused.refusal == {"message": "You are being rate limited.", "retry_after": 3.5, "global": False}
    assert refused.headers["X-RateLimit-Scope"] == "user" and refused.headers["Retry-After"] == "4"
    assert refused.headers["X-RateLimit-Bucket"] == first["X-RateLimit-Bucket"]
    assert post(limiter, 11, 101.5).refusal is None, "each channel has its own bucket"
    assert post(limiter, 10, 105.0).refusal is None, "the window is over"
    assert [(hit.scope, hit.path, hit.retry_after) for hit in limiter.hits] == [("user", "/channels/10/messages", 3.5)]


def test_the_global_limit_counts_every_bot_request_but_not_the_interaction_endpoints() -> None:
    limiter = RateLimiter(scale=0.5)  # 50 requests per half second
    history = "/channels/{channel_id}/messages/{message_id}"  # no route bucket: no headers, global only
    for n in range(50):
        assert limiter.admit(TOKEN, "GET", history, {"channel_id": str(n)}, "/x", 10.0).refusal is None
    refused = limiter.admit(TOKEN, "GET", "/users/@me", {}, "/users/@me", 10.25)
    assert refused.refusal == {"message": "You are being rate limited.", "retry_after": 0.25, "global": True}
    assert refused.headers == {"Retry-After": "1", "X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
    assert post(limiter, 10, 10.25).refusal is not None, "a route with room left is still globally limited"
    interaction = {"webhook_id": "1", "webhook_token": "tok"}
    assert limiter.admit(None, "POST", CALLBACK, interaction, "/cb", 10.25).refusal is None
    assert limiter.admit(None, "POST", FOLLOWUP, interaction, "/fu", 10.25).refusal is None
    assert limiter.admit("Bot another.bot", "GET", "/users/@me", {}, "/users/@me", 10.25).refusal is None
    assert limiter.admit(TOKEN, "GET", "/users/@me", {}, "/users/@me", 10.5).refusal is None
    assert [hit.scope for hit in limiter.hits] == ["global", "global"]


async def test_discordpy_paces_a_burst_in_one_channel_and_settle_waits_for_it(bot_world: FakeDiscord) -> None:
    channel = bot_world.bot.get_partial_messageable(GAMES)
    texts = [f"message {n}" for n in range(12)]
    sending: list[asyncio.Task[object]] = []

    async def fire_and_forget() -> None:  # as a bot's background notices: nobody awaits them
        sending.extend(asyncio.ensure_future(channel.send(text)) for text in texts)

    await bot_world.run(fire_and_forget())
    assert all(task.done() for task in sending), "settle() waited out discord.py's sleeps on the bucket"
    assert sorted(m.text for m in bot_world.messages_in(GAMES)) == sorted(texts)
    assert bot_world.rate_limited == [], "discord.py waited for the bucket's reset instead of meeting a 429"


async def test_a_burst_over_the_global_limit_is_slept_out_and_retried_by_discordpy() -> None:
    async with FakeDiscord(rate_limit_scale=0.2, global_rate_limit=10) as world:  # 10 requests per 0.2 s
        world.add_guild(GUILD, "Guild")
        channels = [world.add_channel(GUILD, 500 + n, f"c{n}").id for n in range(30)]
        await world.attach(TinyBot(Store()))
        bot = world.bot
        await world.run(together(*(bot.get_partial_messageable(c).send(f"to {c}") for c in channels)))
        assert [[m.text for m in world.messages_in(c)] for c in channels] == [[f"to {c}"] for c in channels]
        assert world.rate_limited and {hit.scope for hit in world.rate_limited} == {"global"}


async def test_interaction_callbacks_and_followups_are_exempt_from_the_global_limit() -> None:
    async with FakeDiscord(rate_limit_scale=10.0) as world:  # a global window of 10 s, longer than the test
        world.add_guild(GUILD, "Guild")
        world.add_channel(GUILD, GAMES, "games")
        world.add_user(ALICE, "alice")
        await world.attach(TinyBot(Store()))
        now = asyncio.get_running_loop().time()
        while world.ratelimits.admit(TOKEN, "GET", "/users/@me", {}, "/users/@me", now).refusal is None:
            pass  # the bot has used up its global window
        world.rate_limited.clear()
        played = await world.slash(ALICE, "game play", {"action": "bid"}, channel_id=GAMES, guild_id=GUILD)
        board = await world.slash(ALICE, "game board", {}, channel_id=GAMES, guild_id=GUILD)
        assert played.answered and board.answered and board.messages[-1].attachments
        assert world.rate_limited == []


async def test_a_bucket_another_process_used_up_is_met_with_429_then_slept_out() -> None:
    async with FakeDiscord(rate_limit_scale=0.1) as world:  # the channel's window lasts 0.5 s
        world.add_guild(GUILD, "Guild")
        world.add_channel(GUILD, GAMES, "games")
        await world.attach(TinyBot(Store()))
        now = asyncio.get_running_loop().time()
        for _ in range(5):  # a second process of the same bot has just posted five messages there
            assert post(world.ratelimits, GAMES, now).refusal is None
        channel = world.bot.get_partial_messageable(GAMES)
        await world.run(together(*(channel.send(f"late {n}") for n in range(3))))
        assert sorted(m.text for m in world.messages_in(GAMES)) == ["late 0", "late 1", "late 2"]
        assert [hit.scope for hit in world.rate_limited] == ["user"], "one 429, then discord.py knows the bucket"
