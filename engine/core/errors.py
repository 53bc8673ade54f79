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


class AmbiguousAction(IllegalAction):
    """Typed text that fits several legal actions (engine.core.typed): the reason names them."""


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


class TakebackRefused(GameError):
    """The last entry of the log may not be taken back (it drew a coin, used chance, ended the game…),
    or there is no last action of this seat to take back."""

    code = "takeback_refused"


class ExportError(GameError):
    """An exported game could not be replayed or verified. Subclasses say which stage failed."""

    code = "export"


class MalformedExport(ExportError):
    """The data is not a well-formed export: wrong format tag, missing field, wrong type, unknown game,
    a seat number out of range. Nothing was replayed."""

    code = "export_malformed"


class IllegalLog(ExportError):
    """A logged entry is refused by the rules when replayed. `seq` is the entry's sequence number."""

    code = "export_illegal"

    def __init__(self, reason: Text, seq: int) -> None:
        super().__init__(reason)
        self.seq = seq


class ExportMismatch(ExportError):
    """The replay is legal but does not end where the export says: version, state hash or result differ."""

    code = "export_mismatch"
