"""Optional per-game knowledge that makes the generic searcher stronger; none is required.

Two hooks, looked up first on the Game object (a game's author adds methods) and then in the module
`engine.ai.heuristics.<game id>` (knowledge written for a game without touching its engine):

- `ai_rollout_policy(state, seat, legal, rng) -> Action`: the playout move for `seat` among `legal`
  (the tuple `legal_actions` returned), with `rng` a `random.Random` to draw from. Also orders which
  untried move the tree expands first. Default: uniform random.
- `ai_evaluate(state) -> Sequence[float]`: how good an unfinished state is for each seat, in [0, 1]
  (1 = sure win), in seat order. Called where a depth-limited playout stops, once for every seat: the
  scores the seats are compared by are counted once. Default: places by `Game.standings`, held with
  doubt.

Both see a determinized world, never the true state, so they may read anything in it.

A game may keep its knowledge for its strongest levels: `ai_hooks_from` (a level name, on the Game or in
the module) is the first level that uses the hooks; the levels below it search the generic way. Where
the generic search is already strong and more of it is not stronger, the knowledge is what sets hard
apart from normal.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from engine.ai.levels import LEVELS
from engine.core.game import Game
from engine.core.types import Action

LEVEL_ORDER = tuple(LEVELS)
"""Weakest first."""

RolloutPolicy = Callable[[Mapping[str, Any], int, tuple[Action, ...], random.Random], Action]
Evaluate = Callable[[Mapping[str, Any]], Sequence[float]]


@dataclass(frozen=True, slots=True)
class Hooks:
    rollout_policy: RolloutPolicy | None = None
    evaluate: Evaluate | None = None


def hooks_for(game: Game, level: str | None = None) -> Hooks:
    """The game's hooks at `level` (every hook the game has when `level` is None)."""
    module = _heuristics(game.id)
    first = _declared(game, module, "ai_hooks_from")
    if level is not None and first is not None and LEVEL_ORDER.index(level) < LEVEL_ORDER.index(first):
        return Hooks()
    return Hooks(_declared(game, module, "ai_rollout_policy"), _declared(game, module, "ai_evaluate"))


def _declared(game: Game, module: Any, name: str) -> Any:
    """What the Game object declares under `name`, else its heuristics module, else None."""
    return getattr(game, name, None) or getattr(module, name, None)


@lru_cache(maxsize=None)
def _heuristics(game_id: str) -> Any:
    """The heuristics module written for this game, or None: adding one is adding a file."""
    name = f"{__package__}.heuristics.{game_id}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)
