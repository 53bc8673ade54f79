"""Keeping expensive commands cheap: static images rendered once per key, and per-user cooldowns.

Card lists and unit sheets depend only on the language and the edition, yet each took 0.3–0.5 s of
Pillow: twenty quick calls delayed everyone's Take turn by seconds. Rendered once (in the render pool, like
the boards, so even the first render never holds this process's GIL), they are served from memory; a user
repeating an expensive command within its cooldown is told to wait.
"""

from __future__ import annotations

import time
from typing import Any, Awaitable, Callable, Hashable, Sequence

from PIL import Image

from renderers.worker import encoded_pages
from tabletop.runtime.cache import BoundedCache, SharedResults

IMAGE_ENTRIES = 64
COOLDOWN_USERS = 10_000
STATIC_LANE = "static images"
"""The render pool's queue for these images: each is drawn once for every server, so it belongs to none, and
the first renders after a restart take turns with the servers' boards instead of taking every worker."""

Runner = Callable[..., Awaitable[tuple[bytes, ...]]]
"""Runs `fn(*args)` off the event loop, queued in a lane: `(lane, fn, *args)` (the bot's is
`tabletop.presentation.pictures.render_job`: the render pool, or a worker thread without one)."""


class StaticImages:
    """Encoded images by key, each rendered at most once (concurrent first requests share one render)."""

    def __init__(self, run: Runner, size: int = IMAGE_ENTRIES) -> None:
        self._run = run
        self._images: SharedResults[Hashable, tuple[bytes, ...]] = SharedResults(size)

    async def get(self, key: Hashable, draw: Callable[..., Image.Image | Sequence[Image.Image]], *args: Any) -> tuple[bytes, ...]:
        """The pages `draw(*args)` draws, encoded. `draw` is a top-level function and `args` are picklable:
        both travel to a render worker process (`renderers.worker.encoded_pages`)."""
        return await self._images.get(key, lambda: self._run(STATIC_LANE, encoded_pages, draw, *args))


class Cooldown:
    """At most one use per `seconds` for each key (a command and a user)."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic, size: int = COOLDOWN_USERS) -> None:
        self.seconds = seconds
        self._clock = clock
        self._last: BoundedCache[Hashable, float] = BoundedCache(size)

    def retry_after(self, key: Hashable) -> float:
        """0 when allowed now (and the use is recorded), else the seconds left to wait."""
        now = self._clock()
        last = self._last.get(key)
        if last is not None and now - last < self.seconds:
            return self.seconds - (now - last)
        self._last[key] = now
        return 0.0
