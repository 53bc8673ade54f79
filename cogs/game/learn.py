"""`/game learn`: a private practice game against the easy AI, with first-time tips (discord_ui.learn_ui)."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.game.group import GAME
from cogs.game.lobby import LobbyCommands
from discord_ui.bot import TabletopBot
from discord_ui.interactions import refusals
from discord_ui.learn_ui import start_learning
from discord_ui.translator import ls


class LearnCommands:
    """Mixin of the game cog (`cogs.game.GameCog`)."""

    bot: TabletopBot

    @GAME.command(name="learn", description=ls("Practise a game privately against the easy AI, with tips",
                                               "やさしいAIを相手に、コツを見ながら1人で練習する"))
    @app_commands.describe(game=ls("Which game", "練習するゲーム"))
    @app_commands.autocomplete(game=LobbyCommands.game_type_autocomplete)
    async def learn(self, interaction: discord.Interaction, game: str) -> None:
        async with refusals(interaction):
            await start_learning(interaction, game)
