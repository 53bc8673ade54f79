"""Typed errors: every rejection carries a bilingual reason that can be shown to the player as is."""

from __future__ import annotations

from engine.core.types import Text


class GameError(Exception):
    """Base of every rejection. The state the caller holds is untouched when one is raised."""

    code = "error"

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason


class BadOptions(GameError):
    """Unknown option, value out of range, or a player count the game does not allow."""

    code = "bad_options"


class NotYourDecision(GameError):
    """The seat is not among those the game is waiting for."""

    code = "not_your_decision"


class MalformedAction(GameError):
    """The notation cannot be parsed at all."""

    code = "malformed"


class IllegalAction(GameError):
    """The notation parses but the rules forbid it now."""

    code = "illegal"


class GameOver(GameError):
    """The game has already ended."""

    code = "game_over"


class StaleVersion(GameError):
    """The action was chosen against an older state than the current one (a stale button)."""

    code = "stale"


class StaleDecision(GameError):
    """The seat's own decision changed since its picker was drawn. `now` is what it is asked instead
    (None when it is no longer asked anything), so the refusal can say what changed."""

    code = "stale_decision"

    def __init__(self, reason: Text, now: Text | None) -> None:
        super().__init__(reason)
        self.now = now
