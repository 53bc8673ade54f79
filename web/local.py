"""Local mode: the live board alone, without Discord (`make run` with no DISCORD_TOKEN).

`make_local_app` is the bot's application (`web.app.make_app`) with local games instead of Discord's
(`web.local_screen`, `tabletop.play.local_games`) and these routes:

- `GET /`: the local page, listing local games and creating one. On loopback (WEB_HOST and PUBLIC_URL both
  unset or loopback: `loopback_only`) it opens a session of the local viewer for a browser that has none:
  no sign-in. Beyond loopback — listening on another address, or reached through a reverse proxy at a
  PUBLIC_URL elsewhere — there is no local viewer: the page sends the browser to sign in with Discord, and
  the signed-in person plays their own local games.
- `GET /api/local/catalogue`: the games, their options (as each game declares them), player counts and the
  AI levels, in the viewer's language.
- `GET /api/local/games`: the viewer's local games, newest first. `POST /api/local/games` with
  `{"game": id, "options": {key: value}, "seats": [{"kind": "you" | "player" | "ai", "name"?, "level"?}]}`
  creates one and starts it (201, `{"id", "url"}`).
- `POST /api/local/games/{id}/screen` with `{"seat": k}` reveals a person's seat on the shared screen (pass
  and play), `{"seat": null}` covers it.

Playing is the live board's own API (`/api/games/{id}`, `/move`, `/live`). On loopback every request must
name a loopback host (`Host`) and come straight from a browser (no proxy's `Forwarded`/`X-Forwarded-For`):
a page of another site whose name was pointed at 127.0.0.1 (DNS rebinding) and a proxy passing requests
from elsewhere are refused, and the CSRF check (`web.security`) refuses other sites' requests as everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Awaitable, Callable
from urllib.parse import urlsplit

from aiohttp import web

from engine import registry
from engine.core.errors import GameError
from storage.base import GameRecord
from tabletop.runtime import packages
from tabletop.play.ai_seats import LEVEL_CODES, is_ai
from tabletop.runtime.config import Config
from tabletop.presentation.i18n import tr
from tabletop.play.local_games import LOCAL_GUILD, LOCAL_VIEWER, MAX_NAME, SeatSpec, clean_name, create, is_local
from tabletop.presentation.names import seat_names
from tabletop.play.service import match_of
from web import keys, pages, sessions
from web.app import make_app
from web.discord_api import DiscordUser
from web.errors import refusal, refuse
from web.games import game_id, games_bot, viewer_locale
from web.local_screen import LOCAL, LocalMode, host_seat, screen
from web.ratelimit import RateLimits
from web.security import LOOPBACK_HOSTS

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
routes = web.RouteTableDef()
LISTED = 50
MAX_SEATS = 8
NO_STORE = {"Cache-Control": "no-store"}


def make_local_app(bot: "TabletopBot", config: Config, *, limits: RateLimits | None = None) -> web.Application:
    """The live board over a bot that never connects to Discord: local games only."""
    app = make_app(bot, config, limits=limits)
    loopback = loopback_only(config)
    app[LOCAL] = LocalMode(loopback=loopback)
    app[keys.MEMBERS] = None  # no Discord servers: nobody watches as a member
    if loopback:
        app.middlewares.append(from_this_machine)
    app.add_routes(routes)
    return app


def host_name(request: web.Request) -> str:
    try:
        return (urlsplit("//" + request.host).hostname or "").lower()
    except ValueError:
        return ""


def loopback_only(config: Config) -> bool:
    """Whether only this machine reaches the board: it listens on loopback and is not published elsewhere
    (a PUBLIC_URL off this machine means a reverse proxy brings others in). Only then is there a local
    viewer who needs no sign-in."""
    return config.web_host in LOOPBACK_HOSTS and (urlsplit(config.public_url).hostname or "").lower() in LOOPBACK_HOSTS


@web.middleware
async def from_this_machine(request: web.Request, handler: Handler) -> web.StreamResponse:
    """On loopback, a request naming another host came through a name pointed at this machine (DNS
    rebinding), and one a proxy forwarded came from elsewhere: both refused."""
    if host_name(request) not in LOOPBACK_HOSTS or "Forwarded" in request.headers \
            or "X-Forwarded-For" in request.headers:
        raise refuse(request, 403, "web.local_host")
    return await handler(request)


@routes.get("/")
async def local_page(request: web.Request) -> web.StreamResponse:
    mode = request.app[LOCAL]
    config = request.app[keys.CONFIG]
    viewer = sessions.viewer(request)
    if viewer is None and not mode.loopback:
        raise web.HTTPFound("/auth/login?next=/")
    if mode.loopback and host_name(request) != (urlsplit(config.public_url).hostname or "").lower():
        raise web.HTTPFound(config.public_url + "/")  # the address the CSRF check knows as this site's
    locale = viewer_locale(request)
    response = pages.page(request, "local", "local")  # web/client/src/local.ts lists and creates games in it
    if viewer is None:
        you = tr("web.local_you", locale)
        token, record = await sessions.open_session(request.app, DiscordUser(LOCAL_VIEWER, you), "browser")
        request.app[keys.COOKIES].set(response, sessions.COOKIE, token, int(record.expires_at - record.created_at))
        await name_host(games_bot(request), LOCAL_VIEWER, None, you)
    return response


async def name_host(bot: "TabletopBot", user_id: int, given: str | None, default: str) -> None:
    """The name the host's seat shows: the one given, else the one kept, else `default` ("You" for the
    local viewer, the signed-in person's name otherwise)."""
    kept = (await bot.store.get_user(user_id)).prefs.get("name")
    wanted = given or kept or default
    if wanted != kept:
        await bot.store.update_user(user_id, prefs={"name": wanted})
    bot.names[user_id] = wanted


@routes.get("/api/local/catalogue")
async def catalogue(request: web.Request) -> web.Response:
    sessions.require_viewer(request)
    locale = viewer_locale(request)
    games = []
    for game_type in packages.declared():
        game = registry.get(game_type)
        games.append({
            "id": game.id, "name": game.name.get(locale), "players": list(game.player_counts),
            "options": [{"key": spec.key, "label": spec.label.get(locale), "default": spec.default,
                         "choices": [{"key": choice.key, "label": choice.label.get(locale),
                                      "players": list(dict(spec.choice_player_counts).get(choice.key, game.player_counts))}
                                     for choice in spec.choices]}
                        for spec in game.options],
        })
    levels = [{"key": level, "label": tr(f"ai.level_{level}", locale)} for level in LEVEL_CODES]
    return web.json_response({"games": games, "levels": levels, "max_name": MAX_NAME}, headers=NO_STORE)


@routes.get("/api/local/games")
async def list_games(request: web.Request) -> web.Response:
    viewer = sessions.require_viewer(request)
    bot = games_bot(request)
    locale = viewer_locale(request)
    records = await bot.store.list_games(guild_id=LOCAL_GUILD, user_id=viewer.user_id, limit=LISTED,
                                         statuses=("active", "finished", "cancelled"))
    listed = [await game_json(bot, record, locale) for record in records if record.host_id == viewer.user_id]
    return web.json_response({"games": listed}, headers=NO_STORE)


async def game_json(bot: "TabletopBot", record: GameRecord, locale: str) -> dict[str, Any]:
    names = await seat_names(bot, record)
    awaited = match_of(record).awaited_seats() if record.status == "active" else ()
    return {"id": str(record.id), "type": record.game_type, "name": registry.get(record.game_type).name.get(locale),
            "status": record.status, "url": f"/games/{record.id}", "updated_at": record.updated_at,
            "seats": [{"seat": seat, "name": names[seat], "ai": is_ai(user_id), "asked": seat in awaited}
                      for seat, user_id in enumerate(record.players)]}


async def json_body(request: web.Request) -> dict[str, Any]:
    try:
        sent = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise refuse(request, 400, "web.bad_request") from None
    if not isinstance(sent, dict):
        raise refuse(request, 400, "web.bad_request")
    return sent


def seat_specs(request: web.Request, sent: object) -> list[SeatSpec]:
    """The seats of a creation form; anything not of the documented shape is a 400."""
    if not isinstance(sent, list) or not 0 < len(sent) <= MAX_SEATS:
        raise refuse(request, 400, "web.local_bad_seats")
    specs = []
    for seat in sent:
        if not isinstance(seat, dict) or seat.get("kind") not in ("you", "player", "ai") \
                or not set(seat) <= {"kind", "name", "level"}:
            raise refuse(request, 400, "web.local_bad_seats")
        name, level = seat.get("name"), seat.get("level")
        if (name is not None and not isinstance(name, str)) or (level is not None and not isinstance(level, str)):
            raise refuse(request, 400, "web.local_bad_seats")
        specs.append(SeatSpec(seat["kind"], name, level))
    return specs


@routes.post("/api/local/games")
async def create_game(request: web.Request) -> web.Response:
    viewer = sessions.require_viewer(request)
    bot = games_bot(request)
    locale = viewer_locale(request)
    sent = await json_body(request)
    game_type, options = sent.get("game"), sent.get("options", {})
    if not isinstance(game_type, str) or game_type not in packages.declared():
        raise refuse(request, 400, "web.local_bad_game")
    if not isinstance(options, dict) or len(options) > 20:
        raise refuse(request, 400, "web.bad_request")
    specs = seat_specs(request, sent.get("seats"))
    try:
        you = next((spec.name for spec in specs if spec.kind == "you" and spec.name), None)
        await name_host(bot, viewer.user_id, clean_name(you) if you is not None else None, viewer.name)
        loaded = await create(bot, game_type, viewer.user_id, specs, options, locale)
    except GameError as error:
        raise refusal(400, error.code, error.reason.render(locale)) from None
    body = {"id": str(loaded.record.id), "url": f"/games/{loaded.record.id}"}
    return web.json_response(body, status=201, headers=NO_STORE)


@routes.post(r"/api/local/games/{id}/screen")
async def set_screen(request: web.Request) -> web.Response:
    """Reveal a person's seat on the shared screen, or cover it (`web.local_screen`)."""
    viewer = sessions.require_viewer(request)
    bot = games_bot(request)
    sent = await json_body(request)
    seat = sent.get("seat")
    if "seat" not in sent or not (seat is None or (type(seat) is int and 0 <= seat < MAX_SEATS)):
        raise refuse(request, 400, "web.bad_request")
    record = await bot.store.get_game(game_id(request))
    if record is None or record.state is None or not is_local(record):
        raise refuse(request, 404, "web.no_game")
    host_seat(request, record, viewer)  # the host's alone
    mode = request.app[LOCAL]
    if seat is None:
        mode.shown.pop(record.id, None)
    elif seat < len(record.players) and mode.may_reveal(record, match_of(record), seat):
        mode.shown[record.id] = seat
    else:
        raise refuse(request, 409, "web.local_not_next")
    return web.json_response({"version": record.version, **screen(request, record)}, headers=NO_STORE)
