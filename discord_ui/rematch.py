"""The Rematch button of a finished game's final board: any of its players opens a new lobby in the game's
original channel (not its thread) with the same game, capacity and options (platform options such as the
time control included), the clicker as host and every previous player already joined.

Nothing new is stored to remember a rematch: a lobby (or a game already started from it) of the same
game in the same channel, created after this game finished, hosted by one of its players and holding
exactly its players, is its rematch, and a second click links to it instead of opening another. Clicks
arriving together are kept apart by `_OPENING` (checked and set with no await in between).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from engine.core.errors import GameError
from discord_ui import announce, ids, views
from tabletop.play.ai_seats import is_ai
from tabletop.presentation.i18n import text, tr
from discord_ui.interactions import bot_of, guarded, placed_record, send_ephemeral
from tabletop.play.learning import is_practice
from tabletop.play.service import GameService, game_of, game_options
from storage.base import GameRecord

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

_OPENING: set[int] = set()
"""Finished games whose rematch lobby this process is opening right now."""


async def existing_rematch(bot: "TabletopBot", record: GameRecord) -> GameRecord | None:
    """The rematch already opened for `record`, if any (see the module's docstring)."""
    for candidate in await bot.store.list_games(channel_id=record.channel_id, statuses=("lobby", "active")):
        if (candidate.game_type == record.game_type and candidate.channel_id == record.channel_id
                and candidate.host_id in record.players and set(candidate.players) == set(record.players)
                and candidate.created_at >= (record.finished_at or 0)):
            return candidate
    return None


async def open_rematch(bot: "TabletopBot", record: GameRecord, host_id: int) -> GameRecord:
    """The new lobby with everyone joined, its message posted in the channel pinging exactly them."""
    game = game_of(record)
    GameService.check_platform_options(record.options)
    GameService.check_lobby_options(game, game_options(record.options), record.capacity)
    lobby = await bot.store.create_game(game_type=record.game_type, guild_id=record.guild_id, channel_id=record.channel_id,
                                        host_id=host_id, options=dict(record.options), capacity=record.capacity)
    for user_id in record.players:
        if user_id != host_id:
            lobby = await bot.store.add_player(lobby.id, user_id)
    locale = await announce.guild_locale(bot, lobby)
    people = [user_id for user_id in lobby.players if not is_ai(user_id)]
    others = " ".join(f"<@{user_id}>" for user_id in people if user_id != host_id)
    mentions = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                       users=[discord.Object(user_id) for user_id in people])
    message = await bot.get_partial_messageable(record.channel_id).send(
        tr("afterplay.rematch_opened", locale, host=f"<@{host_id}>", players=others), allowed_mentions=mentions,
        embed=await announce.lobby_embed(bot, lobby, locale),
        view=views.lobby_view(lobby, game, locale, await bot.service.settings(lobby)))
    await bot.store.set_messages(lobby.id, lobby_message_id=message.id)
    return replace(lobby, lobby_message_id=message.id)


def lobby_link(lobby: GameRecord) -> str:
    """The lobby message stays in the channel even once its game has a thread of its own."""
    return announce.jump_url(replace(lobby, thread_id=None), lobby.lobby_message_id)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.REMATCH):
    def __init__(self, item: discord.ui.Button, game_id: int) -> None:
        super().__init__(item)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "RematchButton":
        return cls(item, int(match["gid"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        practice = await bot.store.get_game(self.game_id)
        if practice is not None and is_practice(practice):
            raise GameError(text("learn.rematch"))
        record = await placed_record(interaction, self.game_id)
        bot.service.seat(record, interaction.user.id)
        if record.status != "finished":
            raise GameError(text("afterplay.rematch_not_over"))
        if record.id in _OPENING:
            raise GameError(text("afterplay.rematch_busy"))
        _OPENING.add(record.id)
        try:
            existing = await existing_rematch(bot, record)
            if existing is not None:
                await send_ephemeral(interaction, tr("afterplay.rematch_exists", interaction.locale, link=lobby_link(existing)))
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            lobby = await open_rematch(bot, record, interaction.user.id)
        finally:
            _OPENING.discard(record.id)
        await interaction.followup.send(tr("afterplay.rematch_link", interaction.locale, link=lobby_link(lobby)), ephemeral=True)


DYNAMIC_ITEMS = (RematchButton,)
