"""The picker's menus: few taps on a phone, stable index paths, stale or forged paths refused."""

from __future__ import annotations

import discord

from engine.core.game import choice
from engine.core.types import Action, Choice, T
from tabletop.delivery.live_links import LiveLinks
from tabletop.presentation.picker import BUTTON_LIMIT, decode, distinct_labels, encode, menu, set_path
from discord_ui.views import picker_view

ACTIONS = (
    Action("a:move:C3", (choice("a", "弓兵", "Archer"), choice("move", "移動", "Move"), choice("C3", "C3", "C3"))),
    Action("a:move:C4", (choice("a", "弓兵", "Archer"), choice("move", "移動", "Move"), choice("C4", "C4", "C4"))),
    Action("a:pass", (choice("a", "弓兵", "Archer"), choice("pass", "パス", "Pass"))),
    Action("k:pass", (choice("k", "騎士", "Knight"), choice("pass", "パス", "Pass"))),
)


def keys(entry_steps: tuple) -> list[str]:
    return [step.key for step in entry_steps]


def test_a_small_decision_is_one_row_of_complete_actions() -> None:
    found = menu(ACTIONS, ())
    assert found is not None and found.action is None and found.back is None
    (group,) = found.groups
    assert not group.select
    assert [keys(e.steps) for e in group.entries] == [["a", "move", "C3"], ["a", "move", "C4"], ["a", "pass"], ["k", "pass"]]
    assert [e.path for e in group.entries] == [(0, 0, 0), (0, 0, 1), (0, 1), (1, 0)]


def test_following_a_path_reaches_the_action() -> None:
    found = menu(ACTIONS, (0, 0, 1))
    assert found is not None and found.action is ACTIONS[1]
    assert [c.key for c in found.chosen] == ["a", "move", "C4"]


def test_out_of_range_or_too_deep_paths_are_none() -> None:
    assert menu(ACTIONS, (5,)) is None
    assert menu(ACTIONS, (0, 1, 0)) is None


def test_levels_with_one_branch_are_passed_through_but_a_lone_action_still_asks() -> None:
    only = (Action("x:y:z", (choice("x", "X", "X"), choice("y", "Y", "Y"), choice("z", "Z", "Z"))),)
    found = menu(only, ())
    assert found is not None and found.action is None
    assert [c.key for c in found.chosen] == ["x", "y"] and found.path == (0, 0)
    assert [e.path for e in found.groups[0].entries] == [(0, 0, 0)]


def many(coins: int, targets: int) -> tuple[Action, ...]:
    return tuple(
        Action(f"c{c}:t{t}", (choice(f"c{c}", f"硬貨{c}", f"Coin {c}"), choice(f"t{t}", f"目標{t}", f"Target {t}")))
        for c in range(coins) for t in range(targets)
    )


def test_up_to_25_actions_come_as_one_select() -> None:
    found = menu(many(3, 8), ())
    assert found is not None and len(found.groups) == 1 and found.groups[0].select
    assert len(found.groups[0].entries) == 24


def test_a_few_branches_each_get_their_own_select() -> None:
    found = menu(many(4, 20), ())
    assert found is not None
    assert [g.select for g in found.groups] == [True] * 4
    assert [g.title.key for g in found.groups if g.title] == ["c0", "c1", "c2", "c3"]
    assert all(len(g.entries) == 20 for g in found.groups)


def test_too_many_branches_fall_back_to_one_level_at_a_time_with_back_below() -> None:
    found = menu(many(6, 20), ())
    assert found is not None and len(found.groups) == 1 and not found.groups[0].select
    assert [e.leaf for e in found.groups[0].entries] == [False] * 6
    deeper = menu(many(6, 20), (2,))
    assert deeper is not None and deeper.back == () and len(deeper.groups[0].entries) == 20
    assert len(deeper.groups[0].entries) <= BUTTON_LIMIT


def test_path_encoding_round_trips_and_refuses_garbage() -> None:
    assert decode(encode((0, 12, 3))) == (0, 12, 3)
    assert decode(encode(())) == ()
    for bad in ("x", "1..2", "²", "1" * 61, "-1", "1.2.", "99999"):
        assert decode(bad) is None


def _squares(*names: str) -> Action:
    """`fire a b`: a set choice of squares (the empty set when none)."""
    members = tuple(choice(name, name, name) for name in names)
    key = "-".join(names) or "none"
    step = Choice(key, T(" ".join(names) or "なし", " ".join(names) or "none"), members)
    return Action(f"fire {' '.join(names) or 'none'}", (choice("fire", "弾幕", "Fire"), step))


def test_set_choices_become_one_multi_select_and_the_empty_set_a_button() -> None:
    actions = [_squares(), _squares("3b"), _squares("3d"), _squares("3b", "3d")]
    found = menu(actions, ())
    assert found is not None and found.action is None
    multi, empty = found.groups
    assert [member.key for member in multi.members] == ["3b", "3d"] and multi.sizes == (1, 2) and multi.at == (0,)
    assert not empty.members and [entry.steps[-1].key for entry in empty.entries] == ["none"]
    assert set_path(actions, multi.at, ["3d", "3b"]) == (0, 3)
    assert set_path(actions, multi.at, ["3d"]) == (0, 2)
    assert set_path(actions, multi.at, ["3c"]) is None, "an element no option holds"
    assert set_path(actions, multi.at, ["3b", "3b"]) is None, "a repeated element"
    assert set_path(actions, (7,), ["3b"]) is None, "a stale position"


def test_set_choices_that_are_not_all_combinations_only_complete_listed_sets() -> None:
    actions = [_squares("2a"), _squares("2b"), _squares("2c"), _squares("2a", "2c")]
    (multi,) = menu(actions, ()).groups
    assert multi.sizes == (1, 2)
    assert set_path(actions, multi.at, ["2a", "2b"]) is None and set_path(actions, multi.at, ["2c", "2a"]) == (0, 3)


def test_labels_of_one_select_stay_distinct_after_cutting() -> None:
    """Two Walpurgis options alike in their first 100 characters read the same once cut at the end: the
    picker cuts those in the middle, and numbers any still alike."""
    head = "魔女の夜会『" + "長い効果の説明" * 15
    labels = [head + "ライン3に置く", head + "ライン4に置く", "short", "x" * 120, "x" * 120]
    shown = distinct_labels(labels, 100)
    assert shown[2] == "short"
    assert all(len(label) <= 100 for label in shown) and len(set(shown)) == len(shown)
    assert shown[0].endswith("ライン3に置く") and shown[1].endswith("ライン4に置く")
    assert shown[3].startswith("1. ") and shown[4].startswith("2. ")


def test_the_picker_view_shows_long_alike_labels_distinctly() -> None:
    head = "Summon the Walpurgis witch whose long effect text goes on and on " * 2
    actions = [Action(f"play:{n}", (Choice(str(n), T(f"{head}at {n}", f"{head}at {n}")),)) for n in range(8)]
    found = menu(actions, ())
    assert found is not None
    view = picker_view(1, 1, found, "en", {})
    labels = [option.label for item in view.children if isinstance(item, discord.ui.Select) for option in item.options]
    labels += [item.label for item in view.children if isinstance(item, discord.ui.Button)]
    assert len(labels) == 8 and len(set(labels)) == 8 and all(label.endswith(f"at {n}") for n, label in enumerate(labels))


def test_a_menu_sent_with_open_live_board_keeps_the_last_row_for_it() -> None:
    actions = many(5, 20)  # five branches: a select each fills every row unless the last is kept
    assert [g.select for g in menu(actions, ()).groups] == [True] * 5  # type: ignore[union-attr]
    found = menu(actions, (), reserve=True)
    assert found is not None and len(found.groups) == 1 and not found.groups[0].select
    view = picker_view(7, 3, found, "en", {}, LiveLinks("https://board.example.org", activity=True))
    rows = {item.row for item in view.children}
    assert rows <= {0, 1, 2, 3, 4}
    last = [item for item in view.children if item.row == 4]
    assert [getattr(item, "custom_id", None) or getattr(item, "url", None) for item in last] == [
        "tt:live:7", "https://board.example.org/games/7"]
    deeper = menu(actions, (2,), reserve=True)
    assert deeper is not None and deeper.back == ()
    view = picker_view(7, 3, deeper, "en", {}, LiveLinks(None, activity=True))
    assert [item.label for item in view.children if item.row == 4] == ["Back", "Open live board"]
