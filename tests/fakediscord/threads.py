"""Thread archiving, as Discord's Threads topic describes it, on the world's clock.

- A thread archives after `auto_archive_duration` minutes (60, 1440, 4320 or 10080) without activity;
  "activity" is a message sent, an unarchive, or a change of the duration — an edit is not activity.
- In an archived thread users cannot use application commands, edit messages, react or join, and nobody
  edits a message there or adds a member: 400 / 50083. Deleting messages still works.
- A message sent in an archived thread unarchives it, unless the thread is locked (then 400 / 50083:
  only `PATCH /channels/{id}` `{"archived": false}` by a moderator reopens it).
- `thread_metadata.archive_timestamp` changes on creating, archiving and unarchiving a thread, and on
  changing its `auto_archive_duration`.

Archiving is applied lazily: each time the world looks at a thread it first archives it if its time ran
out, so moving the clock is all a test does to let a game sit idle for a week.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .records import FakeChannel

if TYPE_CHECKING:
    from .world import FakeDiscord

ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
THREAD_ARCHIVED = 50083
ARCHIVED_MESSAGE = "Thread is archived"


class ArchivedThread(PermissionError):
    """A user tried what Discord's client does not allow in an archived thread (an application command)."""


class ThreadLife:
    """When each thread archives and what an archived thread refuses."""

    def __init__(self, world: FakeDiscord) -> None:
        self.world = world

    def opened(self, thread: FakeChannel) -> None:
        now = self.world.now()
        thread.created_at = thread.archive_timestamp = thread.last_activity = now

    def current(self, channel: FakeChannel) -> FakeChannel:
        """The channel with its archive state brought up to the clock (threads archive when idle)."""
        if channel.is_thread and not channel.archived and channel.last_activity is not None:
            due = channel.last_activity + channel.auto_archive_duration * 60
            if self.world.now() >= due:
                channel.archived = True
                channel.archive_timestamp = due
        return channel

    def _active(self, channel: FakeChannel) -> None:
        channel.last_activity = self.world.now()

    def _unarchive(self, channel: FakeChannel) -> None:
        channel.archived = False
        channel.archive_timestamp = self.world.now()
        self._active(channel)

    def refuse(self, method: str, path: str, payload: Any = None) -> Exception:
        return self.world.reject(method, path, 400, THREAD_ARCHIVED, ARCHIVED_MESSAGE, payload)

    def before_send(self, channel: FakeChannel, method: str, path: str) -> None:
        """A message is about to be created in `channel`: unarchive it, or refuse when it is locked."""
        if not channel.is_thread:
            return
        if self.current(channel).archived:
            if channel.locked:
                raise self.refuse(method, path)
            self._unarchive(channel)
        else:
            self._active(channel)

    def before_edit(self, channel: FakeChannel, method: str, path: str) -> None:
        """Editing a message (or adding a member) in an archived thread is refused."""
        if channel.is_thread and self.current(channel).archived:
            raise self.refuse(method, path)

    def before_command(self, channel: FakeChannel) -> None:
        if channel.is_thread and self.current(channel).archived:
            raise ArchivedThread(f"thread {channel.id} is archived: Discord does not let users run commands there")

    def edit(self, channel: FakeChannel, body: dict[str, Any], method: str, path: str) -> None:
        """`PATCH /channels/{id}` on a thread: archived, locked, auto_archive_duration, name."""
        self.current(channel)
        if "auto_archive_duration" in body:
            duration = int(body["auto_archive_duration"])
            if duration not in ARCHIVE_DURATIONS:
                raise self.world.reject(method, path, 400, 50035, f"Invalid auto_archive_duration {duration}", body)
            channel.auto_archive_duration = duration
            channel.archive_timestamp = self.world.now()
            self._active(channel)
        if "locked" in body:
            channel.locked = bool(body["locked"])
        if "archived" in body:
            if body["archived"] and not channel.archived:
                channel.archived = True
                channel.archive_timestamp = self.world.now()
            elif not body["archived"] and channel.archived:
                self._unarchive(channel)
        elif channel.archived and "name" in body:
            raise self.refuse(method, path, body)
        if "name" in body:
            channel.name = body["name"]
