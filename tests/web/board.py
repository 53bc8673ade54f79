"""A live board under test: the web application over a real store and the fake Discord's OAuth2, driven
through aiohttp's test client the way a browser and an Activity drive it.

Cookies are handled by hand (the client keeps none), so every test sees exactly what the server set and
sends exactly what a browser would."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from http.cookies import Morsel, SimpleCookie
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from aiohttp.test_utils import TestClient, TestServer

from storage.base import Store
from tabletop.runtime.config import Config
from tests.fakediscord import FakeDiscord, FakeUser
from web.app import make_app
from web.ratelimit import RateLimits
from web.services import Services

LOCAL_URL = "http://127.0.0.1:8080"
NOW = 1_800_000_000.0


@dataclass
class Clock:
    now_at: float = NOW

    def now(self) -> float:
        return self.now_at


def config_for(world: FakeDiscord, public_url: str = LOCAL_URL, *, secret: str | None = None,
               oauth: bool = True) -> Config:
    return Config(token=None, database_path="unused", dev_guild_id=None, log_level="INFO", public_url=public_url,
                  discord_client_id=world.oauth.client_id if oauth else None,
                  discord_client_secret=(secret or world.oauth.client_secret) if oauth else None)


@dataclass
class Board:
    """One web application and a client talking to it; `ready` is what the bot's readiness reports."""

    world: FakeDiscord
    store: Store
    config: Config
    clock: Clock = field(default_factory=Clock)
    limits: RateLimits | None = None
    ready: dict[str, bool] = field(default_factory=lambda: {"store": True, "workers": True, "gateway": True})
    client: TestClient = field(init=False)

    async def start(self) -> Board:
        self.world.oauth.redirect_uris.add(self.config.public_url + "/auth/callback")
        services = Services(store=self.store, readiness=lambda: self.ready, now=self.clock.now,
                            http_session=self.world.web_session)
        app = make_app(services, self.config, limits=self.limits)
        self.client = TestClient(TestServer(app), cookie_jar=aiohttp.DummyCookieJar())
        await self.client.start_server()
        return self

    async def close(self) -> None:
        await self.client.close()

    @property
    def secure(self) -> bool:
        return self.config.public_url.startswith("https:")

    def cookie_name(self, base: str) -> str:
        return f"__Host-{base}" if self.secure else base

    @property
    def origin(self) -> dict[str, str]:
        return {"Origin": self.config.public_url}

    async def login(self, next_path: str = "/") -> tuple[aiohttp.ClientResponse, Morsel[str] | None]:
        """`GET /auth/login`: the redirect to Discord and the state cookie."""
        response = await self.client.get("/auth/login", params={"next": next_path}, allow_redirects=False)
        return response, set_cookie(response, self.cookie_name("tt_oauth"))

    async def follow(self, url: str, cookie: Morsel[str] | None) -> aiohttp.ClientResponse:
        """The browser arriving back from Discord at the redirect `url`, with the state cookie it holds."""
        parts = urlsplit(url)
        headers = {"Cookie": f"{cookie.key}={cookie.value}"} if cookie is not None else {}
        return await self.client.get(f"{parts.path}?{parts.query}", headers=headers, allow_redirects=False)

    async def sign_in(self, user: FakeUser, next_path: str = "/") -> str:
        """The whole browser sign-in; the session cookie's value."""
        response, state = await self.login(next_path)
        assert response.status == 302, await response.text()
        back = await self.follow(self.world.oauth.approve(user, response.headers["Location"]), state)
        assert back.status == 302, await back.text()
        session = set_cookie(back, self.cookie_name("tt_session"))
        assert session is not None and session.value
        return session.value

    def cookie(self, token: str) -> dict[str, str]:
        return {"Cookie": f"{self.cookie_name('tt_session')}={token}"}

    async def activity_sign_in(self, user: FakeUser) -> dict[str, Any]:
        response = await self.client.post("/auth/activity", json={"code": self.world.oauth.authorize(user)})
        assert response.status == 200, await response.text()
        return await response.json()

    async def me(self, headers: dict[str, str]) -> aiohttp.ClientResponse:
        return await self.client.get("/auth/me", headers=headers)


def set_cookie(response: aiohttp.ClientResponse, name: str) -> Morsel[str] | None:
    """The cookie `name` as the response set it (flags included), or None."""
    for header in response.headers.getall("Set-Cookie", []):
        parsed: SimpleCookie = SimpleCookie()
        parsed.load(header)
        if name in parsed:
            return parsed[name]
    return None


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
