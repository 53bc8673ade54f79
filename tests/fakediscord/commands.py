"""Building slash-command and autocomplete interaction data from the bot's real command tree.

A test names a command path ("game new") and option values in Python types; this finds the command
in the tree, checks what the Discord client itself would refuse (unknown command or option, missing
required option, wrong type, a value outside the declared choices, a command hidden in that context)
and produces the nested `data.options` plus `resolved` objects Discord would send.
Such mistakes are bugs in the test, so they raise immediately instead of being recorded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import discord
from discord import app_commands

from .records import FakeChannel, FakeUser

SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11


@dataclass(frozen=True)
class AttachmentUpload:
    """A file a user attaches to an attachment-typed slash option."""

    filename: str
    data: bytes
    content_type: str = "application/octet-stream"


@dataclass
class Resolvers:
    """How the world turns users, channels and uploads into Discord's `resolved` entries."""

    user: Callable[[FakeUser | int], FakeUser]
    user_json: Callable[[FakeUser], dict[str, Any]]
    member_json: Callable[[FakeUser], dict[str, Any] | None]
    channel: Callable[[FakeChannel | int], FakeChannel]
    channel_json: Callable[[FakeChannel], dict[str, Any]]
    attachment_json: Callable[[AttachmentUpload], dict[str, Any]]


@dataclass
class CommandCall:
    data: dict[str, Any]
    resolved: dict[str, dict[str, Any]] = field(default_factory=dict)


def find_root(tree: app_commands.CommandTree[Any], name: str, guild_id: int | None) -> tuple[Any, bool]:
    """The top-level command as Discord would route it: guild commands first, then global."""
    if guild_id is not None:
        cmd = tree.get_command(name, guild=discord.Object(guild_id))
        if cmd is not None:
            return cmd, True
    cmd = tree.get_command(name)
    if cmd is None:
        known = sorted(c.name for c in tree.get_commands())
        raise LookupError(f"no slash command /{name}; global commands: {known}")
    return cmd, False


def build_call(
    tree: app_commands.CommandTree[Any],
    path: str,
    options: dict[str, Any],
    *,
    command_id: Callable[[str, int | None], int],
    guild_id: int | None,
    user_permissions: int,
    resolvers: Resolvers,
    focused: str | None = None,
    forged: bool = False,
) -> CommandCall:
    """The INTERACTION_CREATE data of a slash command. `forged` skips the client-side checks a real
    Discord client makes (choices, ranges, lengths), as a hostile client would."""
    words = path.split()
    if not words:
        raise ValueError("empty command path")
    root, is_guild_command = find_root(tree, words[0], guild_id)
    spec = root.to_dict(tree)
    _check_visible(spec, guild_id, user_permissions)
    node = spec
    chain: list[dict[str, Any]] = []
    for word in words[1:]:
        subs = {o["name"]: o for o in node.get("options", []) if o["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP)}
        if word not in subs:
            raise LookupError(f"/{path}: no subcommand {word!r} under /{node['name']}; have {sorted(subs)}")
        node = subs[word]
        chain.append(node)
    if any(o["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP) for o in node.get("options", [])):
        raise LookupError(f"/{path} is a group; name one of its subcommands")
    call = CommandCall(data={})
    leaf_options = _leaf_options(node, options, focused, resolvers, call.resolved, guild_id, forged)
    nested: list[dict[str, Any]] = leaf_options
    for sub in reversed(chain):
        nested = [{"type": sub["type"], "name": sub["name"], "options": nested}]
    scope = guild_id if is_guild_command else None
    call.data = {"id": str(command_id(words[0], scope)), "name": words[0], "type": 1, "options": nested}
    if is_guild_command:
        call.data["guild_id"] = str(guild_id)
    if call.resolved:
        call.data["resolved"] = call.resolved
    return call


def _check_visible(spec: dict[str, Any], guild_id: int | None, user_permissions: int) -> None:
    contexts = spec.get("contexts")
    context = 0 if guild_id is not None else 1
    if contexts is not None and context not in contexts:
        where = "servers" if context == 0 else "DMs"
        raise PermissionError(f"/{spec['name']} is not available in {where} (contexts={contexts})")
    required = spec.get("default_member_permissions")
    if guild_id is not None and required is not None:
        needed = int(required)
        if user_permissions & needed != needed and not user_permissions & (1 << 3):
            raise PermissionError(f"/{spec['name']} is hidden from this user (needs permissions {needed})")


def _leaf_options(
    node: dict[str, Any],
    values: dict[str, Any],
    focused: str | None,
    resolvers: Resolvers,
    resolved: dict[str, dict[str, Any]],
    guild_id: int | None,
    forged: bool = False,
) -> list[dict[str, Any]]:
    declared = {o["name"]: o for o in node.get("options", [])}
    unknown = set(values) - set(declared)
    if focused is not None and focused not in declared:
        unknown.add(focused)
    if unknown:
        raise LookupError(f"/{node['name']}: unknown options {sorted(unknown)}; declared {sorted(declared)}")
    out: list[dict[str, Any]] = []
    for name, spec in declared.items():
        if name == focused:
            if not spec.get("autocomplete"):
                raise ValueError(f"option {name!r} has no autocomplete")
            out.append({"type": spec["type"], "name": name, "value": str(values.get(name, "")), "focused": True})
            continue
        if name not in values:
            if spec.get("required") and focused is None:
                raise ValueError(f"/{node['name']}: required option {name!r} missing")
            continue
        value = values[name] if forged else _encode(spec, values[name], resolvers, resolved, guild_id)
        out.append({"type": spec["type"], "name": name, "value": value})
    return out


def _encode(
    spec: dict[str, Any],
    value: Any,
    resolvers: Resolvers,
    resolved: dict[str, dict[str, Any]],
    guild_id: int | None,
) -> Any:
    kind, name = spec["type"], spec["name"]
    if kind == STRING:
        _expect(name, value, str)
        _check_choice(spec, value)
        low, high = spec.get("min_length"), spec.get("max_length")
        if (low is not None and len(value) < low) or (high is not None and len(value) > high):
            raise ValueError(f"option {name!r}: length {len(value)} outside [{low}, {high}]")
        return value
    if kind in (INTEGER, NUMBER):
        _expect(name, value, int if kind == INTEGER else (int, float))
        _check_choice(spec, value)
        low, high = spec.get("min_value"), spec.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(f"option {name!r}: {value} outside [{low}, {high}]")
        return value
    if kind == BOOLEAN:
        _expect(name, value, bool)
        return value
    if kind in (USER, MENTIONABLE):
        user = resolvers.user(value)
        resolved.setdefault("users", {})[str(user.id)] = resolvers.user_json(user)
        member = resolvers.member_json(user) if guild_id is not None else None
        if member is not None:
            member = {k: v for k, v in member.items() if k != "user"}
            resolved.setdefault("members", {})[str(user.id)] = member
        return str(user.id)
    if kind == CHANNEL:
        channel = resolvers.channel(value)
        resolved.setdefault("channels", {})[str(channel.id)] = resolvers.channel_json(channel)
        return str(channel.id)
    if kind == ATTACHMENT:
        if not isinstance(value, AttachmentUpload):
            raise TypeError(f"option {name!r} takes an AttachmentUpload")
        data = resolvers.attachment_json(value)
        resolved.setdefault("attachments", {})[data["id"]] = data
        return data["id"]
    raise NotImplementedError(f"option {name!r}: option type {kind} is not simulated")


def _expect(name: str, value: Any, kinds: type | tuple[type, ...]) -> None:
    if isinstance(value, bool) and kinds is not bool:
        raise TypeError(f"option {name!r}: got a bool")
    if not isinstance(value, kinds):
        raise TypeError(f"option {name!r}: expected {kinds}, got {type(value).__name__}")


def _check_choice(spec: dict[str, Any], value: Any) -> None:
    choices = spec.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise ValueError(f"option {spec['name']!r}: {value!r} is not one of {[c['value'] for c in choices]}")
