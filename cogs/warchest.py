"""`/warchest …`: typed game creation, rules with the unit cards, and the Royal Guard preference.

Play itself goes through the shared lobby and turn flow; this cog adds only what is War Chest's own.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Mapping

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.match import Match
from engine.warchest import GAME
from engine.warchest.units import UNITS
from renderers import RenderContext
from renderers.warchest import RENDERER
from renderers.warchest_units import units_pages
from discord_ui import announce
from discord_ui.bot import TabletopBot
from discord_ui.interactions import cooled_down, late_answer, refusals, send_ephemeral
from discord_ui.lobby_ui import create_lobby
from tabletop.presentation.i18n import lang, tr
from discord_ui.translator import ls
from discord_ui.options import option_choices, player_choices
from tabletop.runtime.packages import GamePackage, declare, rules_files
from tabletop.play.service import match_of

GAME_ID = "warchest"
GUARD_PREF = "warchest.royal_guard"
GUARD_TEXTS = {
    "ask": ("毎回たずねる", "Ask me each time"),
    "supply": ("予備のコインを失う", "Lose a coin from the supply"),
    "unit": ("ユニットのコインを失う", "Lose a coin from the unit"),
}
SAVED = ("設定しました: 近衛隊が攻撃されたら「{choice}」。", "Saved: when your Royal Guard is attacked, “{choice}”.")


def royal_guard_answer(match: Match, seat: int, prefs: Mapping[str, Any]) -> str | None:
    """The defender's stored choice answers the Royal Guard reaction, when that choice is legal now."""
    choice = prefs.get(GUARD_PREF)
    if choice not in ("supply", "unit"):
        return None
    followup = match.view(None).get("followup")
    if not followup or followup.get("kind") != "guard" or followup.get("seat") != seat:
        return None
    notation = f"guard:{choice}"
    return notation if any(action.notation == notation for action in match.legal_actions(seat)) else None


class WarChest(commands.Cog):
    warchest = app_commands.Group(name="warchest", description=ls("War Chest: bag-building war on a hex board", "ウォーチェスト: 袋からコインを引いて戦う"))

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @warchest.command(name="new", description=ls("Open a War Chest lobby", "ウォーチェストの参加者を募集する"))
    @app_commands.describe(players=ls("2 players, or 4 in two teams", "2人、または2チームの4人"),
                           mode=ls("How units are chosen", "ユニットの決め方"),
                           royal_guard=ls("Royal Guard card printing", "近衛隊カードの版"))
    @app_commands.choices(players=player_choices(GAME_ID), mode=option_choices(GAME_ID, "mode"),
                          royal_guard=option_choices(GAME_ID, "royal_guard"))
    async def new(self, interaction: discord.Interaction, players: int = 2, mode: str | None = None,
                  royal_guard: str | None = None) -> None:
        options = {key: value for key, value in (("mode", mode), ("royal_guard", royal_guard)) if value}
        async with refusals(interaction):
            await create_lobby(interaction, GAME_ID, players, options)

    @warchest.command(name="rules", description=ls("How to play War Chest, with the unit cards", "ウォーチェストの遊び方とユニットカード"))
    async def rules(self, interaction: discord.Interaction) -> None:
        locale = lang(interaction.locale)
        if not await cooled_down(interaction, "warchest rules"):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.bot.service.find_game(explicit=None, channel_id=interaction.channel_id, user_id=interaction.user.id,
                                                  guild_id=interaction.guild_id, statuses=("active", "finished"))
        units, printing = sorted(UNITS), "revised"
        if record is not None and record.game_type == GAME_ID and record.state is not None:
            view = match_of(record).view(None)
            units = sorted({unit for seat in view["seats"] for unit in seat["units"]}) or units
            printing = view["royal_guard"]
        ctx = RenderContext(locale, ())
        key = ("warchest units", locale, tuple(units), printing)
        pages = await self.bot.static_images.get(key, partial(units_pages, royal_guard=printing), units, ctx)
        await late_answer(interaction, embed=announce.rules_embed(GAME_ID, locale), files=announce.page_files(pages, "warchest-units"))

    @warchest.command(name="prefs", description=ls("Answer Royal Guard attacks automatically", "近衛隊への攻撃に自動で答える"))
    @app_commands.describe(royal_guard=ls("When your Royal Guard is attacked", "自分の近衛隊が攻撃されたとき"))
    @app_commands.choices(royal_guard=[app_commands.Choice(name=ls(en, ja), value=key) for key, (ja, en) in GUARD_TEXTS.items()])
    async def prefs(self, interaction: discord.Interaction, royal_guard: str) -> None:
        if royal_guard not in GUARD_TEXTS:
            await send_ephemeral(interaction, tr("err.bad_input", interaction.locale))
            return
        await self.bot.store.update_user(interaction.user.id, prefs={GUARD_PREF: royal_guard})
        ja, en = GUARD_TEXTS[royal_guard]
        template = SAVED[0] if lang(interaction.locale) == "ja" else SAVED[1]
        await send_ephemeral(interaction, template.format(choice=ja if lang(interaction.locale) == "ja" else en))


PACKAGE = declare(GamePackage(
    game=GAME,
    renderer=RENDERER,
    rules=rules_files(GAME_ID),
    private_images=True,
    auto_answer=royal_guard_answer,
))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(WarChest(bot))
