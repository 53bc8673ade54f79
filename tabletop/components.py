"""Persistent buttons and selects. Each custom id carries what it needs (game id, state version, tree
position), so buttons keep working after a restart and a click on an outdated board is recognised.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, ClassVar, cast

import discord

from engine.core.errors import GameError, StaleVersion
from engine.core.match import Match
from tabletop import announce, auto
from tabletop.i18n import catalog, lang, text, tr
from tabletop.picker import Level, decode, encode, navigate
from tabletop.service import NotHost, Played, game_of, match_of
from storage.base import GameRecord, LobbyError, StoreError

if TYPE_CHECKING:
    from tabletop.bot import TabletopBot

log = logging.getLogger("tabletop.components")
BUTTONS_PER_PAGE = 20
LABEL_LIMIT = 80
THREAD_ARCHIVE_MINUTES = 10080  # a week: asynchronous games go quiet for days between moves


def bot_of(interaction: discord.Interaction) -> "TabletopBot":
    return cast("TabletopBot", interaction.client)


async def send_ephemeral(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def reply_known_error(interaction: discord.Interaction, error: BaseException) -> bool:
    """Refusals (wrong turn, stale button, illegal move, bad option, permission) answered to that user only."""
    locale = interaction.locale
    if isinstance(error, StaleVersion):
        record = await _record_for(interaction)
        link = announce.jump_url(record, record.board_message_id) if record else ""
        message = tr("err.stale", locale, link=link)
    elif isinstance(error, GameError):
        message = error.reason.get(lang(locale))
    elif isinstance(error, StoreError) and f"err.{error.code}" in catalog():
        message = tr(f"err.{error.code}", locale)
    elif isinstance(error, NotHost):
        message = tr("err.not_host", locale)
    else:
        return False
    await send_ephemeral(interaction, message)
    return True


async def _record_for(interaction: discord.Interaction) -> GameRecord | None:
    custom_id = (interaction.data or {}).get("custom_id", "")
    found = re.search(r":(\d+)", str(custom_id))
    return await bot_of(interaction).store.get_game(int(found.group(1))) if found else None


@contextlib.asynccontextmanager
async def refusals(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Answer refusals (wrong turn, stale, illegal, bad option, permission) to that user only; they are
    normal outcomes, not errors. Anything else propagates to the error handlers as a bug."""
    try:
        yield
    except Exception as error:
        if not await reply_known_error(interaction, error):
            raise


Callback = Callable[[Any, discord.Interaction], Awaitable[None]]


def guarded(func: Callback) -> Callback:
    """Every component callback: remember the user, answer refusals, log and apologise for bugs."""

    @functools.wraps(func)
    async def wrapper(self: Any, interaction: discord.Interaction) -> None:
        try:
            async with refusals(interaction):
                await bot_of(interaction).remember(interaction)
                await func(self, interaction)
        except Exception as error:  # noqa: BLE001 - the user always gets an answer
            log.error("component %s failed", type(self).__name__, exc_info=error)
            await send_ephemeral(interaction, tr("err.internal", interaction.locale))

    return wrapper


def is_admin(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_guild)


# ---- lobby -----------------------------------------------------------------------------------------------

class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:lobby:(?P<op>join|leave|start|cancel):(?P<gid>\d+)"):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "start": discord.ButtonStyle.primary, "cancel": discord.ButtonStyle.danger}

    def __init__(self, op: str, game_id: int, locale: str = "en") -> None:
        super().__init__(discord.ui.Button(label=tr(f"lobby.{op}", locale), style=self.STYLES[op],
                                           custom_id=f"tt:lobby:{op}:{game_id}"))
        self.op = op
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "LobbyButton":
        return cls(match["op"], int(match["gid"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        record = await bot.store.get_game(self.game_id)
        if record is None:
            raise LobbyError("not_found")
        if self.op == "join":
            record = await bot.store.add_player(record.id, interaction.user.id)
            await refresh_lobby(interaction, record)
            if not await announce.check_dm(bot, record, interaction.user.id, lang(interaction.locale)):
                await refresh_lobby(interaction, record)
                await send_ephemeral(interaction, tr("lobby.dm_warning", interaction.locale, user=interaction.user.mention))
        elif self.op == "leave":
            record = await bot.store.remove_player(record.id, interaction.user.id)
            await refresh_lobby(interaction, record)
        elif self.op == "cancel":
            record = await bot.service.cancel(record, interaction.user.id, is_admin(interaction))
            await refresh_lobby(interaction, record)
        else:
            await start_game(interaction, record)


class LobbyOption(discord.ui.DynamicItem[discord.ui.Select], template=r"tt:lopt:(?P<gid>\d+):(?P<key>[a-z0-9_]+)"):
    def __init__(self, game_id: int, key: str, select: discord.ui.Select | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"tt:lopt:{game_id}:{key}", options=[discord.SelectOption(label=key)]))
        self.game_id = game_id
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]) -> "LobbyOption":
        return cls(int(match["gid"]), match["key"], item)

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        record = await bot.store.get_game(self.game_id)
        if record is None:
            raise LobbyError("not_found")
        value = cast(discord.ui.Select, self.item).values[0]
        record = await bot.service.set_option(record, interaction.user.id, is_admin(interaction), self.key, value)
        await refresh_lobby(interaction, record)


def lobby_view(record: GameRecord, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if record.status != "lobby":
        return view
    for op in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(op, record.id, locale))
    game = game_of(record)
    for row, spec in enumerate(game.options[:4], start=1):
        current = str(record.options.get(spec.key, spec.default))
        select = discord.ui.Select(
            custom_id=f"tt:lopt:{record.id}:{spec.key}",
            placeholder=spec.label.get(locale)[:150],
            options=[
                discord.SelectOption(label=f"{spec.label.get(locale)}: {c.label.get(locale)}"[:100], value=c.key, default=c.key == current)
                for c in spec.choices
            ],
            row=row,
        )
        view.add_item(LobbyOption(record.id, spec.key, select))
    return view


async def refresh_lobby(interaction: discord.Interaction, record: GameRecord) -> None:
    """Redraw the lobby message the clicked component belongs to."""
    bot = bot_of(interaction)
    locale = await announce.guild_locale(bot, record)
    embed = await announce.lobby_embed(bot, record, locale)
    view = lobby_view(record, locale)
    if interaction.response.is_done():
        await interaction.edit_original_response(embed=embed, view=view)
    else:
        await interaction.response.edit_message(embed=embed, view=view)


async def start_game(interaction: discord.Interaction, record: GameRecord) -> None:
    """Lobby → game: commit the start, open a thread (or fall back to the channel), post the first board."""
    bot = bot_of(interaction)
    game = game_of(record)
    if len(record.players) not in game.player_counts:
        counts = "/".join(map(str, game.player_counts))
        await send_ephemeral(interaction, tr("err.player_count", interaction.locale, game=game.name.get(lang(interaction.locale)),
                                             counts=counts, count=len(record.players)))
        return
    await interaction.response.defer()
    record, match = await bot.service.start(record, interaction.user.id, is_admin(interaction))
    locale = await announce.guild_locale(bot, record)
    name = tr("game.thread_name", locale, game=game.name.get(locale), id=record.id)
    header = None
    try:
        thread = await bot.http.start_thread_with_message(
            record.channel_id, record.lobby_message_id or 0, name=name[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
        await bot.store.set_messages(record.id, thread_id=int(thread["id"]))
    except discord.HTTPException:
        header = tr("game.no_thread", locale)
    record = await bot.store.get_game(record.id) or record
    start_line = tr("game.started", locale, game=game.name.get(locale), id=record.id,
                    players=", ".join(f"<@{user}>" for user in record.players))
    board = await announce.post_board(bot, record, match, (), "\n".join(filter(None, [header, start_line])))
    await interaction.edit_original_response(
        embed=await announce.lobby_embed(bot, record, locale), view=None,
        content=tr("lobby.started", locale, link=board.jump_url),
    )
    await announce.dm_starting_views(bot, record, match)


# ---- turns -----------------------------------------------------------------------------------------------

class GameButton:
    """A persistent button whose custom id carries only the game id: `tt:<prefix>:<game id>`."""

    prefix: ClassVar[str]
    label_key: ClassVar[str]
    style: ClassVar[discord.ButtonStyle]

    def __init__(self, game_id: int, locale: str = "en") -> None:
        button = discord.ui.Button(label=tr(self.label_key, locale), style=self.style, custom_id=f"tt:{self.prefix}:{game_id}")
        super().__init__(button)  # type: ignore[call-arg]
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> Any:
        return cls(int(match["gid"]))


class TakeTurn(GameButton, discord.ui.DynamicItem[discord.ui.Button], template=r"tt:take:(?P<gid>\d+)"):
    prefix, label_key, style = "take", "turn.take", discord.ButtonStyle.primary

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await open_picker(interaction, self.game_id)


class MyInfo(GameButton, discord.ui.DynamicItem[discord.ui.Button], template=r"tt:info:(?P<gid>\d+)"):
    prefix, label_key, style = "info", "turn.private", discord.ButtonStyle.secondary

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await show_private(interaction, self.game_id)


def board_view(game_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TakeTurn(game_id, locale))
    view.add_item(MyInfo(game_id, locale))
    return view


def private_view(game_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TakeTurn(game_id, locale))
    return view


async def show_private(interaction: discord.Interaction, game_id: int | None) -> None:
    """The seat's private view image, to that user only (ephemeral)."""
    bot = bot_of(interaction)
    record = await _resolve(interaction, game_id)
    seat = bot.service.seat(record, interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    match = match_of(record)
    locale = lang(interaction.locale)
    names = await announce.seat_names(bot, record)
    file = await announce.render_file("private", record, match, seat, locale, names)
    prompt = match.game.prompt_for(match.state, seat)
    content = tr("turn.private_update", locale, game=game_of(record).name.get(locale), id=record.id)
    if prompt is not None:
        content += "\n" + prompt.render(locale, names)
    kwargs: dict[str, Any] = {"content": content, "ephemeral": True}
    if file is not None:
        kwargs["file"] = file
    if seat in match.awaited_seats():
        kwargs["view"] = private_view(record.id, locale)
    await interaction.followup.send(**kwargs)


async def _resolve(interaction: discord.Interaction, game_id: int | None) -> GameRecord:
    bot = bot_of(interaction)
    record = await bot.service.find_game(explicit=game_id, channel_id=interaction.channel_id,
                                         user_id=interaction.user.id, guild_id=interaction.guild_id)
    if record is None:
        raise LobbyError("not_found") if game_id is not None else GameError(text("err.which_game"))
    if record.status != "active":
        raise GameError(text("err.not_active"))
    return record


def stale() -> StaleVersion:
    """The reply text is built in reply_known_error, with a link to the latest board."""
    return StaleVersion(text("err.stale"))


async def check_awaited(interaction: discord.Interaction, record: GameRecord) -> tuple[Match, int] | None:
    """The match and seat when this user is awaited; otherwise tell them who is, and return None."""
    bot = bot_of(interaction)
    match = match_of(record)
    seat = bot.service.seat(record, interaction.user.id)
    if seat in match.awaited_seats():
        return match, seat
    names = await announce.seat_names(bot, record)
    who = ", ".join(names[s] for s in match.awaited_seats()) or "-"
    await send_ephemeral(interaction, tr("err.not_your_turn", interaction.locale, who=who))
    return None


async def open_picker(interaction: discord.Interaction, game_id: int) -> None:
    record = await _resolve(interaction, game_id)
    awaited = await check_awaited(interaction, record)
    if awaited is None:
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    match, seat = awaited
    payload = await picker_payload(interaction, record, match, seat, (), with_image=True)
    await interaction.followup.send(ephemeral=True, **payload)


async def picker_payload(
    interaction: discord.Interaction, record: GameRecord, match: Match, seat: int, path: tuple[int, ...], *, with_image: bool
) -> dict[str, Any]:
    """Content, components and (at the top level) the private image for one level of the choice tree."""
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    names = await announce.seat_names(bot, record)
    level = navigate(match.legal_actions(seat), path)
    if level is None:
        raise stale()
    prompt = match.game.prompt_for(match.state, seat)
    lines = [f"**{tr('turn.picker_title', locale, game=game_of(record).name.get(locale), id=record.id, prompt=prompt.render(locale, names) if prompt else '')}**"]
    if level.chosen:
        lines.append(tr("turn.path", locale, path=" › ".join(c.label.render(locale, names) for c in level.chosen)))
    payload: dict[str, Any] = {"content": announce.clip("\n".join(lines)), "view": level_view(record.id, match.version, path, level, locale, names)}
    if with_image:
        file = await announce.render_file("private", record, match, seat, locale, names)
        if file is not None:
            payload["file"] = file
    return payload


def level_view(game_id: int, version: int, path: tuple[int, ...], level: Level, locale: str, names: dict[int, str]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    labels = [choice.label.render(locale, names) for choice in level.options]
    if len(labels) <= BUTTONS_PER_PAGE:
        for index, label in enumerate(labels):
            view.add_item(PickButton(game_id, version, (*path, index), label, row=index // 5))
    else:
        view.add_item(PickSelect(game_id, version, path, labels, locale))
    if path:
        view.add_item(PickButton(game_id, version, path[:-1], tr("turn.back", locale), row=4, style=discord.ButtonStyle.secondary))
    return view


class PickButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:pick:(?P<gid>\d+):(?P<ver>\d+):(?P<path>[0-9.]*)"):
    def __init__(self, game_id: int, version: int, path: tuple[int, ...], label: str = "?", row: int | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        label = label if len(label) <= LABEL_LIMIT else label[: LABEL_LIMIT - 1] + "…"
        super().__init__(discord.ui.Button(label=label, style=style, row=row,
                                           custom_id=f"tt:pick:{game_id}:{version}:{encode(path)}"))
        self.game_id, self.version, self.path = game_id, version, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "PickButton":
        return cls(int(match["gid"]), int(match["ver"]), decode(match["path"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await advance(interaction, self.game_id, self.version, self.path)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"tt:psel:(?P<gid>\d+):(?P<ver>\d+):(?P<path>[0-9.]*)"):
    def __init__(self, game_id: int, version: int, path: tuple[int, ...], labels: list[str] | None = None,
                 locale: str = "en", select: discord.ui.Select | None = None) -> None:
        options = [discord.SelectOption(label=(label[:99] + "…") if len(label) > 100 else label, value=str(i))
                   for i, label in enumerate(labels or ["?"])]
        super().__init__(select or discord.ui.Select(custom_id=f"tt:psel:{game_id}:{version}:{encode(path)}",
                                                     placeholder=tr("turn.choose", locale), options=options[:25]))
        self.game_id, self.version, self.path = game_id, version, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]) -> "PickSelect":
        return cls(int(match["gid"]), int(match["ver"]), decode(match["path"]), select=item)

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        values = cast(discord.ui.Select, self.item).values
        await advance(interaction, self.game_id, self.version, (*self.path, int(values[0])))


async def advance(interaction: discord.Interaction, game_id: int, version: int, path: tuple[int, ...]) -> None:
    """One picker step: show the next level, or apply the chosen action once the path reaches a leaf."""
    bot = bot_of(interaction)
    record = await _resolve(interaction, game_id)
    if record.version != version:
        raise stale()
    awaited = await check_awaited(interaction, record)
    if awaited is None:
        return
    match, seat = awaited
    level = navigate(match.legal_actions(seat), path)
    if level is None:
        raise stale()
    if level.action is None:
        payload = await picker_payload(interaction, record, match, seat, path, with_image=False)
        await interaction.response.edit_message(**payload)
        return
    await interaction.response.defer()
    played = await bot.service.play(record.id, interaction.user.id, level.action.notation, version)
    await after_play(interaction, played, level.action.label(lang(interaction.locale)))


async def after_play(interaction: discord.Interaction, played: Played, action_label: str) -> None:
    """Committed: confirm to the actor, post the new board, DM changed private info, keep the actor going."""
    bot = bot_of(interaction)
    locale = lang(interaction.locale)
    record, match, step = played.record, played.match, played.step
    names = await announce.seat_names(bot, record)
    board = await announce.post_board(bot, record, match, step.events)
    private_lines = announce.event_lines(step.events, locale, names, step.seat)
    done = "\n".join([tr("turn.done", locale, action=action_label), *private_lines, board.jump_url])
    if step.seat in match.awaited_seats():
        payload = await picker_payload(interaction, record, match, step.seat, (), with_image=True)
        payload["content"] = announce.clip(done + "\n\n" + payload["content"])
        file = payload.pop("file", None)
        await interaction.edit_original_response(attachments=[file] if file else [], **payload)
    else:
        await interaction.edit_original_response(content=announce.clip(done), view=None)
    await announce.send_private_updates(bot, record, match, step.events)
    await play_automatic_answers(bot, played)


async def play_automatic_answers(bot: "TabletopBot", played: Played) -> None:
    """Apply decisions that players' stored preferences answer, announcing each like a click."""
    for _ in range(auto.MAX_CHAIN):
        record, match = played.record, played.match
        prefs = {user_id: (await bot.store.get_user(user_id)).prefs for user_id in record.players}
        found = auto.answer(match, record.players, prefs)
        if found is None:
            return
        user_id, notation = found
        played = await bot.service.play(record.id, user_id, notation, match.version)
        await announce.post_board(bot, played.record, played.match, played.step.events)
        await announce.send_private_updates(bot, played.record, played.match, played.step.events)


class ResignConfirm(GameButton, discord.ui.DynamicItem[discord.ui.Button], template=r"tt:resign:(?P<gid>\d+)"):
    prefix, label_key, style = "resign", "game.resign_button", discord.ButtonStyle.danger

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        await interaction.response.defer()
        played = await bot.service.concede(self.game_id, interaction.user.id)
        await interaction.edit_original_response(content=tr("game.resign_button", interaction.locale) + " ✓", view=None)
        await announce.post_board(bot, played.record, played.match, played.step.events)


DYNAMIC_ITEMS = (LobbyButton, LobbyOption, TakeTurn, MyInfo, PickButton, PickSelect, ResignConfirm)


async def create_lobby(
    interaction: discord.Interaction, game_id: str, players: int | None, options: dict[str, str]
) -> None:
    """Shared by `/game new` and each game's own `/<game> new`: a public lobby message with its buttons."""
    bot = bot_of(interaction)
    if interaction.guild_id is None or interaction.channel_id is None:
        await send_ephemeral(interaction, tr("err.guild_only", interaction.locale))
        return
    record = await bot.service.create(game_id, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                                      host_id=interaction.user.id, players=players, options=options)
    await interaction.response.defer()
    settings = await bot.store.get_guild_settings(interaction.guild_id)
    if "locale" not in settings:
        await bot.store.update_guild_settings(interaction.guild_id, {"locale": lang(interaction.guild_locale)})
    dm_open = await announce.check_dm(bot, record, interaction.user.id, lang(interaction.locale))
    locale = await announce.guild_locale(bot, record)
    message = await interaction.edit_original_response(
        embed=await announce.lobby_embed(bot, record, locale), view=lobby_view(record, locale)
    )
    await bot.store.set_messages(record.id, lobby_message_id=message.id)
    if not dm_open:
        await send_ephemeral(interaction, tr("lobby.dm_warning", interaction.locale, user=interaction.user.mention))
