"""Rate limits (per session, else per address, in bounded memory), /healthz, and the client secret kept out
of every log line and repr."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import AsyncIterator

import pytest

from storage import open_store
from storage.sqlite import SqliteStore
from discord_ui.bot import TabletopBot
from tests.fakediscord import FakeDiscord
from tests.web.board import Board, Clock, config_for
from web import keys
from web.app import make_app
from web.discord_api import DiscordApi
from web.ratelimit import Rate, RateLimits, TokenBuckets


@pytest.fixture
async def limited(world: FakeDiscord, store: SqliteStore) -> AsyncIterator[tuple[Board, Clock]]:
    ticks = Clock(0.0)
    board = await Board(world, store, config_for(world), limits=RateLimits(
        per_session=Rate(3, 1.0), per_address=Rate(4, 1.0), clock=ticks.now)).start()
    yield board, ticks
    await board.close()


async def test_an_address_without_a_session_is_held_to_its_bucket(limited: tuple[Board, Clock]) -> None:
    board, ticks = limited
    for _ in range(4):
        assert (await board.me({})).status == 401
    refused = await board.me({"Accept-Language": "ja"})
    assert refused.status == 429 and refused.headers["Retry-After"] == "1"
    assert await refused.json() == {"error": "rate_limited",
                                    "message": "リクエストが多すぎます。1秒後にもう一度お試しください。"}
    for _ in range(3):
        assert (await board.client.get("/healthz")).status == 200, "probes are never limited"
    other = {"X-Forwarded-For": "203.0.113.9, 198.51.100.7"}  # through a local reverse proxy: the last hop
    assert (await board.me(other)).status == 401
    ticks.now_at += 1.0
    assert (await board.me({})).status == 401, "one token back after a second"
    assert (await board.me({})).status == 429


async def test_a_session_has_its_own_bucket(limited: tuple[Board, Clock], world: FakeDiscord) -> None:
    board, ticks = limited
    session = (await board.activity_sign_in(world.user(101)))["session"]  # one anonymous request
    bearer = {"Authorization": f"Bearer {session}"}
    for _ in range(3):
        assert (await board.me(bearer)).status == 200
    refused = await board.me(bearer)
    assert refused.status == 429 and (await refused.json())["error"] == "rate_limited"
    assert (await board.me({})).status == 401, "the address still has its own tokens"
    ticks.now_at += 2.0
    assert (await board.me(bearer)).status == 200


def test_the_buckets_have_a_memory_bound() -> None:
    buckets = TokenBuckets(Rate(1, 0.5), size=3, clock=lambda: 0.0)
    for index in range(100):
        assert buckets.take(f"10.0.0.{index}") == 0.0
    assert len(buckets) == 3
    assert buckets.take("10.0.0.99") == 2.0, "a recent key keeps its empty bucket: 2 s to the next token"


async def test_healthz_is_503_until_every_part_is_ready(board: Board) -> None:
    board.ready.update(store=False, workers=False, gateway=False)
    response = await board.client.get("/healthz", headers={"Cookie": "tt_session=" + "A" * 43})  # no store read
    assert response.status == 503 and await response.json() == {"ready": False, "waiting": ["gateway", "store", "workers"]}
    waiting = await board.client.get("/auth/login", allow_redirects=False)
    assert waiting.status == 503 and (await waiting.json())["error"] == "not_ready" and waiting.headers["Retry-After"]
    board.ready.update(store=True, workers=True)
    assert await (await board.client.get("/healthz")).json() == {"ready": False, "waiting": ["gateway"]}
    board.ready["gateway"] = True
    response = await board.client.get("/healthz")
    assert response.status == 200 and await response.json() == {"ready": True, "waiting": []}


async def test_the_client_secret_is_never_logged_nor_shown(world: FakeDiscord, store: SqliteStore,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    secret = world.oauth.client_secret
    config = config_for(world)
    assert secret not in repr(config) and secret not in str(config)
    board = await Board(world, store, config).start()
    try:
        await board.sign_in(world.user(101))
        await board.activity_sign_in(world.user(102))
        assert (await board.client.post("/auth/activity", json={"code": "forged"})).status == 400
    finally:
        await board.close()
    wrong = await Board(world, store, config_for(world, secret="not-" + secret)).start()
    try:
        refused = await wrong.client.post("/auth/activity", json={"code": world.oauth.authorize(world.user(101))})
        assert refused.status == 502 and (await refused.json())["error"] == "discord_down"
        assert "check DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET" in caplog.text
    finally:
        await wrong.close()
    assert "signed in on the live board" in caplog.text
    assert secret not in caplog.text
    assert secret not in repr(DiscordApi(1, secret, world.web_session))


async def test_make_app_takes_a_bot(tmp_path: Path, world: FakeDiscord) -> None:
    config = config_for(world)
    bot = TabletopBot(config, open_store(str(tmp_path / "bot.db")))
    app = make_app(bot, config)
    assert app[keys.SERVICES].store is bot.store and app[keys.SERVICES].readiness() == bot.readiness()
