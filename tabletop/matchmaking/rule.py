"""Who plays whom: the matching rule of the ranked queue, pure and deterministic.

Ratings are the displayed conservative league ratings (`tabletop.leagues.ratings`, 1000 for a newcomer).
A waiting player accepts opponents within a window that widens with their wait:

    window(wait) = min(WINDOW_BASE + WINDOW_PER_MINUTE × minutes waited, WINDOW_CAP)

100 points at once, 20 more each minute, at most 600 (reached after 25 minutes). A table is allowed when
its spread (highest rating − lowest) is within the window of EVERY player at it, so a table never seats
anyone further from the others than that player accepts at that moment.

Tables are formed oldest entry first: the longest waiting player (the anchor) takes the closest ratings
that keep the table allowed, until the table is full; an anchor who cannot fill a table waits, and the
next oldest tries. Only entries of the same server, game, table size and time control meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

WINDOW_BASE = 100.0
WINDOW_PER_MINUTE = 20.0
WINDOW_CAP = 600.0


@dataclass(frozen=True, slots=True)
class Waiting:
    """One waiting entry as the rule sees it."""

    key: int
    rating: int
    joined_at: float


def window(waited: float) -> float:
    """The rating gap a player who waited `waited` seconds accepts."""
    return min(WINDOW_BASE + WINDOW_PER_MINUTE * max(waited, 0.0) / 60.0, WINDOW_CAP)


def spread(table: Iterable[Waiting]) -> int:
    ratings = [entry.rating for entry in table]
    return max(ratings) - min(ratings)


def allowed(table: Sequence[Waiting], now: float) -> bool:
    """Within the window of every player at the table, at `now`."""
    return spread(table) <= min(window(now - entry.joined_at) for entry in table)


def tables(waiting: Iterable[Waiting], size: int, now: float) -> list[tuple[Waiting, ...]]:
    """Full, allowed tables of `size` from one queue's waiting entries (each entry in one table at most)."""
    order = sorted(waiting, key=lambda entry: (entry.joined_at, entry.key))
    used: set[int] = set()
    found: list[tuple[Waiting, ...]] = []
    for anchor in order:
        if anchor.key in used:
            continue
        table = [anchor]
        closest = sorted((entry for entry in order if entry.key not in used and entry.key != anchor.key),
                         key=lambda entry: (abs(entry.rating - anchor.rating), entry.joined_at, entry.key))
        for candidate in closest:
            if allowed([*table, candidate], now):
                table.append(candidate)
                if len(table) == size:
                    break
        if len(table) == size:
            used.update(entry.key for entry in table)
            found.append(tuple(table))
    return found
