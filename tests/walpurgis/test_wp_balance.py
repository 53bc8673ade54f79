"""This edition's balance tools: the catch-up cards (condition `behind_min`, no activation squares),
the greedy player the balance figures rest on, and the bench that measures them."""

from engine.walpurgis import bench
from engine.walpurgis.decks import STARTERS
from engine.walpurgis.scenario import at, build, legal, play


def test_a_catch_up_card_activates_anywhere_only_while_its_owner_has_fewer_jin() -> None:
    behind = build(field={"3c": ["0:R13:act"], "4c": ["1:S00:up"], "4e": ["1:S12:up"]})
    assert "activate 3c" in legal(behind, 0), "no activation squares: the condition alone decides"
    state, _ = play(behind, (0, "activate 3c"), (1, "pass"))
    assert at(state, "4c") == [] and state["discard"][1] == ["S00"]
    level = build(field={"3c": ["0:R13:act"], "4c": ["1:S00:up"]})
    assert "activate 3c" not in legal(level, 0)
    assert not any(move.startswith("place R13") and move.endswith("up") for move in legal(build(field={"2c": ["0:R00:up"]}, hands={0: ["R13"]}), 0))


def test_every_starter_carries_its_catch_up_card() -> None:
    for key, card in (("reimu", "R13"), ("remilia", "S14"), ("marisa", "M14")):
        assert STARTERS[key].cards.count(card) == 4 and len(STARTERS[key].cards) == 40


def test_greedy_games_end_without_errors_and_are_counted() -> None:
    figures = bench.measure(6, seed=3, agent="greedy")
    assert figures.games == 6 and sum(figures.reasons.values()) == 6
    assert sum(figures.played.values()) == 12 and 0 <= figures.first_rate <= 100


def test_the_bench_command_prints_the_figures(capsys) -> None:
    assert bench.main(["--games", "2", "--agent", "random"]) == 0
    out = capsys.readouterr().out
    assert "first player" in out and all(key in out for key in STARTERS)
