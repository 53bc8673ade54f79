"""Positions for the AI tests: states met in random games, every game and player count, plus High Card."""

from __future__ import annotations

from functools import lru_cache

import pytest

from engine import registry
from engine.core.game import Game
from engine.core.match import Match
from engine.selfplay import playout
from tests.fixtures.highcard import GAME as HIGHCARD

STRIDE = 9
PER_GAME = 6


def games() -> list[Game]:
    found = dict(registry.games())
    found.setdefault(HIGHCARD.id, HIGHCARD)
    return list(found.values())


CASES = [pytest.param(game, players, id=f"{game.id}-{players}p") for game in games() for players in game.player_counts]


@lru_cache(maxsize=None)
def positions(game: Game, players: int, count: int = PER_GAME, seed: int = 5) -> tuple[tuple[Match, int], ...]:
    """(match, seat) pairs where `seat` has a real choice (two or more legal actions); kept, since
    several tests search the same positions and matches are immutable."""
    found: list[tuple[Match, int]] = []
    for index in range(count * 4):
        for number, step in enumerate(playout(game, players, seed + index)):
            if number % STRIDE:
                continue
            match = step.match
            choosing = [seat for seat in match.awaited_seats() if len(match.legal_actions(seat)) > 1]
            if choosing:
                found.append((match, choosing[0]))
            if len(found) == count:
                return tuple(found)
    return tuple(found)
