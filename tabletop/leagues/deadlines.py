"""What happens to a league game still unplayed at its round's deadline.

- "clock" (the asynchronous clock's rule): the seat the game is waiting on forfeits, and the others are
  placed by the game's standings, as when a clock runs out; when several seats are awaited at once (a
  shared window), or none, nobody can be blamed alone and it falls back to a double forfeit.
- "double": a double forfeit — the game is called off, nobody at the table scores, it is unrated.
A game that was never opened or was cancelled by hand is a double forfeit under either policy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

POLICIES = ("clock", "double")
Policy = Literal["clock", "double"]


@dataclass(frozen=True, slots=True)
class Verdict:
    kind: Literal["forfeit", "double"]
    seat: int | None = None


def verdict(policy: str, awaited: Sequence[int], active: bool) -> Verdict:
    if policy == "clock" and active and len(set(awaited)) == 1:
        return Verdict("forfeit", awaited[0])
    return Verdict("double")
