"""`/healthz` for supervisors and load balancers: 200 once every part the bot reports (`Services.readiness`:
the store, the render workers and, with a token, the gateway) is ready, 503 naming those still starting.
Until the store is open every other path answers 503 too, briefly and in the viewer's language."""

from __future__ import annotations

from typing import Awaitable, Callable

from aiohttp import web

from web import keys
from web.errors import refuse

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
routes = web.RouteTableDef()
RETRY_SECONDS = "2"
PROBES = frozenset({"/healthz"})
"""Paths for supervisors and load balancers: answered from memory, before any session or rate limit."""


@routes.get("/healthz")
async def healthz(request: web.Request) -> web.Response:
    parts = request.app[keys.SERVICES].readiness()
    waiting = sorted(name for name, ready in parts.items() if not ready)
    return web.json_response({"ready": not waiting, "waiting": waiting}, status=503 if waiting else 200,
                             headers={"Cache-Control": "no-store"})


@web.middleware
async def wait_for_store(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Everything but /healthz needs the store (sessions live there)."""
    if request.path not in PROBES and not request.app[keys.SERVICES].readiness().get("store", False):
        raise refuse(request, 503, "web.not_ready", headers={"Retry-After": RETRY_SECONDS})
    return await handler(request)
