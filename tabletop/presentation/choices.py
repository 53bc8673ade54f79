"""A seat's decision as data: the whole choice tree the Discord picker walks (`tabletop.presentation.picker.build`),
every legal action reachable at a leaf and nothing else, for a front end that shows it its own way (the
live board offers a step where its `target` is drawn, and the rest as a list)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine.core.types import Action, Choice
from tabletop.presentation.picker import Node, build

MAX_PATH = 16
"""Levels a path sent by a client may have: deeper than any game's tree, short enough to cost nothing."""


def choice_tree(actions: Sequence[Action], locale: str, names: Mapping[int, str]) -> list[dict[str, Any]]:
    """The tree's top level: each node has `key`, `label`, `target` (the board object it picks, or None)
    and `members` (a set choice's elements) when it has them, and either `children` or, at a leaf, the
    `notation` of the action it completes. Order is the picker's, so a path of indices names the same
    option in both."""
    root = build(actions)
    if root.action is not None:  # a decision whose one action needs no choosing
        return [{"key": "", "label": root.action.label(locale, names), "target": None,
                 "notation": root.action.notation}]
    return [_node(child, locale, names) for child in root.children.values()]


def _choice(choice: Choice, locale: str, names: Mapping[int, str]) -> dict[str, Any]:
    node: dict[str, Any] = {"key": choice.key, "label": choice.label.render(locale, names), "target": choice.target}
    if choice.members is not None:
        node["members"] = [_choice(member, locale, names) for member in choice.members]
    return node


def _node(node: Node, locale: str, names: Mapping[int, str]) -> dict[str, Any]:
    assert node.choice is not None
    shown = _choice(node.choice, locale, names)
    if node.action is not None:
        shown["notation"] = node.action.notation
    else:
        shown["children"] = [_node(child, locale, names) for child in node.children.values()]
    return shown


def action_at(actions: Sequence[Action], path: Sequence[int]) -> Action | None:
    """The action the leaf at `path` (child indices from the top) completes; None for a path that stops
    short of a leaf, goes past one or leaves the tree (stale or forged)."""
    if len(path) > MAX_PATH:
        return None
    node = build(actions)
    for index in path:
        children = list(node.children.values())
        if node.action is not None or not 0 <= index < len(children):
            return None
        node = children[index]
    return node.action


def listed(actions: Sequence[Action], notation: str) -> Action | None:
    """The legal action with exactly this notation (what a leaf of the tree carries), else None."""
    return next((action for action in actions if action.notation == notation), None)
