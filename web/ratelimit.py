"""Rate limits of the live board: a token bucket per signed-in session and one per client address for
requests without a session, each a short clear 429 when empty. The buckets live in a bounded
least-recently-used table, so a flood of addresses costs a fixed amount of memory (an address pushed out
comes back with a full bucket, which only an attacker with that many addresses notices).

Behind a reverse proxy on the same machine every request comes from loopback: the address is then the
last one the proxy appended to `X-Forwarded-For` (docs/live-board.md)."""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Awaitable, Callable

from aiohttp import web

from web import keys
from web.errors import refuse
from web.health import PROBES

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True, slots=True)
class Rate:
    """`burst` requests at once, refilled at `per_second`."""

    burst: int
    per_second: float


class TokenBuckets:
    """One bucket per key, at most `size` keys."""

    def __init__(self, rate: Rate, size: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.size = size
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str) -> float:
        """Take one token: 0.0 when there was one, else the seconds until there will be."""
        now = self.clock()
        tokens, at = self._buckets.pop(key, (float(self.rate.burst), now))
        tokens = min(float(self.rate.burst), tokens + (now - at) * self.rate.per_second)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) / self.rate.per_second
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > self.size:
            self._buckets.popitem(last=False)
        return wait

    def __len__(self) -> int:
        return len(self._buckets)


@dataclass
class RateLimits:
    """The two tables the application keeps (defaults: a page and its live channel stay far below them)."""

    per_session: Rate = Rate(60, 5.0)
    per_address: Rate = Rate(30, 1.0)
    size: int = 10_000
    clock: Callable[[], float] = time.monotonic
    sessions: TokenBuckets = field(init=False)
    addresses: TokenBuckets = field(init=False)

    def __post_init__(self) -> None:
        self.sessions = TokenBuckets(self.per_session, self.size, self.clock)
        self.addresses = TokenBuckets(self.per_address, self.size, self.clock)


def client_address(request: web.Request) -> str:
    """The client's address; through a local reverse proxy, the one it reports last in X-Forwarded-For."""
    peer = request.remote or ""
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and _loopback(peer):
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last[:64]
    return peer


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


@web.middleware
async def limit_rates(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Run after `web.sessions.load_viewer`: a signed-in request counts against its session, any other
    against its address."""
    if request.path not in PROBES:
        limits = request.app[keys.LIMITS]
        viewer = request.get(keys.VIEWER)
        if viewer is not None:
            wait = limits.sessions.take(viewer.session.token_hash)
        else:
            wait = limits.addresses.take(client_address(request))
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise refuse(request, 429, "web.rate_limited", headers={"Retry-After": str(seconds)}, seconds=seconds)
    return await handler(request)
