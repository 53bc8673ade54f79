"""`/game log`, `/game replay` and `/game history` on Discord: which game a viewer may look back at, the
ephemeral pagers and their persistent buttons, and the list of finished games.

A pager button carries the game id and the page or step it leads to; every click checks again that the
clicker may see that game from where they are and that the page or step exists, so a forged or stale
button is a short private refusal and the message stays as it was.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, Callable, Mapping

import discord

from engine.core.errors import GameError
from discord_ui import announce, ids
from tabletop.play import history
from tabletop.presentation.i18n import lang, text, tr
from discord_ui.interactions import bot_of, check_place, clip, guarded, late_answer, send_ephemeral
from discord_ui.layout import Layout
from tabletop.play.service import game_of, match_of
from storage.base import GameRecord, LobbyError

JUMP = 10
COLOUR = 0x0072B2
IdBuilder = Callable[[int, int, str], str]


async def chosen_game(interaction: discord.Interaction, game_id: int | None) -> GameRecord:
    """The game a command means, as `/game show` chooses it: an explicit id (this server's, or from DMs
    the user's own), else this thread's game; it must have started and not been cancelled."""
    record = await bot_of(interaction).service.find_game(
        explicit=game_id, channel_id=interaction.channel_id, user_id=interaction.user.id,
        guild_id=interaction.guild_id, statuses=history.VIEWABLE)
    if record is None:
        raise LobbyError("not_found") if game_id is not None else GameError(text("err.which_game"))
    return viewable(interaction, record)


async def clicked_game(interaction: discord.Interaction, game_id: int) -> GameRecord:
    """The game a pager button names: an ephemeral message is its user's only, yet the id may be forged."""
    record = await bot_of(interaction).store.get_game(game_id)
    if record is None:
        raise LobbyError("not_found")
    return viewable(interaction, record)


def viewable(interaction: discord.Interaction, record: GameRecord) -> GameRecord:
    """A started, uncancelled game, looked at from its own server and channel (or by a seated player from
    their DMs): the same place rule as every other game command, so an id alone never opens a game."""
    if record.status not in history.VIEWABLE or record.state is None:
        raise GameError(text("history.unavailable"))
    check_place(interaction, record, from_dm=True)
    return record


def pager(position: int, last: int, build: IdBuilder, game_id: int, indicator: str, *, jumps: bool) -> discord.ui.View:
    """⏮ ◀ position ▶ ⏭ (and −10 +10 for a replay); a button that would not move is disabled."""
    targets = [("f", "⏮", 0), ("p", "◀", max(position - 1, 0)), ("c", indicator, position),
               ("n", "▶", min(position + 1, last)), ("l", "⏭", last)]
    if jumps:
        targets += [("b", f"−{JUMP}", max(position - JUMP, 0)), ("j", f"+{JUMP}", min(position + JUMP, last))]
    view = Layout()
    for index, (via, label, target) in enumerate(targets):
        view.add_item(discord.ui.Button(
            label=label, custom_id=build(game_id, target, via), row=index // 5,
            style=discord.ButtonStyle.primary if via == "c" else discord.ButtonStyle.secondary,
            disabled=via == "c" or target == position))
    return view


# ---- the log ---------------------------------------------------------------------------------------------


async def log_payload(interaction: discord.Interaction, record: GameRecord, page: int | None) -> dict[str, Any]:
    """One page of the log as the clicking user may read it (None: the newest page)."""
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    past = await history.history_of(bot.store, record)
    names = announce.text_names(await announce.seat_names(bot, record))
    pages = await asyncio.to_thread(history.log_pages, past, locale, names, record.seat_of(interaction.user.id))
    index = len(pages) - 1 if page is None else page
    if not 0 <= index < len(pages):
        raise GameError(text("history.no_such_page"))
    title = tr("history.log_title", locale, game=game_of(record).name.get(locale), id=record.id)
    embed = discord.Embed(title=title, description=pages[index], colour=COLOUR, url=announce.jump_url(record))
    embed.set_footer(text=tr(f"game.status_{record.status}", locale))
    indicator = tr("history.page_of", locale, page=index + 1, pages=len(pages))
    return {"embed": embed, "view": pager(index, len(pages) - 1, ids.log_page, record.id, indicator, jumps=False)}


async def open_log(interaction: discord.Interaction, game_id: int | None) -> None:
    record = await chosen_game(interaction, game_id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    payload = await log_payload(interaction, record, None)
    await late_answer(interaction, allowed_mentions=discord.AllowedMentions.none(), **payload)


class LogPage(discord.ui.DynamicItem[discord.ui.Button], template=ids.LOG_PAGE):
    def __init__(self, item: discord.ui.Button, game_id: int, page: int) -> None:
        super().__init__(item)
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "LogPage":
        return cls(item, int(match["gid"]), int(match["page"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        record = await clicked_game(interaction, self.game_id)
        await interaction.response.defer()
        payload = await log_payload(interaction, record, self.page)
        await late_answer(interaction, edit=True, needed=False, **payload)


# ---- the replay ------------------------------------------------------------------------------------------


async def replay_payload(interaction: discord.Interaction, record: GameRecord, step: int) -> tuple[str, list[discord.File], discord.ui.View]:
    """The public board at `step` with that step's public lines, and the stepping buttons."""
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    past = await history.history_of(bot.store, record)
    if not 0 <= step <= past.last:
        raise GameError(text("history.no_such_step"))
    names = await announce.seat_names(bot, record)
    files = await step_files(record, past, step, locale, names)
    title = tr("history.replay_title", locale, game=game_of(record).name.get(locale), id=record.id)
    content = clip("\n".join([f"**{title}**", *history.step_lines(past, step, locale, announce.text_names(names))]))
    indicator = tr("history.step_of", locale, step=step, steps=past.last)
    return content, files, pager(step, past.last, ids.replay_step, record.id, indicator, jumps=True)


async def open_replay(interaction: discord.Interaction, game_id: int | None, step: int = 0) -> None:
    """A new private replay at `step` (the start, or a position a review links to)."""
    record = await chosen_game(interaction, game_id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    content, files, view = await replay_payload(interaction, record, step)
    await late_answer(interaction, content=content, files=files, view=view, allowed_mentions=discord.AllowedMentions.none())


class ReplayStep(discord.ui.DynamicItem[discord.ui.Button], template=ids.REPLAY_STEP):
    """A replay pager's button turns its own (private) page; the final board's Replay button and a review's
    jump buttons (`via` "o") open a new private replay at their step instead, leaving their message as it is."""

    def __init__(self, item: discord.ui.Button, game_id: int, step: int, via: str) -> None:
        super().__init__(item)
        self.game_id, self.step, self.via = game_id, step, via

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "ReplayStep":
        return cls(item, int(match["gid"]), int(match["step"]), match["via"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.via == "o":
            await open_replay(interaction, self.game_id, self.step)
            return
        record = await clicked_game(interaction, self.game_id)
        await interaction.response.defer()
        content, files, view = await replay_payload(interaction, record, self.step)
        await late_answer(interaction, edit=True, needed=False, content=content, attachments=files, view=view,
                          allowed_mentions=discord.AllowedMentions.none())


DYNAMIC_ITEMS = (LogPage, ReplayStep)


# ---- the finished games list -----------------------------------------------------------------------------

FINISHED_SHOWN = 15


async def open_finished(interaction: discord.Interaction, member: discord.abc.User | None) -> None:
    """`/game history`: this server's finished games (or one member's), newest first, each with its places,
    a link to its thread and the command that replays it."""
    if interaction.guild_id is None:
        raise GameError(text("league.guild_only"))
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    records = await bot.store.list_games(guild_id=interaction.guild_id, statuses=("finished",),
                                         user_id=member.id if member else None, limit=FINISHED_SHOWN)
    lines = [tr("history.finished_title", locale, who=announce.escape(member.display_name)) if member
             else tr("history.finished_server", locale)]
    for record in records:
        outcome = (await asyncio.to_thread(match_of, record)).outcome if record.state is not None else None
        names = announce.text_names(await announce.seat_names(bot, record))
        order = sorted(range(len(record.players)), key=lambda seat: outcome.ranks[seat]) if outcome else []
        places = " > ".join(names[seat] for seat in order) if outcome and not outcome.is_draw else \
            " = ".join(names[seat] for seat in range(len(record.players)))
        when = f"<t:{int(record.finished_at)}:d>" if record.finished_at else ""
        lines.append(tr("history.finished_line", locale, id=record.id, game=game_of(record).name.get(locale), when=when,
                        places=places, link=announce.jump_url(record, record.board_message_id)))
    if not records:
        lines.append(tr("history.finished_none", locale))
    await send_ephemeral(interaction, clip("\n".join(lines)))


async def step_files(record: GameRecord, past: history.History, step: int, locale: str,
                     names: Mapping[int, str]) -> list[discord.File]:
    """The public board at `step` (the same render and file name as the live board of that version), and
    each seat's private view when `reveals_private` allows it."""
    match = past.match_at(step)
    files = [await announce.render_file("board", record, match, None, locale, names)]
    if history.reveals_private(record):
        files += [await announce.render_file("private", record, match, seat, locale, names) for seat in range(match.players)]
    return [file for file in files if file is not None]
