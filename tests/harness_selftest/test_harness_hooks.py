"""Errors hidden by discord.py (views, DynamicItems, event listeners) and bot work outside interactions."""

from __future__ import annotations

import asyncio
import re
import threading
from typing import Any

import discord
import pytest
from discord import app_commands

from tests.fakediscord import FakeDiscord, SettleTimeout

from .conftest import ALICE, BOB, GAMES
from .tinybot import Store, TinyBot


class SwallowingView(discord.ui.View):
    """Overrides on_error without logging, as apps often do: the harness must still see the error."""

    @discord.ui.button(label="Break", custom_id="swallow:break")
    async def explode(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        raise RuntimeError("view boom")

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: Any, /) -> None:
        await interaction.response.send_message("Something went wrong", ephemeral=True)


class BoomButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"boom:(?P<n>[0-9]+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Boom", custom_id=f"boom:{n}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> BoomButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("dynamic boom")


class BrokenModal(discord.ui.Modal, title="Broken"):
    note: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Note", custom_id="broken:note")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("modal boom")


class SilentBot(TinyBot):
    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        """Swallows listener errors: the harness must still record them."""

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if (interaction.data or {}).get("custom_id") == "orphan":
            raise RuntimeError("listener boom")


def add_test_commands(bot: TinyBot) -> None:
    @app_commands.command(name="fragile", description="Views whose callbacks raise")
    async def fragile(interaction: discord.Interaction) -> None:
        view = SwallowingView()
        view.add_item(BoomButton(7))
        await interaction.response.send_message("fragile", view=view)

    tools = app_commands.Group(name="tools", description="Nested group")
    dice = app_commands.Group(name="dice", description="Dice", parent=tools)

    @dice.command(name="roll", description="Roll")
    async def roll(interaction: discord.Interaction, sides: int, loud: bool = False) -> None:
        await interaction.response.send_message(f"d{sides} loud={loud}")

    @app_commands.command(name="broken", description="A modal whose submit raises")
    async def broken(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(BrokenModal())

    bot.add_dynamic_items(BoomButton)
    bot.tree.add_command(broken)
    bot.tree.add_command(fragile)
    bot.tree.add_command(tools)


async def test_view_and_dynamic_item_errors_are_recorded(bot_world: FakeDiscord) -> None:
    add_test_commands(bot_world.bot)
    rec = await bot_world.slash(ALICE, "fragile", channel_id=GAMES)

    await bot_world.click(ALICE, rec.original_id, "swallow:break")
    (error,) = bot_world.take_errors()
    assert error.source == "SwallowingView.on_error" and "view boom" in repr(error.exception)

    await bot_world.click(ALICE, rec.original_id, "boom:7")
    sources = [e.source for e in bot_world.take_errors()]
    assert sources == ["log:discord.ui.view", "unanswered"]


async def test_modal_submit_error_is_recorded(bot_world: FakeDiscord) -> None:
    add_test_commands(bot_world.bot)
    opened = await bot_world.slash(ALICE, "broken", channel_id=GAMES)
    await bot_world.submit_modal(ALICE, opened, {"broken:note": "hi"})

    errors = bot_world.take_errors()
    assert [e.source for e in errors] == ["BrokenModal.on_error", "unanswered"]
    assert "modal boom" in repr(errors[0].exception)


async def test_listener_error_behind_silent_on_error_is_recorded(world: FakeDiscord) -> None:
    await world.attach(SilentBot(Store()))
    rec = await world.slash(ALICE, "game orphan", channel_id=GAMES)
    await world.click(BOB, rec.original_id, "orphan")

    sources = [e.source for e in world.take_errors()]
    assert sources == ["Client.on_error(on_interaction)", "unanswered"]


async def test_nested_group_with_typed_options(bot_world: FakeDiscord) -> None:
    add_test_commands(bot_world.bot)
    rec = await bot_world.slash(BOB, "tools dice roll", {"sides": 6, "loud": True}, channel_id=GAMES)

    assert bot_world.message(rec.original_id).content == "d6 loud=True"
    sub = rec.payload["data"]["options"][0]
    assert (sub["type"], sub["name"], sub["options"][0]["name"]) == (2, "dice", "roll")
    bot_world.assert_no_errors()


async def test_slash_inside_a_thread(bot_world: FakeDiscord) -> None:
    await bot_world.slash(ALICE, "game new", {"title": "Threaded"}, channel_id=GAMES)
    thread = bot_world.thread_named("Threaded")

    rec = await bot_world.slash(BOB, "game where", channel_id=thread.id)

    assert bot_world.message(rec.original_id).content.endswith("Thread")
    assert bot_world.last_message(thread.id).id == rec.original_id
    bot_world.assert_no_errors()


async def test_run_settles_bot_work_started_by_the_test(bot_world: FakeDiscord) -> None:
    channel = bot_world.bot.get_partial_messageable(GAMES)

    async def after(delay: float, text: str) -> None:
        await asyncio.sleep(delay)
        await channel.send(text)

    async def tick() -> None:
        loop = asyncio.get_running_loop()
        loop.create_task(after(0.01, "soon"))
        loop.create_task(after(60, "much later"))
        await channel.send("now")

    await bot_world.run(tick())
    assert bot_world.messages_in(GAMES)[0].content == "now"
    await bot_world.settle(horizon=5.0)
    assert [m.content for m in bot_world.messages_in(GAMES)] == ["now", "soon"]
    bot_world.assert_no_errors()


async def test_settle_reports_stuck_work_unless_ignored(bot_world: FakeDiscord) -> None:
    queue: asyncio.Queue[str] = asyncio.Queue()

    async def worker() -> None:
        while True:
            await bot_world.bot.get_partial_messageable(GAMES).send(await queue.get())

    async def start() -> None:
        asyncio.get_running_loop().create_task(worker(), name="dm-worker")

    bot_world.settle_timeout = 0.1
    with pytest.raises(SettleTimeout, match="dm-worker"):
        await bot_world.run(start())
    bot_world.ignore_tasks(lambda task: task.get_name() == "dm-worker")
    await bot_world.settle()


async def test_leaving_the_world_with_unasserted_errors_fails(store: Store) -> None:
    with pytest.raises(AssertionError, match="unanswered"):
        async with FakeDiscord() as world:
            world.add_guild(1, "Guild")
            world.add_channel(1, GAMES, "games")
            world.add_user(ALICE, "alice")
            await world.attach(TinyBot(store))
            rec = await world.slash(ALICE, "game orphan", channel_id=GAMES)
            await world.click(ALICE, rec.original_id, "orphan")


async def test_settling_each_interaction_does_not_wait_for_other_work(bot_world: FakeDiscord) -> None:
    """The load bench's mode: a player's command returns once its own work is done, while other bot work
    (another player's game, a rate-limit wait) is still busy; by default it waits for everything."""
    release = threading.Event()

    async def start() -> None:
        asyncio.get_running_loop().create_task(to_thread_until(release), name="other-game")

    bot_world.settle_timeout = 0.2
    with pytest.raises(SettleTimeout, match="other-game"):
        await bot_world.run(start())
    bot_world.settle_each_interaction = True
    rec = await bot_world.slash(ALICE, "game where", channel_id=GAMES)
    assert rec.answered and bot_world.message(rec.original_id).content.startswith("こんにちは")
    bot_world.settle_each_interaction = False
    with pytest.raises(SettleTimeout, match="other-game"):
        await bot_world.slash(ALICE, "game where", channel_id=GAMES)
    release.set()
    await bot_world.settle()
    bot_world.take_errors()


async def to_thread_until(release: threading.Event) -> None:
    """Busy work as the harness sees it (a thread-backed wait), until `release` is set."""
    while not release.is_set():
        await asyncio.to_thread(release.wait, 0.01)
