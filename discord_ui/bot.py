"""The bot: one store, one service, cogs loaded from `cogs/`, persistent buttons registered at start."""

from __future__ import annotations

import asyncio
import gc
import logging
import re
import time
import pkgutil
from typing import TYPE_CHECKING, Any, Callable, cast

import discord
from discord import app_commands
from discord.ext import commands

import cogs
from renderers.worker import warm as warm_renderers
from discord_ui import components, ids
from tabletop.presentation import pictures
from tabletop.play.ai_turns import AiTurns, warm_up
from tabletop.play.hints import Hints
from tabletop.runtime.cache import BoundedCache
from tabletop.runtime.throttle import Cooldown, StaticImages
from discord_ui.interactions import send_ephemeral
from tabletop.runtime.config import Config
from discord_ui.courier import Courier
from discord_ui.membership import Membership
from tabletop.presentation.i18n import tr
from discord_ui.translator import Translator
from tabletop.delivery.live import LiveHub
from tabletop.leagues.post import member_left
from tabletop.matchmaking.post import queue_left
from tabletop.delivery.live_links import LaunchHints
from tabletop.play.service import GameService
from tabletop.runtime.workers import WorkerPool
from storage import POSTGRES_SCHEMES
from storage.base import Store

if TYPE_CHECKING:
    from tabletop.delivery.live_postgres import PostgresBridge

log = logging.getLogger("tabletop")
NAME_CACHE_SIZE = 10_000
EXPENSIVE_COOLDOWN_SECONDS = 10.0
GC_THRESHOLDS = (10_000, 10, 100)

# The bot never joins voice; without this every start warns about missing voice libraries.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


def cog_modules() -> list[str]:
    """Every module in `cogs/`: the lobby cog and one cog per game."""
    return sorted(f"cogs.{module.name}" for module in pkgutil.iter_modules(cogs.__path__))


def calm_garbage_collector() -> None:
    """Keep every garbage collection well under the event loop's 20 ms budget. Called once per process,
    after everything is loaded.

    A collection walks every object of the generations it collects, about 0.4 µs each, and runs inside
    whichever loop step allocated last. Full collections of the start-up heap stalled the loop for
    ~200 ms under load, so what exists after start-up (modules, fonts, card data) is frozen out of the
    collector's sight, and full collections are left rare (once per 100 middle ones). The young
    threshold is the trade between the two others: Python's default (700, 10, 10) runs a full
    collection every 70,000 allocations (79 ms of CPU during 200 concurrent turns, `bench scale`), and a
    young generation of 50,000 took 23 ms to walk; 10,000 keeps the longest collection there at 10 ms."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class Tree(app_commands.CommandTree):
    """Remembers every user's display name and language before any command runs."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        await cast("TabletopBot", interaction.client).remember(interaction)
        return True


def intents(config: Config) -> discord.Intents:
    """Slash commands and buttons only, so `Intents.default()` is enough (no message content); the
    privileged members intent only when configured (MEMBERS_INTENT), to hear of members leaving at once."""
    chosen = discord.Intents.default()
    chosen.members = config.members_intent
    return chosen


class TabletopBot(commands.Bot):
    """Slash commands and buttons only (`intents`)."""

    def __init__(self, config: Config, store: Store, *, freeze_heap: bool = False, now: Callable[[], float] = time.time) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(config),
            chunk_guilds_at_startup=False,  # the members intent is for leaves only: no member lists downloaded
            member_cache_flags=discord.MemberCacheFlags.none(),
            help_command=None,
            tree_cls=Tree,
            allowed_mentions=discord.AllowedMentions.none(),  # each send names exactly whom it notifies
            **(sharding(config) if isinstance(self, commands.AutoShardedBot) else {}),
        )
        self.config = config
        self.store = store
        self.service = GameService(store, now)
        self.ai = AiTurns(self, WorkerPool(mode="thread" if config.ai_pool == "thread" else "process", warmup=warm_up),
                          config.ai_iterations)
        """The AI players (tabletop.play.ai_turns); their workers start and warm up at the first search, so a bot
        that never meets an AI seat (or `bot.py --check`) spawns no process."""
        self.hints = Hints(self.ai)
        """💡 Hints (tabletop.play.hints): searched in the AI's workers, kept per (game, version, seat)."""
        process = config.render_pool != "thread"
        self.render_pool = WorkerPool(mode="process" if process else "thread", warmup=warm_renderers if process else None)
        """Every image is drawn here (`tabletop.presentation.pictures.render_job`: boards, card lists, league standings);
        processes are warmed in the background at start (threads share this process's already warm caches)."""
        self.render_warming: asyncio.Task[None] | None = None
        self.store_open = False
        self.rendering = False
        """From the store's opening (first in `setup_hook`) and the render pool's set-up (its last step) to
        the bot's close: parts of `readiness`."""
        self.claims_taken_over: asyncio.Future[None] | None = None
        """Set by the first `wait_until_serving`: ending the claims an earlier life left (SQLite)."""
        self.started_at = time.time()
        self.freeze_heap = freeze_heap
        self.static_images = StaticImages(pictures.render_job)
        self.cooldown = Cooldown(EXPENSIVE_COOLDOWN_SECONDS)
        self.courier = Courier(config.channel_pace, time.monotonic)
        """Outbox entries older than this were left by an earlier process: delivered at once on start."""
        self.launches = LaunchHints()
        """Which game each player last launched the Activity for (discord_ui.live_ui, web.activity)."""
        self.live = LiveHub()
        """The open live boards of this process' web front end, told of every change (`tabletop.delivery.live`)."""
        self.live_bridge: "PostgresBridge | None" = None
        """On PostgreSQL, the other processes' changes reach `live` through it (`tabletop.delivery.live_postgres`)."""
        self.tree.on_error = self.on_tree_error
        self.membership = Membership(self.http, now, self.cached_member)
        """Who left which server, asked of Discord before the league and queue passes seat anyone."""
        self.names: BoundedCache[int, str] = BoundedCache(NAME_CACHE_SIZE)
        self.seen: BoundedCache[int, tuple[str, str]] = BoundedCache(NAME_CACHE_SIZE)

    async def setup_hook(self) -> None:
        await self.store.open()
        self.store_open = True
        url = getattr(self.store, "url", None)
        if isinstance(url, str) and url.startswith(POSTGRES_SCHEMES):  # other processes may share the database
            from tabletop.delivery.live_postgres import PostgresBridge  # asyncpg only where PostgreSQL is used

            self.live_bridge = PostgresBridge(url, self.live)
            await self.live_bridge.start()
        await self.tree.set_translator(Translator())
        self.add_dynamic_items(*components.DYNAMIC_ITEMS)
        for module in (*cog_modules(), *self.config.extra_cogs):
            await self.load_extension(module)
        self.render_warming = pictures.start_rendering(self.render_pool, warm=self.freeze_heap)  # when serving
        self.rendering = True
        if self.freeze_heap:
            calm_garbage_collector()

    async def close(self) -> None:
        try:
            self.ai.close()
            if self.render_warming is not None:
                self.render_warming.cancel()
            pictures.stop_rendering(self.render_pool)
            await super().close()
        finally:
            self.store_open = self.rendering = False
            if self.live_bridge is not None:
                await self.live_bridge.close()
            await self.store.close()

    def readiness(self) -> dict[str, bool]:
        """What the live board's /healthz waits for, each part by name: the store open, the render workers
        warm, and (with a token) the gateway ready. The AI's workers are not among them: they start at the
        first search, so a bot that never meets an AI seat spawns none."""
        return {"store": self.store_open, "workers": self.rendering and self.render_pool.ready,
                "gateway": self.is_ready() or not self.config.token}

    async def wait_until_serving(self) -> None:
        """What the periodic loops (scheduler, outbox, leagues) wait for before their first pass: the
        gateway is ready and, on a database this process uses alone (SQLite), the claims its previous life
        left when it died are ended and the AI searches it leased are woken, so the boards, notices,
        reminders and AI moves that were in flight go out at once instead of when their leases run out.
        Not in `setup_hook`: `bot.py --check` runs that next to a live bot, whose claims are its own."""
        await self.wait_until_ready()
        if self.claims_taken_over is None:
            self.claims_taken_over = asyncio.ensure_future(self._end_foreign_claims())
        await asyncio.shield(self.claims_taken_over)

    async def _end_foreign_claims(self) -> None:
        """Take over what the previous life left on a database used alone: its claims, its AI searches."""
        if not self.store.single_process:
            return  # other processes' claims are live work: a dead one's leases lapse by themselves
        try:
            ended = await self.store.end_foreign_claims()
        except Exception:  # noqa: BLE001 - the loops must start all the same; the old claims then lapse
            log.exception("ending the claims of the previous run failed")
            return
        if ended:
            log.info("ended %d claims left by the previous run", ended)
        try:
            woken = await self.ai.wake_leased()
        except Exception:  # noqa: BLE001 - the scheduler still wakes them once their leases run out
            log.exception("waking the AI searches of the previous run failed")
            return
        if woken:
            log.info("woke %d AI searches the previous run left", woken)

    async def remember(self, interaction: discord.Interaction) -> None:
        """Keep each player's display name and the language of their latest interaction, for boards and
        DMs sent outside interactions; stored only when either changed."""
        user = interaction.user
        locale = str(interaction.locale.value if interaction.locale else "en")
        if self.seen.get(user.id) != (user.display_name, locale):
            self.seen[user.id] = (user.display_name, locale)
            self.names[user.id] = user.display_name
            await self.store.update_user(user.id, locale=locale, prefs={"name": user.display_name})

    def cached_member(self, guild_id: int, user_id: int) -> bool:
        """Whether the gateway's member cache holds this member (without the members intent it holds few)."""
        guild = self.get_guild(guild_id)
        return guild is not None and guild.get_member(user_id) is not None

    async def display_name(self, user_id: int) -> str:
        if user_id not in self.names:
            stored = (await self.store.get_user(user_id)).prefs.get("name")
            self.names[user_id] = stored or str(user_id)
        return self.names[user_id]

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click discord.py will not route (a custom id that is not on its message, or that no handler
        claims: forged or mangled) still gets a short private answer, never "This interaction failed"."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        on_message = interaction.message is not None and any(
            getattr(child, "custom_id", None) == custom_id
            for child in discord.ui.View.from_message(interaction.message, timeout=None).walk_children())
        if on_message and any(re.fullmatch(template, custom_id) for template in ids.ALL):
            return
        if not interaction.response.is_done():
            await send_ephemeral(interaction, tr("err.bad_input", interaction.locale))

    async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Refusals are answered inside the commands (interactions.refusals); a value a real client could not
        send (out of range, wrong type) is bad input answered briefly; anything else is a bug."""
        if isinstance(error, (app_commands.TransformerError, app_commands.CheckFailure)):
            log.info("refused input to %s: %s", interaction.command and interaction.command.qualified_name, error)
            await send_ephemeral(interaction, tr("err.bad_input", interaction.locale))
            return
        log.error("command failed: %s", interaction.command and interaction.command.qualified_name,
                  exc_info=getattr(error, "original", error))
        await send_ephemeral(interaction, tr("err.internal", interaction.locale))

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member left a server (heard only with the members intent): out of its leagues and tournaments,
        and out of its ranked queue, at once."""
        await member_left(self, payload.guild_id, payload.user.id)
        await queue_left(self, payload.guild_id, payload.user.id)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        log.exception("event %s failed", event_method)


class ShardedTabletopBot(TabletopBot, commands.AutoShardedBot):
    """The same bot over several gateway shards (SHARD_COUNT, and SHARD_IDS for the slice this process
    owns). Every process shares one PostgreSQL database: a game's interactions may reach any of them
    (compare-and-set on versions keeps each click exactly-once) and periodic work is claimed in the store."""


def sharding(config: Config) -> dict[str, Any]:
    """discord.py's AutoShardedClient options for the configured shards."""
    return {"shard_count": config.shard_count, "shard_ids": None if config.shard_ids is None else list(config.shard_ids)}


def bot_class(config: Config) -> type[TabletopBot]:
    """One process with one connection by default (`make run`); sharded when SHARD_COUNT is set."""
    return ShardedTabletopBot if config.shard_count is not None else TabletopBot
