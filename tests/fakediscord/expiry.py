"""What ages in the simulated Discord: interaction tokens (15 minutes) and edits of hour-old messages.

- An interaction's token is valid for 15 minutes after the interaction was created: later followups,
  `@original` edits and deletes are answered 404 / 10015 Unknown Webhook. Age is measured on the world's
  clock (the one e2e tests move) and on the event loop's, whichever says older.
- Messages older than an hour take few edits: Discord answers 30046 "Maximum number of edits to messages
  older than 1 hour reached" once a channel has had `OLD_EDITS` such edits within an hour. Modelled for
  the bot's REST edits (`PATCH /channels/{id}/messages/{id}`), the route a long-lived board is edited by.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict, deque
from typing import TYPE_CHECKING

from discord.utils import snowflake_time

from .records import InteractionRecord, RecordedMessage

if TYPE_CHECKING:
    from .world import FakeDiscord

TOKEN_SECONDS = 15 * 60
OLD_MESSAGE_SECONDS = 60 * 60
OLD_EDITS = 3
"""Edits of hour-old messages one channel takes per hour before Discord answers 30046."""
OLD_EDITS_REACHED = 30046


def token_age(world: FakeDiscord, rec: InteractionRecord) -> float:
    """Seconds since the interaction was created, on the world's clock or the loop's, whichever is more."""
    return max(world.now() - rec.created_at, asyncio.get_running_loop().time() - rec.received_at)


def token_expired(world: FakeDiscord, rec: InteractionRecord) -> bool:
    return token_age(world, rec) >= TOKEN_SECONDS


class OldEdits:
    """Counts each channel's edits of messages older than an hour, refusing those past the limit."""

    def __init__(self, world: FakeDiscord) -> None:
        self.world = world
        self._edits: defaultdict[int, deque[float]] = defaultdict(deque)

    def check(self, msg: RecordedMessage, method: str, path: str) -> None:
        now = self.world.now()
        if msg.ephemeral or now - snowflake_time(msg.id).timestamp() < OLD_MESSAGE_SECONDS:
            return
        recent = self._edits[msg.channel_id]
        while recent and now - recent[0] >= OLD_MESSAGE_SECONDS:
            recent.popleft()
        if len(recent) >= OLD_EDITS:
            raise self.world.reject(method, path, 400, OLD_EDITS_REACHED,
                                    "Maximum number of edits to messages older than 1 hour reached. Try again later")
        recent.append(now)
