"""Every sentence, prompt and choice label exists in Japanese and English and renders completely."""

import random
import re

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
