"""Choice-tree navigation by indices, as the picker's custom ids encode it."""

from __future__ import annotations

from engine.core.game import choice
from engine.core.types import Action
from tabletop.picker import decode, encode, navigate

ACTIONS = (
    Action("a:move:C3", (choice("a", "弓兵", "Archer"), choice("move", "移動", "Move"), choice("C3", "C3", "C3"))),
    Action("a:move:C4", (choice("a", "弓兵", "Archer"), choice("move", "移動", "Move"), choice("C4", "C4", "C4"))),
    Action("a:pass", (choice("a", "弓兵", "Archer"), choice("pass", "パス", "Pass"))),
    Action("k:pass", (choice("k", "騎士", "Knight"), choice("pass", "パス", "Pass"))),
)


def test_top_level_lists_distinct_first_steps_in_order() -> None:
    level = navigate(ACTIONS, ())
    assert level is not None and level.action is None
    assert [c.key for c in level.options] == ["a", "k"]


def test_following_indices_reaches_the_action() -> None:
    level = navigate(ACTIONS, (0, 0, 1))
    assert level is not None and level.action is ACTIONS[1]
    assert [c.key for c in level.chosen] == ["a", "move", "C4"]


def test_intermediate_level_offers_the_children() -> None:
    level = navigate(ACTIONS, (0,))
    assert level is not None and [c.key for c in level.options] == ["move", "pass"]


def test_out_of_range_index_is_none_for_a_stale_picker() -> None:
    assert navigate(ACTIONS, (5,)) is None
    assert navigate(ACTIONS, (0, 1, 0)) is None


def test_path_encoding_round_trips() -> None:
    assert decode(encode((0, 12, 3))) == (0, 12, 3)
    assert decode(encode(())) == ()
