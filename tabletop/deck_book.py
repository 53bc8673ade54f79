"""A player's saved decks of one game, kept in their user prefs as name → deck code.

The deck builders of ART OF WAR and Walpurgis keep their books the same way; each game reads the codes
with its own rules (`parse_code`), so this holds only what does not depend on the cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from engine.core.errors import BadOptions, GameError
from engine.core.game import echo
from engine.core.types import T, Text
from tabletop.i18n import say
from tabletop.publish import after_commit
from tabletop.turn_ui import resolve

if TYPE_CHECKING:
    from tabletop.bot import TabletopBot

NAME_CHARS = 32


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
