"""The live board over a running bot in the simulated server (tests/e2e): the web application on the bot's
own store, service, publish path, render pool and live hub, driven through aiohttp's test client, while the
same games are played through Discord by the e2e driver.

Viewers sign in as the Activity does (a bearer session), so each request carries exactly one person's
credentials; what the web leaves running (publishing a move) is tracked as the bot's work, so
`world.settle()` waits for the thread and DMs as after a click."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from aiohttp.test_utils import TestClient, TestServer

from engine import registry
from engine.core.match import Match
from discord_ui.bot import TabletopBot
from tabletop.runtime.config import Config
from tests.e2e.driver import Table
from web.app import make_app
from web.discord_api import DiscordUser
from web.ratelimit import Rate, RateLimits
from web.services import Services
from web.sessions import open_session

LOCAL_URL = "http://127.0.0.1:8080"
OUTSIDER = 900
"""A user of the world in no server's member list once `members_only` is called."""


@dataclass
class LiveBoard:
    table: Table
    process: TabletopBot | None = None
    """The bot serving the board (default the table's; tests of two processes give the other one)."""
    config: Config | None = None
    """The web's configuration (default: PUBLIC_URL on loopback, no OAuth2)."""
    client: TestClient = field(init=False)
    tokens: dict[int, str] = field(default_factory=dict)

    async def start(self) -> LiveBoard:
        config = self.config or Config(token=None, database_path="unused", dev_guild_id=None, log_level="INFO",
                                       public_url=LOCAL_URL)
        services = Services.of_bot(self.process or self.table.bot, http_session=self.table.world.web_session,
                                   spawn=self.table.world.spawn)
        limits = RateLimits(per_session=Rate(100_000, 1000.0), per_address=Rate(100_000, 1000.0))
        self.client = TestClient(TestServer(make_app(services, config, limits=limits)),
                                 cookie_jar=aiohttp.DummyCookieJar())
        await self.client.start_server()
        return self

    async def close(self) -> None:
        await self.client.close()

    @property
    def world(self) -> Any:
        return self.table.world

    async def auth(self, user_id: int) -> dict[str, str]:
        """The Authorization header of a session of `user_id` (opened once)."""
        if user_id not in self.tokens:
            name = self.world.users[user_id].name if user_id in self.world.users else str(user_id)
            self.tokens[user_id], _ = await open_session(self.client.app, DiscordUser(user_id, name), "activity")
        return {"Authorization": f"Bearer {self.tokens[user_id]}"}

    async def get(self, path: str, user_id: int | None, **params: str) -> aiohttp.ClientResponse:
        headers = await self.auth(user_id) if user_id is not None else {}
        return await self.client.get(path, headers=headers, params=params)

    async def scene(self, game_id: int, user_id: int, lang: str = "en") -> dict[str, Any]:
        response = await self.get(f"/api/games/{game_id}", user_id, lang=lang)
        assert response.status == 200, await response.text()
        body: dict[str, Any] = await response.json()
        return body

    async def post_move(self, game_id: int, user_id: int, body: Any, lang: str = "en") -> aiohttp.ClientResponse:
        """A move as a page sends it; then the world settles (the thread and DMs are written)."""
        data = body if isinstance(body, (bytes, str)) else json.dumps(body)
        response = await self.client.post(f"/api/games/{game_id}/move", data=data, params={"lang": lang},
                                          headers=await self.auth(user_id) | {"Content-Type": "application/json"})
        await response.read()
        await self.world.settle()
        return response

    async def play(self, game_id: int, user_id: int, notation: str) -> dict[str, Any]:
        """The move `notation` of `user_id`'s seat, from the decision their scene shows."""
        scene = await self.scene(game_id, user_id)
        assert scene["you"]["decision"] is not None, "not asked anything"
        response = await self.post_move(game_id, user_id, {"decision": scene["you"]["decision"]["id"], "notation": notation})
        assert response.status == 200, await response.text()
        return await response.json()

    def members_only(self, guild_id: int, members: set[int]) -> None:
        """From now on only `members` are in the server (the bot's membership answers are fresh: no cache)."""
        self.world.guilds[guild_id].members = set(members)


async def match_of(table: Table, game_id: int) -> Match:
    record = await table.record(game_id)
    return Match.from_json(registry.get(record.game_type), record.state or {})


def leaves(nodes: list[dict[str, Any]], path: tuple[int, ...] = ()) -> list[tuple[tuple[int, ...], dict[str, Any]]]:
    """Every leaf of a scene's choice tree with its path of indices."""
    found = []
    for index, node in enumerate(nodes):
        if "notation" in node:
            found.append(((*path, index), node))
        else:
            found += leaves(node["children"], (*path, index))
    return found


def strings(value: Any) -> set[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value) | {text for item in value.values() for text in strings(item)}
    if isinstance(value, list):
        return {text for item in value for text in strings(item)}
    return set()


def first_legal(match: Match, seat: int, rng: random.Random) -> str:
    """A deterministic policy: the first legal action (for games played twice the same way)."""
    return match.legal_actions(seat)[0].notation


SNOWFLAKE = re.compile(r"\d{15,}")


def thread_texts(table: Table, channel_id: int) -> list[tuple[str, tuple[str, ...]]]:
    """A channel's messages as everyone sees them now: text and attachment names, Discord ids masked
    (two worlds give the same messages different ids)."""
    return [(SNOWFLAKE.sub("#", message.text), tuple(file.filename for file in message.attachments))
            for message in table.world.messages_in(channel_id)]
