"""The presentation layer: apart from both front ends (no discord, no web imported by its source), the lines
Discord shows are its lines, and a decision's choice tree as data is the Discord picker's tree: for every
game and player count over random states, the leaves are exactly the legal actions, a path of indices
names the same action as the picker's custom ids do, and no other path names one."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

from engine import registry
from engine.selfplay import playout
from discord_ui import announce
from tabletop.presentation.picker import menu
from tabletop.presentation import names, texts
from tabletop.presentation.choices import action_at, choice_tree, listed
from tests.web.live_board import leaves

ROOT = Path(__file__).resolve().parents[2]
NEUTRAL = [*sorted((ROOT / "tabletop" / "presentation").glob("*.py")), ROOT / "tabletop" / "delivery" / "live.py"]
STEPS = 60


def imported(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("path", NEUTRAL, ids=lambda path: path.name)
def test_presentation_imports_neither_front_end(path: Path) -> None:
    front_ends = {name for name in imported(path) if name.split(".")[0] in ("discord", "web", "cogs")}
    assert front_ends == set()
    assert not {name for name in imported(path) if name in ("discord_ui.announce", "tabletop.delivery.publish")}


def test_discord_shows_the_presentation_lines() -> None:
    for name in ("event_lines", "result_lines", "waiting_lines", "status_lines", "clock_note"):
        assert getattr(announce, name) is getattr(texts, name)
    assert announce.seat_names is names.seat_names and announce.guild_locale is names.guild_locale


CASES = [(game_id, players) for game_id, game in sorted(registry.games().items()) for players in game.player_counts]


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{game}-{players}" for game, players in CASES])
def test_the_choice_tree_is_the_pickers(game_id: str, players: int) -> None:
    game = registry.get(game_id)
    for step in itertools.islice(playout(game, players, seed=players * 31), STEPS):
        match = step.match
        for seat in match.awaited_seats():
            legal = match.legal_actions(seat)
            names_ = {index: f"P{index}" for index in range(players)}
            found = leaves(choice_tree(legal, "en", names_))
            assert sorted(leaf["notation"] for _, leaf in found) == sorted(action.notation for action in legal)
            for path, leaf in found:
                action = action_at(legal, path)
                assert action is not None and action.notation == leaf["notation"]
                assert listed(legal, leaf["notation"]) is not None
                picked = menu(legal, path)
                assert picked is not None and picked.action is not None and picked.action.notation == leaf["notation"]
            deepest = max((len(path) for path, _ in found), default=0)
            assert action_at(legal, (0,) * (deepest + 1)) is None and action_at(legal, (len(legal) + 1,)) is None
