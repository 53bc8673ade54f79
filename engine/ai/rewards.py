"""Turning a result into one number per seat, the same way for every game.

A seat is rewarded for its team's place: 1 for sole first, 0 for last, ties sharing the places they
cover (a 2-player draw is 0.5 each). Teams come from `Game.seat_teams`, so partners are rewarded alike
and a 4-player team game counts as the 2-sided game it is.
"""

from __future__ import annotations

from typing import Sequence

from engine.core.types import Outcome

UNCERTAIN = 0.5
"""How far a depth-limited playout's standings are trusted: a leader's evaluation is pulled halfway
towards an even 0.5, since the game is not over."""


def rank_rewards(ranks: Sequence[int], teams: Sequence[int]) -> list[float]:
    """Per-seat rewards in [0, 1] from per-seat ranks (1 = first, larger is worse)."""
    best: dict[int, int] = {}
    for seat, rank in enumerate(ranks):
        best[teams[seat]] = min(rank, best.get(teams[seat], rank))
    count = len(best)
    if count < 2:
        return [UNCERTAIN] * len(ranks)
    reward: dict[int, float] = {}
    for team, rank in best.items():
        ahead = sum(1 for other in best.values() if other < rank)
        tied = sum(1 for other in best.values() if other == rank)
        place = ahead + (tied + 1) / 2
        reward[team] = (count - place) / (count - 1)
    return [reward[team] for team in teams]


def outcome_rewards(outcome: Outcome, teams: Sequence[int]) -> list[float]:
    return rank_rewards(outcome.ranks, teams)


def standings_rewards(keys: Sequence[tuple], teams: Sequence[int]) -> list[float]:
    """The fallback evaluation of an unfinished game: places by `Game.standings`, held with doubt."""
    ranks = Outcome.ranks_from_scores(list(keys))
    return [UNCERTAIN + UNCERTAIN * (reward - UNCERTAIN) for reward in rank_rewards(ranks, teams)]
