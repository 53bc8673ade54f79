"""Takebacks on Discord: `/game takeback` posts a request in the game's thread, the other seats answer
with persistent Accept / Refuse buttons, and once every other seat accepted the service commits the
takeback and the one publish path re-posts the board (its lines say what was undone).

The request names no action: a move's label can say more than the board shows (a coin played face
down), so only the public line of the takeback itself tells the thread what happened.

A request's buttons carry the game id, the version it was asked at, the requesting seat and the seats
that accepted so far (a bitmask, rewritten with each answer), so they keep working after a restart; any
move in between changes the version and makes them stale, which also makes a double click apply once.
Answers arriving together are merged in memory per request message (`_ANSWERS`, read and written with
no await in between), so two seats accepting in the same instant both count; one refusal closes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import discord

from engine.core.errors import GameError
from discord_ui import announce, ids, views
from tabletop.runtime.cache import BoundedCache
from tabletop.presentation.i18n import text, tr
from discord_ui.interactions import bot_of, guarded, placed_record
from tabletop.delivery.publish import after_commit
from tabletop.play.service import Loaded, match_of
from discord_ui.threads import reopen_for
from discord_ui.turn_ui import resolve
from storage.base import GameRecord

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

OPEN_REQUESTS = 256


@dataclass(frozen=True, slots=True)
class Answers:
    """What the other seats said to one request so far."""

    accepted: frozenset[int] = frozenset()
    refused: bool = False


_ANSWERS: BoundedCache[int, Answers] = BoundedCache(OPEN_REQUESTS)
"""Per request message (its id is unique on Discord): the answers given through this process."""


def seats_of(mask: int, players: int) -> frozenset[int]:
    return frozenset(seat for seat in range(players) if mask >> seat & 1)


def mask_of(seats: frozenset[int]) -> int:
    return sum(1 << seat for seat in seats)


def others_of(record: GameRecord, seat: int) -> frozenset[int]:
    """The seats that must accept `seat`'s request: every other one."""
    return frozenset(range(len(record.players))) - {seat}


def asked(record: GameRecord, seat: int) -> discord.AllowedMentions:
    """The request notifies exactly the seats asked to answer."""
    users = [discord.Object(record.players[other]) for other in sorted(others_of(record, seat))]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


async def request_content(bot: "TabletopBot", record: GameRecord, seat: int, accepted: frozenset[int], locale: str) -> str:
    """The request as the thread reads it: who asks, whom it asks, and who already agreed."""
    names = announce.text_names(await announce.seat_names(bot, record))
    others = " ".join(f"<@{record.players[other]}>" for other in sorted(others_of(record, seat)))
    lines = [tr("afterplay.takeback_request", locale, name=names[seat], others=others)]
    if accepted:
        lines.append(tr("afterplay.takeback_accepted_by", locale, names=", ".join(names[other] for other in sorted(accepted))))
    return "\n".join(lines)


async def request_takeback(interaction: discord.Interaction, game_id: int | None) -> None:
    """`/game takeback`: refused with the reason unless the rules and the server allow it now; otherwise
    the request goes to the game's thread and the requester gets a link to it."""
    bot = bot_of(interaction)
    loaded = await resolve(interaction, game_id)
    record = loaded.record
    seat = bot.service.seat(record, interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.service.takeback_step(loaded, seat)
    locale = await announce.guild_locale(bot, record)
    channel = bot.get_partial_messageable(record.thread_id or record.channel_id)
    message = await channel.send(await request_content(bot, record, seat, frozenset(), locale), allowed_mentions=asked(record, seat),
                                 view=views.takeback_view(record.id, loaded.match.version, seat, 0, locale))
    await interaction.followup.send(tr("afterplay.takeback_sent", interaction.locale, link=announce.jump_url(record, message.id)),
                                    ephemeral=True)


class TakebackAnswer(discord.ui.DynamicItem[discord.ui.Button], template=ids.TAKEBACK_ANSWER):
    def __init__(self, item: discord.ui.Button, game_id: int, version: int, seat: int, mask: int, accept: bool) -> None:
        super().__init__(item)
        self.game_id, self.version, self.seat, self.mask, self.accept = game_id, version, seat, mask, accept

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "TakebackAnswer":
        return cls(item, int(match["gid"]), int(match["ver"]), int(match["seat"]), int(match["mask"]), match["op"] == "yes")

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        record = await placed_record(interaction, self.game_id)
        answerer = bot.service.seat(record, interaction.user.id)
        request = clicked_request(interaction, self.item.custom_id or "")
        if request is None or record.status != "active" or record.version != self.version or self.seat >= len(record.players):
            raise GameError(text("afterplay.takeback_stale"))
        if answerer == self.seat:
            raise GameError(text("afterplay.takeback_own"))
        await reopen_for(interaction)
        locale = await announce.guild_locale(bot, record)
        names = announce.text_names(await announce.seat_names(bot, record))
        answers = _ANSWERS.get(request.id) or Answers()
        if answers.refused:
            raise GameError(text("afterplay.takeback_closed"))
        if not self.accept:
            _ANSWERS[request.id] = replace(answers, refused=True)
            await interaction.response.edit_message(
                content=tr("afterplay.takeback_refused", locale, name=names[self.seat], by=names[answerer]), view=None)
            return
        accepted = answers.accepted | seats_of(self.mask, len(record.players)) | {answerer}
        _ANSWERS[request.id] = replace(answers, accepted=accepted)
        if not others_of(record, self.seat) <= accepted:
            await interaction.response.edit_message(
                content=await request_content(bot, record, self.seat, accepted, locale),
                view=views.takeback_view(record.id, self.version, self.seat, mask_of(accepted), locale))
            return
        await interaction.response.defer()
        played = await bot.service.take_back(Loaded(record, match_of(record)), self.seat, self.version)
        await interaction.edit_original_response(content=tr("afterplay.takeback_done", locale, name=names[self.seat]), view=None)
        await after_commit(bot, played)


def clicked_request(interaction: discord.Interaction, custom_id: str) -> discord.Message | None:
    """The request message, when the clicked id is one the bot put on it: the seats the id says accepted
    are then the bot's own record, not a forged claim (a hostile client can send any id)."""
    message, me = interaction.message, interaction.client.user
    if message is None or me is None or message.author.id != me.id:
        return None
    shown = any(getattr(child, "custom_id", None) == custom_id
                for row in message.components for child in getattr(row, "children", ()))
    return message if shown else None


DYNAMIC_ITEMS = (TakebackAnswer,)
