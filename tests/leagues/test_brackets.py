"""The pure bracket rules (tabletop/leagues/brackets/): byes, seeding, best-of majority, first seat,
double elimination with its reset, rounds of multiplayer tables, the Swiss cut, withdrawals and an
admin's settlement — played out by a small simulator that opens what `to_open` offers."""

from __future__ import annotations

import json
from typing import Callable

from tabletop.leagues.brackets.build import Spec, build, to_open
from tabletop.leagues.brackets.match import GAME_SLOTS, GameResult, decide_duel, decide_team_table, next_seats
from tabletop.leagues.brackets.seeding import first_round, seed_order
from tabletop.leagues.brackets.tables import balance, table_plan
from tabletop.leagues.bracket_text import bracket_text
from tabletop.leagues.progress import bracket_progress, shows_progress
from tabletop.leagues.tournament_service import settled_ranks
from tabletop.leagues.pairing import swiss_round
from tabletop.leagues.pairing import Round

Winner = Callable[[tuple[int, ...], int], tuple[int, ...]]


def by_seed(players: tuple[int, ...], game: int) -> tuple[int, ...]:
    """Ranks: the lowest user id wins (users are numbered by seed in these tests)."""
    order = sorted(players)
    return tuple(order.index(user) + 1 for user in players)


def play(spec: Spec, seeds: list[int], ranks: Winner = by_seed, withdrawn: tuple[int, ...] = (),
         limit: int = 200) -> tuple[list[GameResult], object]:
    results: list[GameResult] = []
    for _ in range(limit):
        opening = to_open(spec, seeds, results, withdrawn)
        if not opening:
            break
        for game in opening:
            results.append(GameResult(game.round, game.table, game.players, ranks(game.players, len(results)), "finished"))
    return results, build(spec, seeds, results, withdrawn)


def test_byes_go_to_the_top_seeds_and_one_and_two_meet_only_in_the_final() -> None:
    assert first_round([1, 2, 3, 4, 5, 6]) == [(1, None), (4, 5), (2, None), (3, 6)]
    results, view = play(Spec("single_elim"), [1, 2, 3, 4, 5, 6])
    assert view.champion == 1 and view.done
    final = view.rounds[-1].matches[0]
    assert {side.user for side in final.sides} == {1, 2}
    assert [m.decided_by for m in view.rounds[0].matches] == ["bye", "games", "bye", "games"]
    assert view.places == {1: 1, 2: 2, 3: 3, 4: 3, 5: 5, 6: 5}
    assert len(results) == 5
    json.dumps(view.to_json())


def test_seeding_by_rating_draws_ties_and_newcomers_reproducibly() -> None:
    ratings = {1: 30.0, 2: 10.0}
    order = seed_order([5, 4, 3, 2, 1], ratings, "rating", draw=7)
    assert order[:2] == (1, 2) and set(order[2:]) == {3, 4, 5}
    assert seed_order([5, 4, 3, 2, 1], ratings, "rating", draw=7) == order
    assert seed_order([1, 2, 3, 4, 5], {}, "random", draw=7) == seed_order([5, 3, 1, 2, 4], {}, "random", draw=7)


def test_a_best_of_three_ends_at_a_majority_and_alternates_first_seat() -> None:
    spec = Spec("single_elim", best_of=3)
    upset = lambda players, n: (1, 2) if n % 2 == 0 else (2, 1)  # noqa: E731 - the first seat wins every game
    results, view = play(spec, [1, 2], upset)
    match = view.rounds[0].matches[0]
    assert [game.players for game in match.games] == [(1, 2), (2, 1)] or len(match.games) == 2
    first_wins = lambda players, n: (1, 2)  # noqa: E731
    results, view = play(spec, [1, 2], first_wins)
    match = view.rounds[0].matches[0]
    assert [game.players for game in match.games] == [(1, 2), (2, 1), (1, 2)]
    assert match.winners == (1,) and [side.score for side in match.sides] == [2.0, 1.0]
    results, view = play(spec, [1, 2])  # seed 1 wins twice: no third game
    assert len(view.rounds[0].matches[0].games) == 2


def test_the_loser_plays_first_when_asked() -> None:
    games = [GameResult(1, 0, (1, 2), (1, 2), "finished")]
    assert next_seats((1, 2), games, "loser") == (2, 1)
    assert next_seats((1, 2), games, "alternate") == (2, 1)
    games = [GameResult(1, 0, (1, 2), (2, 1), "finished")]
    assert next_seats((1, 2), games, "loser") == (1, 2)


def test_double_elimination_of_six_with_byes_and_a_grand_final_reset() -> None:
    spec = Spec("double_elim")
    # seed 2 loses only in the winners' final to 1, then wins the grand final: the reset is played
    def ranks(players: tuple[int, ...], n: int) -> tuple[int, ...]:
        if set(players) == {1, 2}:
            finals = ranks.finals = getattr(ranks, "finals", 0) + 1  # type: ignore[attr-defined]
            winner = 1 if finals in (1, 3) else 2
            return tuple(1 if user == winner else 2 for user in players)
        return by_seed(players, n)
    results, view = play(spec, [1, 2, 3, 4, 5, 6], ranks)
    keys = [m.key for m in view.matches()]
    assert "GF" in keys and "GF2" in keys and view.champion == 1
    losers = [m for m in view.matches() if m.bracket == "losers"]
    assert all(m.decided_by == "bye" for m in losers if m.stage_round == 1)
    assert view.places[2] == 2 and view.places[1] == 1
    brackets = {m.bracket for m in view.matches()}
    assert brackets == {"winners", "losers", "final"}
    # without a reset, the grand final decides
    _, plain = play(Spec("double_elim", reset=False), [1, 2, 3, 4, 5, 6], ranks)
    assert "GF2" not in [m.key for m in plain.matches()]


def test_double_elimination_of_eight_every_player_loses_twice_but_the_champion() -> None:
    results, view = play(Spec("double_elim"), list(range(1, 9)))
    assert view.champion == 1 and len(view.places) == 8
    losses = {user: 0 for user in range(1, 9)}
    for match in view.matches():
        for side in match.sides:
            if side.user is not None and match.status == "done" and side.user not in match.winners:
                losses[side.user] += 1
    assert losses[1] == 0 and all(losses[user] == 2 for user in range(3, 9))


def test_twelve_players_at_tables_of_four_top_two_through() -> None:
    spec = Spec("single_elim", largest=4, smallest=3, advance=2)
    results, view = play(spec, list(range(1, 13)))
    sizes = [[len(m.sides) for m in round_.matches] for round_ in view.rounds]
    assert sizes == [[4, 4, 4], [3, 3], [4]]
    assert view.champion == 1 and view.places[1] == 1 and len(view.places) == 12
    # tables are rebalanced: the first round's winners are dealt to different tables
    assert {m.sides[0].user for m in view.rounds[1].matches} == {1, 2}


WAR_CHEST_TEAMS = Spec("single_elim", largest=4, smallest=2, sizes=(2, 4), teams=(0, 1, 0, 1))


def by_team(players: tuple[int, ...], game: int) -> tuple[int, ...]:
    """War Chest's ranks: at a table of four the team (seats 0 and 2, or 1 and 3) of the lowest id wins
    (both partners first); at a table of two the lower id."""
    if len(players) == 2:
        return by_seed(players, game)
    best = players.index(min(players)) % 2
    return tuple(1 if seat % 2 == best else 2 for seat in range(len(players)))


def test_tables_of_a_game_that_seats_two_or_four_only() -> None:
    """War Chest: tables of four as far as they go, a table of two for two left over, a bye for one."""
    assert [table_plan(count, 4, 2, (2, 4)) for count in (2, 3, 4, 5, 6, 7, 8, 10, 11)] == [
        ([2], 0), ([2], 1), ([4], 0), ([4], 1), ([4, 2], 0), ([4, 2], 1), ([4, 4], 0), ([4, 4, 2], 0), ([4, 4, 2], 1)]
    assert table_plan(12, 4, 3, (3, 4)) == table_plan(12, 4, 3, ()) == ([4, 4, 4], 0)  # every size allowed: as before
    assert balance((1, 2, 3, 4), (0, 1, 0, 1)) == (1, 2, 4, 3)  # 1 and 4 against 2 and 3


def test_eight_players_in_war_chest_teams_the_winning_team_goes_through_and_both_are_champions() -> None:
    results, view = play(WAR_CHEST_TEAMS, list(range(1, 9)), by_team)
    first, final = view.rounds
    assert [[side.user for side in match.sides] for match in first.matches] == [[1, 4, 8, 5], [2, 3, 7, 6]]
    assert [match.winners for match in first.matches] == [(1, 8), (2, 7)]
    assert all(match.teams == (0, 1, 0, 1) for match in view.matches())
    text = bracket_text(view, {user: f"p{user}" for user in range(1, 9)}, "en", "Teams")  # type: ignore[arg-type]
    assert "`T1.0` R1 #1: ✓ (1) p1 & (8) p8 – (4) p4 & (5) p5" in text and "Champion: p1 & p8" in text
    assert [side.user for side in final.matches[0].sides] == [1, 2, 8, 7]  # re-teamed evenly: 1 and 8 against 2 and 7
    assert view.champions == (1, 8) and view.champion == 1 and view.done
    assert view.places == {1: 1, 8: 1, 2: 3, 7: 3, 4: 5, 5: 5, 3: 5, 6: 5}
    assert len(results) == 3


def test_ten_and_eleven_players_in_war_chest_teams_a_table_of_two_and_a_bye() -> None:
    _, ten = play(WAR_CHEST_TEAMS, list(range(1, 11)), by_team)
    assert [[len(match.sides) for match in round_.matches] for round_ in ten.rounds][0] == [4, 4, 2]
    assert [len(match.winners) for match in ten.rounds[0].matches] == [2, 2, 1]  # half of every table goes through
    assert ten.done and len(ten.places) == 10
    _, eleven = play(WAR_CHEST_TEAMS, list(range(1, 12)), by_team)
    byes = [match for match in eleven.rounds[0].matches if match.decided_by == "bye"]
    assert [match.winners for match in byes] == [(1,)]  # the top seed sits the first round out
    assert eleven.done and len(eleven.places) == 11


def test_a_team_table_void_or_drawn_sends_the_best_seeds_team_and_never_a_withdrawn_player() -> None:
    players, seeds, teams = (1, 2, 4, 3), (1, 2, 4, 3), (0, 1, 0, 1)
    void = GameResult(1, 0, players, None, "void")
    assert decide_team_table(players, seeds, [void], teams, frozenset()).winners == (1, 4)
    assert decide_team_table(players, seeds, [void], teams, frozenset({1})).winners == (4,)
    won = GameResult(1, 0, players, (2, 1, 2, 1), "finished")
    assert decide_team_table(players, seeds, [won], teams, frozenset()).winners == (2, 3)
    drawn = GameResult(1, 0, players, (1, 1, 1, 1), "finished")
    assert decide_team_table(players, seeds, [drawn], teams, frozenset()).decided_by == "walkover"


def test_places_of_a_table_settled_by_hand() -> None:
    assert settled_ranks((5, 6, 7, 8), (6,), (0, 1, 0, 1)) == (2, 1, 2, 1)  # a team: the partner places along
    assert settled_ranks((5, 6, 7, 8), (7, 5), (0, 1, 2, 3)) == (2, 3, 1, 3)
    assert settled_ranks((5, 6), (6,), (0, 1)) == (2, 1)


def test_withdrawal_forfeits_pending_matches_and_the_opponent_advances() -> None:
    spec = Spec("single_elim", best_of=3)
    results, view = play(spec, list(range(1, 9)), withdrawn=(1,))
    first = view.rounds[0].matches[0]
    assert first.decided_by == "withdrawal" and first.winners == (8,)
    assert view.champion == 2
    decision = decide_duel((1, 2), (1, 2), [GameResult(1, 0, (1, 2), (1, 2), "finished")], 3, frozenset({1}))
    assert decision.winners == (2,) and decision.decided_by == "withdrawal"


def test_an_admin_settlement_decides_a_match_and_is_shown_as_such() -> None:
    spec = Spec("single_elim", best_of=3)
    results = [GameResult(1, 0, (1, 2), (1, 2), "finished"),
               GameResult(1, 1, (2, 1), None, "void"),
               ]
    view = build(spec, [1, 2], results)
    assert view.rounds[0].matches[0].decided_by == "walkover" and view.champion == 1
    settled = [*results, GameResult(1, 2, (1, 2), (2, 1), "settled")]
    view = build(spec, [1, 2], settled)
    assert view.rounds[0].matches[0].decided_by == "settled" and view.champion == 2


def test_swiss_rounds_then_a_top_four_cut() -> None:
    spec = Spec("swiss_cut", swiss_rounds=3, cut=4)
    players = list(range(1, 11))
    results: list[GameResult] = []
    byes: list[tuple[int, int]] = []
    previous: list[Round] = []
    for number in (1, 2, 3):
        scores = {user: 0.0 for user in players}
        for game in results:
            scores[game.players[game.ranks.index(1)]] += 1  # type: ignore[union-attr]
        round_ = swiss_round(players, scores, previous, seed=number, seeding=players)
        previous.append(round_)
        for index, table in enumerate(round_.tables):
            results.append(GameResult(number, index, table, by_seed(table, 0), "finished"))
    assert to_open(spec, players, results, (), byes)
    while opening := to_open(spec, players, results, (), byes):
        for game in opening:
            results.append(GameResult(game.round, game.table, game.players, by_seed(game.players, 0), "finished"))
    view = build(spec, players, results, (), byes)
    cut = [m for m in view.matches() if m.bracket == "cut"]
    assert len(cut) == 3 and cut[0].round == 4 and view.champion == 1
    assert sorted(view.places.values())[:4] == [1, 2, 3, 3] and len(view.places) == 10


def test_the_same_results_give_the_same_bracket_in_any_order() -> None:
    spec = Spec("double_elim", best_of=3)
    results, view = play(spec, list(range(1, 8)))
    assert build(spec, list(range(1, 8)), list(reversed(results))) == view
    assert all(game.table // GAME_SLOTS >= 0 for game in results)


def test_the_bracket_as_text_in_both_languages_keeps_the_latest_rounds_when_long() -> None:
    from tabletop.leagues.bracket_text import bracket_text

    _, view = play(Spec("double_elim", best_of=3), list(range(1, 33)))
    names = {user: f"player{user:02d}" for user in range(1, 33)}
    english = bracket_text(view, names, "en", "Cup")
    japanese = bracket_text(view, names, "ja", "Cup")
    for text in (english, japanese):
        assert len(text) <= 1900 and "player01" in text
    assert "Champion: player01" in english and "優勝: player01" in japanese
    assert "rounds are left out" in english and "Grand final" in english
    _, small = play(Spec("single_elim"), [1, 2, 3])
    text = bracket_text(small, {1: "a", 2: "b", 3: "c"}, "en", "Mini")
    assert "left out" not in text and "`R1.0` R1 #1: ✓ (1) a – — (bye)" in text


def test_a_small_table_never_sends_everyone_through() -> None:
    spec = Spec("single_elim", largest=4, smallest=2, advance=3)  # Wunderkammer: tables of 2 to 4, top 3 through
    _, view = play(spec, list(range(1, 8)))
    assert [[len(m.sides) for m in round_.matches] for round_ in view.rounds][0] == [4, 3]
    assert [len(m.winners) for m in view.rounds[0].matches] == [3, 2]
    assert view.champion == 1 and len(view.places) == 7


def test_elimination_standings_show_who_is_still_in_and_where_each_went_out() -> None:
    spec = Spec("single_elim")
    seeds = list(range(1, 9))
    first_round = [GameResult(1, opening.table, opening.players, by_seed(opening.players, 0), "finished")
                   for opening in to_open(spec, seeds, [])]
    rows = bracket_progress(build(spec, seeds, first_round), withdrawn=(8,))
    assert [(row.user_id, row.status, row.place, row.won, row.lost) for row in rows[:4]] == \
        [(1, "in", 1, 1, 0), (2, "in", 1, 1, 0), (3, "in", 1, 1, 0), (4, "in", 1, 1, 0)]
    assert {row.where.key for row in rows[:4]} == {"R2.0", "R2.1"}  # type: ignore[union-attr]
    out = {row.user_id: row for row in rows[4:]}
    assert {user: row.status for user, row in out.items()} == {5: "out", 6: "out", 7: "out", 8: "withdrawn"}
    assert out[5].place == 5 and out[5].where.key == "R1.1" and out[5].lost == 1  # type: ignore[union-attr]
    _, done = play(spec, seeds)
    final = bracket_progress(done)  # type: ignore[arg-type]
    assert [(row.user_id, row.status, row.place) for row in final[:3]] == [(1, "champion", 1), (2, "out", 2), (3, "out", 3)]
    assert final[1].where.key == "R3.0" and final[0].won == 3  # type: ignore[union-attr]


def test_double_elimination_standings_keep_a_winners_bracket_loser_in_and_a_swiss_shows_points_until_the_cut() -> None:
    spec = Spec("double_elim")
    seeds = [1, 2, 3, 4]
    results = [GameResult(1, opening.table, opening.players, by_seed(opening.players, 0), "finished")
               for opening in to_open(spec, seeds, [])]
    rows = {row.user_id: row for row in bracket_progress(build(spec, seeds, results))}
    assert rows[4].status == "in" and rows[4].where.bracket == "losers" and rows[4].lost == 1  # type: ignore[union-attr]
    assert not shows_progress(build(Spec("swiss_cut", swiss_rounds=2, cut=2), seeds, []))
    assert shows_progress(build(spec, seeds, results))
