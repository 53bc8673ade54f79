"""Ratings: openskill's Plackett-Luce updates for duels, multiplayer tables, ties and teams; who is
rated; the conservative display; season resets; a recompute from history agrees with step by step."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from engine.core.types import Outcome, T
from tabletop.leagues.ratings import (
    DISPLAY_BASE, MU, SIGMA, RatedGame, Rating, is_rated, rate_game, ranked, recompute, soft_reset,
)

MODEL = PlackettLuce()


def outcome(ranks: tuple[int, ...], reason: str = "score") -> Outcome:
    return Outcome(ranks, reason, T("", ""))


def test_a_newcomer_shows_the_base_with_a_provisional_mark() -> None:
    assert Rating().display == DISPLAY_BASE
    assert Rating().shown() == f"{DISPLAY_BASE}?"
    assert Rating(30.0, 2.0, 12).shown() == str(round(DISPLAY_BASE + 40 * 24))


def test_a_duel_matches_openskill() -> None:
    after = rate_game([Rating(), Rating()], [2, 1])
    [[a], [b]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[2, 1])
    assert (after[0].mu, after[0].sigma) == pytest.approx((a.mu, a.sigma))
    assert (after[1].mu, after[1].sigma) == pytest.approx((b.mu, b.sigma))
    assert after[1].mu > MU > after[0].mu and after[0].games == after[1].games == 1


def test_a_draw_moves_equal_players_equally() -> None:
    after = rate_game([Rating(), Rating()], [1, 1])
    assert after[0].mu == pytest.approx(MU) and after[0].sigma < SIGMA


def test_a_four_player_table_with_a_tie() -> None:
    before = [Rating(27, 6, 3), Rating(24, 7, 1), Rating(), Rating(22, 5, 9)]
    after = rate_game(before, [1, 2, 2, 4])
    expected = MODEL.rate([[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before], ranks=[1, 2, 2, 4])
    assert [(r.mu, r.sigma) for r in after] == pytest.approx([(team[0].mu, team[0].sigma) for team in expected])


def test_teams_of_two_are_rated_as_teams() -> None:
    after = rate_game([Rating(), Rating(), Rating(), Rating()], [1, 2, 1, 2], teams=[0, 1, 0, 1])
    expected = MODEL.rate([[MODEL.rating(), MODEL.rating()], [MODEL.rating(), MODEL.rating()]], ranks=[1, 2])
    assert after[0].mu == pytest.approx(expected[0][0].mu) and after[2].mu == pytest.approx(expected[0][1].mu)
    assert after[1].mu == pytest.approx(expected[1][0].mu)


@pytest.mark.parametrize(("reason", "ai", "allow", "rated"), [
    ("score", (), False, True), ("resign", (), False, True), ("forfeit", (), False, True),
    ("cancel", (), False, False), ("abandon", (), False, False), ("double_forfeit", (), False, False),
    ("score", (1,), False, False), ("score", (1,), True, True),
])
def test_which_games_are_rated(reason: str, ai: tuple[int, ...], allow: bool, rated: bool) -> None:
    assert is_rated(outcome((1, 2, 3), reason), 3, ai, allow) is rated


def test_unfinished_and_lonely_games_are_unrated() -> None:
    assert not is_rated(None, 2)
    assert not is_rated(outcome((1, 2)), 2, (1,), allow_ai=True)


def test_a_soft_reset_moves_halfway_to_the_mean_and_restarts_the_count() -> None:
    reset = soft_reset(Rating(35.0, 3.0, 40))
    assert reset.mu == pytest.approx(30.0)
    assert 3.0 < reset.sigma < SIGMA and reset.games == 0 and reset.provisional
    assert soft_reset(Rating()).mu == pytest.approx(MU) and soft_reset(Rating()).sigma == pytest.approx(SIGMA)


def test_recompute_agrees_with_the_step_by_step_ratings_across_seasons() -> None:
    games = [RatedGame(1, (10, 20), (1, 2), (0, 1)), RatedGame(2, (20, 30, 10), (1, 2, 3), (0, 1, 2)),
             RatedGame(3, (10, 30), (1, 1), (0, 1), season=2), RatedGame(4, (10, 20, 30, 40), (1, 2, 1, 2), (0, 1, 0, 1), 3)]
    live: dict[int, Rating] = {}
    season = 1
    for game in games:
        while season < game.season:
            live = {user: soft_reset(rating) for user, rating in live.items()}
            season += 1
        after = rate_game([live.get(user, Rating()) for user in game.users], game.ranks, game.teams)
        live.update(zip(game.users, after))
    assert recompute(games) == live
    assert [user for user, _ in ranked(live)][0] in (10, 30)
