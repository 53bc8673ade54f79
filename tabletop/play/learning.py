"""Practice games (`/game learn`): one person against the easy AI, unrated, with tips and hints on.

What makes a game a practice game lives in its stored options under the platform's own prefix, so the
record alone tells every part of the platform (tips, hints, ratings) what it is, across restarts:
- `LEARN_OPTION`: "on" for a game started by `/game learn`;
- `HINTS_OPTION`: "on" when hints may be asked for (read by the hint feature);
- `LOCALE_OPTION`: the player's language, for a practice game held in DMs (no server to take it from);
- `TIPS_OPTION`: the tips already shown, seat → decision topic → the decision id it was shown on
  (`discord_ui.tips`), so each topic's tip comes once per player and game, restarts included.
"""

from __future__ import annotations

from typing import Any, Mapping

from storage.base import GameRecord

LEARN_OPTION = "tt_learn"
HINTS_OPTION = "tt_hints"
LOCALE_OPTION = "tt_locale"
TIPS_OPTION = "tt_tips"
LEVEL = "easy"
"""The opponents of a practice game: the AI's easy level, fast and beatable by a beginner."""


def is_practice(record: GameRecord) -> bool:
    return record.options.get(LEARN_OPTION) == "on"


def hints_on(options: Mapping[str, Any]) -> bool:
    """Whether the game was started with hints allowed (practice games always are)."""
    return options.get(HINTS_OPTION) == "on"

