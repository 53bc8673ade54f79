"""The live board runs with the bot: listening on an ephemeral port, /healthz 503 until the store, the render
workers and the gateway are ready and 200 after, 503 again once the bot closes, and nothing listening once
the server stopped."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest

from storage import open_store
from discord_ui.bot import TabletopBot
from tabletop.runtime.config import Config
from tests.fakediscord import FakeDiscord
from web.app import make_app
from web.server import WebServerError, serving, warnings
from web.services import Services


async def health(port: int) -> tuple[int, dict[str, object]]:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
            return response.status, await response.json()


async def test_healthz_follows_the_bot_from_start_to_close(tmp_path: Path) -> None:
    config = Config(token="a-token", database_path=str(tmp_path / "bot.db"), dev_guild_id=None, log_level="INFO",
                    web_port=0)
    bot = TabletopBot(config, open_store(config.database_path))
    async with FakeDiscord() as world, serving(make_app(bot, config), config) as server:
        assert server.port != 0
        status, body = await health(server.port)
        assert (status, body) == (503, {"ready": False, "waiting": ["gateway", "store", "workers"]})
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{server.port}/auth/me") as response:
                assert response.status == 503 and (await response.json())["error"] == "not_ready"
        await world.attach(bot)
        assert await health(server.port) == (200, {"ready": True, "waiting": []})
        await world.detach()
        assert (await health(server.port))[0] == 503
    with pytest.raises(aiohttp.ClientConnectionError):
        await health(server.port)


async def test_signing_in_on_a_running_bot(tmp_path: Path) -> None:
    """The bot's own store and clock behind a real listening server; the web's Discord calls reach the same
    fake Discord as the bot's, over its transport."""
    async with FakeDiscord() as world:
        alice = world.add_user(101, "alice")
        config = Config(token="a-token", database_path=str(tmp_path / "bot.db"), dev_guild_id=None, log_level="INFO",
                        web_port=0, public_url="http://127.0.0.1:8080", discord_client_id=world.oauth.client_id,
                        discord_client_secret=world.oauth.client_secret)
        world.oauth.redirect_uris.add("http://127.0.0.1:8080/auth/callback")
        bot = TabletopBot(config, open_store(config.database_path))
        app = make_app(Services.of_bot(bot, http_session=world.web_session), config)
        async with serving(app, config) as server:
            await world.attach(bot)
            base = f"http://127.0.0.1:{server.port}"
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
                async with browser.get(f"{base}/auth/login?next=/auth/me", allow_redirects=False) as login:
                    assert login.status == 302 and login.headers["X-Content-Type-Options"] == "nosniff"
                back = urlsplit(world.oauth.approve(alice, login.headers["Location"]))
                async with browser.get(f"{base}{back.path}?{back.query}") as me:  # follows the redirect to /auth/me
                    assert me.status == 200 and (await me.json())["user"] == {"id": "101", "name": "alice"}
            sessions = await bot.store.revoke_user_sessions(101, now=bot.service.now())
            assert sessions == 1, "the session is in the bot's own store"


async def test_without_a_token_the_gateway_is_not_waited_for(tmp_path: Path) -> None:
    config = Config(token=None, database_path=str(tmp_path / "bot.db"), dev_guild_id=None, log_level="INFO")
    bot = TabletopBot(config, open_store(config.database_path))
    assert bot.readiness() == {"store": False, "workers": False, "gateway": True}


async def test_a_taken_port_is_one_clear_error(tmp_path: Path) -> None:
    config = Config(token=None, database_path=str(tmp_path / "bot.db"), dev_guild_id=None, log_level="INFO", web_port=0)
    bot = TabletopBot(config, open_store(config.database_path))
    async with serving(make_app(bot, config), config) as first:
        taken = dataclasses.replace(config, web_port=first.port)
        with pytest.raises(WebServerError) as refused:
            async with serving(make_app(bot, taken), taken):
                pass
        assert f"127.0.0.1:{first.port}" in str(refused.value.strerror) and "WEB_PORT" in str(refused.value.strerror)


def test_start_warnings_name_what_will_not_work() -> None:
    plain = Config(token=None, database_path="x", dev_guild_id=None, log_level="INFO", public_url="http://board.lan:8080")
    found = warnings(plain)
    assert any("plain http" in line for line in found) and any("DISCORD_CLIENT_ID" in line for line in found)
    assert warnings(dataclasses.replace(plain, public_url="https://board.example.org", discord_client_id=1,
                                        discord_client_secret="s")) == []
