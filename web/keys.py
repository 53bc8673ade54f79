"""The typed keys under which the application and each request keep the web front end's shared objects,
in one module so every other one can reach them without importing the factory."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

if TYPE_CHECKING:
    from web.discord_api import DiscordApi
    from web.members import Members
    from web.ratelimit import RateLimits
    from web.security import CookiePolicy
    from web.services import Services
    from web.sessions import Viewer
    from tabletop.runtime.config import Config

SERVICES: web.AppKey["Services"] = web.AppKey("services")
CONFIG: web.AppKey["Config"] = web.AppKey("config")
DISCORD: web.AppKey["DiscordApi | None"] = web.AppKey("discord")
"""None when DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET are not set: sign-in is then refused clearly."""
COOKIES: web.AppKey["CookiePolicy"] = web.AppKey("cookies")
LIMITS: web.AppKey["RateLimits"] = web.AppKey("limits")
VIEWER: web.RequestKey["Viewer | None"] = web.RequestKey("viewer")
"""The request's key for the signed-in `Viewer` (or None), set by `web.sessions.load_viewer`."""
MEMBERS: web.AppKey["Members | None"] = web.AppKey("members")
"""Server membership of spectators (`web.members`), None without a bot."""
SOCKETS: web.AppKey[dict[str, set[web.WebSocketResponse]]] = web.AppKey("sockets")
"""Open live channels by session (the session's hash): bounded per session, closed at shutdown."""
