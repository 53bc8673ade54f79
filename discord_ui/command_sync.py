"""`bot.py sync`: the command tree uploaded as one bulk overwrite, keeping the Activity's Entry Point command.

Enabling Activities in the developer portal gives the application a global Entry Point command (type 4,
PRIMARY_ENTRY_POINT: the Activity's button in Discord's App Launcher). A global bulk overwrite that leaves
it out is refused whole by Discord (400 / 50240), and discord.py's `tree.sync` knows nothing of it (type 4
is none of its command types). So the global sync reads the application's commands first and sends the
tree's commands with the Entry Point command as it is (the fields an overwrite takes, its id included, so
it stays the same command). Guild commands never hold one: Discord allows it only globally.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from discord_ui.limits import PRIMARY_ENTRY_POINT

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

OVERWRITE_FIELDS = ("id", "type", "name", "name_localizations", "description", "description_localizations",
                    "default_member_permissions", "contexts", "integration_types", "handler")
"""What a bulk overwrite takes of a command (Discord's ApplicationCommandUpdateRequest, without options)."""


def entry_points(commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Entry Point commands among an application's commands, as a bulk overwrite re-sends them."""
    return [{key: command[key] for key in OVERWRITE_FIELDS if command.get(key) is not None}
            for command in commands if int(command.get("type") or 1) == PRIMARY_ENTRY_POINT]


async def sync_tree(bot: "TabletopBot", guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
    """Upload the tree's commands (globally, or to `guild`) as discord.py's `tree.sync` would, keeping a
    global Entry Point command; returns what Discord stored (the Entry Point command included)."""
    application_id = bot.application_id
    if application_id is None:
        raise app_commands.MissingApplicationID
    tree, translator = bot.tree, bot.tree.translator
    commands = tree._get_all_commands(guild=guild)
    payload = ([await command.get_translated_payload(tree, translator) for command in commands] if translator
               else [command.to_dict(tree) for command in commands])
    if guild is not None:
        return await bot.http.bulk_upsert_guild_commands(application_id, guild.id, payload=payload)
    kept = entry_points(await bot.http.get_global_commands(application_id))
    return await bot.http.bulk_upsert_global_commands(application_id, payload=payload + kept)
