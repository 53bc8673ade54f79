"""The whole bracket from the seeds, the stored games and the withdrawn entrants: one pure function,
`build`, that the league service calls after every result (the live bracket, from the results the league
recorded) and that a check calls again on results replayed from the games themselves (the recomputed
bracket): both must be equal. Also what the service asks of it: the tables to open now (`to_open`).

League rounds carry the bracket: a bracket round is a league round (double elimination plays a winners'
and a losers' round in one, see elimination.py); a match's games are the round's tables numbered
slot × GAME_SLOTS + game (match.py), so a stored game names its match without any other record.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from tabletop.leagues.brackets.elimination import RESET_KEY, Slot, Source, double_elimination, reset_slot, single_elimination
from tabletop.leagues.brackets.match import (
    GAME_SLOTS, Decision, GameResult, decide_duel, decide_table, decide_team_table, next_seats,
)
from tabletop.leagues.brackets.tables import advancing, balance, snake, spread, table_plan
from tabletop.leagues.brackets.view import BracketView, GameView, MatchView, RoundView, SideView
from tabletop.leagues.standings import TableResult, standings

FORMATS = ("single_elim", "double_elim", "swiss_cut")
SWISS_TIEBREAKS = ("buchholz", "sb")


@dataclass(frozen=True, slots=True)
class Spec:
    """A tournament's rules: format, best-of, first seat, table sizes (`largest`, `smallest`; 2 and 2 for
    a duel), how many go through per table (`advance`), the grand-final reset, and for a Swiss with a
    cut its rounds and the cut's size."""

    format: str
    best_of: int = 1
    first: str = "alternate"
    largest: int = 2
    smallest: int = 2
    advance: int = 1
    reset: bool = True
    swiss_rounds: int = 0
    cut: int = 4
    sizes: tuple[int, ...] = ()
    """The table sizes the game allows between `smallest` and `largest` (empty: all of them)."""
    teams: tuple[int, ...] = ()
    """A team game: the team of each seat of a full table (War Chest 4p: 0, 1, 0, 1); empty otherwise.
    Each table then sends its winning side through (a team, or the winner of a smaller table), whatever
    `advance` says."""


@dataclass(frozen=True, slots=True)
class Opening:
    """A game to open: its league round, table number and players in seat order."""

    round: int
    table: int
    players: tuple[int, ...]


@dataclass
class _State:
    """What resolving collects: the views by round, each match's decision, and when each player was out."""

    rounds: dict[int, list[MatchView]] = field(default_factory=dict)
    decisions: dict[str, Decision] = field(default_factory=dict)
    sides: dict[str, tuple[int | None, ...]] = field(default_factory=dict)
    out: dict[int, tuple[int, float]] = field(default_factory=dict)
    """user -> (league round they were knocked out in, their score there): later is a better place."""
    opening: list[Opening] = field(default_factory=list)


class _Waiting:
    """A side not known yet (its match is undecided)."""


WAITING = _Waiting()


def games_by_match(results: Iterable[GameResult]) -> dict[tuple[int, int], list[GameResult]]:
    grouped: dict[tuple[int, int], list[GameResult]] = {}
    for game in sorted(results, key=lambda game: (game.round, game.table)):
        grouped.setdefault((game.round, game.slot), []).append(game)
    return grouped


def build(spec: Spec, seeds: Sequence[int], results: Iterable[GameResult], withdrawn: Iterable[int] = (),
          byes: Iterable[tuple[int, int]] = ()) -> BracketView:
    """The bracket as it stands. `seeds` in seed order (seed 1 first), `results` every stored game of the
    league, `byes` the stored (round, user) byes (a Swiss's). Deterministic: the same input, the same view."""
    return resolve(spec, seeds, list(results), frozenset(withdrawn), list(byes))[0]


def to_open(spec: Spec, seeds: Sequence[int], results: Iterable[GameResult], withdrawn: Iterable[int] = (),
            byes: Iterable[tuple[int, int]] = ()) -> list[Opening]:
    """The games that can be opened now: the first game of every ready match and the next game of every
    match still undecided after its last game, in all rounds whose earlier rounds are complete."""
    return resolve(spec, seeds, list(results), frozenset(withdrawn), list(byes))[1]


def resolve(spec: Spec, seeds: Sequence[int], results: list[GameResult], withdrawn: frozenset[int],
            byes: list[tuple[int, int]]) -> tuple[BracketView, list[Opening]]:
    seed_of = {user: index + 1 for index, user in enumerate(seeds)}
    grouped = games_by_match(results)
    state = _State()
    champion: int | None = None
    champions: tuple[int, ...] = ()
    contenders: Sequence[int] = seeds
    below: list[int] = []
    if spec.format == "single_elim" and spec.largest > 2:
        champions = _tables(spec, seeds, grouped, withdrawn, seed_of, state)
        champion = champions[0] if champions else None
    elif spec.format == "swiss_cut":
        cut, below = _swiss(spec, seeds, results, byes, withdrawn, seed_of, state)
        contenders = cut or []
        if cut:
            champion = _graph(spec, single_elimination(cut, "cut", "C", spec.swiss_rounds), grouped, withdrawn, seed_of, state)
    else:
        slots = double_elimination(seeds) if spec.format == "double_elim" else single_elimination(seeds)
        champion = _graph(spec, slots, grouped, withdrawn, seed_of, state)
    done = champion is not None
    champions = champions or ((champion,) if champion is not None else ())
    places = _places(contenders, state.out, below if contenders else [], champions)
    rounds = tuple(RoundView(number, tuple(state.rounds[number])) for number in sorted(state.rounds))
    view = BracketView(spec.format, tuple(seeds), rounds, spec.best_of, champion, places, done, champions)
    complete = [number for number in sorted(state.rounds) if all(m.status == "done" for m in state.rounds[number])]
    first_open = next((number for number in sorted(state.rounds) if number not in complete), None)
    return view, [opening for opening in state.opening if first_open is not None and opening.round <= first_open]


def _places(contenders: Sequence[int], out: dict[int, tuple[int, float]], below: Sequence[int],
            champions: Sequence[int] = ()) -> dict[int, int]:
    """Places so far: a player who went out is behind everyone of `contenders` still in and everyone who went
    out later (at a multiplayer table, also behind those placed better at the same round's tables); equal
    exits share a place. The champion (the last one in, once the bracket is done; a winning team's
    partners both) is first. `below` (a Swiss's players outside the cut, in standings order) follow the
    whole field."""
    places: dict[int, int] = {}
    remaining = [user for user in contenders if user not in out]
    if len(remaining) == 1 and len(contenders) > 1:
        places[remaining[0]] = 1
    for user in champions:
        places[user] = 1
    ordered = sorted((item for item in out.items() if item[0] in contenders), key=lambda item: (-item[1][0], item[1][1]))
    for index, (user, key) in enumerate(ordered):
        same = [other for other, other_key in ordered[:index] if other_key == key]
        places[user] = places[same[0]] if same else len(remaining) + index + 1
    for user in below:
        if user not in places and user not in contenders:
            places[user] = len(places) + 1
    return places


def _resolve_source(source: Source, state: _State) -> int | None | _Waiting:
    if source.kind == "user":
        return source.user
    decision = state.decisions.get(source.key)
    if decision is None or decision.decided_by is None:
        return WAITING
    if source.kind == "win":
        return decision.winners[0] if decision.winners else None
    losers = [user for user in state.sides[source.key] if user is not None and user not in decision.winners]
    return losers[0] if losers else None


def _graph(spec: Spec, slots: list[Slot], grouped: dict[tuple[int, int], list[GameResult]], withdrawn: frozenset[int],
           seed_of: dict[int, int], state: _State) -> int | None:
    """Resolve a graph of duels round by round; returns the champion once there is one."""
    slots = list(slots)
    index_in_round: dict[int, int] = {}
    champion: int | None = None
    position = 0
    while position < len(slots):
        slot = slots[position]
        position += 1
        slot_index = index_in_round.get(slot.round, 0)
        index_in_round[slot.round] = slot_index + 1
        sides = [_resolve_source(source, state) for source in slot.sources]
        games = grouped.get((slot.round, slot_index), [])
        views = tuple(GameView(game.table, game.game_id, game.players, game.ranks, game.status) for game in games)
        if any(isinstance(side, _Waiting) for side in sides):
            known = [SideView(side, seed_of.get(side)) if isinstance(side, int) else SideView(None, None) for side in sides]
            state.rounds.setdefault(slot.round, []).append(MatchView(
                slot.key, slot.bracket, slot.stage_round, slot.round, tuple(known), views, "waiting",
                next_key=slot.next_key, loser_key=slot.loser_key, best_of=spec.best_of))
            continue
        users: list[int | None] = [side if isinstance(side, int) else None for side in sides]
        # the better seed sits on top
        if users[0] is not None and users[1] is not None and seed_of[users[1]] < seed_of[users[0]]:
            users.reverse()
        ranks = [seed_of.get(user, 10**6) if user is not None else 10**6 for user in users]
        decision = decide_duel(users, ranks, games, spec.best_of, withdrawn)
        state.decisions[slot.key] = decision
        state.sides[slot.key] = tuple(users)
        status = "done" if decision.decided_by else "playing" if decision.playing else "ready"
        scores = decision.scores or (0.0, 0.0)
        side_views = tuple(SideView(user, seed_of.get(user) if user is not None else None, scores[i], user in decision.winners)
                           for i, user in enumerate(users))
        state.rounds.setdefault(slot.round, []).append(MatchView(
            slot.key, slot.bracket, slot.stage_round, slot.round, side_views, views, status, decision.winners,
            decision.decided_by, slot.next_key, slot.loser_key, spec.best_of))
        if status == "ready":
            a, b = users
            assert a is not None and b is not None
            state.opening.append(Opening(slot.round, slot_index * GAME_SLOTS + len(games), next_seats((a, b), games, spec.first)))
        if status != "done":
            continue
        for user in users:
            if user is None or user in decision.winners:
                continue
            if slot.bracket == "winners":
                continue  # dropped into the losers' bracket, not out
            state.out[user] = (slot.round, 0.0)
        if slot.key == "GF":
            final_winner = decision.winners[0] if decision.winners else None
            if final_winner is not None and final_winner != _resolve_source(slot.sources[0], state) and spec.reset \
                    and decision.decided_by == "games":
                for user in users:  # the losers' champion won: nobody is out before the reset
                    if user is not None:
                        state.out.pop(user, None)
                slots.append(reset_slot(slot))
                continue
            champion = final_winner
        elif slot.key == RESET_KEY or (slot.next_key is None and slot.bracket != "winners"):
            champion = decision.winners[0] if decision.winners else None
    return champion


def _tables(spec: Spec, seeds: Sequence[int], grouped: dict[tuple[int, int], list[GameResult]], withdrawn: frozenset[int],
            seed_of: dict[int, int], state: _State) -> tuple[int, ...]:
    """Rounds of multiplayer tables until a final table has a winner (a team game's: its winning team);
    returns the champions, or () while the bracket runs."""
    order = [user for user in seeds if user not in withdrawn]
    tier: dict[int, int] = {}
    met: set[frozenset[int]] = set()
    number = 1
    while True:
        if len(order) <= 1:
            return tuple(order)
        sizes, rest = table_plan(len(order), spec.largest, spec.smallest, spec.sizes)
        final = len(sizes) == 1 and not rest
        per_table = 1 if final or spec.teams else advancing(len(sizes), spec.advance, spec.smallest, min(sizes))
        resting, seated = order[:rest], order[rest:]
        tables = spread(snake(seated, sizes), tier, met)
        if spec.teams:
            tables = [balance(players, spec.teams) if len(players) == len(spec.teams) else players for players in tables]
        met |= {frozenset(pair) for table in tables for pair in itertools.combinations(table, 2)}
        next_order: list[tuple[int, int, int]] = []
        complete = True
        matches: list[MatchView] = []
        for index, players in enumerate(tables):
            games = grouped.get((number, index), [])
            seeds_here = [seed_of[user] for user in players]
            teamed = bool(spec.teams) and len(players) == len(spec.teams)
            decision = decide_team_table(players, seeds_here, games, spec.teams, withdrawn) if teamed else \
                decide_table(players, seeds_here, games, min(per_table, len(players) - 1), withdrawn)
            status = "done" if decision.decided_by else "playing" if decision.playing else "ready"
            views = tuple(GameView(game.table, game.game_id, game.players, game.ranks, game.status) for game in games)
            sides = tuple(SideView(user, seed_of[user], decision.scores[i] if decision.scores else 0.0, user in decision.winners)
                          for i, user in enumerate(players))
            matches.append(MatchView(f"T{number}.{index}", "main", number, number, sides, views, status, decision.winners,
                                     decision.decided_by, None if final else f"T{number + 1}", None, 1,
                                     spec.teams if teamed else ()))
            if status == "ready":
                state.opening.append(Opening(number, index * GAME_SLOTS, players))
            if status != "done":
                complete = False
                continue
            place = {user: decision.scores[i] for i, user in enumerate(players)}
            for user in players:
                if user in decision.winners:
                    next_order.append((int(place[user]), seed_of[user], user))
                else:
                    state.out[user] = (number, place[user] if place[user] else float(len(players)))
        for user in resting:  # a bye: through without a table, as if first at one
            matches.append(MatchView(f"T{number}.bye{seed_of[user]}", "main", number, number,
                                     (SideView(user, seed_of[user], 0.0, True), SideView(None, None)), (), "done", (user,),
                                     "bye", f"T{number + 1}", None, 1))
            next_order.append((1, seed_of[user], user))
        state.rounds[number] = matches
        if not complete:
            return ()
        if final:
            return matches[0].winners
        order = [user for _, _, user in sorted(next_order) if user not in withdrawn]
        tier = {user: place for place, _, user in next_order}
        number += 1


def _swiss(spec: Spec, seeds: Sequence[int], results: list[GameResult], byes: list[tuple[int, int]],
           withdrawn: frozenset[int], seed_of: dict[int, int], state: _State) -> tuple[list[int] | None, list[int]]:
    """The Swiss rounds as played (one game per table), and once they are all decided the cut: the top
    `cut` of the standings still in, seeded in standings order; returns (the cut, everyone by standing)."""
    swiss = [game for game in results if game.round <= spec.swiss_rounds]
    for game in swiss:
        ranks = game.ranks if game.status in ("finished", "settled") else None
        winners = tuple(user for user, rank in zip(game.players, ranks or ()) if rank == 1 and list(ranks or ()).count(1) == 1)
        status = "playing" if game.status == "open" else "done"
        sides = tuple(SideView(user, seed_of.get(user), float(rank) if ranks else 0.0, user in winners)
                      for user, rank in zip(game.players, ranks or (0,) * len(game.players)))
        state.rounds.setdefault(game.round, []).append(MatchView(
            f"S{game.round}.{game.table}", "swiss", game.round, game.round, sides,
            (GameView(game.table, game.game_id, game.players, game.ranks, game.status),), status, winners,
            None if game.status == "open" else "settled" if game.status == "settled" else "walkover" if ranks is None else "games"))
    for number, user in byes:
        if number <= spec.swiss_rounds:
            state.rounds.setdefault(number, []).append(MatchView(
                f"S{number}.bye{user}", "swiss", number, number, (SideView(user, seed_of.get(user), 1.0, True), SideView(None, None)),
                (), "done", (user,), "bye"))
    played = {game.round for game in swiss} | {number for number, _ in byes if number <= spec.swiss_rounds}
    if len(played) < spec.swiss_rounds or any(game.status == "open" for game in swiss):
        return None, []
    rows = standings(list(seeds), [TableResult(game.round, game.players, game.ranks if game.status != "void" else None)
                                   for game in swiss if game.status != "open"],
                     [(number, user) for number, user in byes if number <= spec.swiss_rounds], SWISS_TIEBREAKS, 1.0)
    ranked = [row.user_id for row in rows]
    cut = [user for user in ranked if user not in withdrawn][:spec.cut]
    return cut, ranked
