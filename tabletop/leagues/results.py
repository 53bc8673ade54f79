"""What a game's last step commits besides the game: rating changes and the league table's result.

`game_end` is called by `GameService._commit` only for a step that finishes the game; the `GameEnd` it
builds is stored in the same transaction as that step, so the rating update happens exactly once with the
game's end (a crash before the commit leaves neither, one after leaves both). Ratings are compare-and-set
on the values read here: when another game's end changed one meanwhile, the store refuses with
"ratings_changed" and the service builds this again from fresh values.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.core.match import Match
from tabletop.play.ai_seats import ai_played_seats
from tabletop.leagues.ratings import Rating, is_rated, rate_game
from storage.base import GameRecord, Store
from storage.league_records import GameEnd, RatingChange, RatingRecord

RATED_OPTION = "tt_rated"
"""The lobby option ("on"/"off") that makes a casual game rated; its default is the server's setting."""
RATED_SETTING = "rated"
"""The guild setting: new lobbies are rated by default (False unless set)."""
RATED_VALUES = ("on", "off")


def lobby_rated(options: Mapping[str, Any], settings: Mapping[str, Any]) -> bool:
    value = options.get(RATED_OPTION)
    return value == "on" if value in RATED_VALUES else bool(settings.get(RATED_SETTING, False))


def rating_of(record: RatingRecord | None) -> Rating:
    return Rating() if record is None else Rating(record.mu, record.sigma, record.games)


async def game_end(store: Store, record: GameRecord, match: Match) -> GameEnd | None:
    """The rating changes (when the game is rated) and the league result (when it is a league table)
    of a finished match; None when the game's end touches neither."""
    outcome = match.outcome
    if outcome is None or record.guild_id is None:
        return None
    table = await store.table_of_game(record.id)
    if table is not None and table.status != "open":
        table = None
    league = await store.get_league(table.league_id) if table is not None else None
    allow_ai = bool(league.config.get("allow_ai")) if league is not None else False
    wanted = league is not None or lobby_rated(record.options, await store.get_guild_settings(record.guild_id))
    rated = wanted and is_rated(outcome, len(record.players), ai_played_seats(record), allow_ai)
    season = await store.current_season(record.guild_id, record.game_type)
    changes: tuple[RatingChange, ...] = ()
    if rated:
        current = await store.get_ratings(record.guild_id, record.game_type, tuple(record.players))
        teams = match.game.seat_teams(match.state)
        after = rate_game([rating_of(current.get(user)) for user in record.players], outcome.ranks, teams)
        changes = tuple(
            RatingChange(user, new.mu, new.sigma, current.get(user), record.id, outcome.ranks[seat], teams[seat],
                         won=outcome.ranks[seat] == 1 and not outcome.is_draw)
            for seat, (user, new) in enumerate(zip(record.players, after)))
    if table is None:
        return GameEnd(record.guild_id, record.game_type, season, changes) if changes else None
    seats = [record.players.index(user) for user in table.players]
    return GameEnd(record.guild_id, record.game_type, season, changes, table.key,
                   tuple(outcome.ranks[seat] for seat in seats),
                   tuple(outcome.scores[seat] for seat in seats) if outcome.scores is not None else None)
