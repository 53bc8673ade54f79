"""Who plays whom: round-robin (single or double), Swiss by score, multiplayer tables and an open ladder.

Every function is pure and deterministic: the same members, results and seed give the same round, so a
round can be re-derived and audited. A round is a list of tables (user ids in seat order) and the byes.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

Pair = frozenset[int]
TABLE_TRIES = 200
"""Random restarts of the multiplayer table builder: enough to find the best tables of a 20-member
league every time in the tests, and a few milliseconds of work."""


class PairingError(ValueError):
    """Not enough players for one table."""


@dataclass(frozen=True, slots=True)
class Round:
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()
    numbers: tuple[int, ...] | None = None
    """The tables' numbers when not 0, 1, ... (a tournament numbers them by match)."""

    @property
    def players(self) -> set[int]:
        return {user for table in self.tables for user in table} | set(self.byes)


def pairs_of(table: Iterable[int]) -> list[Pair]:
    return [frozenset(pair) for pair in itertools.combinations(table, 2)]


def met_counts(rounds: Iterable[Round]) -> Counter[Pair]:
    """How often each pair of members has shared a table."""
    met: Counter[Pair] = Counter()
    for round_ in rounds:
        for table in round_.tables:
            met.update(pairs_of(table))
    return met


def bye_counts(rounds: Iterable[Round]) -> Counter[int]:
    return Counter(user for round_ in rounds for user in round_.byes)


def check_enough(players: Sequence[int], size: int) -> None:
    if len(players) < size:
        raise PairingError(f"{len(players)} players cannot fill a table of {size}")


def round_robin(players: Sequence[int], double: bool = False) -> list[Round]:
    """Two-player round-robin by the circle method: everyone meets everyone once (twice, seats swapped,
    when `double`); with an odd number, one bye per round."""
    check_enough(players, 2)
    ring: list[int | None] = list(players) + ([None] if len(players) % 2 else [])
    count = len(ring)
    rounds: list[Round] = []
    for number in range(count - 1):
        tables, byes = [], []
        for index in range(count // 2):
            a, b = ring[index], ring[count - 1 - index]
            if a is None or b is None:
                byes.append(a if b is None else b)
                continue
            tables.append((a, b) if (number + index) % 2 == 0 else (b, a))
        rounds.append(Round(tuple(tables), tuple(user for user in byes if user is not None)))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    if double:
        rounds += [Round(tuple(table[::-1] for table in round_.tables), round_.byes) for round_ in rounds]
    return rounds


def choose_byes(players: Sequence[int], size: int, byes_had: Mapping[int, int], order: Sequence[int]) -> list[int]:
    """Those who sit out this round: the fewest byes so far, and among them the last in `order` (the
    lowest score in a Swiss, the last seeded otherwise)."""
    count = len(players) % size
    rank = {user: index for index, user in enumerate(order)}
    return sorted(players, key=lambda user: (byes_had.get(user, 0), -rank.get(user, 0)))[:count]


def multiplayer_round(players: Sequence[int], size: int, met: Mapping[Pair, int], byes_had: Mapping[int, int],
                      seed: int, order: Sequence[int] | None = None, weights: Mapping[int, float] | None = None) -> Round:
    """Tables of `size` that repeat as few meetings as possible (each repeat of a pair costs its count
    squared, so meeting someone a third time costs more than two second meetings); with `weights`
    (scores, in a Swiss) also keeping similar scores together. Byes go to those with fewest byes."""
    check_enough(players, size)
    order = list(order or players)
    byes = choose_byes(players, size, byes_had, order)
    seated = [user for user in order if user not in byes] + [user for user in players if user not in order and user not in byes]
    rng = random.Random(seed)

    def cost(tables: list[list[int]]) -> float:
        total = 0.0
        for table in tables:
            total += sum((met.get(pair, 0)) ** 2 * 100 for pair in pairs_of(table))
            if weights:
                values = [weights.get(user, 0.0) for user in table]
                total += max(values) - min(values)
        return total

    best: list[list[int]] | None = None
    best_cost = float("inf")
    for attempt in range(TABLE_TRIES):
        pool = list(seated) if attempt == 0 else rng.sample(seated, len(seated))
        tables = [pool[index:index + size] for index in range(0, len(pool), size)]
        improved = True
        while improved:  # swap members between tables while that lowers the cost
            improved = False
            for (a, b) in itertools.combinations(range(len(tables)), 2):
                for i, j in itertools.product(range(size), range(size)):
                    before = cost([tables[a], tables[b]])
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                    if cost([tables[a], tables[b]]) < before:
                        improved = True
                    else:
                        tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
        found = cost(tables)
        if found < best_cost:
            best, best_cost = [list(table) for table in tables], found
        if best_cost == 0:
            break
    assert best is not None
    rank = {user: index for index, user in enumerate(order)}
    tables_out = sorted((tuple(sorted(table, key=lambda user: rank.get(user, 0))) for table in best),
                        key=lambda table: rank.get(table[0], 0))
    return Round(tuple(tables_out), tuple(byes))


def multiplayer_round_robin(players: Sequence[int], size: int, double: bool = False, seed: int = 0) -> list[Round]:
    """Tables of 3–5 round after round until every pair has met (twice when `double`), byes shared out."""
    check_enough(players, size)
    wanted = 2 if double else 1
    rounds: list[Round] = []
    everyone = pairs_of(players)
    while any(met_counts(rounds).get(pair, 0) < wanted for pair in everyone) and len(rounds) < 4 * len(players):
        rounds.append(multiplayer_round(players, size, met_counts(rounds), bye_counts(rounds), seed + len(rounds)))
    return rounds


def swiss_round(players: Sequence[int], scores: Mapping[int, float], previous: Sequence[Round], size: int = 2,
                seed: int = 0, seeding: Sequence[int] | None = None) -> Round:
    """The next Swiss round: players by score (then by `seeding`, e.g. rating), the bye to the lowest
    scorer without one, and pairs top-down avoiding rematches (backtracking; a rematch only when no
    pairing without one exists). Tables of more than two group similar scores and avoid repeats."""
    seeding = list(seeding or players)
    seed_rank = {user: index for index, user in enumerate(seeding)}
    order = sorted(players, key=lambda user: (-scores.get(user, 0.0), seed_rank.get(user, len(seeding)), user))
    met = met_counts(previous)
    if size > 2:
        return multiplayer_round(players, size, met, bye_counts(previous), seed, order, weights=scores)
    check_enough(players, 2)
    byes = choose_byes(players, 2, bye_counts(previous), order)
    pool = [user for user in order if user not in byes]
    for allowed in range(max(met.values(), default=0) + 1):
        tables = _pair_down(pool, met, allowed)
        if tables is not None:
            return Round(tuple(tables), tuple(byes))
    raise AssertionError("pairing with any number of rematches always succeeds")


def _pair_down(pool: list[int], met: Mapping[Pair, int], allowed: int) -> list[tuple[int, int]] | None:
    """Pair the first player with the nearest one they have met at most `allowed` times, recursively."""
    if not pool:
        return []
    first, rest = pool[0], pool[1:]
    for index, other in enumerate(rest):
        if met.get(frozenset((first, other)), 0) > allowed:
            continue
        tail = _pair_down(rest[:index] + rest[index + 1:], met, allowed)
        if tail is not None:
            return [(first, other), *tail]
    return None


def ladder_round(players: Sequence[int], ratings: Mapping[int, float], previous: Sequence[Round], size: int = 2,
                 seed: int = 0) -> Round:
    """An open ladder pairs neighbours by rating, avoiding only the previous round's opponents."""
    order = sorted(players, key=lambda user: (-ratings.get(user, 0.0), user))
    return swiss_round(players, {}, list(previous[-1:]), size, seed, seeding=order)
