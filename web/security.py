"""What keeps a signed-in browser from being used by another site: CSRF tokens and origin checks on every
request that changes anything, the session cookie's flags, and redirects that never leave the site.

CSRF: a cookie rides along on requests another site makes the browser send, so a request authenticated
by the cookie must also carry `X-CSRF-Token` (the session's own token, which another site cannot read)
and come from this site's origin (`Origin`, else `Referer`, equal to PUBLIC_URL's). The token is an HMAC
of the session token, so it needs no storage and reveals nothing of the session. A request with
`Authorization: Bearer` (the Activity, whose iframe keeps no cookies) is not sent by a browser on its own
and needs neither.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Awaitable, Callable
from urllib.parse import urlsplit

from aiohttp import web

from web import keys
from web.errors import refuse

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CSRF_HEADER = "X-CSRF-Token"
CSRF_EXEMPT = "/auth/link/"
"""A turn DM's sign-in link (web.signin_link): its form carries no CSRF token, and needs none: the path holds
an unguessable signed token, and the handler checks the origin itself."""
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
MAX_NEXT = 512
DEFAULT_PORTS = {"http": 80, "https": 443}


def csrf_token(session_token: str) -> str:
    """The CSRF token of a session: what its pages send in `X-CSRF-Token`."""
    return hmac.new(session_token.encode(), b"tabletop csrf", hashlib.sha256).hexdigest()


def csrf_matches(session_token: str, sent: str | None) -> bool:
    return sent is not None and hmac.compare_digest(csrf_token(session_token).encode(), sent.encode())


def origin(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of a URL, default ports made explicit; None for anything unreadable."""
    try:
        parts = urlsplit(url)
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or port is None:
        return None
    return parts.scheme, parts.hostname.lower(), port


def from_this_site(request: web.Request, public_url: str) -> bool:
    """Whether the browser says the request comes from a page of PUBLIC_URL's origin."""
    sent = request.headers.get("Origin") or request.headers.get("Referer")
    return sent is not None and origin(sent) is not None and origin(sent) == origin(public_url)


def safe_next(value: str | None) -> str | None:
    """`value` when it is a path on this site to send someone to after signing in, else None: one leading
    slash (not `//host`, which a browser reads as another site), printable ASCII only (no backslash, which
    browsers read as a slash, no control characters, no spaces), short."""
    if value is None or not value.startswith("/") or value.startswith("//") or len(value) > MAX_NEXT:
        return None
    if any(not 0x21 <= ord(char) <= 0x7E or char == "\\" for char in value):
        return None
    return value


@dataclass(frozen=True, slots=True)
class CookiePolicy:
    """How the session cookie is set: HttpOnly and SameSite=Lax always; Secure (and the `__Host-` prefix,
    which pins it to this host and path /) unless PUBLIC_URL is plain http on the machine itself."""

    secure: bool

    @classmethod
    def for_url(cls, public_url: str) -> CookiePolicy:
        parts = urlsplit(public_url)
        return cls(secure=not (parts.scheme == "http" and (parts.hostname or "").lower() in LOOPBACK_HOSTS))

    def name(self, base: str) -> str:
        return f"__Host-{base}" if self.secure else base

    def set(self, response: web.StreamResponse, base: str, value: str, max_age: int) -> None:
        response.set_cookie(self.name(base), value, max_age=max_age, path="/", secure=self.secure, httponly=True,
                            samesite="Lax")

    def clear(self, response: web.StreamResponse, base: str) -> None:
        response.set_cookie(self.name(base), "", max_age=0, expires="Thu, 01 Jan 1970 00:00:00 GMT", path="/",
                            secure=self.secure, httponly=True, samesite="Lax")

    def read(self, request: web.Request, base: str) -> str | None:
        return request.cookies.get(self.name(base))


RESPONSE_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"}
"""On every response: no content sniffing, and full Referer only to this site (which the CSRF check may
read), none to others. Framing is left to the pages: the Activity's is framed by Discord."""


async def add_response_headers(request: web.Request, response: web.StreamResponse) -> None:
    """An `on_response_prepare` signal handler: refusals and redirects get the headers too."""
    for name, value in RESPONSE_HEADERS.items():
        response.headers.setdefault(name, value)


@web.middleware
async def check_csrf(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Refuse a state-changing request authenticated by the cookie unless it carries the session's CSRF
    token and comes from this site (run after `web.sessions.load_viewer`)."""
    viewer = request.get(keys.VIEWER)
    if request.method not in SAFE_METHODS and viewer is not None and viewer.via == "cookie" \
            and not request.path.startswith(CSRF_EXEMPT):
        if not csrf_matches(viewer.token, request.headers.get(CSRF_HEADER)) \
                or not from_this_site(request, request.app[keys.CONFIG].public_url):
            raise refuse(request, 403, "web.csrf")
    return await handler(request)
