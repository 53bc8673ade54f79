"""What wakes a simulated player in the benches: the bot writing where a real player would be notified."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Awaitable, Callable

from tests.fakediscord import FakeDiscord


class Doorbell:
    """Rings when the bot posts or edits a message in a channel, or DMs a player: what wakes a player is what
    would notify one (the game's thread changing, a turn DM), not reading the database every few
    milliseconds, which on one event loop and one database thread would be charged to the bot."""

    WAKE_ANYWAY = 1.0
    """A waiting player looks again after this long even if nothing rang (a safety net, never needed)."""

    def __init__(self) -> None:
        self._rings: dict[object, int] = {}
        self._events: dict[object, asyncio.Event] = {}

    def ring(self, place: object) -> None:
        self._rings[place] = self._rings.get(place, 0) + 1
        event = self._events.pop(place, None)
        if event is not None:
            event.set()

    def ring_all(self) -> None:
        for place in list(self._events):
            self.ring(place)

    def listener(self, *places: object) -> Callable[[], Awaitable[None]]:
        """A wait that returns at the next ring of any of `places` (a game's thread, a player's DMs) after the
        previous wait returned (a ring while the player was looking is not lost)."""
        heard = [self._count(places)]

        async def wait() -> None:
            if self._count(places) == heard[0]:
                events = [self._events.setdefault(place, asyncio.Event()) for place in places]
                waiters = [asyncio.ensure_future(event.wait()) for event in events]
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED), self.WAKE_ANYWAY)
                for waiter in waiters:
                    waiter.cancel()
            heard[0] = self._count(places)

        return wait

    def _count(self, places: tuple[object, ...]) -> int:
        return sum(self._rings.get(place, 0) for place in places)


def ring_on_messages(world: FakeDiscord, bell: Doorbell) -> None:
    """Ring a message's channel when others can see it, and ("dm", user) at every DM to a user."""
    original = world._commit  # noqa: SLF001 - the harness's single recording point

    def recording(msg: Any, rec: Any) -> Any:
        result = original(msg, rec)
        if msg.dm_user_id is not None:
            bell.ring(("dm", msg.dm_user_id))
        elif not msg.ephemeral:  # what the other players see; an answer only the actor sees notifies nobody
            bell.ring(msg.channel_id)
        return result

    world._commit = recording  # type: ignore[method-assign]  # noqa: SLF001
