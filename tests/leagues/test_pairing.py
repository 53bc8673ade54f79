"""Pairings: round-robin covers every pair exactly once (twice, seats swapped, when double); Swiss pairs
by score, avoids rematches and gives one bye per player at most; multiplayer tables meet as many
different opponents as possible with byes shared out; the ladder pairs rating neighbours."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tabletop.leagues.pairing import (
    PairingError, Round, bye_counts, ladder_round, met_counts, multiplayer_round, multiplayer_round_robin,
    round_robin, swiss_round,
)


def every_pair(players: list[int]) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in itertools.combinations(players, 2)}


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8, 9])
def test_round_robin_meets_everyone_once_with_one_bye_each_when_odd(count: int) -> None:
    players = list(range(1, count + 1))
    rounds = round_robin(players)
    met = met_counts(rounds)
    assert set(met) == every_pair(players) and set(met.values()) == {1}
    for round_ in rounds:
        assert sorted(round_.players) == players
    assert bye_counts(rounds) == (Counter(players) if count % 2 else Counter())


def test_double_round_robin_swaps_seats() -> None:
    rounds = round_robin([1, 2, 3, 4], double=True)
    assert len(rounds) == 6 and set(met_counts(rounds).values()) == {2}
    firsts = Counter(table for round_ in rounds for table in round_.tables)
    assert all(firsts[(a, b)] == 1 for a, b in firsts)  # each ordered seating exactly once


def test_round_robin_seats_alternate() -> None:
    first = Counter(table[0] for round_ in round_robin(list(range(6))) for table in round_.tables)
    assert max(first.values()) - min(first.values()) <= 2


def test_swiss_first_round_pairs_top_half_in_seeding_order_and_bye_goes_to_the_last() -> None:
    round_ = swiss_round([1, 2, 3, 4, 5, 6, 7], {}, [])
    assert round_.byes == (7,)
    assert len(round_.tables) == 3 and sorted(round_.players) == [1, 2, 3, 4, 5, 6, 7]


def test_swiss_avoids_rematches_and_repeat_byes_over_a_whole_event() -> None:
    players = list(range(1, 8))
    rounds: list[Round] = []
    scores: Counter[int] = Counter()
    for number in range(5):
        round_ = swiss_round(players, scores, rounds)
        assert not any(met_counts(rounds)[pair] for table in round_.tables for pair in [frozenset(table)])
        assert not set(round_.byes) & set(bye_counts(rounds))
        for a, b in round_.tables:
            scores[min(a, b)] += 1  # the lower id always wins
        for user in round_.byes:
            scores[user] += 1
        rounds.append(round_)
    assert max(met_counts(rounds).values()) == 1


def test_swiss_pairs_by_score() -> None:
    scores = {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0}
    round_ = swiss_round(list(scores), scores, [])
    assert set(map(frozenset, round_.tables)) == {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}


def test_swiss_allows_a_rematch_only_when_nothing_else_works() -> None:
    previous = [Round(((1, 2), (3, 4))), Round(((1, 3), (2, 4))), Round(((1, 4), (2, 3)))]
    round_ = swiss_round([1, 2, 3, 4], {}, previous)
    assert len(round_.tables) == 2


def test_too_few_players_for_a_table_is_refused() -> None:
    with pytest.raises(PairingError):
        swiss_round([1], {}, [])
    with pytest.raises(PairingError):
        multiplayer_round([1, 2], 3, {}, {}, 0)
    with pytest.raises(PairingError):
        round_robin([1])


@pytest.mark.parametrize(("count", "size"), [(5, 3), (7, 3), (8, 4), (9, 3), (10, 4), (11, 5), (12, 3)])
def test_multiplayer_tables_meet_new_opponents_and_share_byes(count: int, size: int) -> None:
    players = list(range(1, count + 1))
    rounds: list[Round] = []
    for number in range(4):
        round_ = multiplayer_round(players, size, met_counts(rounds), bye_counts(rounds), seed=number)
        assert all(len(table) == size for table in round_.tables)
        assert len(round_.byes) == count % size and sorted(round_.players) == players
        rounds.append(round_)
    byes = bye_counts(rounds)
    assert max(byes.values(), default=0) - min((byes.get(p, 0) for p in players), default=0) <= 1
    # better spread than seating the same byes in sign-up order every round
    naive: list[Round] = []
    for round_ in rounds:
        seated = [p for p in players if p not in round_.byes]
        naive.append(Round(tuple(tuple(seated[i:i + size]) for i in range(0, len(seated), size)), round_.byes))
    assert sum(n * n for n in met_counts(rounds).values()) <= sum(n * n for n in met_counts(naive).values())
    assert len(met_counts(rounds)) >= len(met_counts(naive))
    if count >= 2 * size:
        assert len(met_counts(rounds)) > len(met_counts(naive))


def test_nine_players_in_threes_never_repeat_over_four_rounds() -> None:
    players = list(range(9))
    rounds: list[Round] = []
    for number in range(4):
        rounds.append(multiplayer_round(players, 3, met_counts(rounds), bye_counts(rounds), seed=number))
    assert max(met_counts(rounds).values()) == 1 and len(met_counts(rounds)) == 36


def test_multiplayer_round_robin_covers_every_pair() -> None:
    players = [1, 2, 3, 4, 5]
    rounds = multiplayer_round_robin(players, 3)
    assert set(met_counts(rounds)) == every_pair(players)
    assert len(rounds) <= 5
    assert multiplayer_round_robin(players, 3) == rounds  # deterministic


def test_multiplayer_swiss_keeps_scores_together() -> None:
    scores = {1: 3, 2: 3, 3: 3, 4: 0, 5: 0, 6: 0}
    round_ = swiss_round(list(scores), scores, [], size=3)
    assert set(map(frozenset, round_.tables)) == {frozenset((1, 2, 3)), frozenset((4, 5, 6))}


def test_the_ladder_pairs_rating_neighbours_but_not_last_rounds_opponent() -> None:
    ratings = {1: 1500, 2: 1400, 3: 1300, 4: 1200}
    first = ladder_round([1, 2, 3, 4], ratings, [])
    assert set(map(frozenset, first.tables)) == {frozenset((1, 2)), frozenset((3, 4))}
    second = ladder_round([1, 2, 3, 4], ratings, [first])
    assert set(map(frozenset, second.tables)) == {frozenset((1, 3)), frozenset((2, 4))}
