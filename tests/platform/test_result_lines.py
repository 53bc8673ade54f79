"""The result lines posted when a game ends: why it ended, and what the number beside each name counts."""

from engine.core.match import Match
from engine.core.types import Outcome, T
from engine.warchest import GAME
from engine.warchest.scenario import build, play
from discord_ui.announce import result_lines

ARMIES = (("archer", "knight", "cavalry", "lancer"), ("swordsman", "crossbowman", "pikeman", "mercenary"))


def test_war_chest_at_the_round_limit_says_why_it_is_drawn_and_what_the_numbers_are():
    state = build(ARMIES, hands={0: ["royal"]}, round_number=100, control={"C3": 0, "D4": 0, "B2": 1})
    state, _ = play(state, "royal:pass")
    match = Match(GAME, 2, 7, {}, state)
    en = result_lines(match, "en", {0: "alice", 1: "bob"})
    assert "100-round limit" in en[0] and "control markers" in en[0]
    assert en[1:] == ["#1 alice (control markers placed: 2)", "#1 bob (control markers placed: 1)"]
    ja = result_lines(match, "ja", {0: "アリス", 1: "ボブ"})
    assert "100ラウンドの上限" in ja[0]
    assert ja[1:] == ["1位 アリス(置いた占領マーカー: 2)", "1位 ボブ(置いた占領マーカー: 1)"]


def test_an_outcome_keeps_what_its_scores_count_through_storage():
    outcome = Outcome((1, 2), "score", T("勝ち", "won"), (3.0, 1.0), T("得点", "points"))
    assert Outcome.from_json(outcome.to_json()) == outcome
    bare = Outcome((1, 2), "score", T("勝ち", "won"), (3.0, 1.0))
    assert "score_name" not in bare.to_json() and Outcome.from_json(bare.to_json()) == bare
