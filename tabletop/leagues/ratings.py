"""Per-server, per-game ratings with `openskill`'s Plackett-Luce model (2–5 players, ties, teams).

A rating is (mu, sigma, games). What players see is a conservative figure, mu − 3σ scaled to familiar
numbers, marked provisional for the first games: a newcomer starts at the bottom of the scale and rises
as the system becomes sure of them, so a lucky first win cannot top the leaderboard.

Everything here is pure: the service reads the current ratings, asks `rate_game` for the new ones and
commits them with the game's last step (see `storage.base.GameEnd`); `recompute` rebuilds every rating
from the stored history alone, which is how an audit checks the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from openskill.models import PlackettLuce

from engine.core.types import Outcome

MODEL = PlackettLuce()
MU: float = MODEL.mu
SIGMA: float = MODEL.sigma
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40
"""Display = 1000 + 40 × (mu − 3σ): a newcomer shows 1000, a sure mu of 25 would show 2000."""
PROVISIONAL_GAMES = 5
RESET_KEEP = 0.5
"""A new season keeps half of each player's distance from the mean and half of the certainty gained."""
UNRATED_REASONS = frozenset({"cancel", "abandon", "double_forfeit"})


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def conservative(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.conservative)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    def shown(self) -> str:
        """The figure with its provisional mark: "1046?" during the first games, "1310" after."""
        return f"{self.display}?" if self.provisional else str(self.display)


def display_of(mu: float, sigma: float) -> int:
    return Rating(mu, sigma).display


def is_rated(outcome: Outcome | None, seats: int, ai_seats: Iterable[int] = (), allow_ai: bool = False) -> bool:
    """A game changes ratings only when it ended by its rules, a resignation or a forfeit; a cancelled or
    abandoned game does not, nor one with an AI seat unless the league allows them, nor a game where
    fewer than two humans took part."""
    if outcome is None or outcome.reason in UNRATED_REASONS:
        return False
    ai = set(ai_seats)
    if ai and not allow_ai:
        return False
    return seats - len(ai) >= 2


def rate_game(before: Sequence[Rating], ranks: Sequence[int], teams: Sequence[int] | None = None) -> list[Rating]:
    """New ratings of each seat after one game. `ranks[i]` is seat i's place (1 = first; ties share a
    place; a resigning or forfeiting seat is already last in the outcome); `teams[i]` groups seats that
    play together (War Chest 4p), each team ranked by its best seat."""
    teams = list(teams) if teams is not None else list(range(len(before)))
    order = list(dict.fromkeys(teams))
    grouped = [[seat for seat in range(len(before)) if teams[seat] == team] for team in order]
    team_ranks = [min(ranks[seat] for seat in seats) for seats in grouped]
    rated = MODEL.rate([[MODEL.rating(mu=before[seat].mu, sigma=before[seat].sigma) for seat in seats] for seats in grouped],
                       ranks=team_ranks)
    after = list(before)
    for seats, new in zip(grouped, rated):
        for seat, rating in zip(seats, new):
            after[seat] = Rating(rating.mu, rating.sigma, before[seat].games + 1)
    return after


def soft_reset(rating: Rating) -> Rating:
    """A new season: halfway back to the mean, uncertainty halfway back up; the games count restarts so
    the provisional mark returns until the player has played again."""
    mu = MU + (rating.mu - MU) * RESET_KEEP
    sigma = min(SIGMA, math.sqrt(rating.sigma ** 2 + (SIGMA ** 2 - rating.sigma ** 2) * (1 - RESET_KEEP)))
    return Rating(mu, sigma, 0)


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One rated game as the history stores it: the players by seat, their places and teams."""

    game_id: int
    users: tuple[int, ...]
    ranks: tuple[int, ...]
    teams: tuple[int, ...]
    season: int = 1


def recompute(games: Iterable[RatedGame]) -> dict[int, Rating]:
    """Every player's rating from nothing but the rated games in the order they ended, soft-reset at each
    change of season: what the stored history must agree with."""
    ratings: dict[int, Rating] = {}
    season: int | None = None
    for game in games:
        for _ in range(game.season - season if season is not None else 0):
            ratings = {user: soft_reset(rating) for user, rating in ratings.items()}
        season = game.season
        after = rate_game([ratings.get(user, Rating()) for user in game.users], game.ranks, game.teams)
        ratings.update(zip(game.users, after))
    return ratings


def ranked(ratings: Mapping[int, Rating]) -> list[tuple[int, Rating]]:
    """Leaderboard order: conservative rating, then more games, then the user id for a stable order."""
    return sorted(ratings.items(), key=lambda item: (-item[1].conservative, -item[1].games, item[0]))
