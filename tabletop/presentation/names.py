"""Each seat's name as every front end shows it, and the language a game's server reads."""

from __future__ import annotations

from typing import Protocol

from renderers.names import display_name
from storage.base import GameRecord, Store
from tabletop.play.ai_seats import ai_name, is_ai, level_of, taken_over
from tabletop.presentation.i18n import lang
from tabletop.play.learning import LOCALE_OPTION


class Directory(Protocol):
    """Where names come from: the bot's store and its cache of display names (`TabletopBot`)."""

    store: Store

    async def display_name(self, user_id: int) -> str: ...


async def guild_locale(directory: Directory, record: GameRecord) -> str:
    """The language of the game's server (its boards and thread); for a game in DMs, the language its
    player started it in (a practice game), else English."""
    if record.guild_id is None:
        return lang(record.options.get(LOCALE_OPTION, "en"))
    return lang((await directory.store.get_guild_settings(record.guild_id)).get("locale", "en"))


async def seat_names(directory: Directory, record: GameRecord) -> dict[int, str]:
    """Each seat's name as drawn on images: readable even for emoji-only or invisible names. An AI seat is
    "AI · level" in the server's language; a seat an AI took over keeps its player's name, marked "(AI)"."""
    names: dict[int, str] = {}
    ai = taken_over(record) if record.timing else {}
    for seat, user_id in enumerate(record.players):
        if is_ai(user_id):
            names[seat] = ai_name(level_of(user_id), await guild_locale(directory, record))
        else:
            names[seat] = display_name(await directory.display_name(user_id), seat) + (" (AI)" if seat in ai else "")
    return names
