"""Every platform text exists in Japanese and English, and every key the code uses exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

from tabletop.presentation.i18n import catalog, lang, tr

ROOT = Path(__file__).resolve().parents[2]


def test_every_entry_has_both_languages_with_the_same_fields() -> None:
    for key, entry in catalog().items():
        assert set(entry) == {"ja", "en"}, key
        fields = [{name for _, name, _, _ in string.Formatter().parse(entry[code]) if name} for code in ("ja", "en")]
        assert fields[0] == fields[1], key


def test_every_key_used_in_code_exists() -> None:
    used: set[str] = set()
    for folder in ("tabletop", "cogs", "web"):
        for path in (ROOT / folder).rglob("*.py"):
            used |= set(re.findall(r"""(?:tr|text)\(\s*f?["']([a-z_]+\.[a-z_{}.]+)["']""", path.read_text(encoding="utf-8")))
    static = {key for key in used if "{" not in key}
    assert static <= set(catalog()), static - set(catalog())


def test_locale_collapse() -> None:
    assert lang("ja") == "ja" and lang("en-US") == "en" and lang(None) == "en"
    assert tr("lobby.join", "ja") == "参加" and tr("lobby.join", "en-GB") == "Join"
