"""`/game log`, `/game replay`, `/game review` and `/game history`: looking back at games, active or finished. The pagers and
the list live in `discord_ui.history_ui`; this file only declares the commands."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.game.group import GAME
from discord_ui.bot import TabletopBot
from tabletop.play.history import VIEWABLE
from discord_ui.history_ui import open_finished, open_log, open_replay
from tabletop.presentation.i18n import lang, tr
from discord_ui.translator import ls
from discord_ui.review_ui import open_review
from discord_ui.interactions import refusals
from tabletop.play.service import game_of

GAME_OPTION = ls("Game number (default: this thread's game)", "ゲーム番号(省略時はこのスレッドのゲーム)")


class HistoryCommands:
    """Mixin of the game cog (`cogs.game.GameCog`)."""

    bot: TabletopBot

    async def past_game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """Games with a history the user may see here: active and finished ones."""
        locale = lang(interaction.locale)
        records = await self.bot.service.visible_games(interaction.guild_id, interaction.user.id, VIEWABLE)
        choices = []
        for record in records:
            label = f"#{record.id} {game_of(record).name.get(locale)} — {tr(f'game.status_{record.status}', locale)}"
            if current in label:
                choices.append(app_commands.Choice(name=label[:100], value=record.id))
        return choices[:25]

    @GAME.command(name="log", description=ls("A game's moves so far, as sentences (only you see it)",
                                             "ゲームのこれまでの手順を文章で見る(自分だけに表示)"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=past_game_autocomplete)
    async def log(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusals(interaction):
            await open_log(interaction, game)

    @GAME.command(name="replay", description=ls("Step through a game's boards (only you see it)",
                                                "ゲームの盤面を一手ずつ振り返る(自分だけに表示)"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=past_game_autocomplete)
    async def replay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusals(interaction):
            await open_replay(interaction, game)

    @GAME.command(name="review", description=ls("A finished game's win chances move by move and costly moves (only you see it)",
                                                "終了したゲームの勝率の推移と悪手を見る(自分だけに表示)"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=past_game_autocomplete)
    async def review(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with refusals(interaction):
            await open_review(interaction, game)

    @GAME.command(name="history", description=ls("Finished games on this server, or a member's (only you see it)",
                                                 "このサーバーの終了したゲーム(メンバー指定可、自分だけに表示)"))
    @app_commands.describe(member=ls("Whose games (default: everyone's)", "誰のゲームか(省略時は全員)"))
    async def finished(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        async with refusals(interaction):
            await open_finished(interaction, member)
