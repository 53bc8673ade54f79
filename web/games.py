"""A game on the live board: its scene for the viewer, its pictures, and moves.

- `GET /api/games/{id}`: the scene (`tabletop.presentation.scene`) of the signed-in viewer: a player of
  the game sees their own seat, a member of the game's server the public board, anyone else a 403.
- `GET /api/games/{id}/board/{version}.webp`: the public board of the current version (anyone who may see
  the scene); `GET /api/games/{id}/private/{version}/{seat}.webp`: a seat's private view, for that seat's
  player only. Both are drawn once in the bot's render pool and shared with Discord's boards and DMs
  (`tabletop.presentation.pictures.rendered`); a version that is no longer current is a 404 (its URL is cached as
  long as it lasts, and a page asks for the current one after each change). `?d=2` draws the picture at 2×
  density (`renderers.density`: sharp on a phone's screen; the scene links the board and the viewer's
  private view at 2×), `?d=1` or none at 1× as Discord shows it; any other `d` is a 400. Each density is
  drawn and cached on its own; the board's regions are in the 1× picture's pixels for both.
- `POST /api/games/{id}/move` with `{"decision": id, "notation": text}` (a leaf of the scene's choice
  tree) or `{"decision": id, "path": [indices]}`: the move goes through `GameService.play` and
  `publish.after_commit` as a click on Discord does, so the thread, the DMs, clocks, the AI and leagues
  follow exactly as they do for a click. A decision that moved on is a 409 with the words Discord uses;
  anything not a legal action of the viewer's own seat a 400 or 403, and nothing changes.

The language is `?lang=ja|en`, else the browser's.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from aiohttp import web

from engine.core.errors import GameError, GameOver, NotYourDecision, StaleDecision, StaleVersion
from engine.core.match import Match
from storage.base import GameRecord
from tabletop.presentation import pictures
from tabletop.play.history import history_of
from tabletop.presentation.i18n import text
from tabletop.presentation.refusals import refusal_text
from tabletop.play.local_games import is_local
from tabletop.presentation.choices import action_at, listed
from tabletop.presentation.names import seat_names
from tabletop.presentation.scene import LOG_STEPS, BoardLayout, LogStep, scene
from tabletop.delivery.publish import after_commit
from tabletop.play.service import MAX_GAME_ID, Loaded, match_of, not_active
from web import keys, local_screen
from web.errors import locale_of, refusal, refuse
from web.members import MembershipUnknown
from web.sessions import Viewer, require_viewer

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.web")
routes = web.RouteTableDef()
IMAGE_TYPE = "image/webp"
IMAGE_CACHE = "private, max-age=3600"
"""A picture's URL names its version and language: the same URL always shows the same picture (a name
changed meanwhile shows at the next version), so a browser keeps it; private, as only its viewers may."""
MAX_NOTATION = 200
REFUSED: tuple[tuple[type[Exception], int], ...] = (
    (StaleDecision, 409), (StaleVersion, 409), (GameOver, 409), (NotYourDecision, 403), (GameError, 400))
"""The status of each kind of refusal a move may meet (the first that fits): moved on, not yours, not legal."""


def games_bot(request: web.Request) -> "TabletopBot":
    bot = request.app[keys.SERVICES].bot
    if bot is None:
        raise refuse(request, 503, "web.games_off")
    return bot


def viewer_locale(request: web.Request) -> str:
    asked = request.query.get("lang")
    return asked if asked in ("ja", "en") else locale_of(request)


def density_of(request: web.Request) -> int:
    """The picture's density asked by `?d=` (1 when absent): 1 or 2, anything else a 400."""
    asked = request.query.get("d", "1")
    if asked not in ("1", "2"):
        raise refuse(request, 400, "web.bad_density")
    return int(asked)


def game_id(request: web.Request) -> int:
    text = request.match_info["id"]
    if not text.isascii() or not text.isdigit() or len(text) > 19 or not 0 < int(text) < MAX_GAME_ID:
        raise refuse(request, 404, "web.no_game")
    return int(text)


async def shown_record(request: web.Request, bot: "TabletopBot") -> GameRecord:
    """The game the path names, once started (a lobby has no board yet)."""
    record = await bot.store.get_game(game_id(request))
    if record is None or record.state is None:
        raise refuse(request, 404, "web.no_game")
    local_screen.check_served(request, record)
    return record


async def seat_or_spectator(request: web.Request, record: GameRecord, viewer: Viewer) -> int | None:
    """The viewer's seat in the game, or None for a member of its server watching; anyone else is refused.
    A local game's host sees the seat on screen (`web.local_screen`)."""
    if is_local(record):
        return local_screen.host_seat(request, record, viewer)
    seat = record.seat_of(viewer.user_id)
    if seat is None:
        await require_member(request, record.guild_id, viewer)
    return seat


async def require_member(request: web.Request, guild_id: int | None, viewer: Viewer) -> None:
    """Refuse anyone but a member of the server (checked with the bot's token, cached briefly): who may watch
    a game or read a league; 502 when Discord cannot say."""
    members = request.app[keys.MEMBERS]
    if guild_id is None or members is None:
        raise refuse(request, 403, "web.not_member")
    try:
        member = await members.is_member(guild_id, viewer.user_id)
    except MembershipUnknown:
        raise refuse(request, 502, "web.discord_down") from None
    if not member:
        raise refuse(request, 403, "web.not_member")


async def scene_of(bot: "TabletopBot", record: GameRecord, seat: int | None, locale: str) -> dict[str, Any]:
    """The viewer's scene of the game as stored now. Its pictures are drawn ahead for the view it shows only:
    a spectator's or a covered local screen's (`seat` None) public board, a seat's own private view too."""
    match = match_of(record)
    names = await seat_names(bot, record)
    steps = await log_steps(bot, record)
    # The page asks for its pictures as soon as it has the scene: their drawing starts now, beside the layout's,
    # 1x first (the page shows it first, then the sharp one: web/client/src/game.ts, showImage).
    for density in (1, pictures.LIVE_DENSITY):
        pictures.draw_ahead("board", record, match, None, locale, names, density)
        if seat is not None:
            pictures.draw_ahead("private", record, match, seat, locale, names, density)
    layout: BoardLayout | None = None
    try:
        layout = await pictures.board_layout(record, match, locale, names)
    except Exception:  # noqa: BLE001 - a drawing bug must not hide the game: the page shows it without targets
        log.exception("game %s: the board's regions could not be drawn", record.id)

    def image_url(kind: str, seat: int | None) -> str:
        where = f"board/{match.version}" if kind == "board" else f"private/{match.version}/{seat}"
        return f"/api/games/{record.id}/{where}.webp?lang={locale}&d={pictures.LIVE_DENSITY}"

    return scene(record, match, seat, locale, names, steps, layout, image_url)


async def log_steps(bot: "TabletopBot", record: GameRecord) -> list[LogStep]:
    """The latest entries of the game's log with their events, from its history (replayed once per version
    and shared with `/game log`); none when the log cannot be replayed (the board still shows)."""
    try:
        history = await history_of(bot.store, record)
    except GameError:
        return []
    first = max(0, len(history.moments) - LOG_STEPS)
    return [LogStep(number, moment.seat, moment.events)
            for number, moment in enumerate(history.moments[first:], start=first + 1)]


@routes.get(r"/api/games/{id}")
async def game_scene(request: web.Request) -> web.Response:
    viewer = require_viewer(request)
    bot = games_bot(request)
    record = await shown_record(request, bot)
    seat = await seat_or_spectator(request, record, viewer)
    # A local game's screen is read with its seat, before the scene's awaits: a cover set meanwhile would
    # otherwise hide a seat's view (its private pictures drawn ahead for nothing) instead of hiding none.
    local = local_screen.screen(request, record) if is_local(record) else None
    body = await scene_of(bot, record, seat, viewer_locale(request))
    if local is not None:
        body["local"] = local
    return web.json_response(body, headers={"Cache-Control": "no-store"})


def current(request: web.Request, record: GameRecord) -> Match:
    """The game's match, when the path names its current version."""
    if request.match_info["version"] != str(record.version):
        raise refuse(request, 404, "web.old_version")
    return match_of(record)


@routes.get(r"/api/games/{id}/board/{version:\d{1,9}}.webp")
async def board_image(request: web.Request) -> web.Response:
    viewer = require_viewer(request)
    bot = games_bot(request)
    record = await shown_record(request, bot)
    await seat_or_spectator(request, record, viewer)
    match = current(request, record)
    density = density_of(request)
    data = await pictures.rendered("board", record, match, None, viewer_locale(request), await seat_names(bot, record),
                                   density)
    if data is None:
        raise refuse(request, 404, "web.no_image")
    return web.Response(body=data, content_type=IMAGE_TYPE, headers={"Cache-Control": IMAGE_CACHE})


@routes.get(r"/api/games/{id}/private/{version:\d{1,9}}/{seat:\d{1,2}}.webp")
async def private_image(request: web.Request) -> web.Response:
    viewer = require_viewer(request)
    bot = games_bot(request)
    record = await shown_record(request, bot)
    seat = int(request.match_info["seat"])
    if not seat < len(record.players) or seat != (local_screen.host_seat(request, record, viewer) if is_local(record)
                                                  else record.seat_of(viewer.user_id)):
        raise refuse(request, 403, "web.not_your_seat")
    match = current(request, record)
    density = density_of(request)
    data = await pictures.rendered("private", record, match, seat, viewer_locale(request), await seat_names(bot, record),
                                   density)
    if data is None:
        raise refuse(request, 404, "web.no_image")
    return web.Response(body=data, content_type=IMAGE_TYPE, headers={"Cache-Control": IMAGE_CACHE})


async def move_request(request: web.Request) -> tuple[int, str | None, list[int] | None]:
    """(decision id, notation or None, path or None) from the body; anything else is a 400."""
    try:
        sent = await request.json()
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: JSON nested thousands deep
        raise refuse(request, 400, "web.bad_move") from None
    if not isinstance(sent, dict):
        raise refuse(request, 400, "web.bad_move")
    decision, notation, path = sent.get("decision"), sent.get("notation"), sent.get("path")
    well_formed = (
        type(decision) is int and 0 <= decision < 2**31 and (notation is None) != (path is None)
        and (notation is None or (isinstance(notation, str) and 0 < len(notation) <= MAX_NOTATION))
        and (path is None or (isinstance(path, list) and all(type(index) is int and 0 <= index < 1000 for index in path)))
    )
    if not well_formed:
        raise refuse(request, 400, "web.bad_move")
    return decision, notation, path


@routes.post(r"/api/games/{id}/move")
async def move(request: web.Request) -> web.Response:
    viewer = require_viewer(request)
    bot = games_bot(request)
    number = game_id(request)
    decision, notation, path = await move_request(request)
    locale = viewer_locale(request)
    record = await bot.store.get_game(number)
    if record is None or record.state is None:
        raise refuse(request, 404, "web.no_game")
    local_screen.check_served(request, record)
    seat = local_screen.acting_seat(request, record, viewer) if is_local(record) else record.seat_of(viewer.user_id)
    if seat is None:
        raise refuse(request, 403, "web.not_your_game")
    try:
        if record.status != "active":
            raise GameOver(not_active(record).reason)
        loaded = Loaded(record, match_of(record))
        loaded.match.check_decision(seat, decision)
        if seat not in loaded.match.awaited_seats():
            names = await seat_names(bot, record)
            who = ", ".join(names[other] for other in loaded.match.awaited_seats()) or "-"
            raise NotYourDecision(text("err.not_your_turn").with_args(who=who))  # as Take turn answers
        legal = loaded.match.legal_actions(seat)
        action = listed(legal, notation) if notation is not None else action_at(legal, path or [])
        if action is None:
            raise refuse(request, 400, "web.illegal_move")
        played = await bot.service.play(loaded, seat, action, decision_id=decision)
    except GameError as error:
        raise game_refusal(error, locale) from None
    request.app[keys.SERVICES].spawn(after_commit(bot, played, present=True))
    return web.json_response({"version": played.match.version}, headers={"Cache-Control": "no-store"})


def game_refusal(error: GameError, locale: str) -> web.HTTPException:
    """A move the game refused, worded as Discord words it for a click (`refusal_text`)."""
    status = next(status for kind, status in REFUSED if isinstance(error, kind))
    return refusal(status, error.code, refusal_text(error, locale) or error.reason.render(locale))
