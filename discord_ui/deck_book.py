"""A player's saved decks of one game, kept in their user prefs as name → deck code.

The deck builders of ART OF WAR and Walpurgis keep their books the same way; each game reads the codes
with its own rules (`parse_code`), so this holds only what does not depend on the cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from engine.core.errors import BadOptions, GameError
from engine.core.game import echo
from engine.core.types import T, Text
from tabletop.presentation.i18n import say
from tabletop.delivery.publish import after_commit
from discord_ui.turn_ui import resolve

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

NAME_CHARS = 32
MAX_DECKS = 25
"""One autocomplete list holds 25 entries: a player keeps at most that many decks of one game."""


def deck_name(typed: str) -> str:
    """A deck's name as stored: trimmed, 1–32 characters, no line breaks."""
    name = " ".join(typed.split())
    if not name or len(name) > NAME_CHARS:
        raise BadOptions(T(f"デッキ名は1〜{NAME_CHARS}文字です。", f"A deck name has 1 to {NAME_CHARS} characters."))
    return name


class DeckBook:
    """The saved decks of one game: `pref` is the user-prefs key, `command` the builder's slash command
    (named in the refusal when a player has no deck yet)."""

    def __init__(self, pref: str, command: str) -> None:
        self.pref = pref
        self.command = command

    def of(self, prefs: Mapping[str, Any]) -> dict[str, str]:
        """The player's saved decks, name → code (anything malformed in stored prefs is left out)."""
        stored = prefs.get(self.pref)
        if not isinstance(stored, dict):
            return {}
        return {name: code for name, code in stored.items() if isinstance(name, str) and isinstance(code, str)}

    async def load(self, bot: "TabletopBot", user_id: int) -> dict[str, str]:
        return self.of((await bot.store.get_user(user_id)).prefs)

    async def save(self, bot: "TabletopBot", user_id: int, book: Mapping[str, str]) -> None:
        await bot.store.update_user(user_id, prefs={self.pref: dict(book) or None})

    def find(self, book: Mapping[str, str], typed: str) -> tuple[str, str]:
        """A saved deck's name and code by name (case-insensitive), or BadOptions naming the decks there are."""
        wanted = " ".join(typed.split()).casefold()
        for name, code in book.items():
            if name.casefold() == wanted:
                return name, code
        shown = echo(typed)
        if not book:
            raise BadOptions(T(f"「{shown}」というデッキはありません。まだ保存したデッキがありません({self.command} new)。",
                               f"No deck named “{shown}”. You have no saved decks yet ({self.command} new)."))
        raise BadOptions(T(f"「{shown}」というデッキはありません。保存済み: {'、'.join(book)}", f"No deck named “{shown}”. Saved: {', '.join(book)}"))

    async def add(self, bot: "TabletopBot", user_id: int, typed: str, code: str) -> str:
        """`deck new` and `deck import`: saves `code` under a new name and returns the name as stored.
        Refuses a name already saved (case-insensitively) and a full book."""
        title = deck_name(typed)
        book = await self.load(bot, user_id)
        if self._taken(book, title):
            raise BadOptions(T(f"「{echo(title)}」はもうあります。変更は {self.command} edit で。",
                               f"“{echo(title)}” already exists: change it with {self.command} edit."))
        if len(book) >= MAX_DECKS:
            raise BadOptions(T(f"保存できるデッキは{MAX_DECKS}個までです。", f"You can keep at most {MAX_DECKS} decks."))
        await self.save(bot, user_id, {**book, title: code})
        return title

    async def replace(self, bot: "TabletopBot", user_id: int, book: Mapping[str, str], title: str, code: str,
                      rename: str | None = None) -> str:
        """`deck edit`: the saved deck `title` (a name `find` returned from `book`) now holds `code`, under
        `rename` if given, in the same place in the list; returns the name as stored. Refuses a new name
        that another deck already has."""
        new_title = deck_name(rename) if rename else title
        if self._taken((name for name in book if name != title), new_title):
            raise BadOptions(T(f"「{echo(new_title)}」はもうあります。", f"“{echo(new_title)}” already exists."))
        await self.save(bot, user_id, dict((new_title, code) if name == title else (name, saved) for name, saved in book.items()))
        return new_title

    @staticmethod
    def _taken(names: Iterable[str], title: str) -> bool:
        return any(name.casefold() == title.casefold() for name in names)

    def listing(self, book: Mapping[str, str], locale: str, summary: Callable[[str], str]) -> str:
        """`deck list`: each saved deck with the game's one-line `summary` of its code, or how to make one."""
        if not book:
            return say(locale, f"保存したデッキはありません。{self.command} new で作れます。",
                       f"You have no saved decks. Make one with {self.command} new.")
        lines = [say(locale, f"保存したデッキ({len(book)})", f"Your decks ({len(book)})")]
        lines += [f"• **{name}** {summary(code)}" for name, code in book.items()]
        return "\n".join(lines)

    async def delete(self, bot: "TabletopBot", user_id: int, typed: str) -> str:
        """`deck delete`: removes the deck named `typed` and returns its name. The code is not read, so a
        deck that an edited card list made invalid can still be deleted."""
        book = await self.load(bot, user_id)
        title, _ = self.find(book, typed)
        await self.save(bot, user_id, {name: code for name, code in book.items() if name != title})
        return title

    async def names(self, bot: "TabletopBot", user_id: int, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete of the player's saved deck names."""
        needle = current.casefold()
        return [app_commands.Choice(name=name, value=name) for name in await self.load(bot, user_id)
                if needle in name.casefold()][:25]

    async def use_choices(self, bot: "TabletopBot", user_id: int, current: str, label: Callable[[str, str], str],
                          ready_made: Iterable[tuple[str, str]]) -> list[app_commands.Choice[str]]:
        """Autocomplete of `deck use`: the player's saved decks first, each shown as `label(name, code)`,
        then the game's ready-made decks as (shown name, key); matched on what is shown and on the value."""
        needle = current.casefold()
        found = [app_commands.Choice(name=label(name, code)[:100], value=name) for name, code in (await self.load(bot, user_id)).items()]
        found += [app_commands.Choice(name=shown[:100], value=key) for shown, key in ready_made]
        return [choice for choice in found if needle in choice.name.casefold() or needle in choice.value.casefold()][:25]


async def play_deck(bot: "TabletopBot", interaction: discord.Interaction, game: int | None, game_id: str,
                    other_game: Text, notation: str) -> None:
    """`deck use`: play the deck choice `notation` for the user's seat in their game of `game_id` (only
    they see which deck), through the one publish path; `other_game` refuses a game of another kind."""
    loaded = await resolve(interaction, game)
    if loaded.record.game_type != game_id:
        raise GameError(other_game)
    seat = bot.service.seat(loaded.record, interaction.user.id)
    move = loaded.match.find(seat, notation)
    await interaction.response.defer(ephemeral=True, thinking=True)
    played = await bot.service.play(loaded, seat, move, decision_id=loaded.match.decisions[seat])
    await after_commit(bot, played, interaction)
