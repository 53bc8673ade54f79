"""Seeding: the entrants' order (by rating, ties and newcomers by a seeded draw, or all by the draw) and
where each seed sits in a bracket of a power of two, so that byes go to the top seeds and the top two
can only meet in the final.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

SEEDINGS = ("rating", "random")


def seed_order(entrants: Sequence[int], ratings: Mapping[int, float], method: str, draw: int) -> tuple[int, ...]:
    """Seed 1 first. By rating (highest first) with equal ratings — every newcomer has the same one —
    ordered by a draw from `draw` (the league's id, so the order can be derived again); or all by the
    draw."""
    rng = random.Random(draw)
    lots = {user: rng.random() for user in sorted(entrants)}
    if method == "random":
        return tuple(sorted(entrants, key=lambda user: lots[user]))
    return tuple(sorted(entrants, key=lambda user: (-ratings.get(user, float("-inf")), lots[user])))


def bracket_size(count: int) -> int:
    size = 1
    while size < count:
        size *= 2
    return size


def slot_seeds(size: int) -> list[int]:
    """Seed numbers (1-based) of the slots of a first round of `size` slots, in drawing order: the
    standard layout (1-8-4-5-2-7-3-6 for eight) where seeds 1 and 2 can meet only in the final and each
    pair of a round adds up to size + 1."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for first in order for seed in (first, total - first)]
    return order


def first_round(seeds: Sequence[int]) -> list[tuple[int | None, int | None]]:
    """The first round's pairs of users (None: a bye), the top seeds facing the byes."""
    size = bracket_size(max(len(seeds), 2))
    slots = [seeds[number - 1] if number <= len(seeds) else None for number in slot_seeds(size)]
    return [(slots[index], slots[index + 1]) for index in range(0, size, 2)]
