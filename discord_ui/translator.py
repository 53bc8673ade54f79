"""Command names and descriptions in both languages: Discord's command tree asks a translator for each
locale, and every `locale_str` the cogs build carries its own Japanese."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from tabletop.presentation.i18n import lang


class Translator(app_commands.Translator):
    """Localizes command and option descriptions: `locale_str(en, ja=...)` carries its own Japanese."""

    async def translate(
        self, string: app_commands.locale_str, locale: Any, context: app_commands.TranslationContext
    ) -> str | None:
        if lang(locale) == "ja":
            return string.extras.get("ja")
        return None


def ls(en: str, ja: str) -> app_commands.locale_str:
    """A command-tree string with its Japanese translation."""
    return app_commands.locale_str(en, ja=ja)
