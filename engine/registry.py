"""Games discovered from `engine/`: every subpackage that exposes a module-level `GAME`.

Adding a game is adding a folder; nothing here or in the platform changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

import engine
from engine.core.game import Game


_EXTRA: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add a game that does not live under `engine/` (the platform tests' small fixture game)."""
    _EXTRA[game.id] = game
    games.cache_clear()


@lru_cache(maxsize=1)
def games() -> dict[str, Game]:
    found: dict[str, Game] = dict(_EXTRA)
    for module in pkgutil.iter_modules(engine.__path__):
        if not module.ispkg or module.name == "core":
            continue
        game = getattr(importlib.import_module(f"engine.{module.name}"), "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    return dict(sorted(found.items()))


def get(game_id: str) -> Game:
    try:
        return games()[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None
