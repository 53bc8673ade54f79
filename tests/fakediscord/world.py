"""FakeDiscord: one simulated Discord, driving a real discord.py bot through a fake transport.

Everything above the transport is the real library: the bot's CommandTree parses our
INTERACTION_CREATE payloads, its views and DynamicItems route our clicks, and its HTTPClient and webhook
adapter run unchanged down to the aiohttp session, which is ours (transport.py): requests land here
instead of on the network, under Discord's rate limits (ratelimits.py) and its invalid-request limit
(invalid.py). The world outlives bot objects, so attaching a second bot is a restart: messages, threads and
users are still there, and old buttons must still work.

Private discord.py names touched (pinned by discord.py==2.7.*): the HTTPClient's session (transport.py),
webhook.async_.async_context, ConnectionState.parse_interaction_create, _view_store,
Client._handle_ready / _listeners.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import functools
import itertools
import mimetypes
import time
import traceback
from typing import Any, Callable, Coroutine, Iterator, TypeVar

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from . import limits, schema
from .activities import LAUNCH_ACTIVITY, Activities
from .capture import LOG_SINK, wrap_client_errors, wrap_tree_errors, wrap_view_errors
from .commands import AttachmentUpload, Resolvers, build_call
from .expiry import OldEdits, token_expired
from .http import DiscordError, Request, Router, UnsupportedEndpoint, Upload, decode, split_url
from .idle import TaskRegistry, install_task_factory
from .invalid import BAN_BODY, BAN_HEADERS, LIMIT as INVALID_LIMIT, InvalidRequests
from .payloads import (
    ATTACHMENT_SIZE_LIMIT,
    BOT_PERMISSIONS,
    MEMBER_PERMISSIONS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    THREAD_PERMISSIONS,
    Snowflakes,
    attachment_json,
    channel_json,
    interaction_metadata,
    member_json,
    message_json,
    user_json,
)
from .records import (
    EPHEMERAL_FLAG,
    LOADING_FLAG,
    FakeChannel,
    FakeGuild,
    FakeUser,
    HarnessError,
    InteractionRecord,
    MessageKind,
    RecordedFile,
    RecordedMessage,
    RejectedRequest,
    walk_components,
)
from .oauth import OAuth2, OAuthError
from .ratelimits import RateLimiter, RateLimitHit
from .rest import RestEndpoints
from .threads import ThreadLife
from .transport import FakeResponse, FakeSession, connect

BOT_TOKEN = "fakediscord.bot.token"
T = TypeVar("T")
UserRef = FakeUser | int
MessageRef = RecordedMessage | int


CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"
ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
WEBHOOK_MESSAGE = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"


class FakeDiscord:
    """The simulated Discord. Build guilds/channels/users, attach a bot, act as users, inspect records."""

    def __init__(
        self,
        *,
        bot_id: int = 1_000_000_000_000_000_001,
        bot_name: str = "TabletopBot",
        owner_id: int = 1_000_000_000_000_000_002,
        response_deadline: float | None = 3.0,
        reject_invalid: bool = True,
        settle_timeout: float = 10.0,
        timer_horizon: float = 0.0,
        rate_limit_scale: float = 1.0,
        global_rate_limit: int = 50,
        invalid_request_limit: int = INVALID_LIMIT,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """`rate_limit_scale` multiplies every rate-limit window (1.0: Discord's figures; tests use a
        fraction so that discord.py's waits stay short); `global_rate_limit` is the bot's requests per
        global window (Discord's default 50 per second); `invalid_request_limit` the invalid requests (401, 403,
        429) per 10 minutes of the world's clock past which Discord bans the bot (10,000; tests lower it)."""
        self.clock = clock
        """The world's time (epoch seconds): snowflakes, thread archiving, token expiry. E2e tests give the
        bot's fake clock here (tests/e2e/driver.py), so moving it ages threads and tokens too."""
        self.ids = Snowflakes(self.now)
        self.bot_user = FakeUser(bot_id, bot_name, bot=True)
        self.owner = FakeUser(owner_id, "owner")
        self.users: dict[int, FakeUser] = {bot_id: self.bot_user, owner_id: self.owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.records: list[RecordedMessage] = []
        self.interactions: list[InteractionRecord] = []
        self.errors: list[HarnessError] = []
        self.check_failures: list[BaseException] = []
        self.rejected: list[RejectedRequest] = []
        self.synced_commands: dict[int | None, list[dict[str, Any]]] = {}
        self.response_deadline = response_deadline
        self.reject_invalid = reject_invalid
        self.settle_timeout = settle_timeout
        self.timer_horizon = timer_horizon
        self.settle_each_interaction = False
        """False (tests): a click, command or submit returns once the whole bot is settled, so a test sees
        every consequence. True (the load bench): once this interaction's own work is, as a player on their
        own device would; other players' games, and their rate-limit waits, do not hold it back."""
        self.bot: Any = None
        self._messages: dict[int, RecordedMessage] = {}
        self._deleted: set[int] = set()
        self._interactions_by_id: dict[int, InteractionRecord] = {}
        self._command_ids: dict[tuple[str, int | None], int] = {}
        self._faults: list[list[Any]] = []
        self._cdn: dict[str, bytes] = {}
        self._sequence = itertools.count(1)
        self._adapter = AsyncWebhookAdapter()  # the real one, fresh per world (its locks are per loop)
        self._tasks = TaskRegistry()
        self._tasks.context_values[async_context] = self._adapter
        self._tasks.parked_sources.append(self._waiting_on_users)
        # A request sleeping out a rate limit (or pacing itself on its bucket's headers) retries by itself.
        self._tasks.never_parked.update({HTTPClient.request.__code__, AsyncWebhookAdapter.request.__code__})
        self.activities = Activities(self)
        """The application's Activity (activities.py): `enable()`, and the `launches` Discord made."""
        self.oauth = OAuth2(self)
        """The application's OAuth2 (the live board's sign-in): `authorize`, `approve`, the client secret."""
        self._rest = RestEndpoints(self)
        self._router = Router([template for _, template in self._rest.routes]
                              + [CALLBACK, FOLLOWUP, ORIGINAL, WEBHOOK_MESSAGE])
        self.ratelimits = RateLimiter(rate_limit_scale, global_rate_limit)
        self.invalid = InvalidRequests(invalid_request_limit)
        """Discord's invalid-request limit (invalid.py): the bot's 401, 403 and counted 429 answers, and its ban."""
        self.thread_life = ThreadLife(self)
        self.old_edits = OldEdits(self)

    def paces_itself(self, *coroutines: Callable[..., Any]) -> None:
        """The bot's own pacing coroutines (waiting for its next turn at a channel's bucket) go on by themselves,
        like discord.py's rate-limit sleeps: a task sleeping in one is busy, not parked."""
        self._tasks.never_parked.update(coroutine.__code__ for coroutine in coroutines)

    def now(self) -> float:
        return self.clock()

    # ------------------------------------------------------------------ building the world

    def add_guild(self, guild_id: int, name: str, *, locale: str = "en-US") -> FakeGuild:
        guild = FakeGuild(guild_id, name, locale)
        self.guilds[guild_id] = guild
        return guild

    def add_channel(
        self, guild_id: int, channel_id: int, name: str, can_create_threads: bool = True, *, can_send: bool = True
    ) -> FakeChannel:
        if guild_id not in self.guilds:
            raise LookupError(f"add_guild({guild_id}) first")
        channel = FakeChannel(channel_id, 0, name, guild_id, can_create_threads=can_create_threads, can_send=can_send)
        self.channels[channel_id] = channel
        return channel

    def add_user(
        self, user_id: int, name: str, dms_closed: bool = False, locale: str = "en-US", *, permissions: int | None = None
    ) -> FakeUser:
        user = FakeUser(user_id, name, dms_closed=dms_closed, locale=locale, permissions=permissions)
        self.users[user_id] = user
        return user

    async def remove_member(self, guild_id: int, ref: UserRef) -> None:
        """`ref` leaves the server (or is kicked): no longer in its member list, so GET member answers 404
        Unknown Member (10007). A bot attached with the members intent hears it as Discord's gateway tells
        it, a GUILD_MEMBER_REMOVE dispatch; a bot without that privileged intent hears nothing."""
        guild = self.guilds[guild_id]
        user = self.user(ref)
        guild.left.add(user.id)
        if guild.members is not None:
            guild.members.discard(user.id)
        bot = self.bot
        if bot is not None and bot.intents.members:
            self._tasks.run(bot._connection.parse_guild_member_remove, {"guild_id": str(guild_id), "user": user_json(user)})
            await self.settle()

    def user(self, ref: UserRef) -> FakeUser:
        user_id = ref.id if isinstance(ref, FakeUser) else int(ref)
        try:
            return self.users[user_id]
        except KeyError:
            raise LookupError(f"unknown user {user_id}; add_user() first") from None

    def dm_channel(self, user: UserRef) -> FakeChannel:
        """The DM channel between the bot and `user` (Discord creates it on first use)."""
        user = self.user(user)
        if user.dm_channel_id is None:
            user.dm_channel_id = self.ids.next()
            self.channels[user.dm_channel_id] = FakeChannel(user.dm_channel_id, 1, "", recipient_id=user.id)
        return self.channels[user.dm_channel_id]

    # ------------------------------------------------------------------ bot lifecycle

    async def attach(self, bot: Any) -> None:
        """Start `bot` against this world: login + setup_hook over the fake transport, then READY.

        Attaching while another bot is attached closes that one first and cancels all its tasks,
        like a process restart.
        """
        if self.bot is not None:
            await self.detach()
        install_task_factory(asyncio.get_running_loop())
        LOG_SINK.worlds.add(self)
        async_context.set(self._adapter)
        self.bot = bot
        connect(bot.http, FakeSession(functools.partial(self._exchange, bot), self._cdn.get))
        wrap_view_errors(bot._connection._view_store, self)
        await self._tasks.spawn(bot.login(BOT_TOKEN))
        wrap_tree_errors(bot.tree, self)
        wrap_client_errors(bot, self)
        await self._validate_tree(bot)
        self._tasks.run(self._emulate_ready, bot)
        await self.settle()

    def _emulate_ready(self, bot: Any) -> None:
        """What the gateway's READY would do, minus caches: wait_until_ready() returns, on_ready runs."""
        bot._handle_ready()
        bot.dispatch("ready")

    async def detach(self) -> None:
        """Stop the attached bot as a process exit would: close it and cancel everything it left running."""
        bot, self.bot = self.bot, None
        if bot is None:
            return
        await self._tasks.spawn(bot.close())
        await self._tasks.cancel_all()

    async def close(self) -> None:
        await self.detach()
        LOG_SINK.worlds.discard(self)

    async def __aenter__(self) -> FakeDiscord:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, *_: object) -> None:
        """Close, then fail on errors nobody asserted on (tests that provoke errors take_errors())."""
        await self.close()
        if exc_type is None:
            self.assert_no_errors()

    async def settle(self, *, timeout: float | None = None, horizon: float | None = None) -> None:
        """Wait until every task the bot started is finished or waiting on a user or the clock.

        `horizon` (seconds) also waits for timers due that soon, e.g. a short asyncio.sleep.
        """
        await self._tasks.settle(
            timeout=self.settle_timeout if timeout is None else timeout,
            horizon=self.timer_horizon if horizon is None else horizon,
        )

    def spawn(self, coro: Coroutine[Any, Any, T]) -> "asyncio.Task[T]":
        """Start bot work from outside the harness's entry points (what the live board's handlers leave
        running, e.g. publishing a move): tracked like an interaction's, so `settle()` waits for it."""
        self._require_bot()
        return self._tasks.spawn(coro)

    async def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run bot code the test calls directly (a deadline tick, a cleanup job) as tracked bot work.

        Tasks it spawns are tracked like an interaction's, and the world is settled before returning.
        """
        self._require_bot()
        result = await self._tasks.spawn(coro)
        await self.settle()
        return result

    def ignore_tasks(self, predicate: Callable[[asyncio.Task[Any]], bool]) -> None:
        """Exclude long-lived bot tasks (e.g. a queue worker) from settle(); predicate(task) -> bool."""
        self._tasks.ignored.append(predicate)

    def _waiting_on_users(self) -> Iterator[asyncio.Future[Any]]:
        bot = self.bot
        if bot is None:
            return
        store = bot._connection._view_store
        views: list[Any] = list(store._synced_message_views.values()) + list(store._modals.values())
        views += [item.view for items in store._views.values() for item in items.values() if item.view]
        for view in views:
            stopped = getattr(view, "_BaseView__stopped", None)
            if stopped is not None:
                yield stopped
        for listeners in bot._listeners.values():
            for future, _ in listeners:
                yield future

    # ------------------------------------------------------------------ incoming interactions

    async def slash(
        self,
        user: UserRef,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
        forged: bool = False,
    ) -> InteractionRecord:
        """`user` runs `/command` (e.g. "game new") with typed options; in their DM if no channel.
        `forged` sends option values no real client would (out of range, not among the choices)."""
        user = self.user(user)
        channel, guild = self._where(user, channel_id, guild_id)
        self.thread_life.before_command(channel)
        call = build_call(
            self._require_bot().tree,
            command,
            dict(options or {}),
            command_id=self._command_id,
            guild_id=guild,
            user_permissions=self._member_permissions(user, guild),
            resolvers=self._resolvers(),
            forged=forged,
        )
        return await self._deliver(self._interaction(2, user, channel, call.data))

    async def autocomplete(
        self,
        user: UserRef,
        command: str,
        focused: str,
        options: dict[str, Any] | None = None,
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while `user` types options[focused] into `/command`."""
        user = self.user(user)
        channel, guild = self._where(user, channel_id, guild_id)
        call = build_call(
            self._require_bot().tree,
            command,
            dict(options or {}),
            command_id=self._command_id,
            guild_id=guild,
            user_permissions=self._member_permissions(user, guild),
            resolvers=self._resolvers(),
            focused=focused,
        )
        rec = await self._deliver(self._interaction(4, user, channel, call.data))
        return rec.choices if rec.answered else []

    async def click(
        self, user: UserRef, message: MessageRef, custom_id: str | None = None, *, label: str | None = None
    ) -> InteractionRecord:
        """`user` presses a button (by custom_id, or by exact label) on the message's current version."""
        user = self.user(user)
        msg = self._visible_message(user, message)
        button = msg.button(label) if label is not None else msg.component(_required(custom_id))
        if button.get("type") != 2 or button.get("style") == 5:
            raise ValueError(f"{button.get('custom_id')!r} is not a clickable button")
        if button.get("disabled"):
            raise ValueError(f"button {button.get('custom_id')!r} is disabled")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._deliver(self._component_interaction(user, msg, data))

    async def select(self, user: UserRef, message: MessageRef, custom_id: str, values: list[Any]) -> InteractionRecord:
        """`user` picks `values` in a select menu (string values, or users for a user select)."""
        user = self.user(user)
        msg = self._visible_message(user, message)
        select = msg.component(custom_id)
        kind = select.get("type")
        if kind not in limits.SELECT_TYPES or select.get("disabled"):
            raise ValueError(f"{custom_id!r} is not an enabled select menu")
        low, high = int(select.get("min_values", 1)), int(select.get("max_values", 1))
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == 3:
            offered = [o["value"] for o in select.get("options", [])]
            if any(v not in offered for v in values):
                raise ValueError(f"select {custom_id!r} offers {offered}, got {values}")
            data["values"] = list(values)
        elif kind == 5:
            users = [self.user(v) for v in values]
            data["values"] = [str(u.id) for u in users]
            data["resolved"] = {"users": {str(u.id): user_json(u) for u in users}}
        else:
            raise NotImplementedError(f"select type {kind} is not simulated")
        return await self._deliver(self._component_interaction(user, msg, data))

    async def forge(
        self, user: UserRef, message: MessageRef, custom_id: str, *, values: list[str] | None = None,
        channel_id: int | None = None,
    ) -> InteractionRecord:
        """A hostile client: a component interaction with any custom id and values, attached to `message`,
        sent from any channel (of any server), with none of the checks a real Discord client would make."""
        user = self.user(user)
        msg = self._messages[message if isinstance(message, int) else message.id]
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        if values is not None:
            data["values"] = list(values)
        channel = self.channels[channel_id if channel_id is not None else msg.channel_id]
        return await self._deliver(self._interaction(3, user, channel, data, msg))

    async def submit_modal(
        self, user: UserRef, opened_by: InteractionRecord, values: dict[str, str]
    ) -> InteractionRecord:
        """`user` fills and submits the modal the bot opened in answer to `opened_by`."""
        user = self.user(user)
        modal = opened_by.modal
        if user.id != opened_by.user.id:
            raise PermissionError("only the user who opened a modal can submit it")
        inputs = {c["custom_id"]: c for c in walk_components(modal["components"]) if c.get("type") == 4}
        unknown = set(values) - set(inputs)
        if unknown:
            raise LookupError(f"modal has no text inputs {sorted(unknown)}; it has {sorted(inputs)}")
        for custom_id, spec in inputs.items():
            if spec.get("required", True) and not values.get(custom_id):
                raise ValueError(f"modal text input {custom_id!r} is required")
        data = {"custom_id": modal["custom_id"], "components": [_submitted(c, values) for c in modal["components"]]}
        channel = self.channels[opened_by.channel_id]
        message = self._messages.get(opened_by.message_id) if opened_by.message_id else None
        return await self._deliver(self._interaction(5, user, channel, data, message))

    def _component_interaction(self, user: FakeUser, msg: RecordedMessage, data: dict[str, Any]) -> InteractionRecord:
        return self._interaction(3, user, self.channels[msg.channel_id], data, msg)

    def _interaction(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        message: RecordedMessage | None = None,
    ) -> InteractionRecord:
        iid = self.ids.next()
        guild_id = channel.guild_id
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.bot_user.id),
            "type": itype,
            "data": data,
            "token": f"fakediscord-interaction-{iid}",
            "version": 1,
            "channel_id": str(channel.id),
            "channel": self._channel_json(channel, self._member_permissions(user, guild_id) if guild_id else None),
            "locale": user.locale,
            "app_permissions": str(self._bot_permissions(channel)),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild_id or 0)},
            "context": 0 if guild_id else 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if guild_id is not None:
            guild = self.guilds[guild_id]
            payload.update(
                guild_id=str(guild_id),
                guild_locale=guild.locale,
                guild={"id": str(guild_id), "locale": guild.locale, "features": []},
                member=member_json(user, self._member_permissions(user, guild_id)),
            )
        else:
            payload["user"] = user_json(user)
        if message is not None:
            payload["message"] = self._message_json(message)
        return InteractionRecord(
            id=iid,
            token=payload["token"],
            type=itype,
            user=user,
            channel_id=channel.id,
            guild_id=guild_id,
            payload=payload,
            received_at=asyncio.get_running_loop().time(),
            created_at=self.now(),
            message_id=message.id if message is not None else None,
        )

    async def _deliver(self, rec: InteractionRecord) -> InteractionRecord:
        bot = self._require_bot()
        self.interactions.append(rec)
        self._interactions_by_id[rec.id] = rec
        self._tasks.run(bot._connection.parse_interaction_create, copy.deepcopy(rec.payload), origin=rec.id)
        if self.settle_each_interaction:
            await self._tasks.settle_origin(rec.id, timeout=self.settle_timeout, horizon=self.timer_horizon)
        else:
            await self.settle()
        if not rec.answered:
            problem = f"interaction {rec.id} ({_describe(rec)}) was never answered: 'This interaction failed'"
            self._error("unanswered", problem)
        return rec

    # ------------------------------------------------------------------ queries

    def message(self, ref: MessageRef) -> RecordedMessage:
        """The current version of a message (after all edits)."""
        msg_id = ref.id if isinstance(ref, RecordedMessage) else int(ref)
        try:
            return self._messages[msg_id]
        except KeyError:
            raise LookupError(f"no message {msg_id}") from None

    def is_deleted(self, ref: MessageRef) -> bool:
        return (ref.id if isinstance(ref, RecordedMessage) else int(ref)) in self._deleted

    def current_messages(self) -> list[RecordedMessage]:
        """Every live message, current version, in creation order."""
        return [m for m in self._messages.values() if m.id not in self._deleted]

    def messages_in(self, channel_id: int, *, include_ephemeral: bool = False) -> list[RecordedMessage]:
        """What everyone sees in a channel/thread/DM (ephemerals only on request), oldest first."""
        return [
            m for m in self.current_messages() if m.channel_id == channel_id and (include_ephemeral or not m.ephemeral)
        ]

    def dms_to(self, user: UserRef) -> list[RecordedMessage]:
        user = self.user(user)
        return [] if user.dm_channel_id is None else self.messages_in(user.dm_channel_id, include_ephemeral=True)

    def every_version(self, *, channels: set[int] | None = None, seen_by: UserRef | None = None) -> list[RecordedMessage]:
        """Every version of every message (edits included), oldest first: in `channels` (public only),
        or everything `seen_by` one user privately (their DMs and their ephemerals)."""
        if seen_by is not None:
            user = self.user(seen_by)
            return [m for m in self.records if (user.dm_channel_id is not None and m.channel_id == user.dm_channel_id)
                    or (m.ephemeral and m.interaction_user_id == user.id)]
        return [m for m in self.records if not m.ephemeral and (channels is None or m.channel_id in channels)]

    def ephemerals_for(self, user: UserRef) -> list[RecordedMessage]:
        """Ephemeral messages only `user` can see, current versions, oldest first."""
        user_id = self.user(user).id
        return [m for m in self.current_messages() if m.ephemeral and m.interaction_user_id == user_id]

    def last_message(
        self, channel_id: int | None = None, *, dm: UserRef | None = None, ephemeral_for: UserRef | None = None
    ) -> RecordedMessage:
        """Newest live message in a channel, a user's DMs, a user's ephemerals, or anywhere."""
        if dm is not None:
            found = self.dms_to(dm)
        elif ephemeral_for is not None:
            found = self.ephemerals_for(ephemeral_for)
        elif channel_id is not None:
            found = self.messages_in(channel_id)
        else:
            found = self.current_messages()
        if not found:
            raise LookupError("no matching message")
        return max(found, key=lambda m: m.id)

    @property
    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread and not c.deleted]

    def thread_named(self, name: str) -> FakeChannel:
        found = [t for t in self.threads if t.name == name]
        if len(found) != 1:
            raise LookupError(f"{len(found)} threads named {name!r}; threads: {[t.name for t in self.threads]}")
        return found[0]

    def assert_no_errors(self) -> None:
        if self.errors:
            raise AssertionError(f"{len(self.errors)} harness error(s):\n" + "\n".join(_format(e) for e in self.errors))

    def take_errors(self) -> list[HarnessError]:
        """Return and clear the recorded errors (for tests that provoke one on purpose)."""
        taken, self.errors = self.errors, []
        return taken

    # ------------------------------------------------------------------ error recording (capture.ErrorSink)

    def record_exception(self, source: str, exc: BaseException | None, message: str) -> None:
        if exc is not None and any(_same_failure(exc, e.exception) for e in self.errors if e.exception):
            return
        self.errors.append(HarnessError(source, message, exc))

    def record_check_failure(self, exc: BaseException) -> None:
        self.check_failures.append(exc)

    def _error(self, source: str, message: str) -> None:
        self.errors.append(HarnessError(source, message))

    # ------------------------------------------------------------------ outgoing: transport entry points

    def fail_next(self, method: str, template: str, *, status: int = 503, code: int = 0, count: int = 1,
                  channel_id: int | None = None) -> None:
        """Discord answers the next `count` requests of this kind (e.g. "POST", "/channels/{channel_id}/messages",
        in `channel_id` only when given) with an error, as an outage or a removed permission would. discord.py
        itself retries 500, 502, 504 and 524 after sleeping 1, 3, 5… s; 503 reaches the bot at once. 429 is a
        shared resource's rate limit (one the bot cannot see coming): discord.py sleeps and retries, and raises
        after five of them."""
        self._faults.append([method, template, status, code, count, channel_id])

    def _injected_fault(self, req: Any) -> DiscordError | None:
        for fault in self._faults:
            method, template, status, code, count, channel_id = fault
            if count > 0 and req.method == method and req.template == template and (
                    channel_id is None or req.args.get("channel_id") == str(channel_id)):
                fault[4] -= 1
                return self.reject(req.method, req.path, status, code, "injected failure")
        return None

    def _serves(self, bot: Any) -> bool:
        """Whether `bot` is a live process of this world (a closed bot's leftover calls are a bug)."""
        return bot is not None and bot is self.bot

    def web_session(self) -> FakeSession:
        """The live board's own connection to Discord's API (its OAuth2 calls): the same transport as the
        bot's, answered by the same world, whether a bot is attached or not."""
        return FakeSession(self._answer, self._cdn.get)

    async def _exchange(
        self, bot: Any, method: str, url: str, *, data: Any, headers: dict[str, str], params: Any
    ) -> FakeResponse:
        """One HTTP request from discord.py, answered as Discord would: rate limits first, then the endpoint."""
        if not self._serves(bot):
            raise RuntimeError(f"a detached bot called {method} {split_url(url)[0]}")
        return await self._answer(method, url, data=data, headers=headers, params=params)

    async def _answer(self, method: str, url: str, *, data: Any, headers: dict[str, str], params: Any) -> FakeResponse:
        """Cloudflare's ban first (invalid.py), then Discord's answer, counted if it is invalid."""
        path = split_url(url)[0]
        if self.invalid.refuses(self.now()):
            return FakeResponse(429, BAN_HEADERS, BAN_BODY)
        response = await self._respond(method, url, data=data, headers=headers, params=params)
        if self.invalid.record(method, path, response.status, response.headers.get("X-RateLimit-Scope"), self.now()):
            self._error("invalid requests", f"{self.invalid.limit} invalid requests (401, 403, 429) within "
                        f"{self.invalid.window:g} s, the last {method} {path}: Discord bans the bot's IP")
        return response

    async def _respond(self, method: str, url: str, *, data: Any, headers: dict[str, str], params: Any) -> FakeResponse:
        path, query = split_url(url)
        template, args = self._router.match(path)
        # Interaction callbacks and followups carry no bot token: the global limit does not count them.
        verdict = self.ratelimits.admit(headers.get("Authorization"), method, template, args, path,
                                        asyncio.get_running_loop().time())
        if verdict.refusal is not None:
            return FakeResponse.of_json(429, verdict.refusal, verdict.headers)
        req = decode(method, template, args, data=data, params=params, query=query, headers=headers)
        try:
            result = self._handle(req)
        except OAuthError as error:
            return FakeResponse.of_json(error.status, error.body, verdict.headers)
        except DiscordError as error:
            if error.status == 429:
                verdict = self.ratelimits.shared(method, path, asyncio.get_running_loop().time())
                return FakeResponse.of_json(429, verdict.refusal, verdict.headers)
            return FakeResponse.of_json(error.status, {"code": error.code, "message": error.message}, verdict.headers)
        return FakeResponse.of_json(200, result, verdict.headers)

    @property
    def rate_limited(self) -> list[RateLimitHit]:
        """Every request answered with 429 so far (global and per-route), oldest first."""
        return self.ratelimits.hits

    def _handle(self, req: Request) -> Any:
        self._validated(schema.problems(req), req.method, req.path, source="schema")
        fault = self._injected_fault(req)
        if fault is not None:
            raise fault
        if req.template.startswith(("/interactions/", "/webhooks/")):
            return self._webhook(req)
        return self._rest.handle(req)

    def _webhook(self, req: Request) -> Any:
        if (req.method, req.template) == ("POST", CALLBACK):
            return self._callback(self._interaction_for(req, by_id=True), req)
        rec = self._interaction_for(req, by_id=False)
        if token_expired(self, rec):
            raise self.reject(req.method, req.path, 404, 10015, "Unknown Webhook")
        if req.template == FOLLOWUP and req.method == "POST":
            return self._followup(rec, req)
        if req.template == ORIGINAL:
            return self._webhook_message(rec, req, rec.original_id)
        if req.template == WEBHOOK_MESSAGE:
            return self._webhook_message(rec, req, req.int_arg("message_id"))
        self._error("unsupported", f"webhook endpoint {req.method} {req.template} is not faked")
        raise UnsupportedEndpoint(f"fakediscord: no fake for webhook {req.method} {req.template}")

    def _interaction_for(self, req: Request, *, by_id: bool) -> InteractionRecord:
        token = req.args.get("webhook_token")
        if by_id:
            rec = self._interactions_by_id.get(int(req.args.get("webhook_id") or 0))
            if rec is None or rec.token != token:
                raise self.reject(req.method, req.path, 404, 10062, "Unknown interaction")
            return rec
        if int(req.args.get("webhook_id") or 0) != self.bot_user.id:
            raise self.reject(req.method, req.path, 404, 10015, "Unknown Webhook")
        for rec in reversed(self.interactions):
            if rec.token == token:
                return rec
        raise self.reject(req.method, req.path, 404, 10015, "Unknown Webhook")

    # ------------------------------------------------------------------ interaction responses

    def _callback(self, rec: InteractionRecord, req: Request) -> Any:
        if rec.answered:
            raise self.reject(req.method, req.path, 400, 40060, "Interaction has already been acknowledged.")
        delay = asyncio.get_running_loop().time() - rec.received_at
        if self.response_deadline is not None and delay > self.response_deadline:
            self._error("late", f"interaction {rec.id} ({_describe(rec)}) answered after {delay:.2f}s (limit 3 s)")
            raise self.reject(req.method, req.path, 404, 10062, "Unknown interaction")
        body = dict(req.body or {})
        ctype, data = int(body.get("type", 0)), dict(body.get("data") or {})
        allowed = {2: (4, 5, 9, 12), 3: (4, 5, 6, 7, 9, 12), 4: (8,), 5: (4, 5, 6, 7, 12)}[rec.type]
        if ctype not in allowed:
            self._error("callback", f"callback type {ctype} is invalid for interaction type {rec.type}")
            raise self.reject(req.method, req.path, 400, 50035, f"Invalid callback type {ctype}")
        launched = self.activities.launch(rec, req) if ctype == LAUNCH_ACTIVITY else None
        channel = self.channels[rec.channel_id]
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL_FLAG)
        msg: RecordedMessage | None = None
        if ctype == 4:
            msg = self._create(channel, "response", data, req.uploads, ephemeral=ephemeral, rec=rec)
        elif ctype == 5:
            msg = self._create(channel, "response", {}, {}, ephemeral=ephemeral, rec=rec, loading=True)
        elif ctype == 7:
            msg = self._edit(self._live(rec.message_id, req), data, req.uploads, kind="edit", rec=rec)
        elif ctype == 8:
            self._validated(limits.check_autocomplete(data.get("choices") or []), req.method, req.path)
        elif ctype == 9:
            self._validated(limits.check_modal(data), req.method, req.path)
        rec.callback = body
        rec.callback_delay = delay
        rec.original_id = msg.id if msg is not None else rec.message_id
        interaction: dict[str, Any] = {
            "id": str(rec.id),
            "type": rec.type,
            "response_message_loading": ctype == 5,
            "response_message_ephemeral": ephemeral,
        }
        result: dict[str, Any] = {"interaction": interaction, "resource": launched or {"type": ctype}}
        if msg is not None:
            interaction["response_message_id"] = str(msg.id)
            result["resource"]["message"] = self._message_json(msg)
        return result

    def _followup(self, rec: InteractionRecord, req: Request) -> Any:
        if not rec.answered or rec.response_type in (8, 9):
            raise self.reject(req.method, req.path, 404, 10015, "Unknown Webhook")
        body = dict(req.body or {})
        wanted_ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL_FLAG)
        original = self._messages.get(rec.original_id or 0)
        if rec.response_type == 5 and original is not None and original.loading:
            # Discord: the first followup after a "thinking" defer resolves that message, keeping the
            # defer's visibility whatever flags the followup asks for.
            if wanted_ephemeral != original.ephemeral:
                seen = "PUBLIC" if not original.ephemeral else "ephemeral"
                self._error("privacy", f"followup to interaction {rec.id} asked ephemeral={wanted_ephemeral} "
                            f"but replaces the deferred response, so it is {seen}")
            msg = self._edit(original, body, req.uploads, kind="followup", rec=rec)
        else:
            channel = self.channels[rec.channel_id]
            msg = self._create(channel, "followup", body, req.uploads, ephemeral=wanted_ephemeral, rec=rec)
        return self._message_json(msg) if int(req.query.get("wait", 1)) else None

    def _webhook_message(self, rec: InteractionRecord, req: Request, message_id: int | None) -> Any:
        if not rec.answered or message_id is None:
            raise self.reject(req.method, req.path, 404, 10008, "Unknown Message")
        msg = self._live(message_id, req)
        if message_id not in (rec.original_id, rec.message_id) and msg.interaction_id != rec.id:
            raise self.reject(req.method, req.path, 404, 10008, "Unknown Message")
        if req.method == "GET":
            return self._message_json(msg)
        if req.method == "PATCH":
            return self._message_json(self._edit(msg, dict(req.body or {}), req.uploads, kind="edit", rec=rec))
        if req.method == "DELETE":
            self._deleted.add(msg.id)
            return None
        raise UnsupportedEndpoint(f"fakediscord: no fake for webhook {req.method} {req.template}")

    # ------------------------------------------------------------------ message store (used by rest.py too)

    def _create(
        self,
        channel: FakeChannel,
        kind: MessageKind,
        body: dict[str, Any],
        uploads: dict[int, Upload],
        *,
        ephemeral: bool = False,
        rec: InteractionRecord | None = None,
        loading: bool = False,
    ) -> RecordedMessage:
        path = f"/channels/{channel.id}/messages"
        self._validated(limits.check_message(body, _sizes(uploads)), "POST", path)
        if not ephemeral:
            self.thread_life.before_send(channel, "POST", path)
        msg = RecordedMessage(
            id=self.ids.next(),
            channel_id=channel.id,
            kind=kind,
            ephemeral=ephemeral,
            author=self.bot_user,
            content=body.get("content") or "",
            embeds=tuple(body.get("embeds") or ()),
            components=tuple(body.get("components") or ()),
            attachments=self._attachments(channel.id, body, uploads, ()),
            flags=(int(body.get("flags") or 0) & ~EPHEMERAL_FLAG) | (LOADING_FLAG if loading else 0),
            payload=body,
            guild_id=channel.guild_id,
            interaction_id=rec.id if rec else None,
            interaction_user_id=rec.user.id if rec else None,
            dm_user_id=channel.recipient_id,
            sequence=next(self._sequence),
        )
        if not loading:
            self._check_not_empty(msg, "POST", path)
        return self._commit(msg, rec)

    def _edit(
        self,
        old: RecordedMessage,
        body: dict[str, Any],
        uploads: dict[int, Upload],
        *,
        kind: MessageKind,
        rec: InteractionRecord | None,
    ) -> RecordedMessage:
        path = f"/channels/{old.channel_id}/messages/{old.id}"
        self._validated(limits.check_message(body, _sizes(uploads)), "PATCH", path)
        if not old.ephemeral and not old.loading:
            self.thread_life.before_edit(self.channels[old.channel_id], "PATCH", path)
        changes: dict[str, Any] = {}
        if "content" in body:
            changes["content"] = body["content"] or ""
        if "embeds" in body:
            changes["embeds"] = tuple(body["embeds"] or ())
        if "components" in body:
            changes["components"] = tuple(body["components"] or ())
        if "attachments" in body or uploads:
            changes["attachments"] = self._attachments(old.channel_id, body, uploads, old.attachments)
        flags = (int(body["flags"] or 0) & ~EPHEMERAL_FLAG) if "flags" in body else old.flags
        new = dataclasses.replace(
            old, kind=kind, payload=body, flags=flags & ~LOADING_FLAG, sequence=next(self._sequence), **changes
        )
        self._check_not_empty(new, "PATCH", path)
        return self._commit(new, rec)

    def _commit(self, msg: RecordedMessage, rec: InteractionRecord | None) -> RecordedMessage:
        self._messages[msg.id] = msg
        self.records.append(msg)
        if rec is not None:
            rec.messages.append(msg)
        return msg

    def _attachments(
        self,
        channel_id: int,
        body: dict[str, Any],
        uploads: dict[int, Upload],
        existing: tuple[RecordedFile, ...],
    ) -> tuple[RecordedFile, ...]:
        """Discord semantics: `attachments` lists what to keep (by id) and new uploads (by index)."""
        if "attachments" not in body:
            entries: list[dict[str, Any]] = [{"id": i} for i in sorted(uploads)]
            kept = list(existing)
        else:
            entries, kept = list(body.get("attachments") or []), []
        by_id = {f.id: f for f in existing}
        for entry in entries:
            ref = int(entry["id"])
            if ref in by_id:
                kept.append(by_id[ref])
            elif ref in uploads:
                kept.append(self._store_upload(channel_id, uploads[ref], entry))
        return tuple(kept)

    def _store_upload(self, channel_id: int, upload: Upload, entry: dict[str, Any]) -> RecordedFile:
        file_id = self.ids.next()
        filename = entry.get("filename") or upload.filename
        url = f"https://cdn.discordapp.com/attachments/{channel_id}/{file_id}/{filename}"
        self._cdn[url] = upload.data
        content_type = mimetypes.guess_type(filename)[0]
        return RecordedFile(file_id, filename, upload.data, url, content_type, entry.get("description"))

    def _check_not_empty(self, msg: RecordedMessage, method: str, path: str) -> None:
        if msg.content or msg.embeds or msg.components or msg.attachments:
            return
        self._error("limits", f"{method} {path}: empty message (no content, embeds, components or files)")
        if self.reject_invalid:
            raise self.reject(method, path, 400, 50006, "Cannot send an empty message")

    def _validated(self, problems: list[str], method: str, path: str, *, source: str = "limits") -> None:
        """Record limit or schema violations; like Discord, refuse the request with 400 / 50035 (unless disabled)."""
        if not problems:
            return
        for problem in problems:
            self._error(source, f"{method} {path}: {problem}")
        if self.reject_invalid:
            raise self.reject(method, path, 400, 50035, "Invalid Form Body: " + "; ".join(problems))

    def _live(self, message_id: int | None, req: Request) -> RecordedMessage:
        msg = self._messages.get(message_id or 0)
        if msg is None or msg.id in self._deleted:
            raise self.reject(req.method, req.path, 404, 10008, "Unknown Message")
        return msg

    def reject(self, method: str, path: str, status: int, code: int, message: str, payload: Any = None) -> DiscordError:
        """Record an error response and return it, to raise: the transport answers with it and discord.py
        raises Forbidden / NotFound / HTTPException from it."""
        self.rejected.append(RejectedRequest(method, path, status, code, payload))
        return DiscordError(status, code, message)

    # ------------------------------------------------------------------ JSON views of world objects

    def _message_json(self, msg: RecordedMessage) -> dict[str, Any]:
        data = message_json(msg, edited_at=self.now() if msg.kind == "edit" else None)
        rec = self._interactions_by_id.get(msg.interaction_id or 0)
        if rec is not None:
            data["interaction_metadata"] = interaction_metadata(rec.id, rec.type, rec.user)
            if rec.type == 2 and msg.id == rec.original_id:
                data["type"] = 20
        return data

    def _channel_json(self, channel: FakeChannel, permissions: int | None = None) -> dict[str, Any]:
        recipient = self.users.get(channel.recipient_id or 0)
        return channel_json(self.thread_life.current(channel), recipient=recipient, permissions=permissions)

    def _member_permissions(self, user: FakeUser, guild_id: int | None = None) -> int:
        """The user's permissions in that server: its own grant if given, else their default."""
        if guild_id is not None and guild_id in user.guild_permissions:
            return user.guild_permissions[guild_id]
        return MEMBER_PERMISSIONS if user.permissions is None else user.permissions

    def _bot_permissions(self, channel: FakeChannel) -> int:
        perms = BOT_PERMISSIONS
        parent = self.channels.get(channel.parent_id or 0, channel)
        if not parent.can_create_threads:
            perms &= ~THREAD_PERMISSIONS
        if not parent.can_send:
            perms &= ~(SEND_MESSAGES | SEND_MESSAGES_IN_THREADS)
        return perms

    def _resolvers(self) -> Resolvers:
        return Resolvers(
            user=self.user,
            user_json=user_json,
            member_json=lambda u: member_json(u, self._member_permissions(u)),
            channel=self._channel_ref,
            channel_json=lambda c: self._channel_json(c, self._bot_permissions(c)),
            attachment_json=self._option_attachment,
        )

    def _channel_ref(self, ref: FakeChannel | int) -> FakeChannel:
        channel_id = ref.id if isinstance(ref, FakeChannel) else int(ref)
        if channel_id not in self.channels:
            raise LookupError(f"unknown channel {channel_id}")
        return self.channels[channel_id]

    def _option_attachment(self, upload: AttachmentUpload) -> dict[str, Any]:
        stored = self._store_upload(0, Upload(upload.filename, upload.data), {})
        stored = dataclasses.replace(stored, content_type=upload.content_type)
        return attachment_json(stored)

    def _command_id(self, name: str, scope: int | None) -> int:
        key = (name, scope)
        if key not in self._command_ids:
            self._command_ids[key] = self.ids.next()
        return self._command_ids[key]

    # ------------------------------------------------------------------ helpers

    def _require_bot(self) -> Any:
        if self.bot is None:
            raise RuntimeError("no bot attached: await world.attach(bot) first")
        return self.bot

    def _where(self, user: FakeUser, channel_id: int | None, guild_id: int | None) -> tuple[FakeChannel, int | None]:
        if channel_id is None:
            if guild_id is not None:
                raise ValueError("a guild interaction needs a channel_id")
            return self.dm_channel(user), None
        channel = self._channel_ref(channel_id)
        if channel.is_dm and channel.recipient_id != user.id:
            raise PermissionError(f"user {user.id} cannot use another user's DM channel")
        if guild_id is not None and channel.guild_id != guild_id:
            raise ValueError(f"channel {channel_id} is not in guild {guild_id}")
        return channel, channel.guild_id

    def _visible_message(self, user: FakeUser, ref: MessageRef) -> RecordedMessage:
        msg = self.message(ref)
        if msg.id in self._deleted:
            raise LookupError(f"message {msg.id} was deleted")
        if msg.ephemeral and msg.interaction_user_id != user.id:
            raise PermissionError(f"message {msg.id} is ephemeral for another user")
        channel = self.channels[msg.channel_id]
        if channel.is_dm and channel.recipient_id != user.id:
            raise PermissionError(f"message {msg.id} is in another user's DMs")
        return msg

    async def _validate_tree(self, bot: Any) -> None:
        """Check the command tree as `tree.sync()` would upload it (translated), even if never synced."""
        tree = bot.tree
        scopes: list[discord.Object | None] = [None] + [discord.Object(g) for g in getattr(tree, "_guild_commands", {})]
        for scope in scopes:
            commands = tree._get_all_commands(guild=scope)
            if tree.translator is not None:
                payload = [await c.get_translated_payload(tree, tree.translator) for c in commands]
            else:
                payload = [c.to_dict(tree) for c in commands]
            for problem in limits.check_commands(payload):
                self._error("limits", f"command tree ({'global' if scope is None else scope.id}): {problem}")


def _sizes(uploads: dict[int, Upload]) -> list[tuple[str, int]]:
    return [(u.filename, len(u.data)) for u in uploads.values()]


def _required(custom_id: str | None) -> str:
    if custom_id is None:
        raise ValueError("give a custom_id or a label")
    return custom_id


def _submitted(comp: dict[str, Any], values: dict[str, str]) -> dict[str, Any]:
    """The submit-shape of one modal component: rows and labels keep structure, inputs carry values."""
    kind = comp.get("type")
    if kind == 1:
        return {"type": 1, "components": [_submitted(c, values) for c in comp.get("components", [])]}
    if kind == 18:
        return {"type": 18, "component": _submitted(comp["component"], values)}
    if kind == 4:
        return {"type": 4, "custom_id": comp["custom_id"], "value": values.get(comp["custom_id"], "")}
    return {k: v for k, v in comp.items() if k in ("type", "id", "custom_id")}


def _describe(rec: InteractionRecord) -> str:
    data = rec.payload.get("data") or {}
    if rec.type in (2, 4):
        return "/" + data.get("name", "?")
    return f"component {data.get('custom_id')!r}"


def _same_failure(a: BaseException, b: BaseException) -> bool:
    """True if one exception wraps the other (CommandInvokeError → original, chained causes)."""

    def chain(e: BaseException | None) -> Iterator[BaseException]:
        seen: set[int] = set()
        while e is not None and id(e) not in seen:
            seen.add(id(e))
            yield e
            e = getattr(e, "original", None) or e.__cause__ or e.__context__

    ids_a = {id(e) for e in chain(a)}
    return any(id(e) in ids_a for e in chain(b))


def _format(error: HarnessError) -> str:
    text = str(error)
    if error.exception is not None:
        text += "\n" + "".join(traceback.format_exception(error.exception)).rstrip()
    return text
