"""Server-side sessions of the live board and the viewer of each request.

A session is a random token (256 bits) held by the browser in an HttpOnly cookie, or by the Activity's
page in memory and sent as `Authorization: Bearer`; the store keeps only its SHA-256 (storage/
session_sql.py), with its user, expiry and revocation. `load_viewer` finds the session of every request
(at most one indexed read, none for a token that cannot be one of ours) and handlers ask `viewer(request)`
or `require_viewer(request)`. Expired and revoked sessions are purged in small batches in the background.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
from dataclasses import dataclass
from typing import AsyncIterator, Awaitable, Callable, Literal

from aiohttp import web

from storage.session_records import SessionKind, SessionRecord
from web import keys
from web.discord_api import DiscordUser
from web.errors import refuse
from web.health import PROBES
from web.security import csrf_token

log = logging.getLogger("tabletop.web")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
COOKIE = "tt_session"
LIFETIMES: dict[SessionKind, int] = {"browser": 30 * 86_400, "activity": 7 * 86_400}
"""Seconds a session lasts from sign-in: a month in a browser (a sign-out ends it at once), a week in an
Activity (which signs in again silently through the SDK)."""
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")
"""`secrets.token_urlsafe(32)`: anything else is refused without a database read."""
SOCKET_BEARER = "tabletop.bearer"
"""A WebSocket carries no Authorization header: the Activity's page offers the subprotocols
`tabletop.bearer, <token>` instead, and the server answers with the first (web.live)."""
PURGE_EVERY = 600.0
PURGE_BATCH = 500


@dataclass(frozen=True, slots=True)
class Viewer:
    """The signed-in person of a request, and how the request proved it."""

    session: SessionRecord
    token: str
    via: Literal["cookie", "bearer"]

    @property
    def user_id(self) -> int:
        return self.session.user_id

    @property
    def name(self) -> str:
        return self.session.name

    @property
    def csrf_token(self) -> str:
        """What a page of this session sends in `X-CSRF-Token` with every request that changes anything."""
        return csrf_token(self.token)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def open_session(app: web.Application, user: DiscordUser, kind: SessionKind) -> tuple[str, SessionRecord]:
    """A new session for `user`: its token (given to the client once, never stored) and its record."""
    services = app[keys.SERVICES]
    now = services.now()
    token = new_token()
    record = await services.store.create_session(token_hash(token), user_id=user.id, name=user.name, kind=kind,
                                                 now=now, expires_at=now + LIFETIMES[kind])
    return token, record


async def close_session(request: web.Request, viewer: Viewer, *, everywhere: bool = False) -> None:
    services = request.app[keys.SERVICES]
    if everywhere:
        await services.store.revoke_user_sessions(viewer.user_id, now=services.now())
    else:
        await services.store.revoke_session(viewer.session.token_hash, now=services.now())


def viewer(request: web.Request) -> Viewer | None:
    """The signed-in person, or None."""
    return request.get(keys.VIEWER)


def require_viewer(request: web.Request) -> Viewer:
    """The signed-in person; a 401 for anyone else."""
    found = viewer(request)
    if found is None:
        raise refuse(request, 401, "web.unauthorized")
    return found


def credential(request: web.Request) -> tuple[str, Literal["cookie", "bearer"]] | None:
    """The session token a request presents: a bearer token (the header, or a WebSocket's subprotocols:
    `SOCKET_BEARER`) wins over the cookie (the Activity's iframe may carry a stale cookie of its own)."""
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip(), "bearer"
    offered = [name.strip() for name in request.headers.get("Sec-WebSocket-Protocol", "").split(",")]
    if len(offered) == 2 and offered[0] == SOCKET_BEARER and offered[1]:
        return offered[1], "bearer"
    cookie = request.app[keys.COOKIES].read(request, COOKIE)
    return (cookie, "cookie") if cookie else None


@web.middleware
async def load_viewer(request: web.Request, handler: Handler) -> web.StreamResponse:
    request[keys.VIEWER] = None
    presented = credential(request) if request.path not in PROBES else None
    if presented is not None and TOKEN.fullmatch(presented[0]):
        services = request.app[keys.SERVICES]
        record = await services.store.get_session(token_hash(presented[0]), now=services.now())
        if record is not None:
            request[keys.VIEWER] = Viewer(record, presented[0], presented[1])
    return await handler(request)


async def purge_expired(app: web.Application) -> AsyncIterator[None]:
    """A cleanup context: every few minutes, delete expired and revoked sessions in small batches (each
    one short transaction), yielding to the event loop between them."""
    task = asyncio.get_running_loop().create_task(_purge_forever(app), name="web-session-purge")
    yield
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


async def _purge_forever(app: web.Application) -> None:
    services = app[keys.SERVICES]
    while True:
        try:
            while services.readiness().get("store", False) \
                    and await services.store.purge_sessions(now=services.now(), limit=PURGE_BATCH) == PURGE_BATCH:
                await asyncio.sleep(0)
        except Exception:  # noqa: BLE001 - the next pass tries again; sessions expire by time regardless
            log.exception("purging expired sessions failed")
        await asyncio.sleep(PURGE_EVERY)
