"""The contract between the platform and a game's renderer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.core.types import Frame
from renderers.density import Picture


@dataclass(frozen=True, slots=True)
class RenderContext:
    """Who is looking and in which language. `seat_names[i]` is the display name of seat i."""

    locale: str
    seat_names: tuple[str, ...]
    title: str = ""

    @property
    def ja(self) -> bool:
        return self.locale.startswith("ja")


class GameRenderer(Protocol):
    """Draws the frames built by `Match.frame`: the engine's view plus who is awaited, the last step's
    public events and the outcome. A renderer draws these and derives no rule (who is to play, what just
    happened, who won) itself; it never sees the raw state.

    It draws on `toolkit.new_canvas` in 1× pixels and returns that picture: a Pillow image, or under
    `renderers.density.at_density(2)` a `Canvas` of twice the pixels (`renderers.worker` encodes either)."""

    def board(self, frame: Frame, ctx: RenderContext) -> Picture:
        """The public board (a spectator's frame, `frame.seat` None), posted in the game thread."""

    def private(self, frame: Frame, ctx: RenderContext) -> Picture | None:
        """One seat's private information (hand, bag, hidden cards), sent only to that seat."""
