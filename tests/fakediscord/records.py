"""Plain value types of the simulated Discord world and of what the bot sent.

Tests assert on these, never on discord.py objects: a record is what Discord itself would have stored
(raw JSON payloads plus the uploaded bytes), so a test sees exactly what a player would see.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, Iterator, Literal

MessageKind = Literal["channel", "dm", "response", "followup", "edit"]

EPHEMERAL_FLAG = 1 << 6
LOADING_FLAG = 1 << 7
COMPONENTS_V2_FLAG = 1 << 15


@dataclass
class FakeUser:
    """A Discord account. Mutable on purpose: a test may close a user's DMs half-way through."""

    id: int
    name: str
    dms_closed: bool = False
    locale: str = "en-US"
    permissions: int | None = None
    bot: bool = False
    dm_channel_id: int | None = None
    guild_permissions: dict[int, int] = field(default_factory=dict)
    """Permissions in particular servers (Manage Server in one, a plain member in another)."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeGuild:
    id: int
    name: str
    locale: str = "en-US"
    members: set[int] | None = None
    """Who is in the server: None for every user of the world (most tests), else exactly these."""
    left: set[int] = field(default_factory=set)
    """Who left the server (`FakeDiscord.remove_member`): no longer members, whatever `members` says."""

    def has_member(self, user_id: int) -> bool:
        return user_id not in self.left and (self.members is None or user_id in self.members)


@dataclass
class FakeChannel:
    """A text channel, a thread (type 11 public / 12 private) or a DM channel (type 1)."""

    id: int
    type: int
    name: str
    guild_id: int | None = None
    parent_id: int | None = None
    can_create_threads: bool = True
    can_send: bool = True
    recipient_id: int | None = None
    owner_id: int | None = None
    starter_message_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    members: set[int] = field(default_factory=set)
    deleted: bool = False
    created_at: float | None = None
    archive_timestamp: float | None = None
    last_activity: float | None = None
    """Threads: when the world's clock last saw activity (a message sent, an unarchive), see threads.py."""

    @property
    def is_thread(self) -> bool:
        return self.type in (10, 11, 12)

    @property
    def is_dm(self) -> bool:
        return self.type == 1


@dataclass(frozen=True)
class RecordedFile:
    """One uploaded attachment, with the exact bytes the bot sent."""

    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def image(self) -> Any:
        """The attachment decoded by Pillow (imported lazily: most tests never look at pixels)."""
        from PIL import Image

        img = Image.open(io.BytesIO(self.data))
        img.load()
        return img


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component dict, depth first, for both classic action rows and components v2 layouts."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components", []))
        for key in ("component", "accessory"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


@dataclass(frozen=True)
class RecordedMessage:
    """The full state of one bot message right after one outgoing operation.

    `kind` says which operation produced this snapshot; an "edit" snapshot carries the merged result,
    so the latest snapshot of an id is always the message as players currently see it.
    """

    id: int
    channel_id: int
    kind: MessageKind
    ephemeral: bool
    author: FakeUser
    content: str
    embeds: tuple[dict[str, Any], ...]
    components: tuple[dict[str, Any], ...]
    attachments: tuple[RecordedFile, ...]
    flags: int
    payload: dict[str, Any]
    guild_id: int | None = None
    interaction_id: int | None = None
    interaction_user_id: int | None = None
    dm_user_id: int | None = None
    sequence: int = 0

    def __hash__(self) -> int:
        """By identity of the snapshot: the payload dicts inside are not hashable."""
        return hash((self.id, self.sequence))

    @property
    def files(self) -> tuple[RecordedFile, ...]:
        return self.attachments

    @property
    def loading(self) -> bool:
        """True for a deferred "thinking…" message that was never filled in."""
        return bool(self.flags & LOADING_FLAG)

    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(list(self.components)))

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any]:
        for comp in self.all_components():
            if comp.get("custom_id") == custom_id:
                return comp
        raise LookupError(f"message {self.id} has no component {custom_id!r}; it has {self.custom_ids()}")

    def button(self, label: str) -> dict[str, Any]:
        """The button whose label is exactly `label` (tests usually know the label, not the id)."""
        found = [b for b in self.buttons() if b.get("label") == label]
        if len(found) != 1:
            labels = [b.get("label") for b in self.buttons()]
            raise LookupError(f"message {self.id}: {len(found)} buttons labelled {label!r}; labels: {labels}")
        return found[0]

    @property
    def text(self) -> str:
        """Content plus every visible embed / text display string, for "does it mention X" asserts."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for fld in embed.get("fields", []):
                parts += [fld.get("name", ""), fld.get("value", "")]
            parts.append(embed.get("footer", {}).get("text", ""))
            parts.append(embed.get("author", {}).get("name", ""))
        parts += [c.get("content", "") for c in self.all_components() if c.get("type") == 10]
        return "\n".join(p for p in parts if p)


@dataclass
class InteractionRecord:
    """One interaction a simulated user sent, and how the bot answered it.

    `callback` is the raw initial response (type 4 message, 5 defer, 6 deferred update, 7 update,
    8 autocomplete, 9 modal, 12 launch the Activity); `messages` every snapshot produced through this
    interaction's token.
    """

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    received_at: float
    """The event loop's clock when the interaction was sent (the 3-second deadline is measured on it)."""
    created_at: float = 0.0
    """The world's clock when the interaction was sent (its token expires 15 minutes later)."""
    message_id: int | None = None
    callback: dict[str, Any] | None = None
    callback_delay: float | None = None
    original_id: int | None = None
    messages: list[RecordedMessage] = field(default_factory=list)

    @property
    def answered(self) -> bool:
        return self.callback is not None

    @property
    def response_type(self) -> int | None:
        return None if self.callback is None else int(self.callback["type"])

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def ephemeral(self) -> bool:
        data = (self.callback or {}).get("data") or {}
        return bool(int(data.get("flags", 0)) & EPHEMERAL_FLAG)

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete answer (type 8 callback)."""
        if self.response_type != 8:
            raise LookupError(f"interaction {self.id} was answered with type {self.response_type}, not autocomplete")
        return list(self.callback["data"]["choices"])  # type: ignore[index]

    @property
    def modal(self) -> dict[str, Any]:
        if self.response_type != 9:
            raise LookupError(f"interaction {self.id} was answered with type {self.response_type}, not a modal")
        return dict(self.callback["data"])  # type: ignore[index]

    @property
    def followups(self) -> list[RecordedMessage]:
        return [m for m in self.messages if m.kind == "followup"]


@dataclass(frozen=True)
class HarnessError:
    """Something that would be a bug in production: an exception, an unanswered interaction, a limit."""

    source: str
    message: str
    exception: BaseException | None = None

    def __str__(self) -> str:
        return f"[{self.source}] {self.message}"


@dataclass(frozen=True)
class RejectedRequest:
    """An outgoing request the fake answered with an HTTP error (403 DMs closed, 50013, 404…)."""

    method: str
    path: str
    status: int
    code: int
    payload: Any
