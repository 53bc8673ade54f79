"""Votes on a seat that ran out of time: each other seat may vote to skip its turn or expel it, and a
majority of the others decides at once (Board Game Arena's skip/expel). Votes live in the game's timing
and change with compare-and-set on its version; once the seat moves, its vote buttons are refused."""

from __future__ import annotations

import re

import discord

from engine.core.errors import GameError
from engine.core.types import T
from discord_ui import announce, ids
from tabletop.play.ai_seats import people
from tabletop.play.clocks import Timing
from tabletop.presentation.i18n import tr
from discord_ui.interactions import bot_of, guarded, placed_record, send_ephemeral
from tabletop.delivery.scheduler import apply_policy
from tabletop.play.service import match_of

NOT_OVER = T("この投票は締め切られました(その人はもう時間切れではありません)。",
             "This vote is closed: that player is no longer over time.")


class VoteButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.VOTE):
    def __init__(self, item: discord.ui.Button, game_id: int, seat: int, choice: str) -> None:
        super().__init__(item)
        self.game_id, self.seat, self.choice = game_id, seat, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "VoteButton":
        return cls(item, int(match["gid"]), int(match["seat"]), match["choice"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        record = await placed_record(interaction, self.game_id)
        if record.status != "active" or record.timing is None:
            raise GameError(NOT_OVER)
        voter = bot.service.seat(record, interaction.user.id)
        if voter == self.seat or not 0 <= self.seat < len(record.players):
            raise GameError(T("自分には投票できません。", "You cannot vote on yourself."))
        timing = Timing.from_json(record.timing)
        if timing.seats[self.seat].over is None or self.seat not in match_of(record).awaited_seats():
            raise GameError(NOT_OVER)
        timing = timing.vote(self.seat, voter, self.choice)
        if not await bot.store.update_timing(record.id, version=record.version, timing=timing.to_json(), due_at=timing.next_due()):
            raise GameError(NOT_OVER)
        others = [seat for seat in people(record, range(len(record.players))) if seat != self.seat]
        verdict = timing.verdict(self.seat, others)
        locale = await announce.guild_locale(bot, record)
        await send_ephemeral(interaction, tr("timing.voted", interaction.locale, choice=tr(f"timing.vote_{self.choice}", interaction.locale)))
        if verdict is not None:
            names = announce.text_names(await announce.seat_names(bot, record))
            channel = bot.get_partial_messageable(record.thread_id or record.channel_id)
            await channel.send(tr("timing.vote_passed", locale, name=names[self.seat], choice=tr(f"timing.vote_{verdict}", locale)),
                               allowed_mentions=discord.AllowedMentions.none())
            await apply_policy(bot, record, timing, self.seat, verdict)


DYNAMIC_ITEMS = (VoteButton,)
