"""Discord's invalid-request limit: the Cloudflare ban that ends a bot which keeps making requests that fail.

Discord bans an IP (at Cloudflare, in front of the API) that makes 10,000 invalid requests in 10 minutes,
for about an hour; a request is invalid when it is answered 401, 403 or 429, except a 429 with
`X-RateLimit-Scope: shared` (a shared resource's limit, which no header lets a bot foresee). A bot that
forgets a user's DMs are closed, retries a 403, or keeps editing a message it may not touch gets there
slowly, one play at a time, which is why the fake counts: tests and benches read the count, and a bot that
does reach the limit meets the ban.

The count is per bot (a world serves one, and the requests its live board makes share its host), in a
sliding window on the world's clock (the e2e tests' fake clock, so a test moves time past the window rather
than waiting for it). Once the count reaches the limit every request is answered with the ban — 429, a
Cloudflare HTML page, no `Via` and no rate-limit headers, which discord.py raises as an HTTPException rather
than sleeping on — until the window that earned it has cleared (the fake's ban lasts one window; Discord's
lasts about an hour). Banned requests never reach Discord and are not counted. `limit` is configurable so
that a test can meet the ban in a few requests.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

LIMIT = 10_000
WINDOW = 600.0
INVALID_STATUSES = frozenset({401, 403, 429})
BAN_BODY = (
    b"<!DOCTYPE html>\n<html><head><title>Access denied | discord.com used Cloudflare to restrict access</title>"
    b"</head><body><h1>Error 1015</h1><h2>You are being rate limited</h2><p>The owner of this website (discord.com)"
    b" has banned you temporarily from accessing this website.</p></body></html>\n"
)
BAN_HEADERS = {"Content-Type": "text/html; charset=UTF-8", "Server": "cloudflare"}


@dataclass(frozen=True)
class InvalidResponse:
    """One request answered 401, 403 or a counted 429: when (world clock), what, and the status."""

    at: float
    method: str
    path: str
    status: int


@dataclass
class InvalidRequests:
    """The sliding-window count of a bot's invalid requests, and the ban it earns past `limit`."""

    limit: int = LIMIT
    window: float = WINDOW
    responses: list[InvalidResponse] = field(default_factory=list)
    """Every invalid response so far, oldest first (a bot in normal play makes a handful)."""
    bans: list[float] = field(default_factory=list)
    """When each ban began (world clock)."""
    banned_requests: int = 0
    """Requests answered with the ban."""
    banned_until: float = float("-inf")
    _recent: deque[float] = field(default_factory=deque)

    @staticmethod
    def counts(status: int, scope: str | None) -> bool:
        """Whether Discord counts a response with this status and `X-RateLimit-Scope` as invalid."""
        return status in INVALID_STATUSES and not (status == 429 and scope == "shared")

    def refuses(self, now: float) -> bool:
        """Whether a request made at `now` meets the ban (counted in `banned_requests` if so)."""
        if now < self.banned_until:
            self.banned_requests += 1
            return True
        return False

    def record(self, method: str, path: str, status: int, scope: str | None, now: float) -> bool:
        """Count a response if it is invalid; True when it is the one that reaches the limit (a ban begins)."""
        if not self.counts(status, scope):
            return False
        self.responses.append(InvalidResponse(now, method, path, status))
        self._recent.append(now)
        if self.in_window(now) < self.limit:
            return False
        self.banned_until = now + self.window
        self.bans.append(now)
        return True

    def in_window(self, now: float) -> int:
        """Invalid responses in the window ending at `now`: what Discord compares with the limit."""
        while self._recent and self._recent[0] <= now - self.window:
            self._recent.popleft()
        return len(self._recent)

    @property
    def total(self) -> int:
        """Invalid responses since the world began."""
        return len(self.responses)
