"""The Discord side of leagues: opening a round's games in the league's channel (one thread per game,
only its players pinged), the league loop's pass, and the standings as an image and as text.

Games are created and started by `LeagueService` and published through the one publish path
(`publish_start`, `after_commit`) like any other game; this module only adds the league's own messages.
"""

from __future__ import annotations

import hashlib
import io
import logging
from typing import TYPE_CHECKING, Awaitable, Callable, Sequence

import discord

from engine import registry
from renderers.output import IMAGE_SUFFIX
from renderers.standings import StandingsRow, standings_image
from renderers.worker import encoded_pages
from discord_ui import announce
from tabletop.presentation import pictures
from tabletop.presentation.i18n import lang, tr
from discord_ui.interactions import clip
from tabletop.leagues.bracket_image import as_files, bracket_attachments
from tabletop.leagues.bracket_text import bracket_text, match_label
from tabletop.leagues.service import LeagueService, Progress, league_config
from tabletop.leagues.tournament import match_of_table
from tabletop.leagues.standings import monospace, name_cell, points_text, text_table
from tabletop.leagues.progress import OUTSIDE, Standing, bracket_progress, shows_progress
from tabletop.leagues.brackets.view import BracketView, MatchView
from discord_ui.lobby_ui import THREAD_ARCHIVE_MINUTES
from tabletop.delivery.publish import after_commit, publish_start
from tabletop.runtime.leases import held, lease_end
from tabletop.play.service import Loaded
from storage.league_records import LeagueGameRecord, LeagueRecord

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.leagues")
PASS_LIMIT = 20


def leagues_of(bot: "TabletopBot") -> LeagueService:
    """Stateless: built over the bot's store, game service and clock whenever needed, asking Discord who
    left the server (`discord_ui.membership`) before a pass pairs anyone."""
    return LeagueService(bot.store, bot.service, bot.service.now, bot.membership.gone)


async def league_locale(bot: "TabletopBot", league: LeagueRecord) -> str:
    return lang((await bot.store.get_guild_settings(league.guild_id)).get("locale", "en"))


def pings(users: Sequence[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(user) for user in users if user > 0])


def mention(user: int) -> str:
    return f"<@{user}>" if user > 0 else "AI"


async def say(bot: "TabletopBot", league: LeagueRecord, content: str, users: Sequence[int] = (),
              file: discord.File | None = None, *, files: Sequence[discord.File] = ()) -> int | None:
    """A message in the league's channel notifying exactly `users`; its id, or None when Discord refused."""
    return await post_in(bot, league.channel_id, content, users, file, files=files)


async def post_in(bot: "TabletopBot", channel_id: int, content: str, users: Sequence[int] = (),
                  file: discord.File | None = None, *, files: Sequence[discord.File] = ()) -> int | None:
    """A message in a channel notifying exactly `users`, with an attachment (`file`) or several pages
    (`files`); its id, or None when Discord refused."""
    channel = bot.get_partial_messageable(channel_id)
    kwargs: dict[str, object] = {"file": file} if file is not None else {"files": list(files)} if files else {}
    try:
        message = await channel.send(clip(content), allowed_mentions=pings(users), **kwargs)
    except discord.HTTPException:
        log.warning("could not post in channel %s", channel_id, exc_info=True)
        return None
    return message.id


async def open_tables(bot: "TabletopBot", league: LeagueRecord, tables: Sequence[LeagueGameRecord]) -> None:
    """Each table's game: a message naming its players (pinging only them), a thread on it, the first
    board. A table whose game already runs (a pass repeated after a crash) is left alone."""
    service = leagues_of(bot)
    locale = await league_locale(bot, league)
    game_name = registry.get(league.game_type).name.get(locale)
    view = await service.bracket(league) if league_config(league).tournament else None
    for table in tables:
        try:
            loaded = await service.open_table(league, table)
        except Exception:  # noqa: BLE001 - one table failing must not keep the others from opening
            log.exception("league %s: table %s/%s could not be opened", league.id, table.round, table.table)
            continue
        if loaded is None:
            continue
        record = loaded.record
        deadline = next((r.deadline for r in await bot.store.league_rounds(league.id) if r.number == table.round), None)
        found = match_of_table(view, table) if view is not None else None
        players = " / ".join(mention(user) for user in table.players)
        when = f"<t:{int(deadline)}:R>" if deadline else "-"
        intro = tr("bracket.table_intro", locale, league=league.name, match=match_label(found[0], locale), number=found[1],
                   game=game_name, id=record.id, players=players, deadline=when) if found is not None else \
            tr("league.table_intro", locale, league=league.name, round=table.round, table=table.table + 1, game=game_name,
               id=record.id, players=players, deadline=when)
        await open_game(bot, league.channel_id, loaded, intro, table.players, locale, game_name)


async def open_game(bot: "TabletopBot", channel_id: int, loaded: Loaded, intro: str, users: Sequence[int], locale: str,
                    game_name: str) -> None:
    """A started game opened in a channel, as every table of a league (and of the ranked queue) opens: a
    message naming its players (pinging only `users`), a thread on it, the first board and turn notices."""
    record = loaded.record
    message_id = await post_in(bot, channel_id, intro, users)
    thread_id = await open_thread(bot, channel_id, message_id, tr("game.thread_name", locale, game=game_name, id=record.id))
    if thread_id is not None:
        await bot.store.set_messages(record.id, thread_id=thread_id)
    header = None if thread_id is not None else tr("game.no_thread", locale)
    record = await bot.store.get_game(record.id) or record
    start_line = await announce.start_line(bot, record)
    await publish_start(bot, Loaded(record, loaded.match), "\n".join(filter(None, [header, start_line])))


async def open_thread(bot: "TabletopBot", channel_id: int, message_id: int | None, name: str) -> int | None:
    """A thread on the table's message; None when there is no message or threads are refused (the game
    then goes on in the channel, saying so)."""
    if message_id is None:
        return None
    try:
        thread = await bot.http.start_thread_with_message(channel_id, message_id, name=name[:100],
                                                          auto_archive_duration=THREAD_ARCHIVE_MINUTES)
    except discord.HTTPException:
        return None
    return int(thread["id"])


async def announce_progress(bot: "TabletopBot", progress: Progress) -> None:
    """Publish what one look at a league did: forced results, void tables, a new round, the end."""
    league = progress.league
    locale = await league_locale(bot, league)
    if progress.left:
        names = await names_of(bot, progress.left, locale)
        await say(bot, league, tr("league.member_left", locale, league=league.name,
                                  names=", ".join(announce.escape(names[user]) for user in progress.left)))
    for played in progress.forced:
        await after_commit(bot, played)
    for table in progress.voided:
        await say(bot, league, tr("league.table_void", locale, league=league.name, round=table.round, table=table.table + 1,
                                  players=" / ".join(mention(user) for user in table.players)))
    if progress.short:
        await say(bot, league, tr("league.short", locale, name=league.name, count=len(league.members),
                                  needed=league_config(league).players), [league.created_by])
    if progress.opened is not None:
        rounds = await bot.store.league_rounds(league.id)
        current = rounds[-1]
        byes = ", ".join(mention(user) for user in current.byes) or "-"
        await say(bot, league, tr("league.round_opened", locale, league=league.name, round=current.number,
                                  deadline=f"<t:{int(current.deadline)}:f>", byes=byes), current.byes)
    if progress.tables:
        await open_tables(bot, league, progress.tables)
    if league_config(league).tournament:
        await post_bracket(bot, league, locale)
    elif progress.finished:
        content, file = await standings_payload(bot, league, locale, final=True)
        await say(bot, league, content, list(league.members), file)


async def post_bracket(bot: "TabletopBot", league: LeagueRecord, locale: str) -> None:
    """The tournament's bracket in its channel whenever it changed (a result, a new round, the end), once
    per change whichever process saw it (`mark_bracket` on the text's digest). One message, edited in
    place so the channel is not flooded; a new one only when the old one is gone or Discord refuses to
    edit it (30046: too many edits of hour-old messages). The end also gets a short line pinging the
    entrants, as an edit notifies nobody."""
    league = await leagues_of(bot).reload(league)
    content, drawn = await _bracket_text(bot, league, locale)
    if not await bot.store.mark_bracket(league.id, hashlib.sha256(content.encode()).hexdigest()):
        return
    attachments = await drawn()
    previous = await bot.store.bracket_message(league.id)
    message_id = previous if previous is not None and await edit_in(bot, league.channel_id, previous, content,
                                                                     as_files(attachments)) else None
    if message_id is None:
        message_id = await say(bot, league, content, files=as_files(attachments))
        if message_id is not None:
            await bot.store.set_bracket_message(league.id, message_id)
    if league.status == "finished":
        view = await leagues_of(bot).bracket(league)
        names = await names_of(bot, list(view.champions), locale)
        link = f"https://discord.com/channels/{league.guild_id}/{league.channel_id}/{message_id}" if message_id else "-"
        await say(bot, league, tr("bracket.finished", locale, league=league.name,
                                  name=" & ".join(names[user] for user in view.champions) or "-", link=link),
                  list(league.members))


async def edit_in(bot: "TabletopBot", channel_id: int, message_id: int, content: str, files: Sequence[discord.File]) -> bool:
    """Edit one of the bot's messages in place (text and attachments); False when it is gone or Discord
    refused the edit, so the caller posts a new one."""
    message = bot.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        await message.edit(content=clip(content), attachments=list(files), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as error:
        log.info("bracket message %s not edited (%s): posting a new one", message_id, error.code)
        return False
    return True


async def bracket_payload(bot: "TabletopBot", league: LeagueRecord, locale: str) -> tuple[str, list[discord.File]]:
    """The bracket as text (the message) and as an image (its pages, `tabletop.leagues.bracket_image`), in one
    language."""
    content, drawn = await _bracket_text(bot, league, locale)
    return content, as_files(await drawn())


async def _bracket_text(bot: "TabletopBot", league: LeagueRecord,
                        locale: str) -> tuple[str, Callable[[], Awaitable[list[tuple[str, bytes]]]]]:
    """The bracket's text, and how to draw its image (its pages as attachments): the league's pass draws it
    only when the text changed."""
    view = await leagues_of(bot).bracket(league)
    names = await names_of(bot, list(view.entrants), locale)
    title = f"{league.name} — {registry.get(league.game_type).name.get(locale)}"
    return (clip(bracket_text(view, names, locale, title)),
            lambda: bracket_attachments(league.guild_id, league.id, view, names, locale, title))


async def league_pass(bot: "TabletopBot") -> int:
    """Every due league looked at once; returns how many. Errors stay with their league.

    Several bot processes may run this loop on one database: the pass claims the leagues it advances
    (short leases renewed while it works, tabletop.runtime.leases) and releases them once their announcements
    are out, so another process's pass skips them and no announcement goes out twice."""
    due = await bot.store.claim_due_leagues(bot.service.now(), until=lease_end(bot.service.now), limit=PASS_LIMIT)
    service = leagues_of(bot)
    async with held(bot.store, bot.service.now, leagues=[league.id for league in due]):
        for league in due:
            try:
                await announce_progress(bot, await service.advance(league))
            except Exception:  # noqa: BLE001 - the loop must go on with the other leagues
                log.exception("league %s: the pass failed", league.id)
    return len(due)


async def member_left(bot: "TabletopBot", guild_id: int, user_id: int) -> None:
    """A member left the server (the gateway says so when the bot has the members intent): withdrawn at
    once from its leagues and tournaments still running or signing up, each told in its channel and its
    bracket posted, as the next pass would have done."""
    bot.membership.left(guild_id, user_id)
    for progress in await leagues_of(bot).member_left(guild_id, user_id):
        try:
            await announce_progress(bot, progress)
        except Exception:  # noqa: BLE001 - one league failing must not keep the others from hearing
            log.exception("league %s: the withdrawal of %s could not be announced", progress.league.id, user_id)


async def names_of(bot: "TabletopBot", users: Sequence[int], locale: str) -> dict[int, str]:
    return {user: (await bot.display_name(user)) if user > 0 else tr("league.ai", locale) for user in users}


def tiebreak_label(name: str, locale: str) -> str:
    return tr(f"league.tb_{name}", locale)


async def standings_payload(bot: "TabletopBot", league: LeagueRecord, locale: str, *,
                            final: bool = False) -> tuple[str, discord.File]:
    """The standings as text (the message) and as an image (its attachment), in one language."""
    service = leagues_of(bot)
    config = league_config(league)
    view = await service.bracket(league) if config.tournament and league.status != "signup" else None
    if view is not None and shows_progress(view):
        return await progress_payload(bot, league, view, locale, final=final)
    rows = await service.table(league)
    names = await names_of(bot, [row.user_id for row in rows], locale)
    headers = ["#", tr("league.col_name", locale), tr("league.col_points", locale), tr("league.col_record", locale),
               *(tiebreak_label(name, locale) for name in config.effective_tiebreaks)]
    image_rows = [StandingsRow(row.place, names[row.user_id], points_text(row.points), f"{row.wins}-{row.draws}-{row.losses}",
                               tuple(points_text(value) for value in row.tiebreaks), row.user_id in league.withdrawn)
                  for row in rows]
    heading, file = await standings_file(league, locale, final, headers, image_rows)
    return heading + text_table(rows, names, headers), file


async def standings_file(league: LeagueRecord, locale: str, final: bool, headers: list[str],
                         image_rows: list[StandingsRow]) -> tuple[str, discord.File]:
    """The standings message's first line (title and how far the league is) and its image, for either
    table (points, or an elimination tournament's progress)."""
    title = f"{league.name} — {registry.get(league.game_type).name.get(locale)}"
    done = league.round - (1 if league.status == "running" else 0)
    subtitle = tr("league.final" if final else "league.after_round", locale, round=done)
    (data,) = await pictures.render_job(league.guild_id, encoded_pages, standings_image, title, subtitle, headers, image_rows)
    file = discord.File(io.BytesIO(data), filename=f"standings-{league.id}-r{done}.{IMAGE_SUFFIX}")
    return f"**{title}** · {subtitle}\n", file


async def progress_payload(bot: "TabletopBot", league: LeagueRecord, view: BracketView, locale: str, *,
                           final: bool) -> tuple[str, discord.File]:
    """An elimination tournament's standings (`tabletop.leagues.progress`): who is still in and where,
    who went out in which match, as an image and as text, in one language."""
    rows = bracket_progress(view, league.withdrawn)
    names = await names_of(bot, [row.user_id for row in rows], locale)
    headers = ["#", tr("league.col_name", locale), tr("progress.col_status", locale), tr("progress.col_matches", locale),
               tr("progress.col_where", locale)]

    def where(row: Standing) -> str:
        if isinstance(row.where, MatchView):
            return match_label(row.where, locale)
        return tr("progress.outside", locale) if row.where == OUTSIDE else "-"

    cells = [(row, tr(f"progress.{row.status}", locale), f"{row.won}-{row.lost}", where(row)) for row in rows]
    image_rows = [StandingsRow(row.place, names[row.user_id], status, record, (place,), row.status == "withdrawn")
                  for row, status, record, place in cells]
    heading, file = await standings_file(league, locale, final, headers, image_rows)
    table = [headers, *([f"{row.place}.", name_cell(names[row.user_id]), status, record, place]
                        for row, status, record, place in cells[:25])]
    return heading + monospace(table), file
