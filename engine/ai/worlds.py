"""Determinizations: the full states the searcher imagines, drawn only from what its seat may know.

Every world comes from `Game.resample(state, seat, rng)`, never from the true state directly. One more
step makes the choice provably blind to other seats' secrets: the first resample is made with a
`CanonicalRng`, whose shuffles sort their items before permuting them with a fixed stream. A game's
resample re-deals hidden pools by shuffling them, and those pools hold the same things in every state
the seat cannot tell apart; only their arrangement differs. Sorting first removes the arrangement, so
the base world (and with it every later world and the whole search) is the same for all of them.

The integer RNG in `state["rng"]` decides future chance events and is hidden from every seat, so each
world also gets a fresh one: the searcher must not foresee the true future draws either.
"""

from __future__ import annotations

import json
import random
from typing import Any, Mapping, MutableSequence, Sequence, TypeVar

from engine.core.game import Game
from engine.core.rng import Rng

Item = TypeVar("Item")
CANONICAL_SEED = 0x5EED


def _order(item: Any) -> str:
    """A total order on JSON values of any type, used only to forget how hidden pools were arranged."""
    return json.dumps(item, sort_keys=True)


class CanonicalRng(Rng):
    """An Rng whose results depend on what it is asked to shuffle or pick from, not on its order."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(CANONICAL_SEED)

    def shuffle(self, items: MutableSequence[Item]) -> None:
        items[:] = sorted(items, key=_order)
        super().shuffle(items)

    def choice(self, items: Sequence[Item]) -> Item:
        return super().choice(sorted(items, key=_order))


class Worlds:
    """Draws determinizations for `seat` from a base world that already forgot the true secrets."""

    __slots__ = ("game", "seat", "base", "rng")

    def __init__(self, game: Game, state: Mapping[str, Any], seat: int, rng: random.Random) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.base = self._fresh_chance(game.resample(state, seat, CanonicalRng()))

    def sample(self) -> dict[str, Any]:
        return self._fresh_chance(self.game.resample(self.base, self.seat, Rng(self.rng.getrandbits(64))))

    def _fresh_chance(self, world: dict[str, Any]) -> dict[str, Any]:
        """A new RNG for future chance events, set on a top-level copy: a game with nothing hidden may
        hand back the very state it was given, which is the match's own."""
        if not isinstance(world.get("rng"), int):
            return world
        return {**world, "rng": self.rng.getrandbits(64)}
