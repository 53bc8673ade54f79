"""Discord's rate limits, enforced on every request the fake transport receives.

Discord limits each bot token globally (50 requests per second; the interaction endpoints — callbacks,
and the followups and edits sent with an interaction token, which carry no bot Authorization header —
are not bound by it) and per route bucket, counted per top-level resource (channel, guild, or webhook id
plus token). Over a limit it answers 429 with `retry_after`; on every response of a limited route it
sends the bucket's `X-RateLimit-*` headers, from which discord.py's own bucket logic paces the bot.
Routes without a bucket (e.g. `GET /channels/{id}/messages`) send no headers, as on Discord.

Discord documents only the global figure and tells apps to read the rest from the headers; the route
figures below are those Discord's headers have reported (message create and edit 5 per 5 s per channel,
message delete 3 per 1 s, webhook and interaction-token routes 5 per 2 s per token). DM channel creation
is limited too but its figure is not published; 5 per 5 s is an assumption.

Windows are fixed, start at a bucket's first request, and are measured on the event loop's clock (the
clock discord.py sleeps on). `scale` shrinks every window (tests run at a fraction of a second per
window); the counts stay Discord's, except the global one, which Discord raises for large bots on request
and a test may lower to make a small burst meet it.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass, field

RATE_LIMITED = "You are being rate limited."
SHARED_WAIT = 1.0


@dataclass(frozen=True)
class Limit:
    """`count` requests per `seconds`, in the bucket called `bucket` (routes sharing it share the count)."""

    count: int
    seconds: float
    bucket: str


GLOBAL = Limit(50, 1.0, "global")
_WEBHOOK = Limit(5, 2.0, "webhook")
ROUTES: dict[tuple[str, str], Limit] = {
    ("POST", "/channels/{channel_id}/messages"): Limit(5, 5.0, "message create"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): Limit(5, 5.0, "message edit"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): Limit(3, 1.0, "message delete"),
    ("POST", "/users/@me/channels"): Limit(5, 5.0, "dm create"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): _WEBHOOK,
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): _WEBHOOK,
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): _WEBHOOK,
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): _WEBHOOK,
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): _WEBHOOK,
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): _WEBHOOK,
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): _WEBHOOK,
}
_TOP_LEVEL = ("channel_id", "guild_id", "webhook_id", "webhook_token")


@dataclass(frozen=True)
class RateLimitHit:
    """One request answered with 429: when (loop clock), what, which limit, and the wait Discord asked for."""

    at: float
    method: str
    path: str
    scope: str  # "global", "user" (a route bucket) or "shared" (a resource), as in X-RateLimit-Scope
    bucket: str
    retry_after: float


@dataclass(frozen=True)
class Verdict:
    """The limiter's answer to one request: the headers to send, and the 429 body if it is refused."""

    headers: dict[str, str]
    refusal: dict[str, object] | None = None


@dataclass
class _Window:
    resets_at: float = -math.inf
    used: int = 0


@dataclass
class RateLimiter:
    """Fixed windows for the global limit (per bot token) and for each route bucket (per top-level resource)."""

    scale: float = 1.0
    global_count: int = GLOBAL.count
    hits: list[RateLimitHit] = field(default_factory=list)
    _windows: dict[tuple[str, ...], _Window] = field(default_factory=dict)

    def admit(
        self, token: str | None, method: str, template: str, args: dict[str, str], path: str, now: float
    ) -> Verdict:
        """Count the request against its limits, or refuse it (recorded in `hits`) if one is used up."""
        if token is not None:
            window = self._window(("global", token), GLOBAL, now)
            if window.used >= self.global_count:
                wait = _up(window.resets_at - now)
                self.hits.append(RateLimitHit(now, method, path, "global", "global", wait))
                return _refused(wait, {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"})
        limit = ROUTES.get((method, template))
        route_window = None
        if limit is not None:
            major = tuple(args[name] for name in _TOP_LEVEL if name in args)
            route_window = self._window((limit.bucket, token or "", *major), limit, now)
            if route_window.used >= limit.count:
                wait = _up(route_window.resets_at - now)
                self.hits.append(RateLimitHit(now, method, path, "user", limit.bucket, wait))
                return _refused(wait, self._bucket_headers(limit, route_window, now) | {"X-RateLimit-Scope": "user"})
        if token is not None:
            self._windows[("global", token)].used += 1
        if limit is None or route_window is None:
            return Verdict({})
        route_window.used += 1
        return Verdict(self._bucket_headers(limit, route_window, now))

    def shared(self, method: str, path: str, now: float) -> Verdict:
        """A 429 from a limit on a shared resource (X-RateLimit-Scope: shared), which no header announces:
        what the fake answers when a test injects a 429 (`FakeDiscord.fail_next`)."""
        wait = _up(SHARED_WAIT * self.scale)
        self.hits.append(RateLimitHit(now, method, path, "shared", "shared", wait))
        return _refused(wait, {"X-RateLimit-Scope": "shared"})

    def _window(self, key: tuple[str, ...], limit: Limit, now: float) -> _Window:
        window = self._windows.setdefault(key, _Window())
        if window.resets_at <= now:
            window.resets_at = now + limit.seconds * self.scale
            window.used = 0
        return window

    @staticmethod
    def _bucket_headers(limit: Limit, window: _Window, now: float) -> dict[str, str]:
        reset_after = _up(window.resets_at - now)
        return {
            "X-RateLimit-Limit": str(limit.count),
            "X-RateLimit-Remaining": str(max(0, limit.count - window.used)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.md5(limit.bucket.encode()).hexdigest(),
        }


def _refused(wait: float, headers: dict[str, str]) -> Verdict:
    """Discord's 429: its JSON body, and `Retry-After` (whole seconds) next to the scope's headers."""
    is_global = headers.get("X-RateLimit-Global") == "true"
    body: dict[str, object] = {"message": RATE_LIMITED, "retry_after": wait, "global": is_global}
    return Verdict(headers | {"Retry-After": str(math.ceil(wait))}, body)


def _up(seconds: float) -> float:
    """Discord's waits are whole milliseconds, rounded up: a client sleeping that long finds the window reset."""
    return max(0.001, math.ceil(seconds * 1000) / 1000)
