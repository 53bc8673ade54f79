"""Open live board (the button `discord_ui.views.live_items` puts on boards, turn DMs and pickers): launches
the bot's Activity in the channel of the click, Discord's interaction response LAUNCH_ACTIVITY.

The Activity finds its game from the channel it opens in (web.activity): a game's thread names the game; a
DM names none, so the click is remembered briefly for the page to ask (`LaunchHints`). When Discord
refuses the launch (Activities turned off in the developer portal since the button was sent) or the bot
no longer has them configured, the player gets the board's link instead, privately.
"""

from __future__ import annotations

import logging

import discord

from discord_ui import ids
from tabletop.presentation.i18n import tr
from discord_ui.interactions import bot_of, guarded, send_ephemeral
from tabletop.delivery.live_links import live_links
from discord_ui.turn_ui import GameButton

log = logging.getLogger("tabletop.live_ui")


class OpenLiveBoard(GameButton, discord.ui.DynamicItem[discord.ui.Button], template=ids.LIVE):
    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await launch(interaction, self.game_id)


DYNAMIC_ITEMS = (OpenLiveBoard,)


async def launch(interaction: discord.Interaction, game_id: int) -> None:
    """The Activity in this channel; else the board's link, or a word that the live board is not set up.
    Nothing is read or changed: the page checks who may see what when it opens."""
    bot = bot_of(interaction)
    links = live_links(bot)
    if links.activity:
        bot.launches.remember(interaction.user.id, game_id, bot.service.now())
        try:
            await interaction.response.launch_activity()
            return
        except discord.HTTPException as error:
            log.warning("game %s: Discord refused to launch the Activity (%s %s); answering with the link",
                        game_id, error.status, error.code)
    url = links.game_url(game_id)
    await send_ephemeral(interaction, tr("live.link", interaction.locale, url=url) if url else
                         tr("live.unavailable", interaction.locale))
