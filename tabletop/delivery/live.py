"""Who is watching which game, and telling them when it changes: the live board's in-process hub.

Every commit publishes through `tabletop.delivery.publish.deliver` (clicks, `/game play`, web moves, AI seats, the
scheduler, votes, the outbox after a crash), which calls `LiveHub.changed(game_id, version)` once the
state is stored; each open live board holds a `Watch` on its game and wakes with the newest version. Only
the version travels: each page then asks for its own scene, so nothing here can carry a secret.

Several processes (PostgreSQL): a `Bridge` carries each local change to the other processes, whose own
bridge hands it to their hub with `arrived` (not `changed`, so a change is never echoed back). The hub
knows no transport; a LISTEN/NOTIFY bridge is one class with `send` and a listener calling `arrived`.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import contextmanager
from typing import Iterator, Protocol

log = logging.getLogger("tabletop.live")


class Bridge(Protocol):
    """Carries this process's changes to the others. `send` must not block: it queues or fires and forgets
    (a change lost on the way costs a page one update: the next change, or its reconnect, brings it)."""

    def send(self, game_id: int, version: int) -> None: ...


class Watch:
    """One watcher of one game: `next()` waits for a version newer than the last one it returned (or than
    the one it started at), skipping any it was too slow to see: a page wants the newest state, not each."""

    def __init__(self, game_id: int, seen: int) -> None:
        self.game_id = game_id
        self.version = seen
        self._newest = seen
        self._woken = asyncio.Event()

    def seen(self, version: int) -> None:
        """The watcher already shows `version` (read after the watch began, so no change is missed in
        between): only a newer one wakes it."""
        if version >= self._newest:
            self._newest = self.version = version
            self._woken.clear()

    def offer(self, version: int) -> None:
        if version > self._newest:
            self._newest = version
            self._woken.set()

    async def next(self) -> int:
        await self._woken.wait()
        self._woken.clear()
        self.version = self._newest
        return self.version


class LiveHub:
    """Watches by game, in this process; changes from here go to them and to every bridge."""

    def __init__(self) -> None:
        self._watches: dict[int, set[Watch]] = {}
        self._bridges: list[Bridge] = []

    def changed(self, game_id: int, version: int) -> None:
        """A change committed by this process: its watchers wake, and the other processes hear of it."""
        self.arrived(game_id, version)
        for bridge in self._bridges:
            try:
                bridge.send(game_id, version)
            except Exception:  # noqa: BLE001 - a bridge failing must not fail the publish path
                log.exception("live bridge %r failed to send game %s v%s", bridge, game_id, version)

    def arrived(self, game_id: int, version: int) -> None:
        """A change, from this process or another (a bridge): this process's watchers of the game wake."""
        for watch in self._watches.get(game_id, ()):
            watch.offer(version)

    def attach(self, bridge: Bridge) -> None:
        self._bridges.append(bridge)

    def detach(self, bridge: Bridge) -> None:
        if bridge in self._bridges:
            self._bridges.remove(bridge)

    @contextmanager
    def watch(self, game_id: int, seen: int = -1) -> Iterator[Watch]:
        """Watch a game for the block's duration, from version `seen` (or from the first change, when the
        watcher reads the state after starting to watch: then `Watch.seen` says what it read)."""
        watch = Watch(game_id, seen)
        self._watches.setdefault(game_id, set()).add(watch)
        try:
            yield watch
        finally:
            watches = self._watches.get(game_id)
            if watches is not None:
                watches.discard(watch)
                if not watches:
                    del self._watches[game_id]

    def watching(self, game_id: int | None = None) -> int:
        """How many watches are open (on one game, or on all)."""
        if game_id is not None:
            return len(self._watches.get(game_id, ()))
        return sum(len(watches) for watches in self._watches.values())
