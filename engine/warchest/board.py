"""Board geometry: hex labels, neighbours and the precomputed lookups the rules need.

Hexes are flat-topped with axial coordinates (q, r), origin at the centre hex (see the project's War Chest
reference). Every rule asks the same few geometric questions many times per turn (neighbours, the ring at
distance 2, straight rays), so they are computed once per board size and looked up by label afterwards.

Labels: the column letter comes from q (A = q -5 … K = q +5) and the number counts hexes from the top of
that column (1 = topmost). The 2-player board is the inner part of the 4-player board and its columns hold
exactly the same hexes, so one hex has one label on both boards (the 2-player board uses columns C–I).
"""

from __future__ import annotations

from dataclasses import dataclass

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
COLUMNS = "ABCDEFGHIJK"

START_LOCATIONS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((-1, -2), (2, -3), (-4, 1)),
    ((-2, 3), (1, 2), (4, -1)),
)
"""Start locations of team/side A (index 0) and B; the third of each exists only on the 4-player board."""

NEUTRAL_LOCATIONS: tuple[tuple[int, int], ...] = (
    (-3, 2), (-2, 0), (-1, 1), (1, -1), (2, 0), (3, -2), (-5, 3), (5, -3),
)


def axial_label(q: int, r: int) -> str:
    """The printed label of hex (q, r): column letter from q, then the position from the column's top."""
    top = max(-3, -3 - q)
    return f"{COLUMNS[q + 5]}{r - top + 1}"


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@dataclass(frozen=True, slots=True)
class Board:
    """One board size with every lookup precomputed; all keyed by hex label."""

    players: int
    labels: tuple[str, ...]
    coords: dict[str, tuple[int, int]]
    neighbours: dict[str, tuple[str, ...]]
    ring2: dict[str, tuple[str, ...]]
    within2: dict[str, frozenset[str]]
    rays: dict[str, tuple[tuple[str, ...], ...]]
    locations: frozenset[str]
    starts: tuple[tuple[str, ...], tuple[str, ...]]

    def dist(self, a: str, b: str) -> int:
        return distance(self.coords[a], self.coords[b])


def _on_board(q: int, r: int, players: int) -> bool:
    limit = 5 if players == 4 else 3
    return abs(q) <= limit and abs(r) <= 3 and abs(q + r) <= 3


def build(players: int) -> Board:
    cells = [(q, r) for q in range(-5, 6) for r in range(-3, 4) if _on_board(q, r, players)]
    coords = {axial_label(q, r): (q, r) for q, r in cells}
    by_coord = {xy: label for label, xy in coords.items()}
    neighbours: dict[str, tuple[str, ...]] = {}
    rays: dict[str, tuple[tuple[str, ...], ...]] = {}
    ring2: dict[str, tuple[str, ...]] = {}
    within2: dict[str, frozenset[str]] = {}
    for label, (q, r) in coords.items():
        neighbours[label] = tuple(by_coord[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in by_coord)
        ray_list = []
        for dq, dr in DIRECTIONS:
            ray = []
            for step in range(1, 4):
                cell = (q + dq * step, r + dr * step)
                if cell not in by_coord:
                    break
                ray.append(by_coord[cell])
            ray_list.append(tuple(ray))
        rays[label] = tuple(ray_list)
        ring2[label] = tuple(other for other, xy in coords.items() if distance(xy, (q, r)) == 2)
        within2[label] = frozenset(other for other, xy in coords.items() if 0 < distance(xy, (q, r)) <= 2)
    starts = tuple(tuple(by_coord[xy] for xy in team if xy in by_coord) for team in START_LOCATIONS)
    all_locations = [xy for team in START_LOCATIONS for xy in team] + list(NEUTRAL_LOCATIONS)
    locations = frozenset(by_coord[xy] for xy in all_locations if xy in by_coord)
    return Board(players, tuple(coords), coords, neighbours, ring2, within2, rays, locations, (starts[0], starts[1]))


BOARDS: dict[int, Board] = {players: build(players) for players in (2, 4)}
