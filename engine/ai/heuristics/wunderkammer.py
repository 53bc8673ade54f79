"""Wunderkammer knowledge for the searcher, used by hard only: a collection's worth, counted the way the
final scoring does, and playouts that collect.

Without it a cut-off playout is judged by places alone, and before the characters are benched every
player stands on 0 points: a lead of one card and a lead of twenty look the same, so four times the
search only averages more coin flips (hard won 7 of 14 games against normal that way, and was ahead of
a normal seat in 3 of 8 pairs in 3p). The evaluation values each seat's cards at their kind's current
worth (one point per benched character favouring it, as `scoring.values` counts) plus what an item may
still become, adds the direct points and the bench, and turns the margin over every other seat into a
win chance. The playout policy takes items and characters and plays the cards that pay for them far
more often than it passes or throws cards away.

Given to normal as well, the knowledge left the two levels close to even (hard first in 18 of 30 games
with the evaluation at both levels, 3 of 8 with the policy too), so it is hard's alone (`ai_hooks_from`):
then hard won 12 of 14 2p games, and was ahead of a normal seat in 29 of 32 pairs in 3p and 17.5 of 24
in 4p.
"""

from __future__ import annotations

import math
import random
from typing import Any, Mapping

from engine.core.types import Action
from engine.wunderkammer.board import bench, cards_of
from engine.wunderkammer.scoring import direct_points, values

ai_hooks_from = "hard"
"""Easy and normal search the generic way (places at a cut-off)."""

PROMISE = 0.5
"""What a card is worth beyond its kind's current value: characters still to be benched may favour it."""
BENCHED = 1.0
"""A character on the bench: the tie-break, and one more kind its owner can steer towards."""
SCALE = 4.0
"""The margin, in points, that makes a seat a 73% favourite over another (logistic)."""

HEAD_WEIGHTS = {
    "take": 5.0,
    "char": 5.0,
    "play": 3.0,
    "as": 1.0,
    "done": 1.0,
    "shuffle": 1.0,
    "draw": 1.0,
    "put": 0.5,
    "skip": 0.5,
    "trash": 0.2,
    "back": 0.3,
}
"""A playout's preference by the notation's first word: collect items and characters, play the cards that
pay for them, and rarely throw anything away or pass. Opening the trash or the put is rarely chosen; once
open, the card to trash or put (a notation with arguments) weighs 1 like any other choice."""

_weights: dict[str, float] = {}


def _weight(notation: str) -> float:
    weight = _weights.get(notation)
    if weight is None:
        head, _, rest = notation.partition(":")
        weight = _weights[notation] = 1.0 if rest and head in ("trash", "put") else HEAD_WEIGHTS.get(head, 1.0)
    return weight


def ai_rollout_policy(state: Mapping[str, Any], seat: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
    return rng.choices(legal, [_weight(action.notation) for action in legal])[0]


def worth(state: Mapping[str, Any]) -> list[float]:
    """Every seat's collection as the end scoring would count it today, with promise and bench."""
    value = values(state)
    return [
        sum(value[kind] + PROMISE for kind in cards_of(state, seat))
        + direct_points(state, seat)
        + BENCHED * len(bench(state, seat))
        for seat in range(state["players"])
    ]


def ai_evaluate(state: Mapping[str, Any]) -> list[float]:
    """Per seat, the mean over the other seats of the chance to finish ahead of each: the smooth form of
    the place reward (`engine.ai.rewards.rank_rewards` is the share of other sides beaten)."""
    scores = worth(state)
    return [
        sum(1.0 / (1.0 + math.exp(-(mine - other) / SCALE)) for index, other in enumerate(scores) if index != seat)
        / (len(scores) - 1)
        for seat, mine in enumerate(scores)
    ]

