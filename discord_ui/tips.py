"""First-time tips of a practice game: the first time each kind of decision comes up for a player, their
menu (turn DM, Take turn) says in their language what this decision is and what to look for, with the
game's rules one tap away. "Kind" is the decision's topic (`Decision.topic`: what the menu asks, such as
War Chest's Royal Guard answer), not its coarse `Decision.kind`, under which a whole turn and a one-off
follow-up would share one tip.

Tips are data beside each game's rules documents (`data/<game>/tips.json`: topic → ja/en). Which tip was
shown is stored with the game (`learning.TIPS_OPTION`: seat → topic → the decision id it was shown on), so
it survives restarts, and a menu built twice for the same decision (the DM, then Take turn, then a
picker step) shows it each time, while the next decision of that topic shows none.

The display is two small pieces any menu can take: `tip_line` (the text) and `rules_button` (the tap to
the rules); `RulesButton` answers that tap with the same display as `/game rules`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import discord

from engine import registry
from engine.core.match import Match
from engine.core.types import Text
from discord_ui import announce, ids
from tabletop.runtime import packages
from tabletop.presentation.i18n import lang, tr
from discord_ui.interactions import bot_of, guarded
from tabletop.play.learning import TIPS_OPTION, is_practice
from storage.base import GameRecord, Store

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot


@dataclass(frozen=True, slots=True)
class Tip:
    game_id: str
    topic: str
    text: Text


@lru_cache(maxsize=None)
def tips_of(game_id: str) -> dict[str, Text]:
    """Decision topic → its tip, from the game's `tips.json` (none when the game has no file)."""
    path = packages.tips_file(game_id)
    if not path.is_file():
        return {}
    entries: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return {topic: Text(entry["ja"], entry["en"]) for topic, entry in entries.items()}


def _shown(options: dict[str, Any], seat: int) -> dict[str, int]:
    return dict((options.get(TIPS_OPTION) or {}).get(str(seat)) or {})


async def due_tip(store: Store, record: GameRecord, match: Match, seat: int) -> Tip | None:
    """The tip to show on `seat`'s current menu, or None. The first menu of a topic claims the tip for its
    decision in the store (one short write per topic and player, in practice games only)."""
    if not is_practice(record):
        return None
    decision = match.decision_of(seat)
    if decision is None:
        return None
    topic = decision.topic
    found = tips_of(record.game_type).get(topic)
    if found is None:
        return None
    current = match.decisions[seat]
    tip = Tip(record.game_type, topic, found)
    known = _shown(record.options, seat).get(topic)
    if known is not None:
        return tip if known == current else None

    def claim(options: dict[str, Any]) -> dict[str, Any] | None:
        mine = _shown(options, seat)
        if topic in mine:
            return None
        mine[topic] = current
        return {**options, TIPS_OPTION: {**(options.get(TIPS_OPTION) or {}), str(seat): mine}}

    options = await store.merge_options(record.id, claim)
    return tip if _shown(options, seat).get(topic) == current else None


def tip_line(tip: Tip, locale: str) -> str:
    """"🔰 First time: …" — one line (at most two sentences) above the menu."""
    return tr("learn.tip", locale, tip=tip.text.get(lang(locale)))


def rules_button(game_id: str, locale: str, row: int | None = None) -> discord.ui.Button:
    return discord.ui.Button(label=tr("learn.rules", locale), emoji="📖", style=discord.ButtonStyle.secondary,
                             custom_id=ids.rules(game_id), row=row)


def rules_display(bot: "TabletopBot", game_id: str, locale: str) -> discord.Embed:
    """What `/game rules` shows: the rules document, and where the game's own commands say more."""
    embed = announce.rules_embed(game_id, locale)
    if any(command.name == game_id for command in bot.tree.get_commands()):
        embed.set_footer(text=tr("game.rules_more", locale, cmd=game_id))
    return embed


class RulesButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.RULES):
    """The rules of a game, privately, from any message that carries a tip."""

    def __init__(self, item: discord.ui.Button, game_id: str) -> None:
        super().__init__(item)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "RulesButton":
        return cls(item, match["game"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.game_id not in registry.games():
            await interaction.response.send_message(tr("err.unknown_game", interaction.locale), ephemeral=True)
            return
        embed = rules_display(bot_of(interaction), self.game_id, lang(interaction.locale))
        await interaction.response.send_message(embed=embed, ephemeral=True)


DYNAMIC_ITEMS = (RulesButton,)
