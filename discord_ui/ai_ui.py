"""AI seats in Discord: the lobby's "Add AI" panel (host only) and the way back into a taken-over seat.

The lobby shows one "Add AI" button; it opens a private panel to the host with a button per level and one
per AI seat to remove, so the lobby message keeps its rows for the game's options. A seat an AI took over
is returned by its own player only, from the takeover notice's button or `/game return`, in that game's
server.
"""

from __future__ import annotations

import re

import discord

from engine.core.errors import GameError
from discord_ui import announce, ids, views
from tabletop.play.ai_seats import LEVEL_CODES, ai_name, is_ai, level_of, new_ai_id
from tabletop.play.ai_turns import give_back
from tabletop.presentation.i18n import text, tr
from discord_ui.interactions import admin_here, bot_of, guarded, placed_record, send_ephemeral
from discord_ui.layout import Layout
from discord_ui.notices import mention_message
from tabletop.delivery.publish import notify_turn
from tabletop.play.service import game_of, match_of
from storage.base import GameRecord, LobbyError

MAX_REMOVE_BUTTONS = 15


def panel_view(record: GameRecord, locale: str) -> discord.ui.View:
    """A button per level to add one more AI, and one per AI seat to remove it."""
    view = Layout()
    for level in LEVEL_CODES:
        view.add_item(discord.ui.Button(label=tr("ai.add_level", locale, level=tr(f"ai.level_{level}", locale)),
                                        style=discord.ButtonStyle.success, custom_id=ids.ai_add(record.id, level), row=0))
    for index, user_id in enumerate([user for user in record.players if is_ai(user)][:MAX_REMOVE_BUTTONS]):
        view.add_item(discord.ui.Button(label=tr("ai.remove", locale, name=ai_name(level_of(user_id), locale)),
                                        style=discord.ButtonStyle.secondary, custom_id=ids.ai_remove(record.id, user_id),
                                        row=1 + index // 5))
    return view


def return_view(game_id: int, seat: int, locale: str) -> discord.ui.View:
    view = Layout()
    view.add_item(discord.ui.Button(label=tr("ai.return_button", locale), style=discord.ButtonStyle.primary,
                                    custom_id=ids.ai_return(game_id, seat)))
    return view


async def hosted_lobby(interaction: discord.Interaction, game_id: int) -> GameRecord:
    """The lobby the click names, refused unless it is still a lobby and the clicker hosts it (or manages
    the server)."""
    bot = bot_of(interaction)
    record = await placed_record(interaction, game_id)
    bot.service.require_host(record, interaction.user.id, admin_here(interaction, record))
    if record.status != "lobby":
        raise LobbyError("not_lobby")
    return record


async def show_panel(interaction: discord.Interaction, record: GameRecord, note: str | None = None) -> None:
    """The host's private panel: sent on the first click, edited in place after each change; the public
    lobby message is redrawn too."""
    bot = bot_of(interaction)
    locale = await announce.guild_locale(bot, record)
    content = "\n".join(filter(None, [note, tr("ai.panel", interaction.locale)]))
    view = panel_view(record, str(interaction.locale))
    if interaction.message is not None and interaction.message.flags.ephemeral:
        await interaction.response.edit_message(content=content, view=view)
    else:
        await send_ephemeral(interaction, content, view=view)
    if record.lobby_message_id is not None:
        embed = await announce.lobby_embed(bot, record, locale)
        lobby = views.lobby_view(record, game_of(record), locale, await bot.service.settings(record))
        channel = bot.get_partial_messageable(record.channel_id)
        try:
            await channel.get_partial_message(record.lobby_message_id).edit(embed=embed, view=lobby)
        except discord.HTTPException:
            pass  # the panel answered; the lobby message catches up with the next change


class AiPanelButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.AI_PANEL):
    def __init__(self, item: discord.ui.Button, game_id: int) -> None:
        super().__init__(item)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "AiPanelButton":
        return cls(item, int(match["gid"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        record = await hosted_lobby(interaction, self.game_id)
        locale = str(interaction.locale)
        await send_ephemeral(interaction, tr("ai.panel", locale), view=panel_view(record, locale))


class AiAddButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.AI_ADD):
    def __init__(self, item: discord.ui.Button, game_id: int, level: str) -> None:
        super().__init__(item)
        self.game_id, self.level = game_id, level

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "AiAddButton":
        return cls(item, int(match["gid"]), match["level"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        record = await hosted_lobby(interaction, self.game_id)
        user_id = new_ai_id(record.players, self.level)
        if user_id is None or len(record.players) >= record.capacity:
            raise GameError(text("ai.full"))
        try:
            record = await bot_of(interaction).store.add_player(record.id, user_id)
        except LobbyError as error:
            if error.code == "full":
                raise GameError(text("ai.full")) from None
            raise
        await show_panel(interaction, record, tr("ai.added", interaction.locale, name=ai_name(self.level, str(interaction.locale))))


class AiRemoveButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.AI_REMOVE):
    def __init__(self, item: discord.ui.Button, game_id: int, user_id: int) -> None:
        super().__init__(item)
        self.game_id, self.user_id = game_id, user_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "AiRemoveButton":
        return cls(item, int(match["gid"]), -int(match["ai"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        record = await hosted_lobby(interaction, self.game_id)
        if self.user_id not in record.players:
            raise GameError(text("ai.gone"))
        try:
            record = await bot_of(interaction).store.remove_player(record.id, self.user_id)
        except LobbyError as error:
            if error.code == "not_joined":
                raise GameError(text("ai.gone")) from None
            raise
        name = ai_name(level_of(self.user_id), str(interaction.locale))
        await show_panel(interaction, record, tr("ai.removed", interaction.locale, name=name))


async def return_to_seat(interaction: discord.Interaction, record: GameRecord) -> None:
    """Give the clicking player's seat back from the AI: the thread hears it, and if the seat is awaited
    its player gets the turn notice (with the menu) they would have had."""
    bot = bot_of(interaction)
    if interaction.guild_id != record.guild_id:
        raise GameError(text("ai.not_taken_over"))
    returned = await give_back(bot, record, interaction.user.id)
    if returned is None:
        raise GameError(text("ai.not_taken_over"))
    record, seat = returned
    await send_ephemeral(interaction, tr("ai.return_done", interaction.locale))
    locale = await announce.guild_locale(bot, record)
    name = announce.escape(await bot.display_name(interaction.user.id))
    await mention_message(bot, record, [], tr("ai.returned", locale, name=name))
    match = match_of(record)
    if seat in match.awaited_seats():
        await notify_turn(bot, record, match, seat, (), await announce.seat_names(bot, record))


class ReturnButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.AI_RETURN):
    def __init__(self, item: discord.ui.Button, game_id: int, seat: int) -> None:
        super().__init__(item)
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "ReturnButton":
        return cls(item, int(match["gid"]), int(match["seat"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        record = await placed_record(interaction, self.game_id)
        if record.seat_of(interaction.user.id) != self.seat:
            raise GameError(text("ai.not_taken_over"))
        await return_to_seat(interaction, record)


DYNAMIC_ITEMS = (AiPanelButton, AiAddButton, AiRemoveButton, ReturnButton)
