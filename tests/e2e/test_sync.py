"""`bot.py sync` uploads a command tree Discord accepts, with Japanese localizations."""

from __future__ import annotations

import discord
import pytest

from discord_ui.command_sync import entry_points, sync_tree
from tests.e2e.driver import GUILD, Table


async def test_sync_uploads_localized_commands(table: Table) -> None:
    synced = await table.world.run(table.bot.tree.sync())
    names = {command.name for command in synced}
    assert {"game", "warchest"} <= names
    uploaded = table.world.synced_commands[None]
    game = next(c for c in uploaded if c["name"] == "game")
    assert game["description_localizations"]["ja"]


async def test_sync_keeps_the_activitys_entry_point_command(table: Table) -> None:
    """Enabling Activities gives the application an Entry Point command; a bulk overwrite without it is
    refused whole (50240), so `bot.py sync` sends it along, unchanged, and it stays the same command."""
    entry = table.world.activities.enable()
    with pytest.raises(discord.HTTPException) as refused:
        await table.world.run(table.bot.tree.sync())  # discord.py's own sync knows nothing of it
    assert (refused.value.status, refused.value.code) == (400, 50240)
    synced = await table.world.run(sync_tree(table.bot))
    uploaded = table.world.synced_commands[None]
    kept = [c for c in uploaded if c["type"] == 4]
    assert [(c["id"], c["name"], c["handler"]) for c in kept] == [(entry["id"], "launch", 2)]
    assert {"game", "warchest"} <= {c["name"] for c in uploaded} and len(synced) == len(uploaded)
    assert entry_points(synced) == entry_points([entry])
    await table.world.run(sync_tree(table.bot))  # again: still one, still the same
    assert [c["id"] for c in table.world.synced_commands[None] if c["type"] == 4] == [entry["id"]]


async def test_a_guild_sync_never_sends_the_entry_point_command(table: Table) -> None:
    table.world.activities.enable()
    guild = discord.Object(GUILD)
    table.bot.tree.copy_global_to(guild=guild)
    await table.world.run(sync_tree(table.bot, guild))
    assert all(c["type"] != 4 for c in table.world.synced_commands[GUILD])
    assert [c["type"] for c in table.world.synced_commands[None]] == [4], "the global one is untouched"


async def test_without_activities_sync_sends_the_tree_alone(table: Table) -> None:
    synced = await table.world.run(sync_tree(table.bot))
    assert entry_points(synced) == [] and {"game", "warchest"} <= {c["name"] for c in synced}
