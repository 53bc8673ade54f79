"""An elimination tournament's standings: how far each entrant got in the bracket (still in, and in which
match now; out, and in which match), not a points table, which means nothing there.

Pure, read off the `BracketView` alone (tabletop/leagues/brackets/view.py), deciding nothing the bracket
did not: `/league standings` shows these rows for single and double elimination, and for a Swiss with a
cut once its cut has begun (before that the Swiss points table is the standing that matters).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Collection

from tabletop.leagues.brackets.view import BracketView, MatchView

STATUSES = ("champion", "in", "out", "withdrawn")
OUTSIDE = "outside"
"""`where` of a Swiss player who did not make the cut."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant: `place` (the final or shared place; everyone still in shares 1), `status` (one of
    STATUSES), matches won and lost, and `where`: the match they play or wait for (still in), the one
    they went out in (out, withdrawn), the final (champion); OUTSIDE for a Swiss player outside the cut."""

    user_id: int
    place: int
    status: str
    won: int
    lost: int
    where: MatchView | str | None


def shows_progress(view: BracketView) -> bool:
    """Elimination formats always; a Swiss with a cut once the cut has begun."""
    return view.format != "swiss_cut" or any(match.bracket == "cut" for match in view.matches())


def bracket_progress(view: BracketView, withdrawn: Collection[int] = ()) -> list[Standing]:
    """Every entrant, the champions first, then those still in (furthest first: the latest round, the
    winners' side before the losers', then seed), then those out by place."""
    won: Counter[int] = Counter()
    lost: Counter[int] = Counter()
    last: dict[int, MatchView] = {}
    beaten: dict[int, MatchView] = {}
    for match in view.matches():
        users = [side.user for side in match.sides if side.user is not None]
        for user in users:
            last[user] = match
        if match.status != "done" or match.decided_by == "bye":
            continue
        for user in users:
            if user in match.winners:
                won[user] += 1
            else:
                lost[user] += 1
                beaten[user] = match
    seed = {user: index for index, user in enumerate(view.entrants)}
    cut = {side.user for match in view.matches() if match.bracket == "cut" for side in match.sides}
    rows: list[Standing] = []
    for user in view.entrants:
        if user in view.champions:
            status, where = "champion", last.get(user)
        elif user in view.places:
            status = "withdrawn" if user in withdrawn else "out"
            where = beaten.get(user, last.get(user)) if user in cut or view.format != "swiss_cut" else OUTSIDE
        else:
            status, where = ("withdrawn" if user in withdrawn else "in"), last.get(user)
        rows.append(Standing(user, view.places.get(user, 1), status, won[user], lost[user], where))

    def order(row: Standing) -> tuple:
        match = row.where if isinstance(row.where, MatchView) else None
        behind = match is not None and match.bracket == "losers"
        still = row.status in ("champion", "in") or row.user_id not in view.places
        return (row.status != "champion", not still, row.place, -(match.round if match else 0), behind, seed[row.user_id])

    return sorted(rows, key=order)
