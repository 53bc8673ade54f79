"""The contract between the platform and a game's renderer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Protocol

from PIL import Image


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
    """Draws views produced by the engine's `Game.view`; never sees the raw state."""

    def board(self, view: Mapping[str, Any], ctx: RenderContext) -> Image.Image:
        """The public board (a spectator's view), posted in the game thread."""

    def private(self, view: Mapping[str, Any], ctx: RenderContext) -> Image.Image | None:
        """One seat's private information (hand, bag, hidden cards), sent only to that seat."""
