"""Platform texts in Japanese and English, kept as data in `data/i18n/platform.json`."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from discord import app_commands

from engine.core.types import Text

CATALOG = Path(__file__).resolve().parent.parent / "data" / "i18n" / "platform.json"


@lru_cache(maxsize=1)
def catalog() -> dict[str, dict[str, str]]:
    return json.loads(CATALOG.read_text(encoding="utf-8"))


def lang(locale: Any) -> str:
    """Discord locales ("ja", "en-US", discord.Locale) collapsed to the two languages we ship."""
    value = getattr(locale, "value", locale) or ""
    return "ja" if str(value).startswith("ja") else "en"


def tr(key: str, locale: Any, **values: Any) -> str:
    """The text for `key` in the locale, with `{name}` fields filled in."""
    entry = catalog()[key]
    return entry[lang(locale)].format(**values)


def text(key: str) -> Text:
    entry = catalog()[key]
    return Text(entry["ja"], entry["en"])


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
