"""`/wunderkammer …`: typed game creation, the rules, and the card list as an image and as text.

Play itself goes through the shared lobby and turn flow: each step of a turn is one decision of the turn
player, picked from the engine's choice tree (plays line by line, affordable items with the sum, put,
character, the last step), so nothing here is specific to a turn.
"""

from __future__ import annotations


import discord
from discord import app_commands
from discord.ext import commands

from engine.wunderkammer import GAME
from renderers import RenderContext
from renderers.wunderkammer import RENDERER
from renderers.wunderkammer_cards import cards_pages, cards_text
from discord_ui import announce
from discord_ui.bot import TabletopBot
from tabletop.presentation.i18n import lang
from discord_ui.translator import ls
from discord_ui.interactions import cooled_down, late_answer, refusals
from discord_ui.lobby_ui import create_lobby
from discord_ui.options import option_choices, player_choices
from tabletop.runtime.packages import GamePackage, declare, rules_files

GAME_ID = "wunderkammer"
CARDS_NOTE = {
    "ja": "アイテムとキャラクターの一覧は /wunderkammer cards で見られます(自分だけに表示)。",
    "en": "See every item and character with /wunderkammer cards (shown only to you).",
}


class Wunderkammer(commands.Cog):
    wunderkammer = app_commands.Group(
        name="wunderkammer",
        description=ls("Wunderkammer: collect curious items, invite characters", "ヴンダーカンマー: 不思議なアイテムを集めてキャラクターを招く"),
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @wunderkammer.command(name="new", description=ls("Open a Wunderkammer lobby", "ヴンダーカンマーの参加者を募集する"))
    @app_commands.describe(players=ls("2 to 4 players (empty: start with whoever joined)", "2〜4人(省略すると集まった人数で開始)"),
                           abilities=ls("All abilities, or simple play (only characters 1–4)", "能力をすべて使うか、シンプルプレイ(1〜4番のみ)か"),
                           first=ls("Who takes the first turn", "スタートプレイヤー"))
    @app_commands.choices(players=player_choices(GAME_ID), abilities=option_choices(GAME_ID, "abilities"),
                          first=option_choices(GAME_ID, "first"))
    async def new(self, interaction: discord.Interaction, players: int | None = None, abilities: str | None = None,
                  first: str | None = None) -> None:
        options = {key: value for key, value in (("abilities", abilities), ("first", first)) if value}
        async with refusals(interaction):
            await create_lobby(interaction, GAME_ID, players, options)

    @wunderkammer.command(name="rules", description=ls("How to play Wunderkammer", "ヴンダーカンマーの遊び方"))
    async def rules(self, interaction: discord.Interaction) -> None:
        locale = lang(interaction.locale)
        embed = announce.rules_embed(GAME_ID, locale)
        embed.set_footer(text=CARDS_NOTE[locale])
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @wunderkammer.command(name="cards", description=ls("The 16 items and 9 characters", "16種のアイテムと9人のキャラクター"))
    async def cards(self, interaction: discord.Interaction) -> None:
        locale = lang(interaction.locale)
        if not await cooled_down(interaction, "wunderkammer cards"):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        ctx = RenderContext(locale, ())
        pages = await self.bot.static_images.get(("wunderkammer cards", locale), cards_pages, ctx)
        await late_answer(interaction, content=cards_text(ctx), files=announce.page_files(pages, "wunderkammer-cards"))


PACKAGE = declare(GamePackage(game=GAME, renderer=RENDERER, rules=rules_files(GAME_ID), private_images=True))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(Wunderkammer(bot))
