"""The persistent components of a running game: Take turn, My info, picker steps, resign confirmation.

A click loads the game once, decodes it once and lists the seat's legal actions once; a move is
checked against that seat's decision id, so other seats answering the same window never make it stale.
"""

from __future__ import annotations

import re
from typing import Any, cast

import discord

from engine.core.errors import AmbiguousAction, GameError, IllegalAction, NotYourDecision
from engine.core.match import Match
from engine.core.types import Action, Text
from discord_ui import announce, ids
from tabletop.presentation.i18n import lang, text, tr
from discord_ui.interactions import bot_of, check_place, guarded, late_answer
from tabletop.delivery.live_links import live_links
from tabletop.presentation.picker import decode, set_path
from discord_ui.pickers import menu_at, picker_payload
from tabletop.delivery.publish import after_commit
from tabletop.play.service import Loaded, game_of, match_of, not_active
from discord_ui.views import take_view
from storage.base import LobbyError


class GameButton:
    """A persistent button whose custom id carries only the game id."""

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> Any:
        return cls(item, int(match["gid"]))  # type: ignore[call-arg]

    def __init__(self, item: discord.ui.Button, game_id: int) -> None:
        super().__init__(item)  # type: ignore[call-arg]
        self.game_id = game_id


class TakeTurn(GameButton, discord.ui.DynamicItem[discord.ui.Button], template=ids.TAKE):
    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await open_picker(interaction, self.game_id)


class MyInfo(GameButton, discord.ui.DynamicItem[discord.ui.Button], template=ids.INFO):
    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await show_private(interaction, self.game_id)


class ResignConfirm(GameButton, discord.ui.DynamicItem[discord.ui.Button], template=ids.RESIGN):
    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        loaded, seat = await seated(interaction, self.game_id)
        await interaction.response.defer()
        played = await bot.service.concede(loaded, seat)
        await interaction.edit_original_response(content=tr("game.resign_button", interaction.locale) + " ✓", view=None)
        await after_commit(bot, played)


class PickButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.PICK):
    def __init__(self, item: discord.ui.Button, game_id: int, decision: int, path: tuple[int, ...] | None) -> None:
        super().__init__(item)
        self.game_id, self.decision, self.path = game_id, decision, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "PickButton":
        return cls(item, int(match["gid"]), int(match["dec"]), decode(match["path"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await advance(interaction, self.game_id, self.decision, self.path)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.PICK_SELECT):
    def __init__(self, item: discord.ui.Select, game_id: int, decision: int) -> None:
        super().__init__(item)
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]) -> "PickSelect":
        return cls(item, int(match["gid"]), int(match["dec"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        values = cast(discord.ui.Select, self.item).values
        await advance(interaction, self.game_id, self.decision, decode(values[0]) if len(values) == 1 else None)


class PickSet(discord.ui.DynamicItem[discord.ui.Select], template=ids.PICK_SET):
    """A multi-select of a set choice's elements: the option holding exactly the picked ones is chosen."""

    def __init__(self, item: discord.ui.Select, game_id: int, decision: int, path: tuple[int, ...] | None) -> None:
        super().__init__(item)
        self.game_id, self.decision, self.path = game_id, decision, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]) -> "PickSet":
        return cls(item, int(match["gid"]), int(match["dec"]), decode(match["path"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        loaded, seat = await seated(interaction, self.game_id)
        loaded.match.check_decision(seat, self.decision)
        values = cast(discord.ui.Select, self.item).values
        path = None if self.path is None else set_path(loaded.match.legal_actions(seat), self.path, values)
        if path is None:
            raise GameError(text("err.bad_set"))
        await advance(interaction, self.game_id, self.decision, path, seated_as=(loaded, seat))


DYNAMIC_ITEMS = (TakeTurn, MyInfo, ResignConfirm, PickButton, PickSelect, PickSet)


async def resolve(interaction: discord.Interaction, game_id: int | None) -> Loaded:
    """The active game a command or button means, loaded and decoded once. In a finished game's thread
    (or naming one) the answer says that it has ended and how to replay it, rather than "which game?"."""
    bot = bot_of(interaction)
    record = await bot.service.find_game(explicit=game_id, channel_id=interaction.channel_id,
                                         user_id=interaction.user.id, guild_id=interaction.guild_id)
    if record is None and game_id is None and interaction.channel_id is not None:
        record = await bot.store.game_for_thread(interaction.channel_id)
        if record is not None and record.status != "finished":
            record = None
    if record is None:
        raise LobbyError("not_found") if game_id is not None else GameError(text("err.which_game"))
    if record.status != "active":
        raise not_active(record)
    check_place(interaction, record, from_dm=True)
    return Loaded(record, match_of(record))


EXAMPLES = 5
"""How many legal notations a refusal of typed input shows: a few forms to copy, not the whole list."""


def typed_move(match: Match, seat: int, notation: str) -> Action:
    """The action a typed `/game play` means; when nothing fits, the refusal adds a few of the forms that
    are legal now (one per first choice, so they show the kinds of move, not fifty moves of one kind)."""
    try:
        return match.find(seat, notation)
    except AmbiguousAction:
        raise
    except IllegalAction as refused:
        listed = match.legal_actions(seat)
        if not listed:
            raise
        firsts: dict[str, str] = {}
        for action in listed:
            firsts.setdefault(action.path[0].key if action.path else action.notation, action.notation)
        shown = list(firsts.values())[:EXAMPLES]
        shown += [action.notation for action in listed if action.notation not in shown][: EXAMPLES - len(shown)]
        forms = " ".join(f"`{notation}`" for notation in shown)
        hint = text("err.legal_examples")
        reason = refused.reason
        raise IllegalAction(Text(
            reason.ja + "\n" + hint.ja.format(forms=forms, count=len(listed)),
            reason.en + "\n" + hint.en.format(forms=forms, count=len(listed)),
            reason.args,
        )) from None


async def show_private(interaction: discord.Interaction, game_id: int | None) -> None:
    """The seat's private view image and prompt, to that user only."""
    bot = bot_of(interaction)
    loaded = await resolve(interaction, game_id)
    record, match = loaded.record, loaded.match
    seat = bot.service.seat(record, interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    locale = lang(interaction.locale)
    names = await announce.seat_names(bot, record)
    file = await announce.render_file("private", record, match, seat, locale, names)
    decision = match.decision_of(seat)
    content = tr("turn.private_update", locale, game=game_of(record).name.get(locale), id=record.id)
    if decision is not None:
        content += "\n" + decision.prompt.render(locale, announce.text_names(names))
    view = take_view(record.id, locale) if decision is not None else None
    await late_answer(interaction, **announce.dm_kwargs(content, file, view))


async def waiting_refusal(interaction: discord.Interaction, loaded: Loaded) -> NotYourDecision:
    names = announce.text_names(await announce.seat_names(bot_of(interaction), loaded.record))
    who = ", ".join(names[s] for s in loaded.match.awaited_seats()) or "-"
    return NotYourDecision(text("err.not_your_turn").with_args(who=who))


async def seated(interaction: discord.Interaction, game_id: int) -> tuple[Loaded, int]:
    """The active game a button names, loaded once, and the clicking user's seat in it; refused from
    another server or channel, or for someone not playing."""
    bot = bot_of(interaction)
    loaded = await bot.service.load(game_id)
    check_place(interaction, loaded.record, from_dm=True)
    return loaded, bot.service.seat(loaded.record, interaction.user.id)


async def open_picker(interaction: discord.Interaction, game_id: int) -> None:
    bot = bot_of(interaction)
    loaded, seat = await seated(interaction, game_id)
    record, match = loaded.record, loaded.match
    if seat not in match.awaited_seats():
        raise await waiting_refusal(interaction, loaded)
    await interaction.response.defer(ephemeral=True, thinking=True)
    names = await announce.seat_names(bot, record)
    links = live_links(bot)
    payload = await picker_payload(record, match, seat, menu_at(match, seat, (), links), lang(interaction.locale), names,
                                   with_image=True, links=links, store=bot.store)
    await late_answer(interaction, **payload)


async def advance(interaction: discord.Interaction, game_id: int, decision: int, path: tuple[int, ...] | None,
                  seated_as: tuple[Loaded, int] | None = None) -> None:
    """One picker step: the next menu, or the chosen action applied once the path reaches one.
    `seated_as`: the game and seat when the caller already loaded them for this click."""
    bot = bot_of(interaction)
    loaded, seat = seated_as if seated_as is not None else await seated(interaction, game_id)
    record, match = loaded.record, loaded.match
    match.check_decision(seat, decision)
    if path is None:
        raise GameError(text("err.bad_input"))
    links = live_links(bot)
    found = menu_at(match, seat, path, links)
    if found.action is None:
        names = await announce.seat_names(bot, record)
        payload = await picker_payload(record, match, seat, found, lang(interaction.locale), names, with_image=False,
                                       links=links, store=bot.store)
        await interaction.response.edit_message(**payload)
        return
    await interaction.response.defer()
    played = await bot.service.play(loaded, seat, found.action, decision_id=decision)
    await after_commit(bot, played, interaction)
