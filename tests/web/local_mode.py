"""Local mode under test: the bot's store, AI and renderers with no Discord at all, its local application
(`web.local.make_local_app`) driven through aiohttp's test client as the local page drives it: the session
cookie `/` hands out, its CSRF token from `/auth/me`, and this site's `Origin`."""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator

import aiohttp
from aiohttp.test_utils import TestClient, TestServer

from storage import open_store
from storage.base import GameRecord
from tabletop.play.ai_seats import is_ai
from discord_ui.bot import TabletopBot
from tabletop.runtime.config import Config
from tabletop.play.service import match_of
from tests.web.board import set_cookie
from web.local import make_local_app
from web.ratelimit import Rate, RateLimits

PUBLIC_URL = "http://127.0.0.1:8080"
GENEROUS = RateLimits(per_session=Rate(100_000, 1000.0), per_address=Rate(100_000, 1000.0))


def local_config(database: Path, **changes: Any) -> Config:
    return Config(**{"token": None, "database_path": str(database), "dev_guild_id": None, "log_level": "INFO",
                     "ai_pool": "thread", "render_pool": "thread", "ai_iterations": 8, "public_url": PUBLIC_URL,
                     **changes})


@asynccontextmanager
async def local_bot(config: Config) -> AsyncIterator[TabletopBot]:
    """The bot as `bot.py` runs it without a token: set up, never logged in."""
    bot = TabletopBot(config, open_store(config.database_path))
    async with bot:
        await bot.setup_hook()
        yield bot


@dataclass
class Local:
    bot: TabletopBot
    config: Config
    client: TestClient = field(init=False)
    headers: dict[str, str] = field(default_factory=dict)

    async def start(self) -> Local:
        self.client = TestClient(TestServer(make_local_app(self.bot, self.config, limits=GENEROUS)),
                                 cookie_jar=aiohttp.DummyCookieJar())
        await self.client.start_server()
        return self

    async def close(self) -> None:
        await self.client.close()

    async def open_page(self, lang: str = "en") -> aiohttp.ClientResponse:
        """`GET /` as a browser without a session: the page, and the local viewer's session cookie."""
        response = await self.client.get("/", params={"lang": lang})
        cookie = set_cookie(response, "tt_session")
        if cookie is not None:
            self.headers = {"Cookie": f"tt_session={cookie.value}"}
            me = await self.client.get("/auth/me", headers=self.headers)
            self.headers |= {"X-CSRF-Token": (await me.json())["csrf_token"], "Origin": PUBLIC_URL}
        return response

    async def get(self, path: str, **params: str) -> aiohttp.ClientResponse:
        return await self.client.get(path, headers=self.headers, params={"lang": "en", **params})

    async def get_json(self, path: str, **params: str) -> Any:
        response = await self.get(path, **params)
        assert response.status == 200, await response.text()
        return await response.json()

    async def post(self, path: str, body: Any, headers: dict[str, str] | None = None) -> aiohttp.ClientResponse:
        data = body if isinstance(body, (bytes, str)) else json.dumps(body)
        return await self.client.post(path, data=data, params={"lang": "en"},
                                      headers=(self.headers if headers is None else headers)
                                      | {"Content-Type": "application/json"})

    async def create(self, game: str, seats: list[dict[str, Any]], options: dict[str, str] | None = None) -> int:
        response = await self.post("/api/local/games", {"game": game, "seats": seats, "options": options or {}})
        assert response.status == 201, await response.text()
        return int((await response.json())["id"])

    async def record(self, game_id: int) -> GameRecord:
        record = await self.bot.store.get_game(game_id)
        assert record is not None
        return record

    async def people_asked(self, game_id: int, timeout: float = 120.0) -> GameRecord:
        """The game once the AI has answered everything it is asked and a person is asked something, or
        once it is over (a person's move then meets no AI answer landing meanwhile)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            record = await self.record(game_id)
            asked = [is_ai(record.players[seat]) for seat in match_of(record).awaited_seats()] \
                if record.status == "active" else []
            if record.status != "active" or (asked and not any(asked)):
                return record
            assert loop.time() < deadline, "the AI did not answer"
            await asyncio.sleep(0.02)
