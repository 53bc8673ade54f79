"""Forced public decisions in Wall of War: which ones the platform takes without asking.

Public decisions are the colour choice, queueing, buy-or-pass, and the One per Person, Funnel and Lucky
Draw asks. Queueing is the one that comes down to a single option: a last turn that opens only one
circle (the deck ran short) leaves every purchaser card one place to go. Buy-or-pass always offers both
(a head who cannot pay passes automatically), and the others always offer two or more. A Rain answer
of a seat without a usable Rain is the lone "let it through", yet it is not public (only Rain holders
see "Cancel it with Rain"), so it keeps asking: skipping it would tell the table who holds no Rain.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.core.rng import Rng
from engine.core.types import Decision
from engine.wallofwar import GAME
from tests.forced import Tally, tally

SETUPS = [(3, range(25)), (4, range(25)), (5, range(25))]


def label(state: Mapping[str, Any], decision: Decision) -> str:
    """The ask being answered ("rain", "limit", "funnel", "kuji"), else the phase ("queue", …)."""
    return state["asks"][0]["t"] if state["asks"] else state["phase"]


def test_only_single_circle_queueing_is_skipped_and_never_on_hidden_state() -> None:
    rng = Rng(5)
    total = Tally()
    for players, seeds in SETUPS:
        found = tally(GAME, players, {}, seeds, rng, label)
        print(found.line(f"wallofwar {players}p ({len(seeds)} games)"))
        total.add(found)
    print(total.line("wallofwar total"))
    assert set(total.skipped) == {"queue"}, "a forced public decision other than single-circle queueing"
    assert "rain" in total.hidden_single, "no Rain window with a lone “let it through” was met: the hidden case went untested"
