"""`bot.py sync` uploads a command tree Discord accepts, with Japanese localizations."""

from __future__ import annotations

from tests.e2e.driver import Table


async def test_sync_uploads_localized_commands(table: Table) -> None:
    synced = await table.world.run(table.bot.tree.sync())
    names = {command.name for command in synced}
    assert {"game", "warchest"} <= names
    uploaded = table.world.synced_commands[None]
    game = next(c for c in uploaded if c["name"] == "game")
    assert game["description_localizations"]["ja"]
