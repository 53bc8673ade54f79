"""League tables: points from each table's places, byes, and the tie-breaks players know.

A result is one table's places (competition ranking, 1 = first). A player's points for a table are the
share of their opponents they finished ahead of (a tie counts half): 1 / ½ / 0 in a two-player game, and
in a four-player game 1, ⅔, ⅓, 0 down the places. A double forfeit gives everyone at the table nothing.

Tie-breaks:
- "buchholz": the sum of the final points of everyone faced (a Swiss's strength of schedule);
- "sb" (Sonneborn-Berger): for each opponent, the share scored against them times their points;
- "h2h": points scored against the other players tied on points (round-robin);
- "gamescore": the sum of in-game scores (War Chest control markers, Wall of War points), else places;
- "wins": games won outright.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

import wcwidth

TIEBREAKS = ("buchholz", "sb", "h2h", "gamescore", "wins")
DEFAULT_TIEBREAKS = {"swiss": ("buchholz", "sb"), "rr": ("h2h", "gamescore"), "drr": ("h2h", "gamescore"),
                     "ladder": ("wins",)}


@dataclass(frozen=True, slots=True)
class TableResult:
    """One finished league table. `ranks` None: a double forfeit (nobody scores)."""

    round: int
    players: tuple[int, ...]
    ranks: tuple[int, ...] | None
    scores: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class Row:
    user_id: int
    place: int
    points: float
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    tiebreaks: tuple[float, ...] = field(default=())


def pairwise(ranks: Sequence[int], me: int, other: int) -> float:
    """What seat `me` scored against seat `other` at one table: 1 ahead, ½ tied, 0 behind."""
    return 1.0 if ranks[me] < ranks[other] else 0.5 if ranks[me] == ranks[other] else 0.0


def table_points(ranks: Sequence[int]) -> list[float]:
    others = len(ranks) - 1
    return [sum(pairwise(ranks, me, other) for other in range(len(ranks)) if other != me) / others for me in range(len(ranks))]


def standings(members: Sequence[int], results: Iterable[TableResult], byes: Iterable[tuple[int, int]],
              tiebreaks: Sequence[str] = (), bye_points: float = 1.0) -> list[Row]:
    """The table, best first: points, then each tie-break in order, then the member's sign-up order.
    `byes` are (round, user); a bye is worth `bye_points`. Members who withdrew keep their results."""
    results = list(results)
    points = {user: 0.0 for user in members}
    played = dict.fromkeys(members, 0)
    wins, draws, losses = dict.fromkeys(members, 0), dict.fromkeys(members, 0), dict.fromkeys(members, 0)
    game_score = dict.fromkeys(members, 0.0)
    bye_count = dict.fromkeys(members, 0)
    for _, user in byes:
        if user in points:
            points[user] += bye_points
            bye_count[user] += 1
    for result in results:
        earned = table_points(result.ranks) if result.ranks is not None else [0.0] * len(result.players)
        for seat, user in enumerate(result.players):
            if user not in points:
                continue
            points[user] += earned[seat]
            played[user] += 1
            if result.ranks is None or (result.ranks[seat] > 1):
                losses[user] += 1
            elif all(rank == 1 for rank in result.ranks):
                draws[user] += 1
            else:
                wins[user] += 1
            if result.scores is not None:
                game_score[user] += result.scores[seat]
            elif result.ranks is not None:
                game_score[user] += len(result.players) - result.ranks[seat]
    keys = {user: tuple(_tiebreak(name, user, results, points, wins, game_score) for name in tiebreaks) for user in members}
    signup = {user: index for index, user in enumerate(members)}
    order = sorted(members, key=lambda user: (-points[user], *(-value for value in keys[user]), signup[user]))
    rows: list[Row] = []
    for index, user in enumerate(order):
        tied = rows and (points[rows[-1].user_id], keys[rows[-1].user_id]) == (points[user], keys[user])
        place = rows[-1].place if tied else index + 1
        rows.append(Row(user, place, points[user], played[user], wins[user], draws[user], losses[user], bye_count[user],
                        keys[user]))
    return rows


def _tiebreak(name: str, user: int, results: list[TableResult], points: Mapping[int, float], wins: Mapping[int, int],
              game_score: Mapping[int, float]) -> float:
    if name == "wins":
        return float(wins[user])
    if name == "gamescore":
        return game_score[user]
    total = 0.0
    level = {other for other, value in points.items() if value == points[user] and other != user}
    for result in results:
        if user not in result.players:
            continue
        me = result.players.index(user)
        for seat, other in enumerate(result.players):
            if seat == me or other not in points:
                continue
            scored = pairwise(result.ranks, me, seat) if result.ranks is not None else 0.0
            if name == "buchholz":
                total += points[other]
            elif name == "sb":
                total += scored * points[other]
            elif name == "h2h" and other in level:
                total += scored
    return total


def points_text(value: float) -> str:
    """2, 2.5, 0.67: points and tie-breaks as short as they can be shown."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


NAME_COLUMNS = 16
"""A name's width in the text table, in display columns (a CJK character takes two)."""


def text_table(rows: Sequence[Row], names: Mapping[int, str], headers: Sequence[str], limit: int = 25) -> str:
    """The standings as a monospace block for a message (the image's text twin): place, name, points,
    W-D-L, tie-breaks, each column as wide as its widest cell or header.

    Widths are display columns (`wcwidth`): a Japanese name or header takes two columns a character in
    a monospace font, so padding by characters pushed such rows out of line. Names are written as they
    are (markdown is not read inside a code block); only backticks change, so that none ends the block."""
    table = [list(headers)]
    for row in rows[:limit]:
        name = name_cell(names.get(row.user_id, str(row.user_id)))
        record = f"{row.wins}-{row.draws}-{row.losses}"
        table.append([f"{row.place}.", name, points_text(row.points), record,
                      *(points_text(value) for value in row.tiebreaks)])
    return monospace(table)


def name_cell(name: str) -> str:
    """A name as a text table shows it: at most NAME_COLUMNS display columns, no backticks."""
    name = name.replace("`", "'")
    return wcwidth.clip(name, 0, NAME_COLUMNS - 1).rstrip() + "…" if wcwidth.width(name) > NAME_COLUMNS else name


def monospace(table: Sequence[Sequence[str]]) -> str:
    """Rows of cells as a code block: the second column (a name) left-aligned, the others right-aligned,
    each column as wide as its widest cell in display columns."""
    count = max(len(cells) for cells in table)
    widths = [max(wcwidth.width(cells[column]) for cells in table if column < len(cells)) for column in range(count)]
    lines = []
    for cells in table:
        padded = [wcwidth.ljust(cell, widths[column]) if column == 1 else wcwidth.rjust(cell, widths[column])
                  for column, cell in enumerate(cells)]
        lines.append(" ".join(padded).rstrip())
    return "```\n" + "\n".join(lines).replace("`", "'") + "\n```"
