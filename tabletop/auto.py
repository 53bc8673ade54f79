"""Automatic answers from player preferences (e.g. "always defend my Royal Guard from the supply").

A game cog registers a responder; after every committed action the platform asks it, for each awaited
seat, whether that player's stored preferences already answer the decision. Answers go through the
same commit path as a click, so they are logged, versioned and replayable like any other action.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.core.match import Match

Responder = Callable[[Match, int, Mapping[str, Any]], str | None]

_RESPONDERS: dict[str, Responder] = {}
MAX_CHAIN = 20


def register(game_id: str, responder: Responder) -> None:
    _RESPONDERS[game_id] = responder


def has_responder(game_id: str) -> bool:
    """Whether preferences can answer anything in this game (saves loading them when not)."""
    return game_id in _RESPONDERS


def answer(match: Match, players: tuple[int, ...], prefs_by_user: Mapping[int, Mapping[str, Any]]) -> tuple[int, str] | None:
    """(seat, notation) of the first awaited seat whose preferences answer its decision, if any."""
    responder = _RESPONDERS.get(match.game.id)
    if responder is None:
        return None
    for seat in match.awaited_seats():
        notation = responder(match, seat, prefs_by_user.get(players[seat], {}))
        if notation is not None:
            return seat, notation
    return None
