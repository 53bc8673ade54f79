"""What every game's scenario builder offers its tests: play moves through the public `apply` and ask
what is legal, so rule tests drive a position exactly as players would. Each game's `scenario` module
binds these to its own `GAME` next to its `build(...)`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.game import Game
from engine.core.types import Event


def awaited(game: Game, state: Mapping[str, Any]) -> int:
    """The first seat the game waits for (the only one in games that ask one seat at a time)."""
    return game.pending(state)[0].seat


def legal(game: Game, state: Mapping[str, Any], seat: int | None = None) -> set[str]:
    """Notations legal now for `seat` (default: the first awaited seat)."""
    return {action.notation for action in game.legal_actions(state, awaited(game, state) if seat is None else seat)}


def play_moves(game: Game, state: Mapping[str, Any], moves: Iterable[tuple[int, str]]) -> tuple[dict[str, Any], list[Event]]:
    """Apply (seat, notation) moves in order; the final state and every event in order."""
    events: list[Event] = []
    current = dict(state)
    for seat, notation in moves:
        transition = game.apply(current, seat, notation)
        current = transition.state
        events.extend(transition.events)
    return current, events


def play_awaited(game: Game, state: Mapping[str, Any], notations: Iterable[str]) -> tuple[dict[str, Any], list[Event]]:
    """Apply each notation for whichever seat is awaited at that moment."""
    events: list[Event] = []
    current = dict(state)
    for notation in notations:
        current, more = play_moves(game, current, [(awaited(game, current), notation)])
        events.extend(more)
    return current, events
