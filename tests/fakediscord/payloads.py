"""Minimal JSON objects in the exact shape Discord's API returns, so real discord.py parses them.

Only the fields discord.py 2.7 reads strictly are guaranteed; the rest are the documented defaults.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from typing import Any, Callable

from .records import EPHEMERAL_FLAG, FakeChannel, FakeUser, RecordedFile, RecordedMessage

DISCORD_EPOCH_MS = 1420070400000
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ADMINISTRATOR = 1 << 3

MEMBER_PERMISSIONS = (
    VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS | USE_APPLICATION_COMMANDS | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = MEMBER_PERMISSIONS | MANAGE_THREADS | CREATE_PRIVATE_THREADS
THREAD_PERMISSIONS = CREATE_PUBLIC_THREADS | CREATE_PRIVATE_THREADS | MANAGE_THREADS


class Snowflakes:
    """Snowflakes on the world's clock: unique, increasing, and `created_at` close to the world's now.

    The clock is the bot's own in e2e tests (a game sits idle for a week by moving it), so the age of a
    message or an interaction the bot reads from its id agrees with the bot's clock, as on Discord.
    """

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._last = 0
        self._lock = threading.Lock()

    def next(self) -> int:
        with self._lock:
            candidate = (int(self._clock() * 1000) - DISCORD_EPOCH_MS) << 22
            self._last = max(candidate, self._last + 1)
            return self._last

    def continue_after(self, snowflake: int) -> None:
        """Never hand out `snowflake` or anything before it: a world restored from what an earlier process
        recorded must not give a new message the id of one it remembers."""
        with self._lock:
            self._last = max(self._last, snowflake)



def iso_now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat()


def iso(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp, dt.timezone.utc).isoformat()


def user_json(user: FakeUser) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "username": user.name,
        "global_name": user.name,
        "discriminator": "0",
        "avatar": None,
        "bot": user.bot,
        "public_flags": 0,
        "flags": 0,
    }


def member_json(user: FakeUser, permissions: int) -> dict[str, Any]:
    return {
        "user": user_json(user),
        "nick": None,
        "avatar": None,
        "roles": [],
        "joined_at": iso_now(),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "permissions": str(permissions),
        "communication_disabled_until": None,
    }


def channel_json(channel: FakeChannel, *, recipient: FakeUser | None = None, permissions: int | None = None) -> dict[str, Any]:
    """Channel object as returned by GET /channels/{id} and embedded in interactions."""
    if channel.is_dm:
        assert recipient is not None
        return {"id": str(channel.id), "type": 1, "last_message_id": None, "flags": 0, "recipients": [user_json(recipient)]}
    data: dict[str, Any] = {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "flags": 0,
        "nsfw": False,
        "rate_limit_per_user": 0,
        "last_message_id": None,
    }
    if permissions is not None:
        data["permissions"] = str(permissions)
    if channel.is_thread:
        data.update(
            parent_id=str(channel.parent_id),
            owner_id=str(channel.owner_id),
            message_count=0,
            member_count=len(channel.members),
            total_message_sent=0,
            thread_metadata={
                "archived": channel.archived,
                "auto_archive_duration": channel.auto_archive_duration,
                "archive_timestamp": iso(channel.archive_timestamp) if channel.archive_timestamp else iso_now(),
                "locked": channel.locked,
                "create_timestamp": iso(channel.created_at) if channel.created_at else iso_now(),
                "invitable": channel.type == 11,
            },
        )
    else:
        data.update(position=0, parent_id=None, topic=None, permission_overwrites=[])
    return data


def attachment_json(file: RecordedFile) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(file.id),
        "filename": file.filename,
        "size": file.size,
        "url": file.url,
        "proxy_url": file.url,
    }
    if file.content_type:
        data["content_type"] = file.content_type
    if file.description:
        data["description"] = file.description
    return data


def snowflake_seconds(snowflake: int) -> float:
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


def message_json(msg: RecordedMessage, *, edited_at: float | None = None) -> dict[str, Any]:
    """A message object; interaction messages carry webhook_id and interaction_metadata like Discord's."""
    data: dict[str, Any] = {
        "id": str(msg.id),
        "channel_id": str(msg.channel_id),
        "author": user_json(msg.author),
        "content": msg.content,
        "timestamp": iso(snowflake_seconds(msg.id)),
        "edited_timestamp": iso(edited_at) if edited_at is not None else None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [attachment_json(f) for f in msg.attachments],
        "embeds": [dict(e) for e in msg.embeds],
        "components": [dict(c) for c in msg.components],
        "pinned": False,
        "type": 0,
        "flags": msg.flags | (EPHEMERAL_FLAG if msg.ephemeral else 0),
    }
    if msg.guild_id is not None:
        data["guild_id"] = str(msg.guild_id)
    if msg.interaction_id is not None:
        data["webhook_id"] = str(msg.author.id)
        data["application_id"] = str(msg.author.id)
    return data


def interaction_metadata(interaction_id: int, interaction_type: int, user: FakeUser) -> dict[str, Any]:
    return {
        "id": str(interaction_id),
        "type": interaction_type,
        "user": user_json(user),
        "authorizing_integration_owners": {},
    }
