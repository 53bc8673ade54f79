"""Platform texts in Japanese and English, kept as data in `data/i18n/*.json` (one file per concern:
platform, history, timing, …); a key may appear in only one file."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.types import Text

CATALOG_DIR = Path(__file__).resolve().parents[2] / "data" / "i18n"


@lru_cache(maxsize=1)
def catalog() -> dict[str, dict[str, str]]:
    merged: dict[str, dict[str, str]] = {}
    for path in sorted(CATALOG_DIR.glob("*.json")):
        entries = json.loads(path.read_text(encoding="utf-8"))
        clash = merged.keys() & entries.keys()
        if clash:
            raise ValueError(f"{path.name} repeats keys of another catalog file: {sorted(clash)}")
        merged.update(entries)
    return merged


def lang(locale: Any) -> str:
    """Discord locales ("ja", "en-US", discord.Locale) collapsed to the two languages we ship."""
    value = getattr(locale, "value", locale) or ""
    return "ja" if str(value).startswith("ja") else "en"


def say(locale: str, ja: str, en: str) -> str:
    """One of two texts written in place, for the locale `lang` gave (the catalog is for shared texts)."""
    return ja if locale == "ja" else en


def tr(key: str, locale: Any, **values: Any) -> str:
    """The text for `key` in the locale, with `{name}` fields filled in."""
    entry = catalog()[key]
    return entry[lang(locale)].format(**values)


def text(key: str) -> Text:
    entry = catalog()[key]
    return Text(entry["ja"], entry["en"])
