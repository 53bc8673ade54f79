"""Pillow images from the frames the engine builds (`Match.frame`). One module per game, named after
the game id, exposing `RENDERER`."""

from __future__ import annotations

import importlib

from renderers.base import GameRenderer, RenderContext

__all__ = ["GameRenderer", "RenderContext", "for_game", "register"]

_RENDERERS: dict[str, GameRenderer] = {}


def register(game_id: str, renderer: GameRenderer) -> None:
    """Add a renderer that does not live in this package (the platform tests' fixture game)."""
    _RENDERERS[game_id] = renderer


def for_game(game_id: str) -> GameRenderer:
    """The renderer of a game: `renderers/<game_id>.py` must define `RENDERER`."""
    if game_id not in _RENDERERS:
        _RENDERERS[game_id] = importlib.import_module(f"renderers.{game_id}").RENDERER
    return _RENDERERS[game_id]
