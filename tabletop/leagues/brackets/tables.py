"""Brackets of multiplayer tables (Wall of War 3–5, Wunderkammer 2–4, War Chest 4p teams): each round seats
the players still in at tables, and the top K of each table go through, until the remaining players fit at
one table: the final, whose winner (a winning team: both partners) is the champion.

Tables are rebalanced every round: as many tables as the largest size needs, sizes as even as possible
(never below the game's smallest), and players dealt to them in a snake by their order — seed in the
first round, then place at their last table and seed — so the strong are spread out; then players of the
same place are swapped between tables while that seats fewer pairs who already met. When K per table
would leave fewer players than the smallest table, more go through from each table; a table never sends
everyone through (at most its size less one), so every round shrinks the field.

A game that seats only some counts (War Chest: 2 or 4, never 3) gets tables of those counts alone
(`table_plan`): as many full tables as fit, then a smaller allowed table for what is left, and a bye for
whoever still cannot be seated (the first of the order, as elimination gives byes to the top seeds). In a
team game (`balance`) the players dealt to a full table form its teams as even as the order allows: the
first and the last dealt against the two between.
"""

from __future__ import annotations

import itertools
from typing import Collection, Mapping, Sequence


def table_sizes(count: int, largest: int, smallest: int) -> list[int]:
    """Sizes of the tables for `count` players: fewest tables of at most `largest`, evened out; one
    table of everybody when fewer than `smallest` remain."""
    if count <= largest:
        return [count]
    tables = -(-count // largest)
    sizes = [count // tables + (1 if index < count % tables else 0) for index in range(tables)]
    while min(sizes) < smallest and tables > 1:
        tables -= 1
        sizes = [count // tables + (1 if index < count % tables else 0) for index in range(tables)]
    return sizes


def table_plan(count: int, largest: int, smallest: int, sizes: Sequence[int] = ()) -> tuple[list[int], int]:
    """The tables' sizes for `count` players, and how many of them get a bye. Every count from `smallest`
    to `largest` allowed (`sizes` empty): `table_sizes`, no byes. Otherwise only the `sizes` given: the
    fewest byes, then the fewest tables, the larger first."""
    if not sizes or set(range(smallest, largest + 1)) <= set(sizes):
        return table_sizes(count, largest, smallest), 0
    allowed = sorted({size for size in sizes if smallest <= size <= largest}, reverse=True)
    fewest: dict[int, list[int]] = {0: []}
    for total in range(1, count + 1):
        options = [[size, *fewest[total - size]] for size in allowed if total - size in fewest]
        if options:
            fewest[total] = min(options, key=lambda tables: (len(tables), [-size for size in tables]))
    seated = max(total for total in fewest if total <= count)
    return fewest[seated], count - seated


def balance(dealt: Sequence[int], teams: Sequence[int]) -> tuple[int, ...]:
    """Seat a team game's table: `dealt` in the order dealt (best first), `teams` each seat's team. The
    players go to the teams in a snake (A B B A ...), so the best partners the last; each team then takes
    its seats in that order."""
    order = list(dict.fromkeys(teams))
    members: dict[int, list[int]] = {team: [] for team in order}
    forward, index = True, 0
    for user in dealt:
        members[order[index]].append(user)
        index, forward = step(index, forward, len(order))
    return tuple(members[team].pop(0) for team in teams)


def snake(order: Sequence[int], sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Deal `order` to tables of `sizes` back and forth (1 2 3 3 2 1 ...), skipping full tables; each
    table keeps its players in the order dealt (the best placed first, who sits first)."""
    tables: list[list[int]] = [[] for _ in sizes]
    forward, index = True, 0
    for user in order:
        while len(tables[index]) >= sizes[index]:
            index, forward = step(index, forward, len(sizes))
        tables[index].append(user)
        index, forward = step(index, forward, len(sizes))
    return [tuple(table) for table in tables]


def step(index: int, forward: bool, count: int) -> tuple[int, bool]:
    if count == 1:
        return 0, True
    if forward:
        return (index + 1, True) if index + 1 < count else (index, False)
    return (index - 1, False) if index > 0 else (index, True)


def advancing(tables: int, per_table: int, smallest: int, size: int) -> int:
    """How many go through from each table: K, more when K per table would leave fewer than a table."""
    count = per_table
    while tables * count < smallest and count + 1 < size:
        count += 1
    return count


def spread(tables: Sequence[tuple[int, ...]], tier: Mapping[int, int], met: Collection[frozenset[int]]) -> list[tuple[int, ...]]:
    """Swap players of the same `tier` (their place at their last table) between tables while that lowers
    the number of pairs seated together again; deterministic (tables and seats in order)."""
    seated = [list(table) for table in tables]

    def repeats(table: list[int]) -> int:
        return sum(1 for pair in itertools.combinations(table, 2) if frozenset(pair) in met)

    improved = True
    while improved:
        improved = False
        for a, b in itertools.combinations(range(len(seated)), 2):
            for i, j in itertools.product(range(len(seated[a])), range(len(seated[b]))):
                if tier.get(seated[a][i]) != tier.get(seated[b][j]):
                    continue
                before = repeats(seated[a]) + repeats(seated[b])
                seated[a][i], seated[b][j] = seated[b][j], seated[a][i]
                if repeats(seated[a]) + repeats(seated[b]) < before:
                    improved = True
                else:
                    seated[a][i], seated[b][j] = seated[b][j], seated[a][i]
    return [tuple(table) for table in seated]
