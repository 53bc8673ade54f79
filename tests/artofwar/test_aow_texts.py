"""Every sentence, prompt and choice label exists in Japanese and English and renders completely."""

import random
import re
from pathlib import Path

from engine.artofwar.game import GAME
from engine.artofwar.scenario import act, build

WRONG = re.compile(r"\b1 (?:card|unit|turn|point)s\b|\((?:e?s)\)")
NAMES = {0: "P0", 1: "P1"}


def rendered(text):
    lines = []
    for locale in ("ja", "en"):
        line = text.render(locale, NAMES)
        assert line and "{" not in line, line
        lines.append(line)
    assert not WRONG.search(lines[1]), lines[1]
    return lines


def test_random_games_speak_both_languages():
    agent = random.Random(5)
    for seed in range(15):
        state = GAME.new_state(2, seed, GAME.validate_options(2, {}))
        while GAME.pending(state):
            for decision in GAME.pending(state):
                rendered(decision.prompt)
            seat = GAME.pending(state)[0].seat
            choices = GAME.legal_actions(state, seat)
            for action in choices:
                for step in action.path:
                    rendered(step.label)
            transition = GAME.apply_action(state, seat, agent.choice(choices))
            for event in transition.events:
                rendered(event.text)
            state = transition.state
        rendered(GAME.outcome(state).summary)


def test_capture_and_victory_sentences_name_the_cards():
    state = build(kings=("k01", "k05"), fields=({"b1": "soldier"}, {"b1": "king", "a1": "guardian"}), hands=(["wizard"] * 4, []), standby=(["king"], []))
    _, events = act(state, "atk:b1-b1")
    ja, en = zip(*(rendered(event.text) for event in events))
    assert any("捕獲" in line and "鉄壁王" in line for line in ja)
    assert any("Captured" in line and "Iron King" in line for line in en)
    assert any(line.startswith("Execution!") for line in en)


def test_the_rules_say_the_capture_sentence_is_terse_and_how_it_is_read():
    """Capture on an equal single hit is a reading, not the rulebook's words: both rules texts quote the
    sentence and say it is read as play reports read it, so nobody mistakes the ruling for the text."""
    sentence = "攻撃したユニットと攻撃を受けたユニットの防御力が等しい場合"
    root = Path(__file__).resolve().parents[2] / "data" / "artofwar"
    ja = (root / "rules.ja.md").read_text(encoding="utf-8")
    en = (root / "rules.en.md").read_text(encoding="utf-8")
    assert f"「{sentence}」" in ja and "簡潔" in ja and "プレイ報告" in ja
    assert f"「{sentence}」" in en and "terse" in en and "play reports" in en
