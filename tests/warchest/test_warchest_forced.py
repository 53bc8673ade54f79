"""Forced public decisions in War Chest: which ones the platform takes without asking.

Public decisions are draft picks (the pool is open) and the follow-ups the board alone decides (Royal
Guard, Swordsman, Berserker, Mercenary, Footman). Only a Footman tactic can come down to one option:
the draft's last card is dealt by the engine itself, the Royal Guard always offers supply or unit, and
the other follow-ups can always be skipped. A turn or a Warrior Priest coin with a single option (only
"pass") is hidden, since the coins in hand decide it, and keeps asking.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.core.rng import Rng
from engine.core.types import Decision
from engine.warchest import GAME
from tests.forced import Tally, tally

SETUPS = [
    (2, "random", range(60)),
    (2, "bannockburn", range(60)),
    (2, "draft", range(25)),
    (4, "random", range(25)),
]
"""Seeded setups; Bannockburn fields a Footman, the unit whose tactic can leave a single maneuver."""


def label(state: Mapping[str, Any], decision: Decision) -> str:
    """The follow-up kind ("footman", "priest", …), else the phase's decision ("draft" or "turn")."""
    if state["followups"]:
        return state["followups"][-1]["kind"]
    return "draft" if state["phase"] == "draft" else "turn"


def test_only_forced_footman_maneuvers_are_skipped_and_never_on_hidden_state() -> None:
    rng = Rng(5)
    total = Tally()
    for players, mode, seeds in SETUPS:
        found = tally(GAME, players, {"mode": mode}, seeds, rng, label)
        print(found.line(f"warchest {players}p {mode} ({len(seeds)} games)"))
        total.add(found)
    print(total.line("warchest total"))
    assert set(total.skipped) == {"footman"}, "a forced public decision other than a Footman maneuver"
    assert "turn" in total.hidden_single, "no single-option turn was met: the hidden case went untested"
