"""A game's board message in its thread: posting it, adding lines in place or redrawing it, and finding one a
dead process posted. `DiscordBoard` is what the courier (discord_ui.courier) writes through; the publish path
decides what to show, this module how it reaches the thread."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import discord

from engine.core.match import Match
from engine.core.types import Event
from discord_ui import announce, views
from tabletop.play.ai_seats import people
from discord_ui.courier import Written
from tabletop.presentation.i18n import tr
from discord_ui.interactions import clip
from tabletop.delivery.live_links import live_links
from discord_ui.threads import in_open_thread
from storage.base import GameRecord, StoreError

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.board_message")
EDIT_WINDOW_SECONDS = 50 * 60  # Discord refuses repeated edits of messages older than an hour (30046)
UNKNOWN_MESSAGE = 10008  # the board message was deleted (a moderator tidying up): not the thread


class DiscordBoard:
    """A game's thread on Discord, as the courier writes it (discord_ui.courier.BoardIO)."""

    def __init__(self, bot: "TabletopBot") -> None:
        self.bot = bot

    async def write(self, record: GameRecord, match: Match, events: Sequence[Event], pinged: Sequence[int],
                    header: str | None, mention: Sequence[int], how: str) -> Written | None:
        return await write_board(self.bot, record, match, events, pinged, header, mention, how)

    def young(self, message_id: int) -> bool:
        return _young(self.bot, message_id)

    async def prepare(self, record: GameRecord, match: Match) -> None:
        try:
            await _board_image(record, match, await announce.guild_locale(self.bot, record),
                               await announce.seat_names(self.bot, record))
        except StoreError:
            log.warning("game %s: could not read what its board needs ahead of the write", record.id, exc_info=True)



async def find_posted_board(bot: "TabletopBot", record: GameRecord, match: Match) -> int | None:
    """The board message for exactly this state, if one is already in the thread (recent messages only)."""
    stem = board_stem(record.id, match.version)
    channel = bot.get_partial_messageable(record.thread_id or record.channel_id)
    try:
        async for message in channel.history(limit=20):
            if message.author.id == getattr(bot.user, "id", None) and any(a.filename.rpartition(".")[0] == stem for a in message.attachments):
                return message.id
    except discord.HTTPException:
        log.warning("game %s: could not read the thread to look for a posted board", record.id, exc_info=True)
    return None


def board_stem(game_id: int, version: int) -> str:
    """The board file's name without its extension, so boards posted before a change of image format
    are still found."""
    return f"board-{game_id}-v{version}"


def _young(bot: "TabletopBot", message_id: int) -> bool:
    """Still inside the edit window, on the bot's clock (the one tests move)."""
    return bot.service.now() - discord.utils.snowflake_time(message_id).timestamp() < EDIT_WINDOW_SECONDS


async def post_board(
    bot: "TabletopBot", record: GameRecord, match: Match, events: Iterable[Event], pinged: Sequence[int],
    header: str | None = None, *, mention: Sequence[int] | None = None,
) -> int | None:
    """A new board message when the decision passed to someone (`pinged`) or the game ended, else the
    current one updated. Only `mention` (default: `pinged`) are notified: players who turned thread
    mentions off, or are in their quiet hours, are named without a ping.
    Returns the board message's id (None when Discord refused it)."""
    written = await write_board(bot, record, match, events, pinged, header, mention, None)
    return written.message_id if written is not None else None


async def write_board(
    bot: "TabletopBot", record: GameRecord, match: Match, events: Iterable[Event], pinged: Sequence[int],
    header: str | None, mention: Sequence[int] | None, how: str | None,
) -> Written | None:
    """One board write (`discord_ui.courier.BoardWriter`): `how` is "post", "update" (lines added in place,
    the picture kept), "redraw" (in place with the picture of this state: a busy thread's catch-up), or
    None to choose as `post_board` says. Records the message and its lines."""
    notified = pinged if mention is None else mention
    locale = await announce.guild_locale(bot, record)
    names = await announce.seat_names(bot, record)
    tnames = announce.text_names(names)
    lines = ([header] if header else []) + announce.event_lines(events, locale, tnames)
    if match.finished:
        summary = match.outcome.summary.render(locale, tnames) if match.outcome else ""
        lines = [line for line in lines if line != summary]
    current = record.board_message_id
    if how is None:
        how = "post" if pinged or match.finished or current is None or not _young(bot, current) else "update"
    in_place = how != "post" and current is not None
    # An edit notifies nobody, so while a board is updated in place every awaited seat keeps its mention.
    shown = people(record, match.awaited_seats()) if in_place else pinged
    status = announce.status_lines(record, match, locale, tnames, shown)
    before = ""
    if in_place:
        before = picture_mark(record.board_log, locale) if how == "update" else without_mark(record.board_log, locale)
    log_text = "\n".join(filter(None, [before, *lines]))
    content = tail_clip(log_text, "\n".join(status))
    links = live_links(bot)
    view = views.final_view(record.id, locale, links) if match.finished else views.board_view(record.id, locale, links)
    mentions = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                       users=[discord.Object(record.players[seat]) for seat in notified])
    channel = bot.get_partial_messageable(record.thread_id or record.channel_id)

    async def write() -> discord.Message:
        kwargs: dict[str, Any] = {"content": content, "allowed_mentions": mentions}
        if not in_place or how == "redraw":
            file = await _board_image(record, match, locale, names)  # a fresh file each try: a send closes it
            if file is not None:
                kwargs["attachments" if in_place else "file"] = [file] if in_place else file
        if in_place and current is not None:
            return await channel.get_partial_message(current).edit(view=view, **kwargs)
        if view is not None:
            kwargs["view"] = view
        return await channel.send(**kwargs)

    try:
        message = await in_open_thread(bot, record.thread_id, write)
    except discord.NotFound as error:
        if in_place and error.code == UNKNOWN_MESSAGE:
            log.warning("game %s: its board message %s was deleted; posting a new one", record.id, current)
            fresh = replace(record, board_message_id=None, board_log=None)
            return await write_board(bot, fresh, match, events, pinged, header, mention, "post")
        if record.thread_id is None or record.thread_id == record.channel_id:
            log.warning("game %s: its channel is gone; the outbox keeps the board", record.id, exc_info=True)
            return None
        return await _move_to_channel(bot, record, match, events, pinged, header, locale)
    except discord.HTTPException:
        log.warning("game %s: the board could not be posted; the outbox keeps it for a retry", record.id, exc_info=True)
        return None
    await bot.store.set_messages(record.id, board_message_id=message.id, board_log=log_text or " ")
    return Written(message.id, log_text or " ")


def picture_mark(board_log: str | None, locale: str) -> str:
    """The board's log before lines are added in place, with the line saying its picture stops there.

    An update in place keeps the picture of the position the board was posted at (the next handover posts
    the new one), so the first update marks where the picture stops. Chosen by measured thread bytes over
    whole seeded games of every game: re-drawing the picture at each update would add 0.8–40 MB of images
    per game (War Chest 4p +7 %, Wall of War 3p +54 %, Walpurgis ×2, Wunderkammer 4p ×8, where a seat goes
    on most), the line adds 2–69 KB of text; messages, mentions, DMs and clicks are the same either way."""
    mark, board_log = tr("game.picture_before", locale), (board_log or "").strip()
    return board_log if mark in board_log else "\n".join(filter(None, [board_log, mark]))


def without_mark(board_log: str | None, locale: str) -> str:
    """The board's log when its picture is redrawn to the newest state: every line is then above it."""
    mark = tr("game.picture_before", locale)
    return "\n".join(line for line in (board_log or "").strip().splitlines() if line != mark)


async def _board_image(record: GameRecord, match: Match, locale: str, names: dict[int, str]) -> discord.File | None:
    """The picture of a new board message, or of a busy thread's board redrawn in place (lines added in place
    keep the picture they have: the next handover shows the new position anyway)."""
    try:
        return await announce.render_file("board", record, match, None, locale, names)
    except Exception:  # noqa: BLE001 - a drawing bug must not hide a committed move: post the text alone
        log.exception("game %s: the board image failed to render", record.id)
        return None


async def _move_to_channel(
    bot: "TabletopBot", record: GameRecord, match: Match, events: Iterable[Event], pinged: Sequence[int],
    header: str | None, locale: str,
) -> Written | None:
    """The game's thread was deleted: the game goes on in its channel, saying so once."""
    log.warning("game %s: thread %s is gone; continuing in channel %s", record.id, record.thread_id, record.channel_id)
    await bot.store.set_messages(record.id, thread_id=record.channel_id)
    moved = replace(record, thread_id=record.channel_id, board_message_id=None, board_log=None)
    return await write_board(bot, moved, match, events, pinged, "\n".join(filter(None, [tr("game.thread_gone", locale), header])),
                             None, "post")


def tail_clip(log_text: str, status: str) -> str:
    """The status always shows; the log keeps its newest lines when the message would be too long."""
    room = 2000 - len(status) - 2
    if len(log_text) > room:
        log_text = "…" + log_text[len(log_text) - room + 1:]
    return clip("\n".join(filter(None, [log_text, status])))
