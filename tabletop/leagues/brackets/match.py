"""One match of a bracket: its games, who won it, and who sits first in its next game.

A duel is best of 1, 3 or 5 and ends as soon as a side has a majority (2 of 3, 3 of 5): no dead games are
played. A drawn game counts for nobody and the match goes on, up to `MAX_GAMES` games, after which the
side with more wins (else the better seed) takes it. First seat alternates game by game from the better
seed, or with `first="loser"` the loser of the last game plays first (what players pick when the rules
give the loser the choice; a draw alternates).

A game called off as a double forfeit (void) decides the match for the better seed — a walkover, shown as
such — so the bracket always goes on without waiting for an admin; an admin's settlement (a stored
result with `status="settled"`) decides the match outright, and a withdrawn side loses a match it has
not yet won (its opponent advances).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

GAME_SLOTS = 16
"""Table numbers of one match in a league round: match slot × GAME_SLOTS + game number."""
MAX_GAMES = 9
BEST_OF = (1, 3, 5)
FIRST = ("alternate", "loser")


@dataclass(frozen=True, slots=True)
class GameResult:
    """One stored game (a league table row): its round, table number, players in seat order, places
    (None while open, or void) and status ("open", "finished", "void", "settled")."""

    round: int
    table: int
    players: tuple[int, ...]
    ranks: tuple[int, ...] | None
    status: str
    game_id: int | None = None

    @property
    def slot(self) -> int:
        return self.table // GAME_SLOTS

    @property
    def number(self) -> int:
        return self.table % GAME_SLOTS


@dataclass(frozen=True, slots=True)
class Decision:
    """The state of a match from its games: `winners` (empty while undecided), how, games won per side,
    and whether a game is in progress."""

    winners: tuple[int, ...] = ()
    decided_by: str | None = None
    scores: tuple[float, ...] = ()
    playing: bool = False


def game_winner(game: GameResult) -> int | None:
    """The user who won a two-player game outright (None for a draw, a void or an open game)."""
    if game.ranks is None or game.status not in ("finished", "settled"):
        return None
    best = [user for user, rank in zip(game.players, game.ranks) if rank == 1]
    return best[0] if len(best) == 1 else None


def decide_duel(sides: Sequence[int | None], seeds: Sequence[int], games: Sequence[GameResult], best_of: int,
                withdrawn: frozenset[int]) -> Decision:
    """Who won a duel between `sides` (None: a bye); `seeds` rank the sides (lower is better)."""
    a, b = sides
    if a is None or b is None:  # a withdrawn entrant takes no bye: the slot goes on empty
        present = tuple(user for user in (a, b) if user is not None and user not in withdrawn)
        return Decision(present, "bye", (0.0, 0.0))
    wins = {a: 0.0, b: 0.0}
    better = a if seeds[0] <= seeds[1] else b
    settled = [game for game in games if game.status == "settled"]
    if settled:  # an admin's word overrides whatever the games said (a void game replaced by it, say)
        winner = game_winner(settled[-1]) or better
        for game in games:
            won = game_winner(game) if game.status == "finished" else None
            if won is not None:
                wins[won] += 1
        return Decision((winner,), "settled", (wins[a], wins[b]))
    for game in games:
        if game.status == "void":
            return Decision((better,), "walkover", (wins[a], wins[b]))
        winner = game_winner(game)
        if winner is not None:
            wins[winner] += 1
        if max(wins.values()) > best_of // 2:
            return Decision((max(wins, key=lambda user: wins[user]),), "games", (wins[a], wins[b]))
    scores = (wins[a], wins[b])
    playing = bool(games) and games[-1].status == "open"
    if not playing:
        out = [user for user in (a, b) if user in withdrawn]
        if out:
            stays = tuple(user for user in (a, b) if user not in withdrawn) or (better,)
            return Decision(stays, "withdrawal", scores)
        if len(games) >= MAX_GAMES:
            leader = a if wins[a] > wins[b] else b if wins[b] > wins[a] else better
            return Decision((leader,), "games", scores)
    return Decision((), None, scores, playing)


def next_seats(sides: Sequence[int], games: Sequence[GameResult], first: str) -> tuple[int, ...]:
    """Seat order of the match's next game: the better-seeded side (listed first) opens game one; then
    first seat alternates, or goes to the loser of the last game with `first="loser"`."""
    a, b = sides
    if first == "loser" and games:
        winner = game_winner(games[-1])
        if winner is not None:
            return (b, a) if winner == a else (a, b)
    return (a, b) if len(games) % 2 == 0 else (b, a)


def decide_table(players: Sequence[int], seeds: Sequence[int], games: Sequence[GameResult], advance: int,
                 withdrawn: frozenset[int]) -> Decision:
    """A multiplayer table (one game): the top `advance` places go through, ties broken by seed; a void
    game sends the best seeds through (walkover). Withdrawn players never advance."""
    rank_of_seed = dict(zip(players, seeds))
    if not games or games[-1].status == "open":
        return Decision((), None, tuple(0.0 for _ in players), bool(games))
    game = games[-1]
    if game.ranks is None or game.status == "void":
        order = sorted(players, key=lambda user: (user in withdrawn, rank_of_seed[user]))
        return Decision(tuple(order[:advance]), "walkover", tuple(0.0 for _ in players))
    place = dict(zip(game.players, game.ranks))
    order = sorted(players, key=lambda user: (user in withdrawn, place.get(user, len(players)), rank_of_seed[user]))
    kept = tuple(user for user in order[:advance] if user not in withdrawn) or tuple(order[:1])
    how = "settled" if game.status == "settled" else "games"
    return Decision(kept, how, tuple(float(place.get(user, 0)) for user in players))


def decide_team_table(players: Sequence[int], seeds: Sequence[int], games: Sequence[GameResult], teams: Sequence[int],
                      withdrawn: frozenset[int]) -> Decision:
    """A team game's table (one game; `teams` the team of each seat of `players`): the winning team goes
    through, both partners (a withdrawn partner excepted). A void game, or a draw, sends the team of the
    best seed through (walkover); a team whose players all withdrew never advances."""
    if not games or games[-1].status == "open":
        return Decision((), None, tuple(0.0 for _ in players), bool(games))
    game = games[-1]
    seed_of = dict(zip(players, seeds))
    sides: dict[int, list[int]] = {}
    for user, team in zip(players, teams):
        sides.setdefault(team, []).append(user)
    place = dict(zip(game.players, game.ranks)) if game.ranks is not None and game.status != "void" else {}
    decided = bool(place) and len({min(place.get(user, len(players)) for user in side) for side in sides.values()}) > 1
    best = min(sides, key=lambda team: (all(user in withdrawn for user in sides[team]),
                                        min(place.get(user, len(players)) for user in sides[team]) if decided else 0,
                                        min(seed_of[user] for user in sides[team])))
    kept = tuple(user for user in sides[best] if user not in withdrawn) or tuple(sides[best][:1])
    how = "settled" if game.status == "settled" else "games" if decided else "walkover"
    return Decision(kept, how, tuple(float(place.get(user, 0)) for user in players))
