"""A league on the live board: `GET /api/leagues/{id}`, its standings and its schedule, for members of
the league's server only (as `/league standings` and `/league results` answer only there).

- standings: the table `/league standings` draws (`LeagueService.table`: points, W-D-L, the league's own
  tie-breaks, withdrawn members marked), each member with their rating in the game on this server (the
  openskill rating `/league stats` and the leaderboard show, "1046?" while provisional);
- schedule: every round paired so far with its deadline and byes, and each table with its players, its
  game (a link to the live board or, once over, the replay) and its places, as `/league results` words
  them (a double forfeit is "void").

The page `/leagues/{id}` (`web/client/src/league.ts`) shows both.

Names are as they are (the page escapes them); user ids are not sent: the viewer's own rows say `you`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from aiohttp import web

from engine import registry
from storage.league_records import LeagueGameRecord, LeagueRecord, RoundRecord
from tabletop.presentation.i18n import tr
from tabletop.leagues.post import leagues_of, names_of, tiebreak_label
from tabletop.leagues.ratings import Rating
from tabletop.leagues.results import rating_of
from tabletop.leagues.service import league_config
from tabletop.leagues.standings import Row, points_text
from web.errors import refuse
from web.games import games_bot, require_member, viewer_locale
from web.pages import page
from web.sessions import Viewer, require_viewer

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

routes = web.RouteTableDef()
SHOWN = ("signup", "running", "finished")
"""The leagues `/league standings` finds; a cancelled league is gone."""


def league_id(request: web.Request) -> int:
    text = request.match_info["id"]
    if not text.isascii() or not text.isdigit() or len(text) > 19 or not 0 < int(text) < 2**62:
        raise refuse(request, 404, "web.no_league")
    return int(text)


async def shown_league(request: web.Request, bot: "TabletopBot", viewer: Viewer) -> LeagueRecord:
    """The league the path names, when the viewer is a member of its server (else 403)."""
    league = await bot.store.get_league(league_id(request))
    if league is None or league.status not in SHOWN:
        raise refuse(request, 404, "web.no_league")
    await require_member(request, league.guild_id, viewer)
    return league


def rating_json(rating: Rating | None) -> dict[str, Any] | None:
    if rating is None:
        return None
    return {"display": rating.display, "provisional": rating.provisional, "shown": rating.shown(), "games": rating.games}


def standings_json(league: LeagueRecord, rows: Sequence[Row], names: dict[int, str], ratings: dict[int, Rating],
                   viewer: int) -> list[dict[str, Any]]:
    return [{"place": row.place, "name": names[row.user_id], "you": row.user_id == viewer,
             "points": points_text(row.points), "wins": row.wins, "draws": row.draws, "losses": row.losses,
             "byes": row.byes, "record": f"{row.wins}-{row.draws}-{row.losses}",
             "tiebreaks": [points_text(value) for value in row.tiebreaks],
             "withdrawn": row.user_id in league.withdrawn, "rating": rating_json(ratings.get(row.user_id))}
            for row in rows]


def table_json(table: LeagueGameRecord, names: dict[int, str], viewer: int, locale: str) -> dict[str, Any]:
    places = None
    if table.status != "open" and table.ranks is not None:
        order = sorted(range(len(table.players)), key=lambda seat: table.ranks[seat])  # type: ignore[index]
        places = [{"name": names[table.players[seat]], "rank": table.ranks[seat]} for seat in order]
    link = None
    if table.game_id is not None:
        link = f"/games/{table.game_id}" + ("" if table.status == "open" else "/replay")
    return {"table": table.table + 1, "status": table.status, "game_id": str(table.game_id) if table.game_id else None,
            "link": link, "players": [{"name": names[user], "you": user == viewer} for user in table.players],
            "places": places, "void": table.status != "open" and table.ranks is None,
            "result": tr("league.void", locale) if table.status != "open" and table.ranks is None else None}


def schedule_json(rounds: Sequence[RoundRecord], tables: Sequence[LeagueGameRecord], names: dict[int, str],
                  viewer: int, locale: str) -> list[dict[str, Any]]:
    return [{"round": round_.number, "deadline": round_.deadline, "status": round_.status,
             "byes": [{"name": names[user], "you": user == viewer} for user in round_.byes],
             "tables": [table_json(table, names, viewer, locale) for table in tables if table.round == round_.number]}
            for round_ in rounds]


@routes.get(r"/api/leagues/{id}")
async def league_page(request: web.Request) -> web.Response:
    viewer = require_viewer(request)
    bot = games_bot(request)
    league = await shown_league(request, bot, viewer)
    locale = viewer_locale(request)
    rows = await leagues_of(bot).table(league)
    rounds = await bot.store.league_rounds(league.id)
    tables = await bot.store.league_games(league.id)
    users = sorted({row.user_id for row in rows} | {user for table in tables for user in table.players}
                   | {user for round_ in rounds for user in round_.byes})
    names = await names_of(bot, users, locale)
    humans = tuple(user for user in users if user > 0)
    stored = await bot.store.get_ratings(league.guild_id, league.game_type, humans) if humans else {}
    ratings = {user: rating_of(record) for user, record in stored.items()}
    config = league_config(league)
    done = league.round - (1 if league.status == "running" else 0)
    body = {
        "league": {"id": str(league.id), "name": league.name, "status": league.status,
                   "status_text": tr(f"league.status_{league.status}", locale),
                   "game": {"type": league.game_type, "name": registry.get(league.game_type).name.get(locale)},
                   "format": config.format, "format_text": tr(f"league.format_{config.format}", locale),
                   "players": config.players, "round": league.round, "rounds": config.rounds or None,
                   "season": league.season,
                   "subtitle": tr("league.final" if league.status == "finished" else "league.after_round", locale, round=done)},
        "locale": locale,
        "columns": {"name": tr("league.col_name", locale), "points": tr("league.col_points", locale),
                    "record": tr("league.col_record", locale),
                    "tiebreaks": [tiebreak_label(name, locale) for name in config.effective_tiebreaks]},
        "standings": standings_json(league, rows, names, ratings, viewer.user_id),
        "schedule": schedule_json(rounds, tables, names, viewer.user_id, locale),
    }
    return web.json_response(body, headers={"Cache-Control": "no-store"})


@routes.get(r"/leagues/{id}")
async def league_html(request: web.Request) -> web.Response:
    number = league_id(request)
    return page(request, "league", "league", {"data-league-id": str(number)})
