"""Tournament brackets to draw, built by the real bracket rules (`tabletop.leagues.brackets.build`) from
simulated results: every format at every size from 2 to 32 entrants, 64 for the pages, finished and
mid-way, with byes, a best-of-3, a walkover, a withdrawal, an admin's settlement and a game in play."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tabletop.leagues.brackets.build import Spec, build, to_open
from tabletop.leagues.brackets.match import GameResult
from tabletop.leagues.brackets.view import BracketView

SINGLE = Spec("single_elim")
DOUBLE = Spec("double_elim")
BEST_OF_3 = Spec("single_elim", best_of=3)
TABLES = Spec("single_elim", largest=5, smallest=3, advance=2)
FOURS = Spec("single_elim", largest=4, smallest=3, advance=2)


def _ranks(players: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The better seed (lower user number) wins, but every fifth game is an upset."""
    order = sorted(players, reverse=count % 5 == 4)
    return tuple(order.index(user) + 1 for user in players)


def played(spec: Spec, entrants: int, *, games: int | None = None, twists: bool = False,
           byes: Sequence[tuple[int, int]] = (), results: Sequence[GameResult] = ()) -> BracketView:
    """Users 1..n seeded in order, played until `games` games were stored (None: to the end). With
    `twists`: the second game is void (a walkover), the third settled by an admin, the last entrant
    withdraws, and the game after the last stored one is left in play."""
    seeds = list(range(1, entrants + 1))
    withdrawn = (entrants,) if twists and entrants > 2 else ()
    stored = list(results)
    for _ in range(200):
        opening = to_open(spec, seeds, stored, withdrawn, byes)
        if not opening:
            break
        for game in opening:
            if games is not None and len(stored) >= games:
                if twists:
                    stored.append(GameResult(game.round, game.table, game.players, None, "open"))
                return build(spec, seeds, stored, withdrawn, byes)
            status = "finished"
            if twists and len(stored) == 1:
                status = "void"
            elif twists and len(stored) == 2:
                status = "settled"
            ranks = None if status == "void" else _ranks(game.players, len(stored))
            stored.append(GameResult(game.round, game.table, game.players, ranks, status))
    return build(spec, seeds, stored, withdrawn, byes)


def swiss(entrants: int, rounds: int, cut: int, *, finished: bool = True) -> BracketView:
    """A Swiss of `rounds` rounds (a simple rotation pairing, the lowest seed without a partner resting
    on a bye), then its cut played out."""
    spec = Spec("swiss_cut", swiss_rounds=rounds, cut=cut)
    results: list[GameResult] = []
    byes: list[tuple[int, int]] = []
    for number in range(1, rounds + 1):
        order = list(range(1, entrants + 1))
        order = order[number - 1:] + order[:number - 1]
        if len(order) % 2:
            byes.append((number, order.pop()))
        half = len(order) // 2
        for table, (a, b) in enumerate(zip(order[:half], order[half:])):
            status = "void" if (number, table) == (1, 1) else "settled" if (number, table) == (2, 0) else "finished"
            ranks = None if status == "void" else (1, 1) if (number, table) == (2, 2) else _ranks((a, b), table)
            results.append(GameResult(number, table, (a, b), ranks, status))
    return played(spec, entrants, byes=byes, results=results, games=None if finished else len(results) + 1,
                  twists=not finished)


def brackets() -> Iterator[BracketView]:
    """Every format from 2 to 32 entrants (finished, and half-way with every kind of decision), and 64."""
    for entrants in range(2, 33):
        yield played(SINGLE, entrants)
        yield played(DOUBLE, entrants, twists=entrants % 3 == 0, games=entrants if entrants % 3 == 0 else None)
        if entrants % 4 == 0:
            yield played(BEST_OF_3, entrants, twists=True, games=entrants)
        if entrants >= 6 and entrants % 5 in (1, 2):
            yield played(TABLES if entrants % 2 else FOURS, entrants, twists=entrants % 5 == 1,
                         games=2 if entrants % 5 == 1 else None)
    yield played(SINGLE, 7, twists=True, games=4)
    yield swiss(10, 3, 4)
    yield swiss(32, 5, 8, finished=False)
    yield swiss(32, 5, 8)
    yield played(SINGLE, 64)
    yield played(DOUBLE, 64, twists=True, games=40)


NAMES_EXTRA = ("長い名前のプレイヤー花子さん", "Maximilian-Alexander", "W" * 20)
