"""A game looked back at step by step on the live board: the web twin of `/game replay`.

- `GET /api/games/{id}/replay`: the whole log as a spectator reads it (each step's number, who acted and
  its public lines) and how many steps there are;
- `GET /api/games/{id}/replay/{step}`: one step (0 = the starting position): who acted, its public lines,
  whose decision was awaited then, the result once the game is over, and the address of the public board
  at that step;
- `GET /api/games/{id}/replay/{step}.webp`: that board, the very render of that version Discord's replay
  and the live board use (`tabletop.presentation.pictures.rendered`, in the render pool; `?d=2` at 2× density as the
  live board's pictures, `web.games.density_of`); and
  `GET /api/games/{id}/replay/{step}/{seat}.webp`: a seat's private view at that step, only where Discord's
  replay shows private views too (`tabletop.play.history.reveals_private`: a finished game whose package says
  so), to anyone who may watch the game.

The page `/games/{id}/replay` (`web/client/src/replay.ts`) steps through them: #step, #step-prev and
#step-next, the board and the step's lines, the step kept in the address as `?step=k`.

Everything comes from `tabletop.play.history` (the game replayed from its seed and log once per version), so
a step shows exactly what Discord's replay shows and nothing more: the public board and public lines, the
same for a player as for a spectator (a seat's own secrets are in its DMs, not in a replay). Who may look
is who may watch (`web.games.seat_or_spectator`: its players and members of its server). A game still
being played replays up to its latest step, as `/game replay` does; a cancelled one has no replay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from engine import registry
from engine.core.errors import GameError
from storage.base import GameRecord
from tabletop.presentation import pictures
from tabletop.play.history import VIEWABLE, History, history_of, moment_lines, reveals_private
from tabletop.presentation.i18n import tr
from tabletop.presentation.names import seat_names
from tabletop.presentation.texts import result_lines
from web.errors import refusal, refuse
from web.games import (IMAGE_CACHE, IMAGE_TYPE, density_of, game_id, games_bot, seat_or_spectator, shown_record,
                       viewer_locale)
from web.pages import page
from web.sessions import require_viewer

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

routes = web.RouteTableDef()
STEP = r"{step:\d{1,6}}"


async def replayed(request: web.Request) -> tuple["TabletopBot", GameRecord, History, dict[int, str], str]:
    """The game the path names, its history and seat names, once the viewer may watch it; a lobby, a
    cancelled game or a log the rules no longer accept has no replay (404)."""
    viewer = require_viewer(request)
    bot = games_bot(request)
    record = await shown_record(request, bot)
    await seat_or_spectator(request, record, viewer)
    locale = viewer_locale(request)
    if record.status not in VIEWABLE:
        raise refuse(request, 404, "web.no_replay")
    try:
        history = await history_of(bot.store, record)
    except GameError as error:
        raise refusal(404, "no_replay", error.reason.render(locale)) from None
    return bot, record, history, await seat_names(bot, record), locale


def step_of(request: web.Request, history: History) -> int:
    step = int(request.match_info["step"])
    if step > history.last:
        raise refuse(request, 404, "web.no_step")
    return step


def step_lines(history: History, step: int, locale: str, names: dict[int, str]) -> dict[str, Any]:
    """A step's number, who acted (None at the start) and its public lines, as `/game replay` shows them
    (`tabletop.play.history.step_lines` without Discord's markdown header: the page writes the number and name)."""
    if step == 0:
        return {"step": 0, "seat": None, "lines": [tr("history.start", locale)]}
    moment = history.moments[step - 1]
    return {"step": step, "seat": moment.seat, "lines": moment_lines(moment, locale, names, None)}


def envelope(record: GameRecord, history: History, locale: str, names: dict[int, str]) -> dict[str, Any]:
    return {"game": {"id": str(record.id), "type": record.game_type,
                     "name": registry.get(record.game_type).name.get(locale), "status": record.status},
            "locale": locale, "last": history.last,
            "seats": [{"seat": seat, "name": names[seat]} for seat in range(len(record.players))]}


def answer(body: dict[str, Any], record: GameRecord) -> web.Response:
    """JSON that holds until the game moves on: a finished game's steps never change."""
    cache = "private, max-age=300" if record.status == "finished" else "no-store"
    return web.json_response(body, headers={"Cache-Control": cache})


@routes.get(r"/api/games/{id}/replay")
async def replay_log(request: web.Request) -> web.Response:
    _, record, history, names, locale = await replayed(request)
    steps = [step_lines(history, step, locale, names) for step in range(history.last + 1)]
    return answer(envelope(record, history, locale, names) | {"steps": steps}, record)


@routes.get(rf"/api/games/{{id}}/replay/{STEP}")
async def replay_step(request: web.Request) -> web.Response:
    _, record, history, names, locale = await replayed(request)
    step = step_of(request, history)
    match = history.match_at(step)
    base = f"/api/games/{record.id}/replay/{step}"
    shown = {
        **step_lines(history, step, locale, names),
        "board": {"image": f"{base}.webp?lang={locale}"},
        "private": [{"seat": seat, "image": f"{base}/{seat}.webp?lang={locale}"} for seat in range(match.players)]
        if reveals_private(record) else [],
        "waiting": [{"seat": decision.seat, "prompt": decision.prompt.render(locale, names)} for decision in match.pending()],
        "result": result_lines(match, locale, names) if match.finished else None,
    }
    return answer(envelope(record, history, locale, names) | shown, record)


async def image(request: web.Request, kind: str, seat: int | None) -> web.Response:
    _, record, history, names, locale = await replayed(request)
    step = step_of(request, history)
    if kind == "private" and (not reveals_private(record) or seat is None or seat >= len(record.players)):
        raise refuse(request, 403, "web.not_your_seat")
    density = density_of(request)
    data = await pictures.rendered(kind, record, history.match_at(step), seat, locale, names, density)
    if data is None:
        raise refuse(request, 404, "web.no_image")
    return web.Response(body=data, content_type=IMAGE_TYPE, headers={"Cache-Control": IMAGE_CACHE})


@routes.get(rf"/api/games/{{id}}/replay/{STEP}.webp")
async def replay_board(request: web.Request) -> web.Response:
    return await image(request, "board", None)


@routes.get(rf"/api/games/{{id}}/replay/{STEP}/{{seat:\d{{1,2}}}}.webp")
async def replay_private(request: web.Request) -> web.Response:
    return await image(request, "private", int(request.match_info["seat"]))


@routes.get(r"/games/{id}/replay")
async def replay_page(request: web.Request) -> web.Response:
    number = game_id(request)  # a malformed id is a 404 here already; the rest the page learns from the API
    return page(request, "replay", "replay", {"data-game-id": str(number), "data-step": ""})
