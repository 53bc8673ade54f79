"""Every kind of decision every game can ask has a first-time tip in both languages (discord_ui.tips).

A kind of decision is its topic (`Decision.topic`: what the menu asks, e.g. War Chest's Royal Guard
answer), finer than `Decision.kind`. Topics are met in random playouts of every game: every player count
with the default options, and every other option choice (a draft, a ready-made deck, a card-copy limit)
once at a player count that allows it, since some topics only come up there (War Chest's draft). A topic
met in play without a tip fails, as does a tip for a word the engine's code never names (a renamed topic
leaving its tip behind).
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import registry
from engine.core.errors import BadOptions
from engine.core.game import Game
from engine.core.types import Decision, T
from engine.selfplay import playout
from tabletop.runtime import packages
from discord_ui.tips import tips_of

ENGINE = Path(__file__).resolve().parent.parent / "engine"
PLAYOUTS, STEPS = 4, 3000
SENTENCE_END = re.compile(r"[.!?。!?](?=\s|$)|。(?=.)")


def hosted_games() -> dict[str, Game]:
    """The games this project ships (the engines under engine/), not the tests' example game."""
    return {game_id: game for game_id, game in registry.games().items() if type(game).__module__.startswith("engine.")}


def _package_dir(game: Game) -> Path:
    return ENGINE / type(game).__module__.split(".")[1]


def words_in(directory: Path) -> set[str]:
    """Every string constant in the code under `directory`: the words a topic can be."""
    return {node.value for path in sorted(directory.rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def option_sets(game: Game) -> Iterator[tuple[int, dict[str, str], int]]:
    """(players, options, seeds): the defaults at every player count, then each other choice of each option
    at the first player count that accepts it."""
    for players in game.player_counts:
        yield players, {}, PLAYOUTS
    for spec in game.options:
        for choice in spec.choices:
            if choice.key == spec.default:
                continue
            for players in game.player_counts:
                try:
                    game.validate_options(players, {spec.key: choice.key})
                except BadOptions:
                    continue
                yield players, {spec.key: choice.key}, 1
                break


def played_topics(game: Game) -> set[str]:
    topics: set[str] = set()
    for players, options, seeds in option_sets(game):
        for seed in range(seeds):
            for step in itertools.islice(playout(game, players, seed, options), STEPS):
                topics |= {decision.topic for decision in step.match.pending()}
    return topics


@pytest.mark.parametrize("game_id", sorted(hosted_games()))
def test_every_topic_met_in_play_has_a_tip_in_both_languages(game_id: str) -> None:
    game = hosted_games()[game_id]
    assert packages.tips_file(game_id).is_file(), f"{game_id}: no {packages.tips_file(game_id)}"
    tips = tips_of(game_id)
    met = played_topics(game)
    missing = sorted(met - set(tips))
    assert not missing, f"{game_id}: topics met in play without a tip: {missing}"
    assert len(met) >= 8, f"{game_id}: only {sorted(met)} met in play; finer topics expected"


@pytest.mark.parametrize("game_id", sorted(hosted_games()))
def test_every_tip_is_short_bilingual_and_names_a_topic_of_the_engine(game_id: str) -> None:
    game = hosted_games()[game_id]
    words = words_in(_package_dir(game))
    for topic, tip in tips_of(game_id).items():
        assert topic in words, f"{game_id}: a tip for {topic!r}, a word its engine never names"
        for locale in ("ja", "en"):
            body = tip.get(locale).strip()
            assert body, f"{game_id}/{topic}: no {locale} tip"
            assert len(SENTENCE_END.findall(body + " ")) <= 2, f"{game_id}/{topic} ({locale}): more than two sentences"
            assert len(body) <= 400, f"{game_id}/{topic} ({locale}): too long for a menu line"


def test_a_decision_without_a_topic_is_its_kind() -> None:
    """Games that ask only a few kinds of decision need not name topics: their tips are keyed by kind."""
    assert Decision(0, T("?", "?"), "reaction").topic == "reaction"
    assert Decision(0, T("?", "?"), "turn", topic="guard").topic == "guard"


def test_the_sentence_count_sees_japanese_sentences() -> None:
    assert len(SENTENCE_END.findall("一文目です。二文目です。三文目です。 ")) == 3
    assert len(SENTENCE_END.findall("First one. Second one. ")) == 2
