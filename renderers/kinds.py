"""Every kind of image the bot sends besides a game's board and private view, by name.

A drawing function becomes a kind with `@image_kind("…")`; `renderers.worker.encoded_pages`, the one
way such an image reaches Discord (`tabletop.presentation.pictures.render_job`, which runs nothing else but boards and
private views), refuses a function that is not one.
So the list is complete by construction, and the legibility test (tests/renderers/test_legibility.py)
checks that it draws a sample of every kind listed here, in both languages: a new sheet or chart cannot
be sent unchecked. Boards and private views are the other kinds: one pair per game renderer.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

IMAGE_KINDS: dict[str, Callable[..., object]] = {}


def image_kind(name: str) -> Callable[[F], F]:
    """Register the decorated drawing function as the image kind `name`."""

    def register(draw: F) -> F:
        if name in IMAGE_KINDS and IMAGE_KINDS[name] is not draw:
            raise ValueError(f"two drawings for the image kind {name!r}")
        IMAGE_KINDS[name] = draw
        return draw

    return register


def kind_of(draw: Callable[..., object]) -> str:
    """The kind a drawing function (or a `functools.partial` of one) was registered as."""
    while isinstance(draw, functools.partial):
        draw = draw.func
    for name, registered in IMAGE_KINDS.items():
        if registered is draw:
            return name
    raise ValueError(f"{getattr(draw, '__qualname__', draw)!r} is not a registered image kind (renderers.kinds)")
