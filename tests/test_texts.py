"""English counted nouns: the shared helper, and no game text saying "1 medals" or "medal(s)".

The scan plays every registered game at random and reads, in English, every event, every prompt and
every legal action's label met on the way: where counts are built into texts the mistakes show there.
"""

from __future__ import annotations

import re

import pytest

from engine import registry
from engine.core.game import Game
from engine.core.match import Match
from engine.core.texts import plural
from engine.selfplay import playout

COUNTED = "medal|point|coin|card|hex|round|unit|player|turn"
WRONG = re.compile(rf"\b1 (?:{COUNTED})s\b|\((?:e?s)\)")
SEEDS = range(3)


def test_plural_says_one_thing_and_many_things() -> None:
    assert plural(1, "medal") == "1 medal"
    assert plural(0, "medal") == "0 medals"
    assert plural(2, "point") == "2 points"
    assert plural(3, "hex", "hexes") == "3 hexes"
    assert plural(1, "hex", "hexes") == "1 hex"


def english_texts(game: Game, players: int, seed: int) -> list[str]:
    """Every English line a random game shows: events, prompts, action labels."""
    names = {seat: f"P{seat}" for seat in range(players)}
    match = Match.start(game, players, seed, {})
    texts: list[str] = []
    for step in playout(game, players, seed):
        for decision in match.pending():
            texts.append(decision.prompt.render("en", names))
            texts.extend(action.label("en", names) for action in match.legal_actions(decision.seat))
        texts.extend(event.text.render("en", names) for event in step.events)
        match = step.match
    return texts


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in registry.games().values()])
def test_no_wrong_plural_in_english_texts(game: Game) -> None:
    for players in game.player_counts:
        for seed in SEEDS:
            for text in english_texts(game, players, seed):
                assert not WRONG.search(text), f"wrong plural: {text!r}"
