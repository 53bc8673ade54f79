"""War Chest knowledge for the searcher: playouts that fight for locations, and a material count.

Uniformly random playouts of War Chest almost never place a control marker (random games end drawn
after 100 rounds), so they say little about a position. Playouts that favour controlling, attacking
and deploying end games, and the evaluation counts what decides them: markers placed, units on the
board (most of all on locations not yet held), and coins still in the game.
"""

from __future__ import annotations

import math
import random
from typing import Any, Mapping

from engine.core.types import Action
from engine.warchest.board import BOARDS
from engine.warchest.moves import team
from engine.warchest.setup import MARKERS

VERB_WEIGHTS = {
    "control": 40.0,
    "attack": 12.0,
    "deploy": 5.0,
    "tactic": 4.0,
    "move": 3.0,
    "bolster": 2.0,
    "recruit": 1.5,
    "initiative": 0.5,
    "pass": 0.2,
    "skip": 0.5,
}
OTHER_WEIGHT = 1.0

MARKER = 3.0
COIN_ON_BOARD = 0.4
ON_OPEN_LOCATION = 1.0
COIN_HELD = 0.08
SCALE = 2.5
"""The score difference that makes a position a 73% favourite (logistic)."""

_weights: dict[str, float] = {}


def _weight(notation: str) -> float:
    """The playout weight of a notation ("coin:verb:args", "verb:args", "guard:…", "pick:…"), cached."""
    weight = _weights.get(notation)
    if weight is None:
        parts = notation.split(":")
        verb = parts[0] if parts[0] in VERB_WEIGHTS or len(parts) == 1 else parts[1]
        weight = _weights[notation] = VERB_WEIGHTS.get(verb, OTHER_WEIGHT)
    return weight


def ai_rollout_policy(state: Mapping[str, Any], seat: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
    weights = [_weight(action.notation) for action in legal]
    return rng.choices(legal, weights)[0]


def ai_evaluate(state: Mapping[str, Any]) -> list[float]:
    scores = [0.0, 0.0]
    players = state["players"]
    for side in (0, 1):
        scores[side] += MARKER * (MARKERS[players] - state["markers"][side])
    locations = BOARDS[players].locations
    control = state["control"]
    for hex_, stack in state["board"].items():
        side = team(stack["seat"])
        scores[side] += COIN_ON_BOARD * stack["height"]
        if hex_ in locations and control.get(hex_) != side:
            scores[side] += ON_OPEN_LOCATION
    for index, purse in enumerate(state["seats"]):
        held = len(purse["hand"]) + len(purse["drawn"]) + len(purse["bag"]) + len(purse["up"]) + len(purse["down"])
        scores[team(index)] += COIN_HELD * (held + sum(purse["supply"].values()))
    chances = [1.0 / (1.0 + math.exp(-(scores[side] - scores[1 - side]) / SCALE)) for side in (0, 1)]
    return [chances[team(seat)] for seat in range(len(state["seats"]))]
