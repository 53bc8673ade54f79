"""Everything the bot posts about a game: lobby embeds, board messages, private updates by DM.

Order matters for durability: callers commit first and only then call these, so what players see
never runs ahead of what is stored. Rendering runs in a worker thread (PNG encoding releases the GIL).
"""

from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import discord

from engine import registry
from engine.core.match import Match
from engine.core.types import Event, T
from renderers import RenderContext, for_game
from renderers.toolkit import encode_png
from tabletop.i18n import lang, tr
from tabletop.service import game_of, options_summary
from storage.base import GameRecord

if TYPE_CHECKING:
    from tabletop.bot import TabletopBot

log = logging.getLogger("tabletop.announce")
DM_CLOSED = 50007
CONTENT_LIMIT = 2000


def jump_url(record: GameRecord, message_id: int | None = None) -> str:
    where = record.thread_id or record.channel_id
    guild = record.guild_id or "@me"
    return f"https://discord.com/channels/{guild}/{where}" + (f"/{message_id}" if message_id else "")


def clip(text: str, limit: int = CONTENT_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def guild_locale(bot: "TabletopBot", record: GameRecord) -> str:
    if record.guild_id is None:
        return "en"
    return lang((await bot.store.get_guild_settings(record.guild_id)).get("locale", "en"))


async def seat_names(bot: "TabletopBot", record: GameRecord) -> dict[int, str]:
    return {seat: await bot.display_name(user_id) for seat, user_id in enumerate(record.players)}


def _render(kind: str, record: GameRecord, view: dict[str, Any], locale: str, names: dict[int, str]) -> bytes | None:
    renderer = for_game(record.game_type)
    ctx = RenderContext(locale, tuple(names[i] for i in sorted(names)), f"{game_of(record).name.get(locale)} #{record.id}")
    image = renderer.board(view, ctx) if kind == "board" else renderer.private(view, ctx)
    return None if image is None else encode_png(image)


async def render_file(
    kind: str, record: GameRecord, match: Match, seat: int | None, locale: str, names: dict[int, str]
) -> discord.File | None:
    data = await asyncio.to_thread(_render, kind, record, match.view(seat), locale, names)
    if data is None:
        return None
    return discord.File(io.BytesIO(data), filename=f"{kind}-{record.id}-v{match.version}" + ("" if seat is None else f"-s{seat}") + ".png")


def event_lines(events: Iterable[Event], locale: str, names: dict[int, str], seat: int | None = None) -> list[str]:
    return [event.text.render(locale, names) for event in events if event.seat == seat]


def status_lines(record: GameRecord, match: Match, locale: str, names: dict[int, str]) -> list[str]:
    """Whose decision it is (with a mention, so they are notified), or the final result."""
    outcome = match.outcome
    if outcome is not None:
        lines = [tr("game.over", locale, summary=outcome.summary.render(locale, names))]
        order = sorted(range(match.players), key=lambda seat: outcome.ranks[seat])
        for seat in order:
            score = f" ({outcome.scores[seat]:g})" if outcome.scores else ""
            lines.append(tr("game.rank_line", locale, rank=outcome.ranks[seat], name=names[seat], score=score))
        return lines
    lines = []
    for decision in match.pending():
        mention = f"<@{record.players[decision.seat]}>"
        lines.append(tr("turn.waiting", locale, who=mention, prompt=decision.prompt.render(locale, names)))
    return lines


async def post_board(
    bot: "TabletopBot", record: GameRecord, match: Match, events: Iterable[Event] = (), header: str | None = None
) -> discord.Message:
    """A new board message in the game's thread (never an edit of an old one: see error 30046)."""
    from tabletop.components import board_view

    locale = await guild_locale(bot, record)
    names = await seat_names(bot, record)
    lines = ([header] if header else []) + event_lines(events, locale, names) + status_lines(record, match, locale, names)
    file = await render_file("board", record, match, None, locale, names)
    channel = bot.get_partial_messageable(record.thread_id or record.channel_id)
    kwargs: dict[str, Any] = {"content": clip("\n".join(lines))}
    if file is not None:
        kwargs["file"] = file
    if not match.finished:
        kwargs["view"] = board_view(record.id, locale)
    message = await channel.send(**kwargs)
    await bot.store.set_messages(record.id, board_message_id=message.id)
    return message


async def send_private_updates(bot: "TabletopBot", record: GameRecord, match: Match, events: Sequence[Event]) -> None:
    """DM each seat whose private information changed (events flagged `dm`)."""
    seats = sorted({event.seat for event in events if event.seat is not None and event.data.get("dm")})
    names = await seat_names(bot, record)
    for seat in seats:
        await dm_private(bot, record, match, seat, [event for event in events if event.seat == seat], names)


async def dm_starting_views(bot: "TabletopBot", record: GameRecord, match: Match) -> None:
    """At the start, DM each seat that holds something private (its private image is not empty)."""
    names = await seat_names(bot, record)
    event = Event(T("ゲーム開始時のあなたの情報です。", "Your starting information."))
    for seat in range(match.players):
        await dm_private(bot, record, match, seat, [replace(event, seat=seat)], names, only_with_image=True)


async def dm_private(
    bot: "TabletopBot", record: GameRecord, match: Match, seat: int, events: list[Event], names: dict[int, str],
    *, only_with_image: bool = False,
) -> bool:
    """Send one seat its private view by DM; on 50007 remember it and point them to the button instead."""
    from tabletop.components import private_view

    user_id = record.players[seat]
    user = await bot.store.get_user(user_id)
    if user.dms_closed:
        return False
    locale = lang(user.locale)
    title = tr("turn.private_update", locale, game=game_of(record).name.get(locale), id=record.id)
    lines = [f"**{title}**", *event_lines(events, locale, names, seat), jump_url(record)]
    file = await render_file("private", record, match, seat, locale, names)
    if file is None and only_with_image:
        return False
    kwargs: dict[str, Any] = {"content": clip("\n".join(lines))}
    if file is not None:
        kwargs["file"] = file
    if seat in match.awaited_seats():
        kwargs["view"] = private_view(record.id, locale)
    try:
        channel = await bot.create_dm(discord.Object(user_id))
        await channel.send(**kwargs)
        return True
    except discord.Forbidden as error:
        if error.code != DM_CLOSED:
            raise
        await bot.store.update_user(user_id, dms_closed=True)
        locale = await guild_locale(bot, record)
        thread = bot.get_partial_messageable(record.thread_id or record.channel_id)
        await thread.send(tr("turn.dm_closed_notice", locale, user=f"<@{user_id}>"))
        return False


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
        closed = (await bot.store.get_user(user_id)).dms_closed
        rows.append(f"<@{user_id}>" + (" " + tr("lobby.dms_closed_mark", locale) if closed else ""))
    embed.add_field(
        name=tr("lobby.players", locale, count=len(record.players), capacity=record.capacity),
        value="\n".join(rows) or "-",
        inline=False,
    )
    options = options_summary(game, record.options, locale)
    if options:
        embed.add_field(name=tr("lobby.options", locale), value="\n".join(f"{k}: **{v}**" for k, v in options), inline=False)
    counts = "/".join(str(count) for count in game.player_counts if count <= record.capacity)
    status = {"lobby": tr("lobby.counts", locale, counts=counts)}.get(record.status, tr(f"game.status_{record.status}", locale))
    embed.set_footer(text=status)
    return embed


RULES_DIR = Path(__file__).resolve().parent.parent / "data"


def rules_embed(game_id: str, locale: str) -> discord.Embed:
    """A game's rules in our own words, from `data/<game>/rules.<lang>.md`, else its one-line summary."""
    game = registry.get(game_id)
    path = RULES_DIR / game_id / f"rules.{lang(locale)}.md"
    body = path.read_text(encoding="utf-8") if path.exists() else game.summary.get(locale)
    embed = discord.Embed(title=game.name.get(locale), description=clip(body, 4096) or None, colour=0x0072B2)
    embed.add_field(name="👥", value="/".join(map(str, game.player_counts)))
    return embed
