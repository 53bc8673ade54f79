"""`/game export` on Discord: a finished game as a JSON file (`engine.core.export`), sent privately, for
archives, bug reports and review with `python -m engine.replay`.

The file holds the seed, and the seed re-deals every hidden coin and card, so a game still in progress
is never exported: only once it is over. A cancelled game is not offered either (the history chooser
refuses it, and its cancellation is not in the log, so its export could not be replayed to its end).
"""

from __future__ import annotations

import io
import json

import discord

from engine.core.errors import GameError
from engine.core.export import export_match
from tabletop.play.ai_seats import ai_name, is_ai, level_of
from discord_ui.history_ui import chosen_game
from tabletop.presentation.i18n import lang, text, tr
from discord_ui.interactions import bot_of, late_answer
from tabletop.play.service import game_of, match_of


async def export_game(interaction: discord.Interaction, game_id: int | None) -> None:
    """The chosen game (as `/game log` chooses it) as an ephemeral file attachment."""
    bot = bot_of(interaction)
    record = await chosen_game(interaction, game_id)
    if record.status != "finished":
        raise GameError(text("afterplay.export_active"))
    await interaction.response.defer(ephemeral=True, thinking=True)
    log = [(entry.seat, entry.action) for entry in await bot.store.actions(record.id)]
    names = [ai_name(level_of(user_id), "en") if is_ai(user_id) else await bot.display_name(user_id) for user_id in record.players]
    data = export_match(match_of(record), log, names)
    payload = json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")
    file = discord.File(io.BytesIO(payload), filename=f"{record.game_type}-{record.id}.json")
    locale = lang(interaction.locale)
    content = tr("afterplay.export_done", locale, game=game_of(record).name.get(locale), id=record.id)
    await late_answer(interaction, content=content, file=file, allowed_mentions=discord.AllowedMentions.none())
