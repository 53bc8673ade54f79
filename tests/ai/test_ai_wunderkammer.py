"""Wunderkammer's evaluation for the searcher (engine/ai/heuristics/wunderkammer.py): a cut-off playout is
judged by the collections as the final scoring would count them, not by places alone."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ai.heuristics.wunderkammer import BENCHED, HEAD_WEIGHTS, PROMISE, ai_evaluate, ai_rollout_policy, worth
from engine.ai.hooks import Hooks, hooks_for
from engine.wunderkammer import GAME
from engine.wunderkammer.scenario import build


def test_the_knowledge_is_hards_alone() -> None:
    """Hard evaluates positions and plays its playouts by the policy; easy and normal search the generic
    way, which is what makes hard the stronger level here."""
    assert hooks_for(GAME, "hard") == Hooks(ai_rollout_policy, ai_evaluate) == hooks_for(GAME)
    assert hooks_for(GAME, "normal") == hooks_for(GAME, "easy") == Hooks()


def test_a_card_is_worth_its_kinds_value_and_its_promise() -> None:
    """c1 on seat 1's bench favours S2 (and H3, SA, HA): seat 0's three S2 are worth 1 point each now."""
    state = build(2, bench={1: ["c1"]}, hands={0: ["S2", "S2", "S2"]}, lines={0: ["S2x2"]}, decks={0: []})
    cards = len(state["seats"][0]["hand"]) + sum(len(line) for line in state["seats"][0]["lines"])
    assert worth(state)[0] == pytest.approx(5 * (1 + PROMISE) + (cards - 5) * PROMISE)
    assert worth(state)[1] == pytest.approx(PROMISE * len(state["seats"][1]["hand"] + state["seats"][1]["deck"])
                                           + PROMISE * sum(len(line) for line in state["seats"][1]["lines"]) + BENCHED)


def test_the_richer_collection_is_the_favourite_and_two_seats_chances_add_up() -> None:
    state = build(2, bench={0: ["c1"]}, trash={0: ["S2x4", "H3x3"]})
    chances = ai_evaluate(state)
    assert chances[0] > 0.9
    assert chances[0] + chances[1] == pytest.approx(1.0)


def test_with_three_seats_a_seat_is_judged_against_each_other_seat() -> None:
    """Ahead of one seat and level with the other: halfway between a sure win and an even pair."""
    state = build(3, trash={0: ["S2x6", "SAx3", "HAx3"], 2: ["S2x6", "SAx3", "HAx3"]}, bench={1: ["c1"]})
    level = worth(state)[0] == worth(state)[2]
    assert level and worth(state)[0] > worth(state)[1] + 16
    assert ai_evaluate(state)[0] == pytest.approx((0.5 + 1.0) / 2, abs=0.01)


def test_playouts_collect_rather_than_pass() -> None:
    """At the take step, each affordable item is ten times as likely as skipping; opening the trash is
    rare, but once it is open every card to trash is an ordinary choice."""
    state = build(2, step="take", budget=3, hands={0: ["S2"]})
    legal = GAME.legal_actions(state, 0)
    notations = [action.notation for action in legal]
    assert "skip" in notations and any(notation.startswith("take:") for notation in notations)
    rng = random.Random(3)
    picks = Counter(ai_rollout_policy(state, 0, legal, rng).notation for _ in range(4000))
    takes = sum(count for notation, count in picks.items() if notation.startswith("take:"))
    per_take = takes / (len(notations) - 1)
    assert 7 < per_take / picks["skip"] < 15
    assert HEAD_WEIGHTS["trash"] < 1 and HEAD_WEIGHTS["take"] == HEAD_WEIGHTS["char"] == max(HEAD_WEIGHTS.values())
