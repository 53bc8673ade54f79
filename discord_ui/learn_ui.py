"""`/game learn`: a private practice game for one person against the easy AI, started at once.

Where it is held, in this order: a private thread of the channel (only the player and the bot see it),
else a public thread, else the player's DMs (a DM, or a channel where the bot may not create threads).
The game is an ordinary hosted game with the practice flags of `tabletop.play.learning` in its options: no
clock, unrated, never part of a league or the queue; tips come from `discord_ui.tips`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from engine import registry
from discord_ui import announce
from tabletop.play.ai_seats import ai_name, new_ai_id
from discord_ui.announce import DM_CLOSED
from tabletop.presentation.i18n import lang, tr
from discord_ui.interactions import bot_of, send_ephemeral
from tabletop.play.learning import HINTS_OPTION, LEARN_OPTION, LEVEL, LOCALE_OPTION, is_practice
from tabletop.leagues.results import RATED_OPTION
from discord_ui.lobby_ui import THREAD_ARCHIVE_MINUTES
from tabletop.delivery.publish import publish_start
from tabletop.play.service import TIME_OPTION, Loaded
from storage.base import GameRecord

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.learn")
PRIVATE_THREAD, PUBLIC_THREAD = 12, 11


def practice_options(locale: str) -> dict[str, str]:
    return {RATED_OPTION: "off", TIME_OPTION: "none", LEARN_OPTION: "on", HINTS_OPTION: "on", LOCALE_OPTION: locale}


async def current_practice(bot: "TabletopBot", user_id: int) -> GameRecord | None:
    """The player's practice game in progress, if any: one at a time."""
    games = await bot.store.user_games(user_id, statuses=("active",))
    return next((record for record in games if is_practice(record)), None)


async def start_learning(interaction: discord.Interaction, game_id: str) -> None:
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    user_id = interaction.user.id
    if game_id not in registry.games():
        await send_ephemeral(interaction, tr("err.unknown_game", locale))
        return
    running = await current_practice(bot, user_id)
    if running is not None:
        await send_ephemeral(interaction, tr("learn.already", locale, id=running.id,
                                             link=announce.jump_url(running, running.board_message_id)))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    game = registry.get(game_id)
    name = game.name.get(locale)
    players = min(game.player_counts)
    opponents = ", ".join([ai_name(LEVEL, locale)] * (players - 1))
    intro = tr("learn.intro", locale, game=name, user=interaction.user.mention, opponents=opponents)
    thread_id = None
    if interaction.guild_id is not None and interaction.channel_id is not None:
        thread_id = await open_thread(bot, interaction, tr("learn.thread_name", locale, game=name, user=interaction.user.display_name))
    if thread_id is not None:
        record = await bot.store.create_game(game_type=game_id, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                                             host_id=user_id, options=practice_options(locale), capacity=players)
        await bot.store.set_messages(record.id, thread_id=thread_id)
        header = intro
    else:
        dm_channel = await open_dm(bot, user_id, intro)
        if dm_channel is None:
            await interaction.followup.send(tr("learn.no_place", locale), ephemeral=True)
            return
        record = await bot.store.create_game(game_type=game_id, guild_id=None, channel_id=dm_channel, host_id=user_id,
                                             options=practice_options(locale), capacity=players)
        header = ""
    for _ in range(players - 1):
        ai = new_ai_id(record.players, LEVEL)
        assert ai is not None, "a practice table is smaller than the AI slots"
        record = await bot.store.add_player(record.id, ai)
    loaded = await bot.service.start(record, user_id, True)
    record = await bot.store.get_game(record.id) or loaded.record
    board = await publish_start(bot, Loaded(record, loaded.match), "\n".join(filter(None, [header, await announce.start_line(bot, record)])))
    link = announce.jump_url(record, board)
    key = "learn.started" if thread_id is not None or interaction.guild_id is None else "learn.started_dm"
    await interaction.followup.send(tr(key, locale, id=record.id, link=link), ephemeral=True)


async def open_thread(bot: "TabletopBot", interaction: discord.Interaction, name: str) -> int | None:
    """A private thread with the player in it when the bot may create one, else a public thread; None
    when neither is allowed here (or Discord refuses both)."""
    permissions = interaction.app_permissions
    name = name[:100]
    kinds = [kind for kind, allowed in ((PRIVATE_THREAD, permissions.create_private_threads),
                                        (PUBLIC_THREAD, permissions.create_public_threads)) if allowed]
    if not permissions.send_messages_in_threads:
        kinds = []
    http = bot.http
    for kind in kinds:
        try:
            thread = await http.start_thread_without_message(interaction.channel_id, name=name, type=kind, invitable=False,
                                                             auto_archive_duration=THREAD_ARCHIVE_MINUTES)
            thread_id = int(thread["id"])
            await http.add_user_to_thread(thread_id, interaction.user.id)
            return thread_id
        except discord.HTTPException as error:
            log.info("practice game: no %s thread in channel %s (%s %s)", "private" if kind == PRIVATE_THREAD else "public",
                     interaction.channel_id, error.status, error.code)
    return None


async def open_dm(bot: "TabletopBot", user_id: int, intro: str) -> int | None:
    """The player's DM channel, once the game's introduction went through there; None when their DMs are
    closed (known, or refused now)."""
    store = bot.store
    if (await store.get_user(user_id)).dms_closed:
        return None
    try:
        channel = await bot.create_dm(discord.Object(user_id))
        await channel.send(intro, allowed_mentions=discord.AllowedMentions.none())
        return int(channel.id)
    except discord.Forbidden as error:
        if error.code == DM_CLOSED:
            await store.update_user(user_id, dms_closed=True)
        return None
    except discord.HTTPException:
        log.warning("practice game: no DM channel with %s", user_id, exc_info=True)
        return None
