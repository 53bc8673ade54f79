"""How games are shown on Discord: names, links, event and status lines, images, lobby and rules embeds.

The lines and names are the front-end-neutral ones of `tabletop.presentation` (the live board shows the
same), named here too for the Discord side; the pictures are `tabletop.presentation.pictures`'. Nothing
here sends a message; `publish` and the UI modules do, after the commit.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any, Iterable, Mapping

import discord

from engine import registry
from engine.core.match import Match
from renderers.toolkit import IMAGE_SUFFIX
from tabletop.runtime import packages
from tabletop.play.ai_seats import ai_name, is_ai, level_of
from tabletop.leagues.results import lobby_rated
from tabletop.presentation import pictures
from tabletop.presentation.i18n import lang, tr
from tabletop.presentation.names import guild_locale, seat_names
from tabletop.presentation.texts import clock_note, event_lines, result_lines, status_lines, waiting_lines
from discord_ui.interactions import clip
from tabletop.play.service import game_of, lobby_control, options_summary
from storage.base import GameRecord

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.announce")
DM_CLOSED = 50007


def jump_url(record: GameRecord, message_id: int | None = None) -> str:
    """A link into the game's thread (or channel); DM games have no guild part."""
    where = record.thread_id or record.channel_id
    guild = record.guild_id if record.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{where}" + (f"/{message_id}" if message_id else "")


def escape(name: str) -> str:
    """A display name safe inside message text: no markdown, no mention, no link."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def text_names(names: Mapping[int, str]) -> dict[int, str]:
    """The same names escaped for message text."""
    return {seat: escape(name) for seat, name in names.items()}


async def render_file(
    kind: str, record: GameRecord, match: Match, seat: int | None, locale: str, names: Mapping[int, str]
) -> discord.File | None:
    """One view as an image file (`rendered`, shared with every other use of the same view)."""
    data = await pictures.rendered(kind, record, match, seat, locale, names)
    if data is None:
        return None
    suffix = "" if seat is None else f"-s{seat}"
    return discord.File(io.BytesIO(data), filename=f"{kind}-{record.id}-v{match.version}{suffix}.{IMAGE_SUFFIX}")


MAX_ATTACHMENTS = 10
"""Files Discord accepts on one message."""


def page_files(pages: Iterable[bytes], stem: str) -> list[discord.File]:
    """A sheet's encoded pages as the attachments of one message, in order: `stem.webp`, or `stem-1.webp`,
    `stem-2.webp`… Every sheet is cut into pages a phone shows full width (`renderers.pages`), and one
    message holds them all, so a card list is one message however many pages it has."""
    pages = list(pages)
    if len(pages) > MAX_ATTACHMENTS:
        raise ValueError(f"{stem}: {len(pages)} pages, more than one message holds ({MAX_ATTACHMENTS})")
    names = [stem] if len(pages) == 1 else [f"{stem}-{number}" for number in range(1, len(pages) + 1)]
    return [discord.File(io.BytesIO(page), filename=f"{name}.{IMAGE_SUFFIX}") for name, page in zip(names, pages)]


async def start_line(bot: "TabletopBot", record: GameRecord) -> str:
    """The first line of a game's thread: which game, and who plays."""
    locale = await guild_locale(bot, record)
    names = text_names(await seat_names(bot, record))
    return tr("game.started", locale, game=game_of(record).name.get(locale), id=record.id, players=", ".join(names.values()))


async def check_dm(bot: "TabletopBot", record: GameRecord, user_id: int, locale: str) -> bool:
    """Welcome a joining player by DM; a 50007 tells us now, not mid-game, that DMs are closed."""
    try:
        channel = await bot.create_dm(discord.Object(user_id))
        name = game_of(record).name.get(locale)
        await channel.send(tr("lobby.dm_welcome", locale, game=name, id=record.id) + "\n" + jump_url(record, record.lobby_message_id))
        await bot.store.update_user(user_id, dms_closed=False)
        return True
    except discord.Forbidden as error:
        if error.code != DM_CLOSED:
            raise
        await bot.store.update_user(user_id, dms_closed=True)
        return False


async def lobby_embed(bot: "TabletopBot", record: GameRecord, locale: str) -> discord.Embed:
    game = game_of(record)
    title = tr("lobby.title", locale, game=game.name.get(locale), id=record.id)
    embed = discord.Embed(title=title, description=game.summary.get(locale) or None, colour=0x0072B2)
    embed.add_field(name=tr("lobby.host", locale), value=f"<@{record.host_id}>", inline=True)
    rows = []
    for user_id in record.players:
        if is_ai(user_id):
            rows.append("🤖 " + ai_name(level_of(user_id), locale))
            continue
        closed = (await bot.store.get_user(user_id)).dms_closed
        rows.append(f"<@{user_id}>" + (" " + tr("lobby.dms_closed_mark", locale) if closed else ""))
    embed.add_field(
        name=tr("lobby.players", locale, count=len(record.players), capacity=record.capacity),
        value="\n".join(rows) or "-",
        inline=False,
    )
    options = options_summary(game, record.options, locale)
    control = lobby_control(record.options, await bot.service.settings(record))
    options.append((tr("lobby.time", locale), control.label().get(locale)))
    rated = lobby_rated(record.options, await bot.service.settings(record))
    options.append((tr("league.rated", locale), tr(f"league.rated_{'on' if rated else 'off'}", locale)))
    if options:
        embed.add_field(name=tr("lobby.options", locale), value="\n".join(f"{k}: **{v}**" for k, v in options), inline=False)
    counts = "/".join(str(count) for count in game.player_counts if count <= record.capacity)
    status = {"lobby": tr("lobby.counts", locale, counts=counts)}.get(record.status, tr(f"game.status_{record.status}", locale))
    embed.set_footer(text=status)
    return embed


def rules_embed(game_id: str, locale: str) -> discord.Embed:
    """A game's rules in our own words, from its package's rules document, else its one-line summary."""
    game = registry.get(game_id)
    package = packages.get(game_id)
    path = package.rules.get(lang(locale)) if package else None
    body = path.read_text(encoding="utf-8") if path is not None and path.is_file() else game.summary.get(locale)
    embed = discord.Embed(title=game.name.get(locale), description=clip(body, 4096) or None, colour=0x0072B2)
    embed.add_field(name="👥", value="/".join(map(str, game.player_counts)))
    return embed


def dm_kwargs(content: str, file: discord.File | None, view: discord.ui.View | None) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"content": clip(content), "allowed_mentions": discord.AllowedMentions.none()}
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    return kwargs
