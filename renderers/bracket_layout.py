"""Where the matches of one bracket go: columns by round, each match's box centred on the matches that feed
it, cut into panels that fit a phone page.

Pure geometry on the bracket's view model (`renderers.bracket` lists what it reads): a match is placed
from its `key`, `stage_round`, `next_key` and how many sides it has; who plays or advances is never looked
at here, and nothing about the bracket's rules is worked out: the lines drawn are the `next_key`s the
view gives.

Why panels: an 800 px page holds at most `MAX_COLUMNS` rounds with names still recognisable (about 175
px per column: six kanji or a dozen letters beside the seed and the score; five columns left four kanji),
and about 16 duels down its first column within the 2:1 page (`renderers.pages`). A bracket with more
rounds (32 entrants play five; their losers' bracket has eight) is cut into panels of consecutive rounds,
evenly, one under the other: the first panel's last column lists, top to bottom, the matches whose
winners meet in the next panel's first column. One with more first-round matches is cut into subtrees:
each panel holds a run of first-round matches and every later match fed only from them, and the matches
fed from several panels (the late rounds) make a panel of their own after them. A double elimination past
16 entrants asks for panels of two rounds, which `renderers.bracket` sets in two columns on one page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from renderers.pages import split_rows

PAD = 16
"""The page's side margins."""
ROW = 26
"""One side of a match: an 18 px line (the phone floor at 800 px) with its air."""
GAP = 10
"""Between two boxes of a column."""
MAX_COLUMNS = 4


@dataclass(frozen=True, slots=True)
class Placed:
    match: Any
    column: int
    top: int
    height: int

    @property
    def centre(self) -> float:
        return self.top + self.height / 2


@dataclass(frozen=True, slots=True)
class Panel:
    """Some rounds of one bracket as drawn together: `rounds` are the stage rounds of its columns."""

    bracket: str
    rounds: tuple[int, ...]
    placed: tuple[Placed, ...]
    height: int


Column = tuple[int, list[Any]]
"""A stage round and its matches in drawing order."""


def box_height(match: Any) -> int:
    return ROW * max(2, len(match.sides))


def panels(bracket: str, matches: Sequence[Any], room: int, most: int = MAX_COLUMNS) -> list[Panel]:
    """The matches of one bracket as panels whose boxes fit `room` pixels of height (a subtree that
    cannot be cut further may exceed it) and at most `most` rounds each (`MAX_COLUMNS` across a page,
    half as many in one of two columns of panels)."""
    by_round: dict[int, list[Any]] = {}
    for match in matches:
        by_round.setdefault(match.stage_round, []).append(match)
    columns = [(number, by_round[number]) for number in sorted(by_round)]
    if not columns:
        return []
    feeders: dict[str, list[str]] = {}
    for match in matches:
        if match.next_key is not None:
            feeders.setdefault(match.next_key, []).append(match.key)
    chunks = math.ceil(len(columns) / most)
    size = math.ceil(len(columns) / chunks)
    found: list[Panel] = []
    for start in range(0, len(columns), size):
        for block in _blocks(columns[start:start + size], feeders, room):
            found.append(_place(bracket, block, feeders))
    return found


def _blocks(columns: list[Column], feeders: dict[str, list[str]], room: int) -> list[list[Column]]:
    """The columns cut into subtrees whose first column fits `room`, then the rest."""
    first = columns[0][1]
    ranges = split_rows([box_height(match) + GAP for match in first], room + GAP)
    if len(ranges) == 1:
        return [columns]
    blocks: list[list[Column]] = []
    taken: set[str] = set()
    for rows in ranges:
        members = {first[index].key for index in rows}
        block: list[Column] = [(columns[0][0], [first[index] for index in rows])]
        for number, column in columns[1:]:
            fed = [match for match in column
                   if feeders.get(match.key) and all(key in members for key in feeders[match.key])]
            if not fed:
                break
            members |= {match.key for match in fed}
            block.append((number, fed))
        taken |= members
        blocks.append(block)
    rest = [(number, [match for match in column if match.key not in taken]) for number, column in columns[1:]]
    rest = [column for column in rest if column[1]]
    return blocks + (_blocks(rest, feeders, room) if rest else [])


def _place(bracket: str, columns: list[Column], feeders: dict[str, list[str]]) -> Panel:
    """Each box centred on the boxes feeding it in this panel (a first-round box, or one fed from
    elsewhere, stacked under the previous one), then pushed down until no two boxes of a column touch."""
    centres: dict[str, float] = {}
    placed: list[Placed] = []
    for index, (_, column) in enumerate(columns):
        wanted: list[tuple[float, int, Any]] = []
        cursor = 0.0
        for order, match in enumerate(column):
            height = box_height(match)
            fed = [centres[key] for key in feeders.get(match.key, ()) if key in centres]
            top = sum(fed) / len(fed) - height / 2 if fed else cursor
            wanted.append((top, order, match))
            cursor = top + height + GAP
        bottom = -GAP
        for top, _, match in sorted(wanted, key=lambda item: (item[0], item[1])):
            height = box_height(match)
            at = round(max(top, bottom + GAP))
            placed.append(Placed(match, index, at, height))
            centres[match.key] = at + height / 2
            bottom = at + height
    height = max((item.top + item.height for item in placed), default=0)
    return Panel(bracket, tuple(number for number, _ in columns), tuple(placed), height)
