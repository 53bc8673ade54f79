"""A tiny bot shaped like the real one (commands.Bot subclass, cog with a /game group, DynamicItem
buttons, threads, DMs, ephemeral pickers, PNG uploads, aiosqlite), used to prove the harness works.

Each command exercises one transport path; the tests in this folder drive them through FakeDiscord.
`Store` plays the database: it outlives bot objects, so a restart keeps game state.
"""

from __future__ import annotations

import asyncio
import io
import re
import time
from dataclasses import dataclass, field
from typing import Any

import aiosqlite
import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image, ImageDraw

ACTIONS = [f"move-{c}{r}" for c in "abc" for r in range(1, 10)] + ["pass", "resign"]


@dataclass
class Store:
    """What the real bot keeps in SQLite: it survives a bot restart."""

    players: dict[int, list[int]] = field(default_factory=dict)
    threads: dict[int, int] = field(default_factory=dict)


def render_board(label: str) -> bytes:
    """A small non-square PNG, rendered off the event loop like the real boards."""
    img = Image.new("RGB", (320, 200), "white")
    ImageDraw.Draw(img).rectangle((10, 10, 150, 100), outline="black", width=3)
    ImageDraw.Draw(img).text((20, 120), label, fill="black")
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"join:(?P<game>[0-9]+)"):
    """Persistent across restarts: everything it needs is in its custom_id and the Store."""

    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="Join", style=discord.ButtonStyle.primary, custom_id=f"join:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> JoinButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: TinyBot = interaction.client  # type: ignore[assignment]
        async with bot.lock:
            players = bot.store.players.setdefault(self.game, [])
            await asyncio.sleep(0)
            if interaction.user.id not in players:
                players.append(interaction.user.id)
            names = ", ".join(str(p) for p in players)
        await interaction.response.edit_message(content=f"Game {self.game}: {names}")


class HandView(discord.ui.View):
    """Ephemeral picker: a select then a confirm button, both answering by editing the picker."""

    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.choice: str | None = None

    @discord.ui.select(custom_id="hand:card", options=[discord.SelectOption(label=c, value=c) for c in "ABC"])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        self.choice = select.values[0]
        await interaction.response.edit_message(content=f"Selected {self.choice}", view=self)

    @discord.ui.button(label="Play", custom_id="hand:play")
    async def play(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content=f"Played {self.choice}", view=None)


class ConfirmView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=120)

    @discord.ui.button(label="Yes", custom_id="confirm:yes")
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content="OK", view=None)
        self.stop()


class RenameModal(discord.ui.Modal, title="Rename"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="New name", custom_id="rename:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Renamed to {self.name.value}", ephemeral=True)


class GameCog(commands.GroupCog, group_name="game", group_description="Play games"):
    def __init__(self, bot: TinyBot) -> None:
        self.bot = bot
        self.db: aiosqlite.Connection | None = None

    async def cog_load(self) -> None:
        self.db = await aiosqlite.connect(":memory:")
        await self.db.execute("CREATE TABLE plays (n INTEGER)")

    async def cog_unload(self) -> None:
        if self.db is not None:
            await self.db.close()

    @app_commands.command(name="new", description="Start a game")
    async def new(self, interaction: discord.Interaction, title: str) -> None:
        game = interaction.id
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(game))
        await interaction.response.send_message(f"Game {game}: {title}", view=view)
        message = await interaction.original_response()
        try:
            thread = await message.create_thread(name=title)
        except discord.Forbidden as exc:
            if exc.code != 50013:
                raise
            await interaction.followup.send("No thread permission: playing in this channel.")
            return
        self.bot.store.threads[game] = thread.id
        await self.bot.get_partial_messageable(thread.id).send(f"Thread for {title}")

    @app_commands.command(name="play", description="Play an action")
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        await interaction.response.send_message(f"Played {action}", ephemeral=True)

    @play.autocomplete("action")
    async def play_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=a, value=a) for a in ACTIONS if a.startswith(current)][:25]

    @app_commands.command(name="hand", description="Show your hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pick a card", view=HandView(), ephemeral=True)

    @app_commands.command(name="board", description="Render the board")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        png = await asyncio.to_thread(render_board, "board")
        embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(png), "board.png"))

    @app_commands.command(name="secret", description="Wrongly private followup after a public defer")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("your hand: A B C", ephemeral=True)

    @app_commands.command(name="remind", description="DM a player")
    async def remind(self, interaction: discord.Interaction, user: discord.User) -> None:
        png = render_board("hand")
        try:
            await user.send("Your turn", file=discord.File(io.BytesIO(png), "hand.png"))
        except discord.Forbidden as exc:
            if exc.code != 50007:
                raise
            await interaction.response.send_message(f"{user.name} has DMs closed", ephemeral=True)
            return
        await interaction.response.send_message("Reminded", ephemeral=True)

    @app_commands.command(name="confirm", description="Wait for a confirmation click")
    async def confirm(self, interaction: discord.Interaction) -> None:
        view = ConfirmView()
        await interaction.response.send_message("Sure?", view=view, ephemeral=True)
        await view.wait()
        await interaction.followup.send("Confirmed", ephemeral=True)

    @app_commands.command(name="count", description="Touch the database before answering")
    async def count(self, interaction: discord.Interaction) -> None:
        assert self.db is not None
        await self.db.execute("INSERT INTO plays VALUES (1)")
        async with self.db.execute("SELECT COUNT(*) FROM plays") as cursor:
            (n,) = await cursor.fetchone()  # type: ignore[misc]
        await interaction.response.send_message(f"{n} plays")

    @app_commands.command(name="where", description="Where and in which language am I")
    async def where(self, interaction: discord.Interaction) -> None:
        place = "dm" if interaction.guild is None else f"guild {interaction.guild_id}"
        greeting = "こんにちは" if interaction.locale is discord.Locale.japanese else "hello"
        await interaction.response.send_message(f"{greeting} {place} {type(interaction.channel).__name__}")

    @app_commands.command(name="say", description="Post in the game thread via a partial messageable")
    async def say(self, interaction: discord.Interaction, game: str, text: str) -> None:
        thread_id = self.bot.store.threads[int(game)]
        await self.bot.get_partial_messageable(thread_id).send(text)
        await interaction.response.send_message("Posted", ephemeral=True)

    @app_commands.command(name="upload", description="Read an attached file")
    async def upload(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        data = await file.read()
        await interaction.response.send_message(f"{file.filename}: {len(data)} bytes")

    @app_commands.command(name="rename", description="Open a modal")
    async def rename(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameModal())

    @app_commands.command(name="admin", description="Needs Manage Server")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def admin(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("admin ok")

    @app_commands.command(name="crash", description="Raises")
    async def crash(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("boom")

    @app_commands.command(name="slow", description="Works before answering")
    async def slow(self, interaction: discord.Interaction) -> None:
        await asyncio.to_thread(time.sleep, 0.15)
        await interaction.response.send_message("finally")

    @app_commands.command(name="badlabel", description="Sends a button label over 80 chars")
    async def badlabel(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="x" * 81, custom_id="bad"))
        await interaction.response.send_message("bad", view=view)

    @app_commands.command(name="orphan", description="Sends a button nobody handles")
    async def orphan(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Nothing", custom_id="orphan"))
        await interaction.response.send_message("orphan", view=view)

    @app_commands.command(name="react", description="Calls an endpoint the fake does not model")
    async def react(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("reacting")
        message = await interaction.original_response()
        await message.add_reaction("✅")


class TinyBot(commands.Bot):
    def __init__(self, store: Store) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.store = store
        self.lock = asyncio.Lock()
        self.ready_seen = False

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        await self.add_cog(GameCog(self))
        self.tree.on_error = self.on_app_command_error

    async def on_ready(self) -> None:
        self.ready_seen = True

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Like the real bot: refusals get a polite ephemeral answer, anything else is logged."""
        if isinstance(error, app_commands.CheckFailure) and not interaction.response.is_done():
            await interaction.response.send_message("Not allowed", ephemeral=True)
