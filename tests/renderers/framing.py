"""Frames for hand-built states: what `Match.frame` gives for a match standing in that state."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.game import Game
from engine.core.types import Event, Frame


def frame_of(game: Game, state: Mapping[str, Any], seat: int | None = None, events: Iterable[Event] = ()) -> Frame:
    """The frame of `seat` (None: the public board) after a last step that produced `events` (version 1:
    a step has been played, so a step with no public event reads as a private one, not as the start)."""
    outcome = game.outcome(state)
    pending = () if outcome is not None else game.pending(state)
    recent = tuple(event for event in events if event.seat is None)
    return Frame(game.view(state, seat), pending, recent, outcome, 1, seat)
