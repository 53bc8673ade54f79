"""`/queue join|leave|status`: the ranked queue (tabletop/matchmaking). A join tries a match at once; the
pass runs in the scheduler loop (cogs/game/timing.py).

Thin: each command translates its arguments and calls `discord_ui.queue`; refusals are
answered privately by `refusals` and change nothing. Not guild-only, so a try from DMs gets its refusal.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.league import game_autocomplete
from discord_ui.bot import TabletopBot
from tabletop.play.clocks import PRESETS
from discord_ui.translator import ls
from discord_ui.interactions import refusals
from discord_ui import queue as queue

QUEUE = app_commands.Group(name="queue", description=ls("Ranked queue: find an opponent near your rating",
                                                        "ランク戦キュー: 近いレーティングの相手を探す"))


class QueueCog(commands.Cog, name="Queue"):
    queue = QUEUE

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @QUEUE.command(name="join", description=ls("Wait for a rated game against players near your rating",
                                               "近いレーティングの相手とのレーティング戦を待つ"))
    @app_commands.describe(game=ls("Which game", "ゲーム"), players=ls("Players at the table (default: the fewest allowed)",
                                                                       "卓の人数(省略時は最少)"),
                           time_control=ls("Time control (default: the server's)", "持ち時間(省略時はサーバー設定)"))
    @app_commands.choices(time_control=[app_commands.Choice(name=ls(c.label().en, c.label().ja), value=c.key) for c in PRESETS])
    @app_commands.autocomplete(game=game_autocomplete)
    async def join(self, interaction: discord.Interaction, game: str, players: app_commands.Range[int, 2, 8] | None = None,
                   time_control: str | None = None) -> None:
        async with refusals(interaction):
            await queue.join(interaction, game, players, time_control)

    @QUEUE.command(name="leave", description=ls("Leave the queue", "キューから抜ける"))
    async def leave(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await queue.leave(interaction)

    @QUEUE.command(name="status", description=ls("Your place in the queue and who waits", "キューの状況"))
    async def status(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await queue.status(interaction)


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(QueueCog(bot))
