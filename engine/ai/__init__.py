"""A generic AI player for every game, through the shared contract only (issue 11).

`choose(game_id, match_json, seat, level, seed)` returns the notation `seat` should play; `LEVELS` maps
"easy", "normal" and "hard" to their iteration caps and time budgets. Every argument is JSON-able, so
the platform runs it in a ProcessPoolExecutor and commits the returned notation through the same
publish path (and version check) as a person's move. Seeding from the match's id and version makes a
search interrupted by a restart pick the same move when it simply searches again (whenever the
iteration cap, not the clock, ends the search). Games may add hooks
(engine.ai.hooks) but need none.
"""

from engine.ai.levels import LEVELS, Level
from engine.ai.player import choose, decide

__all__ = ["LEVELS", "Level", "choose", "decide"]
