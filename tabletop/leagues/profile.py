"""A player's profile on a server and the leaderboards, read from the store (no Discord here).

Games played and won come from the finished games themselves; ratings and their history from the rating
tables; favourites from each finished game's final position where the game has factions a player picks
or is dealt (War Chest units, Wall of War colours).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from engine.core.types import Text
from engine.wallofwar.colours import NAMES as COLOUR_NAMES
from engine.warchest.units import UNITS
from tabletop.leagues.ratings import Rating, display_of, ranked
from tabletop.leagues.results import rating_of
from tabletop.play.service import match_of
from storage.base import GameRecord, Store
from storage.league_records import LeagueRecord

GAMES_READ = 300
"""Finished games read for a profile: a long history is summarised from its newest games."""
LEADERBOARD_SIZE = 10


def _warchest_units(state: Mapping[str, Any], seat: int) -> list[Text]:
    return [UNITS[unit].name for unit in state["seats"][seat].get("units", []) if unit in UNITS]


def _wallofwar_colour(state: Mapping[str, Any], seat: int) -> list[Text]:
    colour = state.get("colours", [None] * (seat + 1))[seat]
    return [COLOUR_NAMES[colour]] if colour in COLOUR_NAMES else []


FAVOURITES: dict[str, Callable[[Mapping[str, Any], int], list[Text]]] = {
    "warchest": _warchest_units,
    "wallofwar": _wallofwar_colour,
}
"""Per game, the factions a seat played with in a final position."""


@dataclass(frozen=True, slots=True)
class GameStats:
    game_type: str
    played: int = 0
    won: int = 0
    favourites: tuple[tuple[Text, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Profile:
    user_id: int
    games: tuple[GameStats, ...]
    ratings: Mapping[str, Rating]
    history: Mapping[str, tuple[int, ...]]
    """Per game, the displayed rating after each rated game (and season reset), oldest first."""
    leagues: tuple[LeagueRecord, ...] = field(default=())


def summarise(records: list[GameRecord], user_id: int) -> list[GameStats]:
    """Played, won and favourite factions per game (CPU work: run it off the event loop)."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    liked: dict[str, Counter[Text]] = {}
    for record in records:
        seat = record.seat_of(user_id)
        if seat is None or record.state is None:
            continue
        match = match_of(record)
        outcome = match.outcome
        if outcome is None:
            continue
        played[record.game_type] += 1
        if outcome.ranks[seat] == 1 and not outcome.is_draw:
            won[record.game_type] += 1
        extract = FAVOURITES.get(record.game_type)
        if extract is not None:
            liked.setdefault(record.game_type, Counter()).update(extract(match.state, seat))
    return [GameStats(game, count, won[game], tuple(liked.get(game, Counter()).most_common(3)))
            for game, count in played.most_common()]


async def profile(store: Store, guild_id: int, user_id: int) -> Profile:
    records = await store.list_games(guild_id=guild_id, statuses=("finished",), user_id=user_id, limit=GAMES_READ)
    games = await asyncio.to_thread(summarise, records, user_id)
    current = await store.user_ratings(guild_id, user_id)
    history = {}
    for game_type in current:
        entries = await store.rating_history(guild_id, game_type, user_id=user_id)
        history[game_type] = tuple(display_of(entry.mu_after, entry.sigma_after) for entry in entries)
    leagues = await store.list_leagues(guild_id, statuses=("signup", "running", "finished"), user_id=user_id)
    return Profile(user_id, tuple(games), {game: rating_of(record) for game, record in current.items()}, history,
                   tuple(leagues))


@dataclass(frozen=True, slots=True)
class Leaderboard:
    top: tuple[tuple[int, int, Rating], ...]
    """(place, user id, rating) of the best players."""
    mine: tuple[int, Rating] | None
    """The viewer's own place and rating when they are rated (shown even outside the top)."""
    total: int


async def leaderboard(store: Store, guild_id: int, game_type: str, viewer: int, size: int = LEADERBOARD_SIZE) -> Leaderboard:
    """Rated human players by conservative rating; AI seats (negative ids) are left out."""
    ratings = {user: rating_of(record) for user, record in (await store.get_ratings(guild_id, game_type)).items() if user > 0}
    order = ranked(ratings)
    places = {user: index + 1 for index, (user, _) in enumerate(order)}
    top = tuple((places[user], user, rating) for user, rating in order[:size])
    mine = (places[viewer], ratings[viewer]) if viewer in ratings else None
    return Leaderboard(top, mine, len(order))
