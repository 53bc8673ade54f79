"""Helpers for the English half of player-facing texts.

Japanese needs no plural forms, but English sentences built from counts ("1 medals") read as broken, and
a "(s)" suffix reads as a form letter; engines build counted nouns here so every game says it one way.
"""

from __future__ import annotations


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """The count and its noun in the right number: `plural(1, "medal")` is "1 medal", `plural(0, "medal")`
    "0 medals". Irregular nouns pass their plural form."""
    noun = singular if count == 1 else plural_form or singular + "s"
    return f"{count} {noun}"
