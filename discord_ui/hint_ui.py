"""💡 Hint: the button under a decision's menu and `/game hint`, answered privately with the AI's top
three choices, each with its estimated chance of winning and a button that plays it.

Refusals (a rated, league, tournament or queue game; a casual game on a server without hints; not your
turn; a menu the position has moved past) are short private answers, like any refused click. The hint
itself is searched in the AI's worker pool (tabletop.play.hints), so the event loop only waits for it.
"""

from __future__ import annotations

import re

import discord

from engine.core.errors import GameError
from engine.core.match import Match
from discord_ui import announce, ids, views
from tabletop.play.hints import HintChoice, refusal
from tabletop.presentation.i18n import lang, text, tr
from discord_ui.interactions import bot_of, clip, guarded, late_answer
from tabletop.presentation.picker import path_of
from tabletop.play.service import Loaded, game_of
from discord_ui.turn_ui import resolve, seated, waiting_refusal


class HintButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.HINT):
    def __init__(self, item: discord.ui.Button, game_id: int, decision: int) -> None:
        super().__init__(item)
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "HintButton":
        return cls(item, int(match["gid"]), int(match["dec"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        loaded, seat = await seated(interaction, self.game_id)
        loaded.match.check_decision(seat, self.decision)
        await show_hint(interaction, loaded, seat)


DYNAMIC_ITEMS = (HintButton,)


async def hint_command(interaction: discord.Interaction, game_id: int | None) -> None:
    """`/game hint`: the user's game here (or the one named), for the decision they face now."""
    loaded = await resolve(interaction, game_id)
    await show_hint(interaction, loaded, bot_of(interaction).service.seat(loaded.record, interaction.user.id))


async def show_hint(interaction: discord.Interaction, loaded: Loaded, seat: int) -> None:
    bot = bot_of(interaction)
    record, match = loaded.record, loaded.match
    if seat not in match.awaited_seats():
        raise await waiting_refusal(interaction, loaded)
    reason = await refusal(bot.store, record, interaction.user.id)
    if reason is not None:
        raise GameError(text(reason))
    await interaction.response.defer(ephemeral=True, thinking=True)
    choices = await bot.hints.get(record, match, seat)
    locale = lang(interaction.locale)
    names = announce.text_names(await announce.seat_names(bot, record))
    lines, paths = hint_lines(match, seat, choices, locale, names)
    title = tr("hint.title", locale, game=game_of(record).name.get(locale), id=record.id)
    content = clip("\n".join([f"**{title}**", *lines, tr("hint.how", locale)]))
    await late_answer(interaction, content=content, view=views.hint_view(record.id, match.decisions[seat], paths, locale))


def hint_lines(match: Match, seat: int, choices: tuple[HintChoice, ...], locale: str,
               names: dict[int, str]) -> tuple[list[str], list[tuple[int, ...]]]:
    """"1. <the menu's label> — 54%" per choice, and the picker path that plays each."""
    actions = match.legal_actions(seat)
    by_notation = {action.notation: action for action in actions}
    lines, paths = [], []
    for number, choice in enumerate(choices, start=1):
        action = by_notation.get(choice.notation)
        path = path_of(actions, choice.notation)
        if action is None or path is None:
            continue
        lines.append(tr("hint.line", locale, number=number, action=action.label(locale, names), chance=percent(choice.chance)))
        paths.append(path)
    return lines, paths


def percent(chance: float) -> int:
    """A chance in [0, 1] as a whole percentage in [0, 100]."""
    return round(100 * min(1.0, max(0.0, chance)))
