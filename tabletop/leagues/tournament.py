"""Tournaments on the league machinery (no Discord): a tournament is a league whose rounds are a
bracket's rounds and whose tables are its matches' games (tabletop/leagues/brackets/).

The league's stored tables are the bracket's only record besides the seed order: `live_results` reads
them as recorded by each game's last step, `replayed_results` reads the games themselves (outcomes
replayed, cancelled games void), and `bracket_of` builds the bracket from either — the two must agree,
which is the consistency check after restarts, cancellations and members leaving. A table with no game
that is decided is a match an admin settled by hand.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from engine import registry
from tabletop.leagues.brackets.build import Spec, build
from tabletop.leagues.brackets.match import GameResult
from tabletop.leagues.brackets.seeding import seed_order
from tabletop.leagues.brackets.view import BracketView, MatchView
from tabletop.leagues.config import LeagueConfig
from tabletop.play.service import match_of
from storage.base import Store
from storage.league_records import LeagueGameRecord, LeagueRecord, RoundRecord


def spec_of(league: LeagueRecord) -> Spec:
    config = LeagueConfig.from_json(league.config)
    game = registry.get(league.game_type)
    return config.spec(game.player_counts, game.seat_teams({"players": config.players}) if config.players > 2 else ())


def live_results(tables: Sequence[LeagueGameRecord]) -> list[GameResult]:
    """The tables as the league recorded them."""
    return [GameResult(table.round, table.table, table.players, table.ranks,
                       "settled" if table.status == "finished" and table.game_id is None else table.status, table.game_id)
            for table in tables]


async def replayed_results(store: Store, tables: Sequence[LeagueGameRecord]) -> list[GameResult]:
    """The tables as their games say: a finished game's places from its replayed outcome, a running one
    open, one cancelled (or never started once its table closed) void; settled tables as recorded."""
    found: list[GameResult] = []
    for table in tables:
        record = await store.get_game(table.game_id) if table.game_id is not None else None
        if record is None:
            found.append(live_results([table])[0])
            continue
        ranks, status = None, "void"
        if record.status == "finished" and record.state is not None:
            outcome = match_of(record).outcome
            if outcome is not None and outcome.reason not in ("cancel", "abandon", "double_forfeit"):
                ranks, status = tuple(outcome.ranks[record.players.index(user)] for user in table.players), "finished"
        elif record.status == "active" or (record.status == "lobby" and table.status == "open"):
            status = "open"
        found.append(GameResult(table.round, table.table, table.players, ranks, status, table.game_id))
    return found


def byes_of(rounds: Sequence[RoundRecord]) -> list[tuple[int, int]]:
    return [(round_.number, user) for round_ in rounds for user in round_.byes]


def bracket_of(league: LeagueRecord, rounds: Sequence[RoundRecord], results: Sequence[GameResult],
               seeds: Sequence[int] | None = None) -> BracketView:
    return build(spec_of(league), list(seeds if seeds is not None else league.seeds), results, league.withdrawn, byes_of(rounds))


def seeds_for(league: LeagueRecord, conservative: Mapping[int, float]) -> tuple[int, ...]:
    """The seed order at the start: by rating (ties and newcomers drawn with the league's id), or drawn."""
    return seed_order(league.members, conservative, LeagueConfig.from_json(league.config).seeding, draw=league.id)


def match_of_table(view: BracketView, table: LeagueGameRecord) -> tuple[MatchView, int] | None:
    """The match a table's game belongs to, and which game of it (1-based)."""
    for match in view.matches():
        for index, game in enumerate(match.games):
            if match.round == table.round and game.table == table.table:
                return match, index + 1
    return None
