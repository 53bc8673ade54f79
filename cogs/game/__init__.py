"""`/game …`: the commands every game shares, as one cog built from mixins (one file per concern) around
one `/game` group. Logic lives in tabletop/; these files only declare commands and translate arguments."""

from __future__ import annotations

from discord.ext import commands

from cogs.game.afterplay import AfterplayCommands
from cogs.game.group import GAME
from cogs.game.history import HistoryCommands
from cogs.game.learn import LearnCommands
from cogs.game.lobby import LobbyCommands
from cogs.game.timing import TimingCommands
from discord_ui.bot import TabletopBot


class GameCog(LobbyCommands, HistoryCommands, LearnCommands, TimingCommands, AfterplayCommands, commands.Cog, name="Game"):
    game = GAME

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.scheduler.start()
        self.outbox.start()

    async def cog_unload(self) -> None:
        self.scheduler.cancel()
        self.outbox.cancel()


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(GameCog(bot))
