"""Signing in with Discord (OAuth2 authorization code, `identify` scope) and out.

Browser: `GET /auth/login?next=/path` sets a short-lived cookie holding a random `state` (and where to go
next) and sends the browser to Discord; Discord sends it back to `GET /auth/callback?code&state`, where the
state must equal the cookie's (so a sign-in started in one browser cannot be finished in another: no
login CSRF), the code is exchanged, the user read, a session opened and its cookie set, and the browser
sent on, only ever to a path of this site.

Activity: the Embedded App SDK's `authorize` gives the page a code, which it posts to `POST /auth/activity`;
the answer holds Discord's access token (for the SDK's `authenticate`) and a session token the page sends
as `Authorization: Bearer` from then on (cookies in Discord's iframe are unreliable).

`POST /auth/logout` ends the session (`?everywhere=1`: every session of the user); `GET /auth/me` says who
is signed in and gives a cookie session's CSRF token to its page.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import logging
import secrets

from aiohttp import web

from web import keys, sessions
from web.discord_api import CodeRefused, DiscordApi, DiscordUnavailable, DiscordUser
from web.errors import refuse
from web.security import safe_next

log = logging.getLogger("tabletop.web")
routes = web.RouteTableDef()
STATE_COOKIE = "tt_oauth"
STATE_SECONDS = 600
"""How long a started sign-in may take at Discord."""
CALLBACK = "/auth/callback"
MAX_CODE = 200


def _discord(request: web.Request) -> DiscordApi:
    api = request.app[keys.DISCORD]
    if api is None:
        raise refuse(request, 503, "web.oauth_off")
    return api


def redirect_uri(request: web.Request) -> str:
    return request.app[keys.CONFIG].public_url + CALLBACK


def _state_cookie(state: str, issued: int, next_path: str) -> str:
    return f"{state}.{issued}.{base64.urlsafe_b64encode(next_path.encode()).decode().rstrip('=')}"


def _read_state_cookie(value: str | None) -> tuple[str, int, str] | None:
    parts = (value or "").split(".")
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    try:
        next_path = base64.urlsafe_b64decode(parts[2] + "=" * (-len(parts[2]) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError):
        return None
    return parts[0], int(parts[1]), next_path


@routes.get("/auth/login")
async def login(request: web.Request) -> web.StreamResponse:
    """Redirects (302) to Discord; raised, as aiohttp wants its HTTP exceptions."""
    api = _discord(request)
    next_path = safe_next(request.query.get("next", "/"))
    if next_path is None:
        raise refuse(request, 400, "web.bad_next")
    state = secrets.token_urlsafe(24)
    response = web.HTTPFound(api.authorize_url(redirect_uri(request), state))
    issued = int(request.app[keys.SERVICES].now())
    request.app[keys.COOKIES].set(response, STATE_COOKIE, _state_cookie(state, issued, next_path), STATE_SECONDS)
    response.headers["Cache-Control"] = "no-store"
    raise response


@routes.get(CALLBACK)
async def callback(request: web.Request) -> web.StreamResponse:
    api = _discord(request)
    cookies = request.app[keys.COOKIES]
    started = _read_state_cookie(cookies.read(request, STATE_COOKIE))
    sent_state = request.query.get("state", "")
    now = request.app[keys.SERVICES].now()
    if started is None or not sent_state or not hmac.compare_digest(started[0].encode(), sent_state.encode()) \
            or not 0 <= now - started[1] <= STATE_SECONDS:
        raise _forget_state(request, refuse(request, 400, "web.bad_state"))
    if "error" in request.query:  # the person said no at Discord
        raise _forget_state(request, refuse(request, 400, "web.oauth_denied"))
    code = request.query.get("code", "")
    if not code or len(code) > MAX_CODE:
        raise _forget_state(request, refuse(request, 400, "web.bad_code"))
    try:
        _, user = await _exchanged(request, api, code, redirect_uri(request))
    except web.HTTPException as error:
        raise _forget_state(request, error) from None
    previous = sessions.viewer(request)
    if previous is not None and previous.via == "cookie":
        await sessions.close_session(request, previous)
    token, record = await sessions.open_session(request.app, user, "browser")
    response = web.HTTPFound(safe_next(started[2]) or "/")
    cookies.set(response, sessions.COOKIE, token, int(record.expires_at - record.created_at))
    cookies.clear(response, STATE_COOKIE)
    response.headers["Cache-Control"] = "no-store"
    log.info("user %d signed in on the live board (browser)", user.id)
    raise response


def _forget_state(request: web.Request, error: web.HTTPException) -> web.HTTPException:
    """A sign-in that failed is over: its state cannot be tried again."""
    request.app[keys.COOKIES].clear(error, STATE_COOKIE)
    return error


async def _exchanged(request: web.Request, api: DiscordApi, code: str,
                     redirect: str | None) -> tuple[str, DiscordUser]:
    """Discord's access token for the code, and its user; refusals as short answers."""
    try:
        access_token = await api.exchange(code, redirect)
        return access_token, await api.user(access_token)
    except CodeRefused:
        raise refuse(request, 400, "web.bad_code") from None
    except DiscordUnavailable as error:
        log.warning("signing in failed: Discord unavailable (%s)", error)
        raise refuse(request, 502, "web.discord_down") from None


@routes.post("/auth/activity")
async def activity(request: web.Request) -> web.Response:
    api = _discord(request)
    try:
        sent = await request.json()
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: JSON nested thousands deep
        raise refuse(request, 400, "web.bad_request") from None
    code = sent.get("code") if isinstance(sent, dict) else None
    if not isinstance(code, str) or not code or len(code) > MAX_CODE:
        raise refuse(request, 400, "web.bad_code")
    access_token, user = await _exchanged(request, api, code, None)
    token, record = await sessions.open_session(request.app, user, "activity")
    log.info("user %d signed in on the live board (Activity)", user.id)
    return web.json_response({"access_token": access_token, "session": token, "expires_at": record.expires_at,
                              "user": _user_json(record.user_id, record.name)}, headers={"Cache-Control": "no-store"})


@routes.post("/auth/logout")
async def logout(request: web.Request) -> web.Response:
    viewer = sessions.require_viewer(request)
    await sessions.close_session(request, viewer, everywhere=request.query.get("everywhere") == "1")
    response = web.json_response({"signed_out": True})
    if viewer.via == "cookie":
        request.app[keys.COOKIES].clear(response, sessions.COOKIE)
    return response


@routes.get("/auth/me")
async def me(request: web.Request) -> web.Response:
    viewer = sessions.require_viewer(request)
    body: dict[str, object] = {"user": _user_json(viewer.user_id, viewer.name), "expires_at": viewer.session.expires_at}
    if viewer.via == "cookie":
        body["csrf_token"] = viewer.csrf_token
    return web.json_response(body, headers={"Cache-Control": "no-store"})


def _user_json(user_id: int, name: str) -> dict[str, str]:
    """Ids as strings: a Discord id does not fit a JavaScript number."""
    return {"id": str(user_id), "name": name}


