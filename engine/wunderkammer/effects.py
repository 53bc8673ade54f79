"""The small set of ability effects a character card can carry, described as data.

A character's ability in cards.json names one effect and its parameters; the engine implements effects,
never individual cards, so a group owning the physical game can re-type its characters' abilities as
combinations of these. Each effect acts at one fixed timing (the ○ mark on the card). The functions
below answer the questions the turn asks ("how much does the sum grow?", "how many puts?"), given the
abilities that are active for the seat right now.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

TIMINGS = ("play", "take_item", "put", "take_character", "shuffle_draw", "scoring")
"""The turn's steps where an ability can act, plus scoring, in the order the rulebook lists them."""

OWN = "own"
ANY = "any"


@dataclass(frozen=True, slots=True)
class EffectKind:
    """An effect the engine implements: its timing and the parameters cards.json must give it."""

    timing: str
    params: tuple[str, ...]


EFFECTS: Mapping[str, EffectKind] = {
    "play_as": EffectKind("play", ("items",)),
    "sum_per_line": EffectKind("play", ("amount",)),
    "count_played": EffectKind("play", ()),
    "take_bonus": EffectKind("take_item", ("amount",)),
    "second_take": EffectKind("take_item", ()),
    "extra_put": EffectKind("put", ("amount",)),
    "reveal_bonus": EffectKind("shuffle_draw", ("amount",)),
    "bench_points": EffectKind("scoring", ("amount",)),
}


@dataclass(frozen=True, slots=True)
class Ability:
    """One character's ability as the engine reads it: effect, timing, and its parameters."""

    effect: str
    timing: str
    items: str = OWN
    amount: int = 0


def check_params(effect: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of `effect` read from an ability entry; raises ValueError("field: why") on a bad one."""
    kind = EFFECTS[effect]
    found: dict[str, Any] = {}
    for name in kind.params:
        if name not in data:
            raise ValueError(f"{name}: missing for effect {effect}")
        value = data[name]
        if name == "items" and value not in (OWN, ANY):
            raise ValueError(f"items: must be {OWN!r} or {ANY!r}, not {value!r}")
        if name == "amount" and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
            raise ValueError(f"amount: must be a whole number of at least 1, not {value!r}")
        found[name] = value
    return found


def total(abilities: Iterable[Ability], effect: str) -> int:
    """The summed `amount` of the active abilities with this effect (0 when none)."""
    return sum(ability.amount for ability in abilities if ability.effect == effect)


def has(abilities: Iterable[Ability], effect: str) -> bool:
    return any(ability.effect == effect for ability in abilities)
