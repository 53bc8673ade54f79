"""The lobby: its message, its persistent buttons and option selects, and the start of a game."""

from __future__ import annotations

import re
from typing import cast

import discord

from discord_ui import announce, ids, views
from tabletop.presentation.i18n import lang, tr
from discord_ui.interactions import admin_here, bot_of, guarded, placed_record, send_ephemeral, token_fresh
from tabletop.delivery.publish import publish_start
from tabletop.play.service import Loaded, game_of
from storage.base import GameRecord

THREAD_ARCHIVE_MINUTES = 10080  # a week: asynchronous games go quiet for days between moves


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.LOBBY):
    def __init__(self, item: discord.ui.Button, op: str, game_id: int) -> None:
        super().__init__(item)
        self.op, self.game_id = op, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "LobbyButton":
        return cls(item, match["op"], int(match["gid"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        record = await placed_record(interaction, self.game_id)
        if self.op == "join":
            record = await bot.store.add_player(record.id, interaction.user.id)
            await refresh_lobby(interaction, record)
            if not await announce.check_dm(bot, record, interaction.user.id, lang(interaction.locale)):
                await refresh_lobby(interaction, record)
                await send_ephemeral(interaction, tr("lobby.dm_warning", interaction.locale, user=interaction.user.mention))
        elif self.op == "leave":
            record = await bot.store.remove_player(record.id, interaction.user.id)
            await refresh_lobby(interaction, record)
        elif self.op == "cancel":
            record = await bot.service.cancel(record, interaction.user.id, admin_here(interaction, record), lobby_only=True)
            await refresh_lobby(interaction, record)
        else:
            await start_game(interaction, record)


class LobbyOption(discord.ui.DynamicItem[discord.ui.Select], template=ids.LOBBY_OPTION):
    def __init__(self, item: discord.ui.Select, game_id: int, key: str) -> None:
        super().__init__(item)
        self.game_id, self.key = game_id, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]) -> "LobbyOption":
        return cls(item, int(match["gid"]), match["key"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        record = await placed_record(interaction, self.game_id)
        values = cast(discord.ui.Select, self.item).values
        value = values[0] if len(values) == 1 else ""
        record = await bot.service.set_option(record, interaction.user.id, admin_here(interaction, record), self.key, value)
        await refresh_lobby(interaction, record)


DYNAMIC_ITEMS = (LobbyButton, LobbyOption)


async def refresh_lobby(interaction: discord.Interaction, record: GameRecord) -> None:
    """Redraw the lobby message the clicked component belongs to."""
    bot = bot_of(interaction)
    locale = await announce.guild_locale(bot, record)
    embed = await announce.lobby_embed(bot, record, locale)
    view = views.lobby_view(record, game_of(record), locale, await bot.service.settings(record))
    if interaction.response.is_done():
        await interaction.edit_original_response(embed=embed, view=view)
    else:
        await interaction.response.edit_message(embed=embed, view=view)


async def start_game(interaction: discord.Interaction, record: GameRecord) -> None:
    """Lobby → game: commit the start, open a thread (or fall back to the channel), post the first board."""
    bot = bot_of(interaction)
    game = game_of(record)
    if len(record.players) not in game.player_counts:
        counts = "/".join(map(str, game.player_counts))
        await send_ephemeral(interaction, tr("err.player_count", interaction.locale, game=game.name.get(lang(interaction.locale)),
                                             counts=counts, count=len(record.players)))
        return
    bot.service.require_host(record, interaction.user.id, admin_here(interaction, record))
    await interaction.response.defer()
    loaded = await bot.service.start(record, interaction.user.id, admin_here(interaction, record))
    record = loaded.record
    locale = await announce.guild_locale(bot, record)
    name = tr("game.thread_name", locale, game=game.name.get(locale), id=record.id)
    header = None
    try:
        thread = await bot.http.start_thread_with_message(
            record.channel_id, record.lobby_message_id or 0, name=name[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
        await bot.store.set_messages(record.id, thread_id=int(thread["id"]))
    except discord.HTTPException:
        header = tr("game.no_thread", locale)
    record = await bot.store.get_game(record.id) or record
    start_line = await announce.start_line(bot, record)
    board = await publish_start(bot, Loaded(record, loaded.match), "\n".join(filter(None, [header, start_line])))
    started = {"embed": await announce.lobby_embed(bot, record, locale), "view": None,
               "content": tr("lobby.started", locale, link=announce.jump_url(record, board))}
    if token_fresh(interaction):
        await interaction.edit_original_response(**started)
    else:  # a slow start outlived the click's token: the lobby is the bot's own message all the same
        await bot.get_partial_messageable(record.channel_id).get_partial_message(record.lobby_message_id or 0).edit(**started)


async def create_lobby(
    interaction: discord.Interaction, game_id: str, players: int | None, options: dict[str, str]
) -> None:
    """Shared by `/game new` and each game's own `/<game> new`: a public lobby message with its buttons."""
    bot = bot_of(interaction)
    if interaction.guild_id is None or interaction.channel_id is None:
        await send_ephemeral(interaction, tr("err.guild_only", interaction.locale))
        return
    record = await bot.service.create(game_id, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                                      host_id=interaction.user.id, players=players, options=options)
    await interaction.response.defer()
    settings = await bot.store.get_guild_settings(interaction.guild_id)
    if "locale" not in settings:
        await bot.store.update_guild_settings(interaction.guild_id, {"locale": lang(interaction.guild_locale)})
    dm_open = await announce.check_dm(bot, record, interaction.user.id, lang(interaction.locale))
    locale = await announce.guild_locale(bot, record)
    message = await interaction.edit_original_response(
        embed=await announce.lobby_embed(bot, record, locale),
        view=views.lobby_view(record, game_of(record), locale, await bot.service.settings(record)),
    )
    await bot.store.set_messages(record.id, lobby_message_id=message.id)
    if not dm_open:
        await send_ephemeral(interaction, tr("lobby.dm_warning", interaction.locale, user=interaction.user.mention))
