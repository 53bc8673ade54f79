"""The REST endpoints the bot may call through HTTPClient, answered from the world's state.

Each handler returns the JSON Discord would, or raises the error response Discord would send
(403 / 50007 for closed DMs, 403 / 50013 for missing permissions, 404 for unknown ids).
An endpoint not listed here fails loudly: silently returning junk would hide a real bug.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from . import limits
from .http import Request, UnsupportedEndpoint
from .payloads import member_json, user_json
from .records import FakeChannel, FakeUser
from .threads import ARCHIVE_DURATIONS

if TYPE_CHECKING:
    from .world import FakeDiscord

Handler = Callable[[Request], Any]


class RestEndpoints:
    def __init__(self, world: FakeDiscord) -> None:
        self.world = world
        self.routes: dict[tuple[str, str], Handler] = {
            ("GET", "/users/@me"): self.get_me,
            ("GET", "/oauth2/applications/@me"): self.get_application,
            ("POST", "/oauth2/token"): self.world.oauth.token,
            ("GET", "/users/{user_id}"): self.get_user,
            ("POST", "/users/@me/channels"): self.create_dm,
            ("GET", "/guilds/{guild_id}/members/{user_id}"): self.get_member,
            ("GET", "/channels/{channel_id}"): self.get_channel,
            ("PATCH", "/channels/{channel_id}"): self.edit_channel,
            ("DELETE", "/channels/{channel_id}"): self.delete_channel,
            ("POST", "/channels/{channel_id}/typing"): self.typing,
            ("GET", "/channels/{channel_id}/messages"): self.history,
            ("POST", "/channels/{channel_id}/messages"): self.create_message,
            ("GET", "/channels/{channel_id}/messages/{message_id}"): self.get_message,
            ("PATCH", "/channels/{channel_id}/messages/{message_id}"): self.edit_message,
            ("DELETE", "/channels/{channel_id}/messages/{message_id}"): self.delete_message,
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads"): self.thread_from_message,
            ("POST", "/channels/{channel_id}/threads"): self.thread_without_message,
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}"): self.add_thread_member,
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}"): self.remove_thread_member,
            ("PUT", "/applications/{application_id}/commands"): self.sync_commands,
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"): self.sync_commands,
            ("GET", "/applications/{application_id}/commands"): self.get_commands,
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands"): self.get_commands,
        }

    def handle(self, req: Request) -> Any:
        handler = self.routes.get((req.method, req.template))
        if handler is None:
            self.world._error("unsupported", f"REST endpoint {req.method} {req.template} is not faked")
            raise UnsupportedEndpoint(f"fakediscord: no fake for {req.method} {req.template}")
        return handler(req)

    def _fail(self, req: Request, status: int, code: int, message: str) -> Exception:
        return self.world.reject(req.method, req.path, status, code, message, req.body)

    # ------------------------------------------------------------------ identity

    def get_me(self, req: Request) -> Any:
        """The bot's own user, or with an OAuth2 bearer token the user it belongs to (oauth.py)."""
        if req.headers.get("Authorization", "").startswith("Bearer "):
            return self.world.oauth.me(req)
        return user_json(self.world.bot_user) | {"verified": True, "mfa_enabled": False, "locale": "en-US"}

    def get_application(self, req: Request) -> Any:
        bot = self.world.bot_user
        return {
            "id": str(bot.id),
            "name": bot.name,
            "description": "",
            "icon": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": user_json(self.world.owner),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
        }

    def _user(self, req: Request, user_id: int) -> FakeUser:
        user = self.world.users.get(user_id)
        if user is None:
            raise self._fail(req, 404, 10013, "Unknown User")
        return user

    def get_user(self, req: Request) -> Any:
        return user_json(self._user(req, req.int_arg("user_id")))

    def get_member(self, req: Request) -> Any:
        guild = self.world.guilds.get(req.int_arg("guild_id"))
        if guild is None:
            raise self._fail(req, 404, 10004, "Unknown Guild")
        user = self.world.users.get(req.int_arg("user_id"))
        if user is None or not guild.has_member(user.id):
            raise self._fail(req, 404, 10007, "Unknown Member")
        return member_json(user, self.world._member_permissions(user))

    def create_dm(self, req: Request) -> Any:
        user = self.world.users.get(int((req.body or {}).get("recipient_id", 0)))
        if user is None or user.bot:
            raise self._fail(req, 400, 50033, "Invalid Recipient(s)")
        return self.world._channel_json(self.world.dm_channel(user))

    # ------------------------------------------------------------------ channels and threads

    def _channel(self, req: Request) -> FakeChannel:
        channel = self.world.channels.get(req.int_arg("channel_id"))
        if channel is None or channel.deleted:
            raise self._fail(req, 404, 10003, "Unknown Channel")
        return channel

    def get_channel(self, req: Request) -> Any:
        channel = self._channel(req)
        return self.world._channel_json(channel, None if channel.is_dm else self.world._bot_permissions(channel))

    def edit_channel(self, req: Request) -> Any:
        channel = self._channel(req)
        body = req.body or {}
        if channel.is_thread:
            self.world.thread_life.edit(channel, body, req.method, req.path)
        elif "name" in body:
            channel.name = body["name"]
        return self.world._channel_json(channel)

    def delete_channel(self, req: Request) -> Any:
        channel = self._channel(req)
        channel.deleted = True
        return self.world._channel_json(channel)

    def typing(self, req: Request) -> Any:
        self._channel(req)
        return None

    def _thread_parent(self, req: Request) -> FakeChannel:
        parent = self._channel(req)
        if parent.type not in (0, 5):
            raise self._fail(req, 400, 50024, "Cannot execute action on this channel type")
        if not parent.can_create_threads:
            raise self._fail(req, 403, 50013, "Missing Permissions")
        return parent

    def _new_thread(self, parent: FakeChannel, thread_id: int, body: dict[str, Any], *, kind: int) -> Any:
        thread = FakeChannel(
            thread_id,
            kind,
            body.get("name", ""),
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.world.bot_user.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            members={self.world.bot_user.id},
        )
        if not 1 <= len(thread.name) <= 100:
            self.world._error("limits", f"thread name must be 1–100 chars, got {len(thread.name)}")
        if thread.auto_archive_duration not in ARCHIVE_DURATIONS:
            self.world._error("limits", f"auto_archive_duration must be one of {ARCHIVE_DURATIONS}")
        self.world.thread_life.opened(thread)
        self.world.channels[thread_id] = thread
        return self.world._channel_json(thread, self.world._bot_permissions(thread))

    def thread_from_message(self, req: Request) -> Any:
        parent = self._thread_parent(req)
        message_id = req.int_arg("message_id")
        msg = self.world._messages.get(message_id)
        if msg is None or msg.channel_id != parent.id or msg.ephemeral or self.world.is_deleted(message_id):
            raise self._fail(req, 404, 10008, "Unknown Message")
        if message_id in self.world.channels:
            raise self._fail(req, 400, 160004, "A thread has already been created for this message")
        data = self._new_thread(parent, message_id, req.body or {}, kind=11)
        self.world.channels[message_id].starter_message_id = message_id
        return data

    def thread_without_message(self, req: Request) -> Any:
        parent = self._thread_parent(req)
        body = req.body or {}
        return self._new_thread(parent, self.world.ids.next(), body, kind=int(body.get("type") or 12))

    def _thread(self, req: Request) -> FakeChannel:
        thread = self._channel(req)
        if not thread.is_thread:
            raise self._fail(req, 400, 50024, "Cannot execute action on this channel type")
        return thread

    def add_thread_member(self, req: Request) -> Any:
        thread = self._thread(req)
        self.world.thread_life.before_edit(thread, req.method, req.path)
        thread.members.add(self._user(req, req.int_arg("user_id")).id)
        return None

    def remove_thread_member(self, req: Request) -> Any:
        thread = self._thread(req)
        thread.members.discard(self._user(req, req.int_arg("user_id")).id)
        return None

    # ------------------------------------------------------------------ messages

    def _writable(self, req: Request) -> FakeChannel:
        channel = self._channel(req)
        if channel.is_dm:
            recipient = self.world.users[channel.recipient_id or 0]
            if recipient.dms_closed:
                raise self._fail(req, 403, 50007, "Cannot send messages to this user")
            return channel
        parent = self.world.channels.get(channel.parent_id or 0, channel)
        if not parent.can_send:
            raise self._fail(req, 403, 50013, "Missing Permissions")
        return channel

    def create_message(self, req: Request) -> Any:
        channel = self._writable(req)
        kind = "dm" if channel.is_dm else "channel"
        msg = self.world._create(channel, kind, dict(req.body or {}), req.uploads)
        return self.world._message_json(msg)

    def _own_message(self, req: Request) -> Any:
        channel = self._channel(req)
        msg = self.world._messages.get(req.int_arg("message_id"))
        if msg is None or msg.channel_id != channel.id or msg.ephemeral or self.world.is_deleted(msg.id):
            raise self._fail(req, 404, 10008, "Unknown Message")
        return msg

    def get_message(self, req: Request) -> Any:
        return self.world._message_json(self._own_message(req))

    def edit_message(self, req: Request) -> Any:
        msg = self._own_message(req)
        self.world.old_edits.check(msg, req.method, req.path)
        edited = self.world._edit(msg, dict(req.body or {}), req.uploads, kind="edit", rec=None)
        return self.world._message_json(edited)

    def delete_message(self, req: Request) -> Any:
        msg = self._own_message(req)
        self.world._deleted.add(msg.id)
        return None

    def history(self, req: Request) -> Any:
        channel = self._channel(req)
        newest_first = sorted(self.world.messages_in(channel.id), key=lambda m: m.id, reverse=True)
        before, after = req.query.get("before"), req.query.get("after")
        if before is not None:
            newest_first = [m for m in newest_first if m.id < int(before)]
        if after is not None:
            newest_first = [m for m in newest_first if m.id > int(after)]
        limit = int(req.query.get("limit", 50))
        return [self.world._message_json(m) for m in newest_first[:limit]]

    # ------------------------------------------------------------------ application commands

    def sync_commands(self, req: Request) -> Any:
        scope = int(req.args["guild_id"]) if "guild_id" in req.args else None
        payload = list(req.body or [])
        self.world._validated(limits.check_commands(payload), req.method, req.path)
        self.world.activities.check_overwrite(req, scope, payload)
        stored = []
        for cmd in payload:
            entry = dict(cmd)
            entry.update(
                id=str(self.world._command_id(cmd["name"], scope)),
                application_id=str(self.world.bot_user.id),
                version=str(self.world.ids.next()),
                type=cmd.get("type", 1),
                description=cmd.get("description", ""),
            )
            if scope is not None:
                entry["guild_id"] = str(scope)
            stored.append(entry)
        self.world.synced_commands[scope] = stored
        return stored

    def get_commands(self, req: Request) -> Any:
        scope = int(req.args["guild_id"]) if "guild_id" in req.args else None
        return self.world.synced_commands.get(scope, [])

