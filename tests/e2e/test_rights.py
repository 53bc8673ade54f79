"""Rights are checked where the game lives: its own server and channel, and Manage Server held there.
Names are escaped, messages ping only whom they mean to, and lobby transitions race safely."""

from __future__ import annotations

import asyncio
import random

import discord
import pytest

from tests.e2e.conftest import ALICE, BOB, CAROL, DAVE
from tests.e2e.driver import CHANNEL, GUILD, Table

OTHER_GUILD, OTHER_CHANNEL = 2, 20
MANAGE_GUILD = discord.Permissions(manage_guild=True, view_channel=True, send_messages=True).value


def other_server(table: Table, *admins: int) -> None:
    table.world.add_guild(OTHER_GUILD, "Elsewhere")
    table.world.add_channel(OTHER_GUILD, OTHER_CHANNEL, "general")
    for user in admins:
        table.world.user(user).guild_permissions[OTHER_GUILD] = MANAGE_GUILD


async def test_cancel_from_a_server_the_player_manages_is_refused(table: Table) -> None:
    other_server(table, CAROL)
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    rec = await table.world.slash(CAROL, "game cancel", {"game": game_id}, channel_id=OTHER_CHANNEL, guild_id=OTHER_GUILD)
    assert rec.messages[-1].ephemeral
    assert (await table.record(game_id)).status == "active"


async def test_forged_lobby_clicks_from_another_server_are_refused(table: Table) -> None:
    other_server(table, DAVE, ALICE)
    game_id, lobby = await table.open_lobby(ALICE, "highcard", 2)
    await table.world.click(CAROL, lobby, f"tt:lobby:join:{game_id}")
    for user, op in ((DAVE, "cancel"), (ALICE, "start"), (ALICE, "cancel"), (DAVE, "join")):
        rec = await table.world.forge(user, lobby, f"tt:lobby:{op}:{game_id}", channel_id=OTHER_CHANNEL)
        assert rec.messages[-1].ephemeral, op
    forged = await table.world.forge(ALICE, lobby, f"tt:lopt:{game_id}:hand", values=["3"], channel_id=OTHER_CHANNEL)
    assert forged.messages[-1].ephemeral
    record = await table.record(game_id)
    assert record.status == "lobby" and record.players == (ALICE, CAROL) and record.options == {}


async def test_forged_turn_clicks_from_another_server_are_refused(table: Table) -> None:
    other_server(table)
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    board = table.latest_board(record)
    for user in (ALICE, CAROL):
        rec = await table.world.forge(user, board, f"tt:take:{game_id}", channel_id=OTHER_CHANNEL)
        assert rec.messages[-1].ephemeral
    assert (await table.record(game_id)).version == 0


async def test_settings_are_a_top_level_command_for_managers_only(table: Table) -> None:
    tree = table.bot.tree
    settings = tree.get_command("game-settings")
    assert settings is not None and settings.default_permissions is not None and settings.default_permissions.manage_guild
    game = tree.get_command("game")
    assert isinstance(game, discord.app_commands.Group) and game.get_command("settings") is None
    with pytest.raises(PermissionError):  # Discord hides it from members without Manage Server
        await table.world.slash(CAROL, "game-settings", {"language": "en"}, channel_id=CHANNEL, guild_id=GUILD)
    table.world.user(DAVE).guild_permissions[GUILD] = MANAGE_GUILD
    saved = await table.world.slash(DAVE, "game-settings", {"language": "en", "time_control": "move:86400", "reminders": "50, 90"},
                                    channel_id=CHANNEL, guild_id=GUILD)
    text = saved.messages[-1].text
    assert "English" in text and "1手1日" in text and "50%, 90%" in text
    assert "time_control" not in text and "locale=" not in text


async def test_names_are_escaped_and_nobody_outside_is_pinged(table: Table) -> None:
    world = table.world
    world.user(CAROL).name = "<@123456789012345678> **big** [x](https://evil.example) @everyone"
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    await table.play_to_end(game_id, random.Random(3))
    record = await table.record(game_id)
    for message in world.every_version(channels={CHANNEL, record.thread_id or 0}):
        assert "<@123456789012345678>" not in message.text and "](https://evil" not in message.text
        allowed = message.payload.get("allowed_mentions")
        if allowed is not None:
            assert "everyone" not in allowed.get("parse", []) and "roles" not in allowed.get("parse", [])
            assert {int(user) for user in allowed.get("users", [])} <= {ALICE, CAROL}


async def test_resign_confirmation_names_the_game_and_its_thread(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    rec = await table.world.slash(CAROL, "game resign", {}, channel_id=record.thread_id, guild_id=GUILD)
    text = rec.messages[-1].text
    assert f"#{game_id}" in text and f"/channels/{GUILD}/{record.thread_id}" in text


async def test_start_and_cancel_at_once_never_post_a_board_for_a_cancelled_game(table: Table) -> None:
    for _ in range(10):
        game_id, lobby = await table.open_lobby(ALICE, "highcard", 2)
        await table.world.click(BOB, lobby, f"tt:lobby:join:{game_id}")
        await asyncio.gather(table.world.click(ALICE, lobby, f"tt:lobby:start:{game_id}"),
                             table.world.click(ALICE, lobby, f"tt:lobby:cancel:{game_id}"))
        record = await table.record(game_id)
        boards = [m for m in table.world.records if f"tt:take:{game_id}" in m.custom_ids()]
        assert (record.status == "cancelled") == (not boards), record.status


async def test_internal_moves_cannot_be_typed_and_typed_resign_asks_first(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    for text in ("!forfeit", "!resign", "resign"):
        rec = await table.world.slash(CAROL, "game play", {"action": text}, channel_id=record.thread_id, guild_id=GUILD)
        assert rec.messages[-1].ephemeral
    after = await table.record(game_id)
    assert after.status == "active" and after.version == record.version
    assert any(f"tt:resign:{game_id}" in m.custom_ids() for m in table.world.every_version(seen_by=CAROL))


async def test_twenty_players_clicking_at_once(table: Table) -> None:
    users = [300 + n for n in range(20)]
    for user in users:
        table.world.add_user(user, f"u{user}")
    games = [await table.start_game(users[n], [users[n + 1]], "highcard") for n in range(0, 20, 2)]
    rng = random.Random(5)
    for _ in range(2):
        await table.turns_at_once(games, rng)
    assert [(await table.record(game_id)).version for game_id in games] == [2] * 10
