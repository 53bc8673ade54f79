"""Pillow images from engine views. One module per game, named after the game id, exposing `RENDERER`."""

from __future__ import annotations

import importlib
from functools import lru_cache

from renderers.base import GameRenderer, RenderContext

__all__ = ["GameRenderer", "RenderContext", "for_game"]


@lru_cache(maxsize=None)
def for_game(game_id: str) -> GameRenderer:
    """The renderer of a game: `renderers/<game_id>.py` must define `RENDERER`."""
    return importlib.import_module(f"renderers.{game_id}").RENDERER
