"""The harness drives the real discord.py through every path the real bot uses."""

from __future__ import annotations

import asyncio

import pytest

from tests.fakediscord import AttachmentUpload, FakeDiscord

from .conftest import ALICE, BOB, CAROL, GAMES, GUILD, LOCKED
from .tinybot import Store, TinyBot


async def test_attach_runs_setup_hook_and_ready_without_gateway(bot_world: FakeDiscord) -> None:
    bot = bot_world.bot
    assert bot.ready_seen and bot.is_ready()
    assert bot.user.id == bot_world.bot_user.id and bot.application_id == bot_world.bot_user.id
    assert bot.tree.get_command("game") is not None
    bot_world.assert_no_errors()


async def test_slash_subcommand_in_guild_posts_message_and_thread(bot_world: FakeDiscord) -> None:
    rec = await bot_world.slash(ALICE, "game new", {"title": "Hanabi"}, channel_id=GAMES)

    assert rec.response_type == 4 and not rec.ephemeral
    board = bot_world.message(rec.original_id)
    assert board.kind == "response" and board.content.endswith("Hanabi")
    assert board.custom_ids() == [f"join:{rec.id}"]
    thread = bot_world.thread_named("Hanabi")
    assert thread.parent_id == GAMES and thread.id == board.id
    assert [m.content for m in bot_world.messages_in(thread.id)] == ["Thread for Hanabi"]
    assert bot_world.messages_in(GAMES) == [board]
    bot_world.assert_no_errors()


async def test_thread_creation_refused_with_50013_falls_back(bot_world: FakeDiscord) -> None:
    rec = await bot_world.slash(BOB, "game new", {"title": "Ito"}, channel_id=LOCKED)

    assert bot_world.threads == []
    assert [(r.status, r.code) for r in bot_world.rejected] == [(403, 50013)]
    assert [m.content for m in rec.followups] == ["No thread permission: playing in this channel."]
    assert len(bot_world.messages_in(LOCKED)) == 2
    bot_world.assert_no_errors()


async def test_partial_messageable_posts_into_known_thread(bot_world: FakeDiscord, store: Store) -> None:
    rec = await bot_world.slash(ALICE, "game new", {"title": "Coup"}, channel_id=GAMES)
    await bot_world.slash(ALICE, "game say", {"game": str(rec.id), "text": "hello thread"}, channel_id=GAMES)

    thread_id = store.threads[rec.id]
    assert bot_world.last_message(thread_id).content == "hello thread"
    assert bot_world.last_message(thread_id).kind == "channel"
    bot_world.assert_no_errors()


async def test_dynamic_item_button_survives_restart(world: FakeDiscord, store: Store) -> None:
    await world.attach(TinyBot(store))
    rec = await world.slash(ALICE, "game new", {"title": "Restart"}, channel_id=GAMES)
    board = world.message(rec.original_id)

    await world.attach(TinyBot(store))
    click = await world.click(BOB, board, f"join:{rec.id}")

    assert click.response_type == 7
    assert world.message(board).content == f"Game {rec.id}: {BOB}"
    assert world.message(board).kind == "edit"
    world.assert_no_errors()


async def test_concurrent_clicks_are_all_recorded(bot_world: FakeDiscord) -> None:
    rec = await bot_world.slash(ALICE, "game new", {"title": "Rush"}, channel_id=GAMES)
    board = bot_world.message(rec.original_id)

    clicks = await asyncio.gather(*(bot_world.click(u, board, label="Join") for u in (ALICE, BOB)))

    assert all(c.response_type == 7 for c in clicks)
    assert [m.kind for m in bot_world.records if m.id == board.id] == ["response", "edit", "edit"]
    assert bot_world.message(board).content == f"Game {rec.id}: {ALICE}, {BOB}"
    bot_world.assert_no_errors()


async def test_autocomplete_returns_the_bots_choices(bot_world: FakeDiscord) -> None:
    choices = await bot_world.autocomplete(ALICE, "game play", focused="action", options={"action": "move-b"})
    assert [c["value"] for c in choices] == [f"move-b{r}" for r in range(1, 10)]
    assert len(await bot_world.autocomplete(ALICE, "game play", focused="action")) == 25
    bot_world.assert_no_errors()


async def test_ephemeral_picker_with_select_then_button(bot_world: FakeDiscord) -> None:
    rec = await bot_world.slash(ALICE, "game hand", channel_id=GAMES)
    picker = bot_world.message(rec.original_id)
    assert picker.ephemeral and bot_world.messages_in(GAMES) == []
    assert bot_world.ephemerals_for(ALICE) == [picker] and bot_world.ephemerals_for(BOB) == []

    with pytest.raises(PermissionError):
        await bot_world.click(BOB, picker, "hand:play")
    await bot_world.select(ALICE, picker, "hand:card", ["B"])
    assert bot_world.message(picker).content == "Selected B"
    await bot_world.click(ALICE, picker, label="Play")

    final = bot_world.message(picker)
    assert final.content == "Played B" and final.components == () and final.ephemeral
    bot_world.assert_no_errors()


async def test_defer_then_followup_with_png(bot_world: FakeDiscord) -> None:
    rec = await bot_world.slash(BOB, "game board", channel_id=GAMES)

    assert rec.response_type == 5
    board = bot_world.message(rec.original_id)
    assert board.kind == "followup" and not board.loading and not board.ephemeral
    (png,) = board.attachments
    assert png.filename == "board.png" and png.data.startswith(b"\x89PNG")
    assert png.image().size == (320, 200)
    assert board.embeds[0]["image"]["url"] == "attachment://board.png"
    bot_world.assert_no_errors()


async def test_followup_after_public_defer_cannot_be_ephemeral(bot_world: FakeDiscord) -> None:
    rec = await bot_world.slash(BOB, "game secret", channel_id=GAMES)

    assert not bot_world.message(rec.original_id).ephemeral
    assert [e.source for e in bot_world.take_errors()] == ["privacy"]


async def test_dm_with_file_and_dms_closed_fallback(bot_world: FakeDiscord) -> None:
    await bot_world.slash(BOB, "game remind", {"user": ALICE}, channel_id=GAMES)
    (dm,) = bot_world.dms_to(ALICE)
    assert dm.kind == "dm" and dm.content == "Your turn" and dm.attachments[0].filename == "hand.png"

    rec = await bot_world.slash(BOB, "game remind", {"user": CAROL}, channel_id=GAMES)
    assert bot_world.dms_to(CAROL) == []
    assert [(r.status, r.code) for r in bot_world.rejected] == [(403, 50007)]
    assert bot_world.message(rec.original_id).content == "carol has DMs closed"
    bot_world.assert_no_errors()


async def test_slash_in_dm_and_locale(bot_world: FakeDiscord) -> None:
    rec = await bot_world.slash(ALICE, "game where")
    assert bot_world.message(rec.original_id).content == "こんにちは dm DMChannel"
    assert bot_world.dms_to(ALICE)[0].kind == "response"

    rec = await bot_world.slash(BOB, "game where", channel_id=GAMES)
    assert bot_world.message(rec.original_id).content == f"hello guild {GUILD} TextChannel"
    bot_world.assert_no_errors()


async def test_view_wait_is_parked_until_the_user_clicks(bot_world: FakeDiscord) -> None:
    rec = await bot_world.slash(ALICE, "game confirm", channel_id=GAMES)
    assert rec.followups == []

    await bot_world.click(ALICE, rec.original_id, "confirm:yes")

    assert [m.content for m in rec.followups] == ["Confirmed"]
    assert bot_world.message(rec.original_id).content == "OK"
    bot_world.assert_no_errors()


async def test_settle_waits_for_aiosqlite_and_threads(bot_world: FakeDiscord) -> None:
    first = await bot_world.slash(ALICE, "game count", channel_id=GAMES)
    second = await bot_world.slash(ALICE, "game count", channel_id=GAMES)
    assert bot_world.message(first.original_id).content == "1 plays"
    assert bot_world.message(second.original_id).content == "2 plays"
    bot_world.assert_no_errors()


async def test_modal_round_trip(bot_world: FakeDiscord) -> None:
    opened = await bot_world.slash(BOB, "game rename", channel_id=GAMES)
    assert opened.modal["title"] == "Rename"

    submitted = await bot_world.submit_modal(BOB, opened, {"rename:name": "新しい名前"})

    assert bot_world.message(submitted.original_id).content == "Renamed to 新しい名前"
    bot_world.assert_no_errors()


async def test_attachment_option_is_readable(bot_world: FakeDiscord) -> None:
    upload = AttachmentUpload("deck.txt", b"A B C", "text/plain")
    rec = await bot_world.slash(BOB, "game upload", {"file": upload}, channel_id=GAMES)
    assert bot_world.message(rec.original_id).content == "deck.txt: 5 bytes"
    bot_world.assert_no_errors()


async def test_sync_echoes_ids_used_by_slash(bot_world: FakeDiscord) -> None:
    synced = await bot_world.bot.tree.sync()
    assert [c.name for c in synced] == ["game"]
    rec = await bot_world.slash(BOB, "game where", channel_id=GAMES)
    assert int(rec.payload["data"]["id"]) == synced[0].id
    bot_world.assert_no_errors()
