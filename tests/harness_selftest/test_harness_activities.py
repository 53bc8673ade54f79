"""The fake's Activity rules (tests/fakediscord/activities.py): where Discord takes an Entry Point command
and when it refuses a bulk overwrite; the bot's own use of them is tested in tests/e2e (test_live_buttons,
test_sync)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.fakediscord import FakeDiscord

from .conftest import GUILD

ENTRY = {"type": 4, "name": "launch", "description": "Launch the board", "handler": 2}
CHAT = {"type": 1, "name": "game", "description": "Play games"}


async def overwrite(world: FakeDiscord, payload: list[dict[str, Any]], guild: int | None = None) -> Any:
    http = world.bot.http
    app = world.bot.application_id
    return await world.run(http.bulk_upsert_global_commands(app, payload=payload) if guild is None
                           else http.bulk_upsert_guild_commands(app, guild, payload=payload))


async def refused(world: FakeDiscord, payload: list[dict[str, Any]], guild: int | None = None) -> tuple[int, int | None]:
    with pytest.raises(discord.HTTPException) as error:
        await overwrite(world, payload, guild)
    return error.value.status, error.value.code


async def test_an_overwrite_must_keep_the_entry_point_command(bot_world: FakeDiscord) -> None:
    entry = bot_world.activities.enable()
    assert (entry["type"], entry["handler"]) == (4, 2)
    assert await refused(bot_world, [CHAT]) == (400, 50240)
    assert [c["type"] for c in bot_world.synced_commands[None]] == [4], "a refused overwrite changes nothing"
    stored = await overwrite(bot_world, [CHAT, ENTRY | {"id": entry["id"]}])
    assert sorted((c["type"], c["id"] == entry["id"]) for c in stored) == [(1, False), (4, True)]
    assert len(await overwrite(bot_world, [CHAT], GUILD)) == 1, "a guild's commands never held it"


async def test_where_an_entry_point_command_may_not_be(bot_world: FakeDiscord) -> None:
    assert await refused(bot_world, [CHAT, ENTRY]) == (400, 50035), "only with Activities"
    bot_world.activities.enable()
    assert await refused(bot_world, [ENTRY], GUILD) == (400, 50035), "global only"
    assert await refused(bot_world, [ENTRY, ENTRY | {"name": "play"}]) == (400, 50035), "one at most"
    assert await refused(bot_world, [ENTRY, CHAT | {"handler": 2}]) == (400, 50035), "handler is the entry point's"
    bot_world.take_errors()
