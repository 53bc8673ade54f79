"""How games are shown on Discord: names, links, event and status lines, images, lobby and rules embeds.

The lines and names are the front-end-neutral ones of `tabletop.presentation` (the live board shows the
same), named here too for the Discord side. Nothing here sends a message; `publish` and the UI modules do,
after the commit.
Images are drawn in the bot's render pool (`start_rendering`: warm worker processes behind a fair,
bounded gate), so a burst of boards never stalls the event loop; without a pool (scripts, unit tests) in
a worker thread.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any, Callable, Hashable, Iterable, Mapping, TypeVar

import discord

from engine import registry
from engine.core.match import Match
from renderers import RenderContext, for_game
from renderers.density import LIVE_DENSITY  # noqa: F401 - the live board's pictures' density, for the web front end
from renderers.toolkit import IMAGE_SUFFIX
from renderers.worker import board_layout as layout_job, encoded_pages, render_image
from tabletop import packages
from tabletop.ai_seats import ai_name, is_ai, level_of
from tabletop.cache import SharedResults
from tabletop.leagues.results import lobby_rated
from tabletop.i18n import lang, tr
from tabletop.presentation.names import guild_locale, seat_names
from tabletop.presentation.scene import BoardLayout
from tabletop.presentation.texts import clock_note, event_lines, result_lines, status_lines, waiting_lines
from tabletop.interactions import clip
from tabletop.service import game_of, lobby_control, options_summary
from tabletop.workers import WorkerPool
from storage.base import GameRecord

if TYPE_CHECKING:
    from tabletop.bot import TabletopBot

log = logging.getLogger("tabletop.announce")
DM_CLOSED = 50007
RENDER_CACHE_ENTRIES = 256
_RENDERED: SharedResults[tuple[object, ...], bytes | None] = SharedResults(RENDER_CACHE_ENTRIES)
_LAYOUTS: SharedResults[tuple[object, ...], BoardLayout] = SharedResults(RENDER_CACHE_ENTRIES)
_pool: WorkerPool | None = None
R = TypeVar("R")


def start_rendering(pool: WorkerPool, *, warm: bool) -> asyncio.Task[None] | None:
    """Render in `pool` from now on. With `warm`, start and warm its workers in the background: the bot is
    ready at once, and a render asked for meanwhile waits for the warm-up instead of racing it. Without,
    the workers start at the first render (the offline check renders nothing and spawns nothing)."""
    global _pool
    _pool = pool
    return asyncio.get_running_loop().create_task(_warm(pool), name="render-warm-up") if warm else None


async def _warm(pool: WorkerPool) -> None:
    try:
        await pool.start()
    except Exception:  # noqa: BLE001 - each render then reports the failure itself
        if _pool is pool:  # not stopped meanwhile (a bot closing during its warm-up)
            log.exception("the render workers did not start")


def stop_rendering(pool: WorkerPool) -> None:
    """Stop `pool`; renders go back to a worker thread unless another bot's pool replaced it meanwhile."""
    global _pool
    if _pool is pool:
        _pool = None
    pool.close()


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


def _context(record: GameRecord, locale: str, names: Mapping[int, str]) -> RenderContext:
    return RenderContext(locale, tuple(names[i] for i in sorted(names)), f"{game_of(record).name.get(locale)} #{record.id}")


def _lane(record: GameRecord) -> Hashable:
    """The render pool's queue a game's images wait in: its server's (a DM game's own)."""
    return record.guild_id if record.guild_id is not None else ("game", record.id)


def _key(kind: str, record: GameRecord, match: Match, seat: int | None, locale: str,
         names: Mapping[int, str], density: int) -> tuple[object, ...]:
    """A view's render: the same game, state, view, language, names and density draw the same picture (the
    game's type and seed with its id: an id alone may name another game on another database, as in tests)."""
    return (record.id, record.game_type, record.seed, match.version, kind, seat, locale, tuple(sorted(names.items())),
            density)


async def _render(kind: str, record: GameRecord, match: Match, seat: int | None, locale: str,
                  names: Mapping[int, str], density: int) -> bytes | None:
    """Draw and encode one view off the event loop. Only the frame (a few KB) and the context travel to the
    worker; renders queue per server in the pool's gate, so one busy server cannot delay everyone's boards,
    and within a server boards and private views take turns, so a burst of turn DMs cannot hold back the
    board everyone is waiting for."""
    return await render_job((_lane(record), kind), render_image, for_game(record.game_type), kind, match.frame(seat),
                            _context(record, locale, names), density)


async def render_job(lane: Hashable, fn: Callable[..., R], *args: Any) -> R:
    """Every image the bot draws goes through here: `fn(*args)` (a top-level function and picklable
    arguments, e.g. `renderers.worker.encoded_pages`) in the render pool, queued in `lane` (a server) so one
    busy lane cannot delay everyone's images; without a pool (scripts, unit tests) in a worker thread.

    `fn` is `render_image` (a game's board or private view), `layout_job` (where the board's objects are,
    drawn by the same code) or `encoded_pages` (a registered image kind, `renderers.kinds`): the kinds the
    legibility and render conformance tests draw, so no image reaches Discord or a page unchecked."""
    if fn not in (render_image, layout_job, encoded_pages):
        raise ValueError(f"{getattr(fn, '__qualname__', fn)!r} draws no known image kind (renderers.kinds)")
    if _pool is None:
        return await asyncio.to_thread(fn, *args)
    result: R = await _pool.run(lane, fn, *args)
    return result


async def rendered(kind: str, record: GameRecord, match: Match, seat: int | None, locale: str,
                   names: Mapping[int, str], density: int = 1) -> bytes | None:
    """One view's encoded image (None when the game has no private image). Each (game, state, view,
    language, names, density) is drawn once: the board posted, then shown by /game show, and a hand opened
    by Take turn, My info and the turn DM share one render, even when asked for while it is still being
    drawn (Take turn tapped as the turn DM is being prepared). Discord's pictures are 1×; the live board's
    are drawn at `density` 2 (`renderers.density`), once per view too, for every page showing it."""
    if not _drawn(kind, record):
        return None
    return await _RENDERED.get(_key(kind, record, match, seat, locale, names, density),
                               lambda: _render(kind, record, match, seat, locale, names, density))


def _drawn(kind: str, record: GameRecord) -> bool:
    """Whether the view has a picture: a game may have no private image."""
    package = packages.get(record.game_type)
    return kind != "private" or package is None or package.private_images


def draw_ahead(kind: str, record: GameRecord, match: Match, seat: int | None, locale: str,
                 names: Mapping[int, str], density: int = 1) -> None:
    """Begin drawing a view that will be asked for in a moment (`rendered`), without waiting for it: the live
    board's picture starts while its page still reads the scene."""
    if _drawn(kind, record):
        _RENDERED.start(_key(kind, record, match, seat, locale, names, density),
                        lambda: _render(kind, record, match, seat, locale, names, density))


async def render_file(
    kind: str, record: GameRecord, match: Match, seat: int | None, locale: str, names: Mapping[int, str]
) -> discord.File | None:
    """One view as an image file (`rendered`, shared with every other use of the same view)."""
    data = await rendered(kind, record, match, seat, locale, names)
    if data is None:
        return None
    suffix = "" if seat is None else f"-s{seat}"
    return discord.File(io.BytesIO(data), filename=f"{kind}-{record.id}-v{match.version}{suffix}.{IMAGE_SUFFIX}")


async def board_layout(record: GameRecord, match: Match, locale: str, names: Mapping[int, str]) -> BoardLayout:
    """Where each board object is on the public board of this state (the live board's tap targets), drawn
    once per (game, state, language, names) in the render pool. The layout is the same at every density: the
    1× picture's size and regions in its pixels (`renderers.regions`), laid over any density's picture with
    that size as the viewBox; so it is drawn at 1× without encoding, and a page told of a move has its scene
    in the time of a drawing, not of a 2× encode (bench live_board: the scene's answer was most of a live
    update)."""

    async def draw() -> BoardLayout:
        # A lane of its own: the gate serves lanes in turn, so this short drawing takes the next free worker
        # instead of queueing behind the server's board encodes.
        (width, height), regions = await render_job(
            (_lane(record), "layout"), layout_job, for_game(record.game_type), match.frame(None),
            _context(record, locale, names))
        return BoardLayout(width, height, regions)

    return await _LAYOUTS.get(_key("board", record, match, None, locale, names, 1), draw)


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
