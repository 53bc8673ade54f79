"""What every command and component shares: answering privately, turning refusals into short replies,
and logging anything else as a bug while still answering the user."""

from __future__ import annotations

import contextlib
import functools
import logging
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, cast

import discord

from engine.core.errors import GameError
from tabletop.presentation import texts
from tabletop.presentation.i18n import text, tr
from tabletop.presentation.refusals import refusal_text
from storage.base import GameRecord, LobbyError

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.interactions")
CONTENT_LIMIT = 2000
TOKEN_SECONDS = 14 * 60


def bot_of(interaction: discord.Interaction) -> "TabletopBot":
    return cast("TabletopBot", interaction.client)


def clip(text: str, limit: int = CONTENT_LIMIT) -> str:
    """`text` cut to fit a message (or `limit`)."""
    return texts.clip(text, limit)


async def send_ephemeral(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
    if interaction.response.is_done():
        await late_answer(interaction, content=clip(content), **kwargs)
    else:
        await interaction.response.send_message(clip(content), ephemeral=True, **kwargs)


def token_fresh(interaction: discord.Interaction) -> bool:
    """Whether the interaction's token may still be used (a followup, an edit of the original response).
    Discord keeps it 15 minutes after the click; a long render queue or a slow publish must never leave the
    bot calling a dead token (404 / 10015), so it stops relying on it at 14, on its own clock."""
    return bot_of(interaction).service.now() - interaction.created_at.timestamp() < TOKEN_SECONDS


async def late_answer(interaction: discord.Interaction, *, edit: bool = False, needed: bool = True, public: bool = False,
                      **payload: Any) -> None:
    """An answer after work that may have been slow: through the interaction while its token lasts (a
    followup, private unless `public`, or with `edit` the original response); after that where the user
    still sees it — in the channel when `public`, else by DM — when they need it (a menu to decide with,
    what they asked for), or dropped (a nicety the board already shows)."""
    if token_fresh(interaction):
        if edit:
            await interaction.edit_original_response(**payload)
        else:
            await interaction.followup.send(ephemeral=not public, **payload)
        return
    if not needed:
        log.info("interaction %s: its token ran out; the reply is dropped", interaction.id)
        return
    if payload.get("attachments"):
        payload["files"] = payload["attachments"]
    payload.pop("attachments", None)
    try:
        if public and interaction.channel_id is not None:
            channel: discord.abc.Messageable = bot_of(interaction).get_partial_messageable(interaction.channel_id)
        else:
            channel = await bot_of(interaction).create_dm(interaction.user)
        await channel.send(**payload)
    except discord.HTTPException:
        log.warning("interaction %s: its token ran out and the message was refused; the reply is dropped", interaction.id,
                    exc_info=True)


@contextlib.asynccontextmanager
async def refusals(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Refusals are normal outcomes answered to that user only; anything else propagates as a bug."""
    try:
        yield
    except Exception as error:
        message = refusal_text(error, interaction.locale)
        if message is None:
            raise
        await send_ephemeral(interaction, message)


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


class WrongPlace(GameError):
    """The interaction names a game of another server or channel (a forged id, or a command typed elsewhere)."""

    code = "wrong_place"


def admin_here(interaction: discord.Interaction, record: GameRecord) -> bool:
    """Manage Server, evaluated in the game's own server: rights held elsewhere count for nothing."""
    permissions = getattr(interaction, "permissions", None)
    return interaction.guild_id == record.guild_id and bool(permissions and permissions.manage_guild)


def check_place(interaction: discord.Interaction, record: GameRecord, *, from_dm: bool = False) -> None:
    """The interaction must come from the game's server and its channel or thread. With `from_dm`, a
    seated player may also act from their DMs (turn notices carry the decision's menu)."""
    if interaction.guild_id is None and from_dm and record.seat_of(interaction.user.id) is not None:
        return
    if interaction.guild_id is not None and interaction.guild_id == record.guild_id \
            and interaction.channel_id in (record.channel_id, record.thread_id):
        return
    raise WrongPlace(text("err.wrong_place"))


async def cooled_down(interaction: discord.Interaction, command: str) -> bool:
    """True when the user may run this expensive command now; otherwise they are told how long to wait."""
    wait = bot_of(interaction).cooldown.retry_after((command, interaction.user.id))
    if wait <= 0:
        return True
    await send_ephemeral(interaction, tr("err.cooldown", interaction.locale, seconds=max(1, round(wait))))
    return False


async def placed_record(interaction: discord.Interaction, game_id: int) -> GameRecord:
    """The game a component names, refused unless the click comes from that game's own channel or thread."""
    record = await bot_of(interaction).store.get_game(game_id)
    if record is None:
        raise LobbyError("not_found")
    check_place(interaction, record)
    return record
