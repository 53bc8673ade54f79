"""`/wallofwar …`: typed game creation, the rules, and the card list as images.

Play itself goes through the shared lobby and turn flow: a Rain window awaits several players at once,
and the board message mentions each of them, so each answers with their own Take turn button.
"""

from __future__ import annotations


import discord
from discord import app_commands
from discord.ext import commands

from renderers import RenderContext
from engine.wallofwar import GAME
from renderers.wallofwar import RENDERER
from renderers.wallofwar_cards import all_card_ids, cards_pages
from discord_ui import announce
from discord_ui.bot import TabletopBot
from discord_ui.interactions import cooled_down, late_answer, refusals
from discord_ui.lobby_ui import create_lobby
from tabletop.presentation.i18n import lang
from discord_ui.translator import ls
from discord_ui.options import option_choices, player_choices
from tabletop.runtime.packages import GamePackage, declare, rules_files

GAME_ID = "wallofwar"
CARDS_NOTE = {
    "ja": "カードの一覧は /wallofwar cards で見られます(自分だけに表示)。",
    "en": "See every card with /wallofwar cards (shown only to you).",
}


class WallOfWar(commands.Cog):
    wallofwar = app_commands.Group(
        name="wallofwar",
        description=ls("Wall of War: queue at a doujinshi fair's circles", "ウォール・オブ・ウォー: 即売会の列に並んで戦利品を集める"),
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @wallofwar.command(name="new", description=ls("Open a Wall of War lobby", "ウォール・オブ・ウォーの参加者を募集する"))
    @app_commands.describe(players=ls("3 to 5 players (empty: start with whoever joined)", "3〜5人(省略すると集まった人数で開始)"),
                           colours=ls("How purchaser colours are given", "購入者カードの色の決め方"),
                           first=ls("Who takes the first turn", "最初のターンプレイヤー"))
    @app_commands.choices(players=player_choices(GAME_ID), colours=option_choices(GAME_ID, "colours"),
                          first=option_choices(GAME_ID, "first"))
    async def new(self, interaction: discord.Interaction, players: int | None = None, colours: str | None = None,
                  first: str | None = None) -> None:
        options = {key: value for key, value in (("colours", colours), ("first", first)) if value}
        async with refusals(interaction):
            await create_lobby(interaction, GAME_ID, players, options)

    @wallofwar.command(name="rules", description=ls("How to play Wall of War", "ウォール・オブ・ウォーの遊び方"))
    async def rules(self, interaction: discord.Interaction) -> None:
        locale = lang(interaction.locale)
        embed = announce.rules_embed(GAME_ID, locale)
        embed.set_footer(text=CARDS_NOTE[locale])
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @wallofwar.command(name="cards", description=ls("Every circle card with its ability", "全サークルカードと特殊能力の一覧"))
    async def cards(self, interaction: discord.Interaction) -> None:
        locale = lang(interaction.locale)
        if not await cooled_down(interaction, "wallofwar cards"):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        pages = await self.bot.static_images.get(("wallofwar cards", locale, all_card_ids()), cards_pages, RenderContext(locale, ()))
        await late_answer(interaction, files=announce.page_files(pages, "wallofwar-cards"))


PACKAGE = declare(GamePackage(game=GAME, renderer=RENDERER, rules=rules_files(GAME_ID), private_images=True))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(WallOfWar(bot))
