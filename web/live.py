"""`GET /api/games/{id}/live`: a WebSocket that tells an open page each new version of its game.

The page may see the game (a seat, or a member of its server, as for the scene); the socket sends
`{"version": n}` at once and after every change (`tabletop.delivery.live`, fed by the one publish path), and the
page then fetches its own scene. Only the version travels, which every viewer of the game may know. At
each change the session is read again and a spectator's membership checked again (remembered for a
minute), so a sign-out or leaving the server closes the channel. Nothing the page sends is read; a
session holds at most `MAX_SOCKETS` channels at once.
"""

from __future__ import annotations

import asyncio
from contextlib import suppress

from aiohttp import WSCloseCode, WSMsgType, web

from storage.base import GameRecord
from tabletop.play.local_games import is_local
from tabletop.delivery.live import Watch
from web import keys
from web.errors import refuse
from web.games import game_id, games_bot, seat_or_spectator, shown_record
from web.members import MembershipUnknown
from web.security import from_this_site
from web.sessions import SOCKET_BEARER, Viewer, require_viewer

routes = web.RouteTableDef()
MAX_SOCKETS = 8
"""Open live channels per session: a few tabs and an Activity; more is a leak or an attack."""
HEARTBEAT = 30.0
"""Seconds between pings, so a dead connection (a phone gone to sleep) is noticed and closed."""
CLOSED_GONE = 4403
"""The close code when the viewer may no longer watch (signed out, left the server): do not reconnect."""


@routes.get(r"/api/games/{id}/live")
async def live(request: web.Request) -> web.StreamResponse:
    viewer = require_viewer(request)
    bot = games_bot(request)
    if viewer.via == "cookie" and "Origin" in request.headers \
            and not from_this_site(request, request.app[keys.CONFIG].public_url):
        raise refuse(request, 403, "web.csrf")  # another site's page opening a socket with the cookie
    number = game_id(request)
    sockets = request.app[keys.SOCKETS].setdefault(viewer.session.token_hash, set())
    if len(sockets) >= MAX_SOCKETS:
        raise refuse(request, 429, "web.too_many_sockets")
    socket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=1024, protocols=(SOCKET_BEARER,))
    sockets.add(socket)
    try:
        with bot.live.watch(number) as watch:  # before reading the game: a change in between still wakes it
            record = await shown_record(request, bot)
            seat = await seat_or_spectator(request, record, viewer)
            watch.seen(record.version)
            await socket.prepare(request)
            await socket.send_json({"version": record.version})
            spectating = seat is None and not is_local(record)  # a covered local screen is still its host's
            await _follow(request, socket, watch, viewer, record if spectating else None)
            return socket
    finally:
        sockets.discard(socket)
        if not sockets:
            request.app[keys.SOCKETS].pop(viewer.session.token_hash, None)


async def close_all(app: web.Application) -> None:
    """An `on_shutdown` handler: open channels are closed at once (a page reconnects to the next process)
    rather than held until the server's shutdown timeout."""
    for sockets in list(app[keys.SOCKETS].values()):
        for socket in list(sockets):
            if socket.prepared:
                await socket.close(code=WSCloseCode.GOING_AWAY)


async def _follow(request: web.Request, socket: web.WebSocketResponse, watch: Watch, viewer: Viewer,
                  watched: GameRecord | None) -> None:
    """Send each new version until the page closes the socket or may no longer watch (`watched`: the game
    a spectator watches, whose server they must stay in; None for a seat)."""
    reading = asyncio.ensure_future(_drain(socket))
    try:
        while not reading.done():
            changed = asyncio.ensure_future(watch.next())
            done, _ = await asyncio.wait({reading, changed}, return_when=asyncio.FIRST_COMPLETED)
            if changed not in done:
                changed.cancel()
                break
            if not await _still_allowed(request, viewer, watched):
                await socket.close(code=CLOSED_GONE)
                break
            await socket.send_json({"version": changed.result()})
    finally:
        reading.cancel()
        with suppress(asyncio.CancelledError):
            await reading


async def _drain(socket: web.WebSocketResponse) -> None:
    """Read (and ignore) what the page sends, until it closes or the connection dies."""
    async for message in socket:
        if message.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
            break


async def _still_allowed(request: web.Request, viewer: Viewer, watched: GameRecord | None) -> bool:
    services = request.app[keys.SERVICES]
    if await services.store.get_session(viewer.session.token_hash, now=services.now()) is None:
        return False
    if watched is None:
        return True
    members = request.app[keys.MEMBERS]
    try:
        return watched.guild_id is not None and members is not None \
            and await members.is_member(watched.guild_id, viewer.user_id)
    except MembershipUnknown:
        return True  # Discord unreachable for a moment: the page goes on, the next change asks again
