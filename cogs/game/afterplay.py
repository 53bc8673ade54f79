"""`/game takeback`, `/game hint` and `/game export`: undoing a misclick, asking the AI, and taking a game away.
The request and its buttons live in `discord_ui.takeback_ui`, the hint in `discord_ui.hint_ui`, the file in `discord_ui.export_ui` (the Rematch button of a final
board needs no command: `discord_ui.rematch`); this file only declares the commands."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.game.group import GAME
from discord_ui.bot import TabletopBot
from discord_ui.export_ui import export_game
from discord_ui.hint_ui import hint_command
from tabletop.presentation.i18n import lang, tr
from discord_ui.translator import ls
from discord_ui.interactions import refusals
from tabletop.play.service import game_of
from discord_ui.takeback_ui import request_takeback
from storage.base import GameRecord

GAME_OPTION = ls("Game number (default: this thread's game)", "ゲーム番号(省略時はこのスレッドのゲーム)")


def choices(records: list[GameRecord], current: str, locale: str) -> list[app_commands.Choice[int]]:
    labels = ((record.id, f"#{record.id} {game_of(record).name.get(locale)} — {tr(f'game.status_{record.status}', locale)}")
              for record in records)
    return [app_commands.Choice(name=label[:100], value=game_id) for game_id, label in labels if current in label][:25]


class AfterplayCommands:
    """Mixin of the game cog (`cogs.game.GameCog`)."""

    bot: TabletopBot

    async def my_active_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """Only games the user plays in: nobody else may ask for a takeback."""
        records = await self.bot.service.visible_games(interaction.guild_id, interaction.user.id, ("active",))
        mine = [record for record in records if record.seat_of(interaction.user.id) is not None]
        return choices(mine, current, lang(interaction.locale))

    async def finished_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """Only finished games: an active one would be refused (its file would reveal the hidden cards)."""
        records = await self.bot.service.visible_games(interaction.guild_id, interaction.user.id, ("finished",))
        return choices(records, current, lang(interaction.locale))

    @GAME.command(name="takeback", description=ls("Ask the others to undo your last action",
                                                  "直前の自分の手の取り消しを他の参加者に頼む"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=my_active_autocomplete)
    async def takeback(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusals(interaction):
            await request_takeback(interaction, game)

    @GAME.command(name="hint", description=ls("The AI's top three choices for your decision, with chances (practice games)",
                                              "今の判断でのAIのおすすめ上位3手と推定勝率(練習ゲーム)"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=my_active_autocomplete)
    async def hint(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusals(interaction):
            await hint_command(interaction, game)

    @GAME.command(name="export", description=ls("A finished game as a JSON file (only you see it)",
                                                "終了したゲームをJSONファイルで受け取る(自分だけに表示)"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=finished_autocomplete)
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusals(interaction):
            await export_game(interaction, game)
