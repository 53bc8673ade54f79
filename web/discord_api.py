"""The OAuth2 calls the live board makes to Discord: the authorize URL a browser is sent to, the code
exchanged for an access token (client id and secret), and the user that token belongs to.

The API's base URL is discord.py's own (`Route.BASE`), so the bot and the web reach the same Discord, and
the offline tests' fake Discord answers both over one transport."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Callable
from urllib.parse import urlencode

import aiohttp
from discord.http import Route

from web.services import HttpSession

log = logging.getLogger("tabletop.web")
API_BASE = Route.BASE
AUTHORIZE_URL = "https://discord.com/oauth2/authorize"
SCOPE = "identify"


@dataclass(frozen=True, slots=True)
class DiscordUser:
    id: int
    name: str


class CodeRefused(Exception):
    """Discord refused the code (expired, used, forged, another redirect): the person signs in again."""


class DiscordUnavailable(Exception):
    """Discord could not be reached or answered something unexpected: try again later."""


class DiscordApi:
    """One application's OAuth2 client over one HTTP session, opened at the first call."""

    def __init__(self, client_id: int, client_secret: str, session: Callable[[], HttpSession]) -> None:
        self.client_id = client_id
        self._secret = client_secret
        self._open_session = session
        self._session: HttpSession | None = None

    def __repr__(self) -> str:
        return f"DiscordApi(client_id={self.client_id})"

    def authorize_url(self, redirect_uri: str, state: str) -> str:
        query = urlencode({"client_id": self.client_id, "response_type": "code", "redirect_uri": redirect_uri,
                           "scope": SCOPE, "state": state})
        return f"{AUTHORIZE_URL}?{query}"

    async def exchange(self, code: str, redirect_uri: str | None) -> str:
        """The access token for an authorization code. `redirect_uri`: the one the browser was sent with;
        None for a code from the Embedded App SDK's `authorize`, which has none."""
        form = {"client_id": str(self.client_id), "client_secret": self._secret, "grant_type": "authorization_code",
                "code": code}
        if redirect_uri is not None:
            form["redirect_uri"] = redirect_uri
        status, body = await self._call("POST", "/oauth2/token", data=form)
        if status in (400, 401) and isinstance(body, dict) and "error" in body:
            if body["error"] == "invalid_client":
                log.error("Discord refused the OAuth2 client (check DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET)")
                raise DiscordUnavailable("invalid_client")
            raise CodeRefused(str(body["error"]))
        token = body.get("access_token") if status == 200 and isinstance(body, dict) else None
        if not isinstance(token, str) or not token:
            raise DiscordUnavailable(f"token endpoint answered {status}")
        return token

    async def user(self, access_token: str) -> DiscordUser:
        """Who the access token belongs to (its `identify` scope)."""
        status, body = await self._call("GET", "/users/@me", headers={"Authorization": f"Bearer {access_token}"})
        if status == 401:
            raise CodeRefused("token refused")
        try:
            return DiscordUser(int(body["id"]), str(body.get("global_name") or body["username"]))
        except (KeyError, TypeError, ValueError):
            raise DiscordUnavailable(f"users/@me answered {status}") from None

    async def _call(self, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
        if self._session is None:
            self._session = self._open_session()
        try:
            async with self._session.request(method, API_BASE + path, **kwargs) as response:
                try:
                    return response.status, await response.json()
                except (ValueError, aiohttp.ContentTypeError):
                    return response.status, None
        except (aiohttp.ClientError, asyncio.TimeoutError) as error:
            raise DiscordUnavailable(type(error).__name__) from None

    async def close(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            await session.close()
