"""The application factory: `make_app(bot_or_services, config)`.

Routes live in the modules that handle them, each as an `aiohttp.web.RouteTableDef` named `routes`, listed
in `ROUTES`; a new page or API is one more module there. Every request passes, in order: `answer_errors`
(short JSON refusals in the viewer's language), `launch_redirect` (Discord launching the Activity at the
root), `wait_for_store` (503 while the bot starts), `load_viewer`
(who is signed in: `web.sessions.viewer(request)`), `limit_rates` (per session, else per address) and
`check_csrf` (cookie sessions only). Bodies are capped at `MAX_BODY`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, AsyncIterator

from aiohttp import web

from tabletop.runtime.config import Config
from web import activity, auth, games, health, keys, leagues, live, pages, replay, sessions, signin_link
from web.discord_api import DiscordApi
from web.errors import answer_errors
from web.members import Members
from web.ratelimit import RateLimits, limit_rates
from web.security import CookiePolicy, add_response_headers, check_csrf
from web.services import Services

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.web")
ROUTES: tuple[web.RouteTableDef, ...] = (health.routes, auth.routes, games.routes, live.routes, replay.routes,
                                         leagues.routes, pages.routes, activity.routes, signin_link.routes)
MAX_BODY = 16 * 1024
"""Bytes a request body may have: sign-in and moves are a few dozen; anything larger is refused (413)."""


def make_app(bot_or_services: "TabletopBot | Services", config: Config, *,
             limits: RateLimits | None = None) -> web.Application:
    """The live board's application over a bot (its store, readiness and clock) or explicit `Services`
    (tests, and later the local mode). `limits`: the rate limits (default `RateLimits()`)."""
    services = bot_or_services if isinstance(bot_or_services, Services) else Services.of_bot(bot_or_services)
    app = web.Application(client_max_size=MAX_BODY, middlewares=[
        answer_errors, activity.launch_redirect, health.wait_for_store, sessions.load_viewer, limit_rates, check_csrf])
    app[keys.SERVICES] = services
    app[keys.CONFIG] = config
    app[keys.COOKIES] = CookiePolicy.for_url(config.public_url)
    app[keys.LIMITS] = limits or RateLimits()
    app[keys.MEMBERS] = Members(services.bot) if services.bot is not None else None
    app[keys.SOCKETS] = {}
    app[keys.DISCORD] = (DiscordApi(config.discord_client_id, config.discord_client_secret, services.http_session)
                         if config.discord_client_id is not None and config.discord_client_secret else None)
    for table in ROUTES:
        app.add_routes(table)
    app.on_response_prepare.append(add_response_headers)
    app.on_shutdown.append(live.close_all)
    app.cleanup_ctx.append(sessions.purge_expired)
    app.cleanup_ctx.append(_discord_connection)
    return app


async def _discord_connection(app: web.Application) -> AsyncIterator[None]:
    yield
    api = app[keys.DISCORD]
    if api is not None:
        await api.close()
