"""The read-only view model of a tournament bracket: what a renderer (text here, an image elsewhere) draws.

Everything a drawing needs is here, already decided by the bracket rules (tabletop/leagues/brackets/); a
renderer lays it out and never re-derives who advanced. All of it is plain frozen dataclasses of ints,
strings and tuples, and `BracketView.to_json` gives a JSON-ready dict.

- `BracketView`: `format` ("single_elim", "double_elim", "swiss_cut"), `entrants` in seed order (seed 1
  first), `rounds` in play order, `champion` (None while running; `champions` all who won the final, both partners of a team), `places` (user -> final place, shared
  places for players out in the same round), `best_of`, `done`.
- `RoundView`: `number` is the league round it is played in (1, 2, ...); `matches` in drawing order. In a
  double elimination one league round holds matches of both brackets (see `MatchView.bracket`).
- `MatchView`: `key` a stable id ("W1.0" winners' round 1 match 0, "L2.1" losers' round 2, "GF", "GF2" the
  reset, "S1.3" Swiss round 1 table 3, "C1.0" the cut, "T2.1" a multiplayer table), `bracket` ("main",
  "winners", "losers", "final", "swiss", "cut"), `stage_round` (its round within that bracket, from 1),
  `sides` (two for a duel, 3-5 at a multiplayer table), `games` (each game played, in order), `status`
  ("waiting": a side is not known yet, "ready", "playing", "done"), `winners` (who advance: one user in a
  duel, the top K at a table), `decided_by` ("games", "bye", "walkover" a void game gave it to the better
  seed, "withdrawal", "settled" by an admin by hand), and `next_key` / `loser_key` where its winner and (in
  the winners' bracket) its loser go next, for drawing the lines; `teams` the team of each side at a team
  game's table (War Chest 4p: 0, 1, 0, 1), else empty.
- `SideView`: `user` (None: a bye or an empty slot, drawn as "bye"), `seed`, `score` (games won in the
  match; a table's place in a multiplayer round), `advanced`.
- `GameView`: `table` (the league table number), `game_id`, `players` in seat order (seat 0 moves first),
  `ranks` (None while open or void), `status` ("open", "finished", "void", "settled").
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class SideView:
    user: int | None
    seed: int | None
    score: float = 0.0
    advanced: bool = False


@dataclass(frozen=True, slots=True)
class GameView:
    table: int
    game_id: int | None
    players: tuple[int, ...]
    ranks: tuple[int, ...] | None
    status: str


@dataclass(frozen=True, slots=True)
class MatchView:
    key: str
    bracket: str
    stage_round: int
    round: int
    sides: tuple[SideView, ...]
    games: tuple[GameView, ...] = ()
    status: str = "waiting"
    winners: tuple[int, ...] = ()
    decided_by: str | None = None
    next_key: str | None = None
    loser_key: str | None = None
    best_of: int = 1
    teams: tuple[int, ...] = ()
    """A team game's table: the team of each side (sides in seat order); empty otherwise."""


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    matches: tuple[MatchView, ...]


@dataclass(frozen=True, slots=True)
class BracketView:
    format: str
    entrants: tuple[int, ...]
    rounds: tuple[RoundView, ...]
    best_of: int = 1
    champion: int | None = None
    places: dict[int, int] = field(default_factory=dict)
    done: bool = False
    champions: tuple[int, ...] = ()
    """Everyone who won the final: the champion alone, or a winning team's partners (the champion first)."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["places"] = {str(user): place for user, place in self.places.items()}
        return data

    def matches(self) -> list[MatchView]:
        return [match for round_ in self.rounds for match in round_.matches]
