"""The live board as a Discord Activity: its page, Discord's launch sent on to it, and which game it shows.

- Discord loads an Activity from the root of its URL mapping (`/` → the host of PUBLIC_URL), with the
  launch's `frame_id` and `instance_id` in the query; `launch_redirect` sends exactly that request on to
  `GET /activity` with the same query (the Embedded App SDK reads it), so the root stays free for others.
- `GET /activity`: the page's shell (web/client/src/activity.ts), framed by Discord. The script signs in
  through the SDK (`authorize`, then `POST /auth/activity`, then `authenticate`), asks which game to show
  and shows it with the game page's own view.
- `GET /api/activity/game?channel_id=`: the game for the channel the Activity was launched in. A game's
  thread (or a channel without threads) names its game; a DM names none, so it is the game the viewer
  last pressed Open live board for (tabletop.delivery.live_links.LaunchHints, if this process answered that click
  within minutes), else the viewer's game that waited for them most recently, else their newest. The
  channel id comes from the Discord client and is not trusted: whatever game it leads to is shown only
  to someone who may see it, as `GET /api/games/{id}` decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Awaitable, Callable

from aiohttp import web

from storage.base import GameRecord
from tabletop.play.service import match_of
from web import keys
from web.errors import refuse
from web.games import games_bot, seat_or_spectator
from web.pages import page
from web.sessions import Viewer, require_viewer

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

routes = web.RouteTableDef()
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
LAUNCH_QUERY = ("frame_id", "instance_id")
"""What Discord adds to the Activity's address when it launches it."""
FRAMED_BY = "https://discord.com https://*.discord.com https://*.discordsays.com"
"""Who may frame the Activity's page: Discord's clients (the page itself is served at <client id>.discordsays.com)."""
MAX_SNOWFLAKE = 20
RECENT_GAMES = 50


@web.middleware
async def launch_redirect(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Discord's launch of the Activity at the root goes on to its page, query and all (a 302)."""
    if request.method == "GET" and request.path == "/" and all(request.query.get(name) for name in LAUNCH_QUERY):
        raise web.HTTPFound(f"/activity?{request.query_string}", headers={"Cache-Control": "no-store"})
    return await handler(request)


@routes.get("/activity")
async def activity_page(request: web.Request) -> web.Response:
    client_id = request.app[keys.CONFIG].discord_client_id
    return page(request, "activity", "game", {
        "data-game-id": "", "data-version": "", "data-seat": "", "data-live": "closed", "data-activity": "",
        "data-client-id": str(client_id or "")}, frame_ancestors=FRAMED_BY)


def channel_of(request: web.Request) -> int:
    text = request.query.get("channel_id", "")
    if not text.isascii() or not text.isdigit() or len(text) > MAX_SNOWFLAKE or int(text) >= 2**63:
        raise refuse(request, 400, "web.bad_channel")
    return int(text)


@routes.get("/api/activity/game")
async def activity_game(request: web.Request) -> web.Response:
    viewer = require_viewer(request)
    bot = games_bot(request)
    record = await game_for_channel(bot, viewer, channel_of(request))
    if record is None:
        raise refuse(request, 404, "web.no_activity_game")
    await seat_or_spectator(request, record, viewer)
    return web.json_response({"game": str(record.id), "status": record.status}, headers={"Cache-Control": "no-store"})


async def game_for_channel(bot: "TabletopBot", viewer: Viewer, channel_id: int) -> GameRecord | None:
    """The game an Activity launched in `channel_id` shows (the module's docstring says which)."""
    here = await bot.store.game_for_thread(channel_id)
    hint = bot.launches.recent(viewer.user_id, bot.service.now())
    hinted = await bot.store.get_game(hint) if hint is not None else None
    if hinted is not None and hinted.state is not None and (here is None or channel_id in (hinted.thread_id, hinted.channel_id)):
        return hinted
    if here is not None:
        return here
    return await awaiting_viewer(bot, viewer.user_id)


async def awaiting_viewer(bot: "TabletopBot", user_id: int) -> GameRecord | None:
    """The viewer's active game that waited for them most recently, else their newest active game."""
    games = await bot.store.user_games(user_id, statuses=("active",), limit=RECENT_GAMES)
    waiting = [record for record in games if record.seat_of(user_id) in match_of(record).awaited_seats()]
    return max(waiting, key=lambda record: record.updated_at, default=None) or (games[0] if games else None)
