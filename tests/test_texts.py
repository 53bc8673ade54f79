"""English counted nouns (the shared helper, and no game text saying "1 medals" or "medal(s)"), and no
Japanese text with a particle doubled by a substitution (「…としてをプレイしました」).

The scans play every registered game at random and read every event, every prompt and every legal
action's label met on the way, in English and in Japanese: where counts and names are built into texts
the mistakes show there. The platform's catalog templates are filled with sample values and read too.
"""

from __future__ import annotations

import re
import string
from functools import lru_cache

import pytest

from engine import registry
from engine.core.game import Game
from engine.core.match import Match
from engine.core.texts import plural
from engine.selfplay import playout
from tabletop.presentation.i18n import catalog

COUNTED = "medal|point|coin|card|hex|round|unit|player|turn"
WRONG = re.compile(rf"\b1 (?:{COUNTED})s\b|\((?:e?s)\)")
SEEDS = range(3)


def test_plural_says_one_thing_and_many_things() -> None:
    assert plural(1, "medal") == "1 medal"
    assert plural(0, "medal") == "0 medals"
    assert plural(2, "point") == "2 points"
    assert plural(3, "hex", "hexes") == "3 hexes"
    assert plural(1, "hex", "hexes") == "1 hex"


DOUBLED = re.compile(r"として[をにがは]|をを|にに|がが|(?<!も)のの|はは|でで|へへ|を[にがは]|に[をが]|が[をには]|は[をが]")
"""Two case particles in a row: a template's particle after a substitution that already ends in one
(「ものの」 is a word, not a doubling)."""
NAMES_JA = ("アリス", "ボブ", "キャロル", "デイブ", "エレン")


@lru_cache(maxsize=None)
def game_texts(game_id: str, players: int, seed: int) -> dict[str, tuple[str, ...]]:
    """Every line a random game shows, per language: events, prompts, action labels (one playout read
    in both languages, shared by the English and the Japanese scan)."""
    game = registry.get(game_id)
    names = {"en": {seat: f"P{seat}" for seat in range(players)}, "ja": dict(enumerate(NAMES_JA[:players]))}
    match = Match.start(game, players, seed, {})
    texts: dict[str, list[str]] = {"en": [], "ja": []}
    for step in playout(game, players, seed):
        for lang, shown in texts.items():
            for decision in match.pending():
                shown.append(decision.prompt.render(lang, names[lang]))
                shown.extend(action.label(lang, names[lang]) for action in match.legal_actions(decision.seat))
            shown.extend(event.text.render(lang, names[lang]) for event in step.events)
        match = step.match
    return {lang: tuple(shown) for lang, shown in texts.items()}


def english_texts(game: Game, players: int, seed: int) -> tuple[str, ...]:
    return game_texts(game.id, players, seed)["en"]


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in registry.games().values()])
def test_no_wrong_plural_in_english_texts(game: Game) -> None:
    for players in game.player_counts:
        for seed in SEEDS:
            for text in english_texts(game, players, seed):
                assert not WRONG.search(text), f"wrong plural: {text!r}"


def test_the_doubled_particle_pattern_catches_the_joker_line_and_spares_words() -> None:
    assert DOUBLED.search("アリスはライン3にジョーカーを♦4「古銭」としてをプレイしました。")
    assert DOUBLED.search("アリスのの手札")
    assert not DOUBLED.search("アリスはライン3にジョーカーを♦4「古銭」としてプレイしました。")
    assert not DOUBLED.search("取ったものの、使えません。")


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in registry.games().values()])
def test_no_doubled_particle_in_japanese_game_texts(game: Game) -> None:
    for players in game.player_counts:
        for seed in SEEDS:
            for text in game_texts(game.id, players, seed)["ja"]:
                assert not DOUBLED.search(text), f"doubled particle: {text!r}"


SAMPLE_VALUES = {
    "name": "アリス", "who": "アリス", "by": "ボブ", "user": "@アリス", "users": "@アリス @ボブ",
    "host": "アリス", "names": "アリス、ボブ", "others": "@ボブ", "game": "ヴンダーカンマー",
    "league": "秋リーグ", "at": "11/27 12:00", "until": "12/1", "since": "11/27 12:00", "when": "11/27",
    "link": "https://discord.com/channels/1/2/3", "prompt": "プレイするカードを選んでください。",
    "action": "ジョーカー(♦4として)", "choice": "手番を飛ばす", "policy": "AIが代わりに打つ",
    "summary": "アリスの勝ち(12点)", "result": "アリス 1位、ボブ 2位", "level": "ふつう", "ai": "AI・ふつう",
}


def test_no_doubled_particle_in_the_catalog_filled_with_sample_values() -> None:
    """Every platform template, its fields filled as the bot fills them (a name, a number, a prompt)."""
    for key, entry in catalog().items():
        fields = {field for _, field, _, _ in string.Formatter().parse(entry["ja"]) if field}
        filled = entry["ja"].format(**{field: SAMPLE_VALUES.get(field, 3) for field in fields})
        assert not DOUBLED.search(filled), f"{key}: doubled particle in {filled!r}"
