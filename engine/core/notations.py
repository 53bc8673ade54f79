"""The platform's own notations: acts that are not moves of any game but are stored in the same log.

They start with `INTERNAL_PREFIX`, which no game notation may use (the conformance suite checks it), so
a player can never type one as a move and a replay can always tell them apart. They live apart from the
match envelope so that the takeback rules can name them without importing the envelope.
"""

from __future__ import annotations

INTERNAL_PREFIX = "!"
RESIGN = "!resign"
FORFEIT = "!forfeit"
TAKEBACK = "!takeback"
CONCEDE = {RESIGN: "resign", FORFEIT: "forfeit"}
