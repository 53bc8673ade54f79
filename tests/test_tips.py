"""Every kind of decision every game can ask has a first-time tip in both languages (discord_ui.tips).

Which kinds a game can ask is read from its engine's code: the `kind` argument of each `Decision(...)`
it builds when written out, and every known kind word in the package when the argument is computed
(`"turn" if … else "reaction"`). Random playouts check the reading: a kind met in play that the code
scan missed fails here, as does a new kind with no tip.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest

from engine import registry
from engine.core.game import Game
from engine.selfplay import playout
from tabletop.runtime import packages
from discord_ui.tips import tips_of

ENGINE = Path(__file__).resolve().parent.parent / "engine"
KNOWN_KINDS = ("turn", "reaction", "simultaneous", "setup")
"""The kinds `engine.core.types.Decision` documents."""
PLAYOUTS, STEPS = 3, 600
SENTENCE_END = re.compile(r"[.!?。!?](?=\s|$)")


def hosted_games() -> dict[str, Game]:
    """The games this project ships (the engines under engine/), not the tests' example game."""
    return {game_id: game for game_id, game in registry.games().items() if type(game).__module__.startswith("engine.")}


def _package_dir(game: Game) -> Path:
    return ENGINE / type(game).__module__.split(".")[1]


def scanned_kinds(game: Game) -> set[str]:
    return kinds_in(_package_dir(game))


def kinds_in(directory: Path) -> set[str]:
    """Every kind the code under `directory` can give a Decision (see the module's docstring)."""
    kinds: set[str] = set()
    computed = False
    for path in sorted(directory.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Decision"):
                continue
            argument = node.args[2] if len(node.args) > 2 else next((k.value for k in node.keywords if k.arg == "kind"), None)
            if argument is None:
                kinds.add("turn")
            elif isinstance(argument, ast.Constant):
                kinds.add(argument.value)
            else:
                computed = True
        if computed:
            words = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and node.value in KNOWN_KINDS}
            kinds |= words
    return kinds


def played_kinds(game: Game) -> set[str]:
    kinds: set[str] = set()
    for players, seed in itertools.product(game.player_counts, range(PLAYOUTS)):
        for step in itertools.islice(playout(game, players, seed), STEPS):
            kinds |= {decision.kind for decision in step.match.pending()}
    return kinds


@pytest.mark.parametrize("game_id", sorted(hosted_games()))
def test_every_decision_kind_has_a_tip_in_both_languages(game_id: str) -> None:
    game = hosted_games()[game_id]
    tips = tips_of(game_id)
    assert packages.tips_file(game_id).is_file(), f"{game_id}: no {packages.tips_file(game_id)}"
    kinds = scanned_kinds(game)
    assert kinds <= set(KNOWN_KINDS) | set(tips), f"{game_id}: decision kinds without a tip: {sorted(kinds - set(tips))}"
    missing = sorted(kind for kind in kinds if kind not in tips)
    assert not missing, f"{game_id}: decision kinds without a tip: {missing}"
    for kind, tip in tips.items():
        assert kind in kinds, f"{game_id}: a tip for {kind!r}, a kind its engine never asks"
        for locale in ("ja", "en"):
            body = tip.get(locale).strip()
            assert body, f"{game_id}/{kind}: no {locale} tip"
            assert len(SENTENCE_END.findall(body + " ")) <= 2, f"{game_id}/{kind} ({locale}): more than two sentences"
            assert len(body) <= 400, f"{game_id}/{kind} ({locale}): too long for a menu line"


@pytest.mark.parametrize("game_id", sorted(hosted_games()))
def test_the_code_scan_finds_every_kind_met_in_play(game_id: str) -> None:
    game = hosted_games()[game_id]
    met = played_kinds(game)
    assert met <= scanned_kinds(game), f"{game_id}: kinds met in play but not found in the code: {sorted(met - scanned_kinds(game))}"


def test_the_scan_sees_written_and_computed_kinds(tmp_path: Path) -> None:
    """A kind written into an engine's Decision, or computed from known kind words, is found, so a new
    kind with no tip fails the test above."""
    (tmp_path / "a.py").write_text("def f(s):\n    return Decision(0, None, 'auction')\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("def g(s):\n    return Decision(1, None, 'setup' if s else 'reaction')\n", encoding="utf-8")
    assert kinds_in(tmp_path) == {"auction", "setup", "reaction"}
