"""The wire under discord.py: a stand-in for the aiohttp session, answering from the fake world.

discord.py's `HTTPClient.request` and `AsyncWebhookAdapter.request` run unchanged above it — headers,
JSON and multipart bodies, bucket tracking from `X-RateLimit-*` headers, sleeping and retrying on 429,
the global lock, raising Forbidden / NotFound from error responses — and call
`session.request(method, url, data=..., headers=..., params=...)`, which lands here. Interactions take
their webhook session from the same HTTPClient, so their callbacks and followups arrive here too.

Private discord.py names touched (pinned by discord.py==2.7.*): `HTTPClient._HTTPClient__session` and
`_global_over`, set by `connect` in place of `static_login`'s real aiohttp session.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Awaitable, Callable, Mapping

from discord.http import HTTPClient, Route
from multidict import CIMultiDict

_REASONS = {200: "OK", 204: "No Content", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
            404: "Not Found", 405: "Method Not Allowed", 429: "Too Many Requests", 500: "Internal Server Error",
            502: "Bad Gateway", 503: "Service Unavailable"}


class FakeResponse:
    """What discord.py reads from an aiohttp response: status, reason, headers and the body."""

    def __init__(self, status: int, headers: Mapping[str, str], body: bytes = b"") -> None:
        self.status = status
        self.reason = _REASONS.get(status, "Error")
        self.headers: CIMultiDict[str] = CIMultiDict(headers)
        self._body = body

    @classmethod
    def of_json(cls, status: int, data: Any, headers: Mapping[str, str]) -> FakeResponse:
        """A JSON answer (204 with no body for None), carrying the `Via` header Discord's edge adds:
        discord.py treats a 429 without it as a Cloudflare ban."""
        base = {"Via": "1.1 google"} | dict(headers)
        if data is None and status < 300:
            return cls(204, base)
        return cls(status, base | {"Content-Type": "application/json"}, json.dumps(data).encode())

    async def text(self, encoding: str = "utf-8") -> str:
        return self._body.decode(encoding)

    async def json(self) -> Any:
        return json.loads(self._body)

    async def read(self) -> bytes:
        return self._body

    async def __aenter__(self) -> FakeResponse:
        return self

    async def __aexit__(self, *_: object) -> None:
        return None


class _Exchange:
    """`async with session.request(...) as response`: the request is answered on entry."""

    def __init__(self, answer: Awaitable[FakeResponse]) -> None:
        self._answer = answer

    async def __aenter__(self) -> FakeResponse:
        return await self._answer

    async def __aexit__(self, *_: object) -> None:
        return None


Answer = Callable[..., Awaitable[FakeResponse]]


class FakeSession:
    """One bot process's connection to the fake Discord (the object aiohttp.ClientSession would be)."""

    def __init__(self, answer: Answer, cdn: Callable[[str], bytes | None]) -> None:
        self._answer = answer
        self._cdn = cdn
        self.closed = False

    def request(self, method: str, url: str, *, data: Any = None, headers: Mapping[str, str] | None = None,
                params: Mapping[str, Any] | None = None, **_: Any) -> _Exchange:
        return _Exchange(self._answer(method, str(url), data=data, headers=dict(headers or {}), params=params))

    def get(self, url: str, **_: Any) -> _Exchange:
        """Attachment downloads (`HTTPClient.get_from_cdn`): the bytes the bot uploaded, or 404."""
        return _Exchange(self._download(str(url)))

    async def _download(self, url: str) -> FakeResponse:
        data = self._cdn(url)
        if data is None:
            return FakeResponse(404, {"Content-Type": "text/plain"}, b"404: Not Found")
        return FakeResponse(200, {}, data)

    async def close(self) -> None:
        self.closed = True


def connect(http: HTTPClient, session: FakeSession) -> None:
    """Make `http` log in over `session`: discord.py's static_login would open a real aiohttp session,
    so this one does what it does with the fake one (then `GET /users/@me`, through the real request path)."""

    async def static_login(token: str) -> Any:
        http._HTTPClient__session = session  # type: ignore[attr-defined]  # noqa: SLF001
        http._global_over = asyncio.Event()  # noqa: SLF001
        http._global_over.set()  # noqa: SLF001
        http.token = token
        return await http.request(Route("GET", "/users/@me"))

    http.static_login = static_login  # type: ignore[method-assign]
