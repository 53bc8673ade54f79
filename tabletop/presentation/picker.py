"""The choice tree of one seat's decision, and the menu the picker shows at a position in it.

A position is a short list of child indices ("0.3.12"): custom ids are limited to 100 characters, and
indices are stable for one decision because `legal_actions` is deterministic and the decision id (which
travels in the custom id) changes whenever that seat's legal actions change.

The menu aims at few taps on a phone: levels with a single option are passed through, a subtree of at
most 25 complete actions is offered in one select, and a handful of branches each small enough get one
select apiece, so most decisions take one tap after "Take turn". Options that are sets of elements
(`Choice.members`, e.g. which squares get a danmaku) become one multi-select of the elements.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from engine.core.types import Action, Choice

SELECT_LIMIT = 25
BUTTON_LIMIT = 20
ROWS = 5
NAV_ROW = ROWS - 1
"""The last row: Back, and Open live board when a menu is sent with it (`menu(..., reserve=True)`)."""
PATH_CHARS = 60


@dataclass(slots=True)
class Node:
    """One position of the tree: its children in first-seen order, or the action it completes."""

    choice: Choice | None = None
    children: dict[str, "Node"] = field(default_factory=dict)
    action: Action | None = None
    leaves: int = 0


def build(actions: Sequence[Action]) -> Node:
    root = Node()
    for action in actions:
        node = root
        node.leaves += 1
        for step in action.path:
            node = node.children.setdefault(step.key, Node(step))
            node.leaves += 1
        node.action = action
    return root


@dataclass(frozen=True, slots=True)
class Entry:
    """One option shown: `steps` are its labels below the group's title, `path` its absolute position."""

    steps: tuple[Choice, ...]
    path: tuple[int, ...]
    leaf: bool


@dataclass(frozen=True, slots=True)
class Group:
    """Buttons, or one select menu (`title` is its placeholder: the branch its entries share)."""

    entries: tuple[Entry, ...]
    select: bool
    title: Choice | None = None
    members: tuple[Choice, ...] = ()
    """A set choice: the elements offered in one multi-select; `entries` are the sets it may complete."""

    @property
    def at(self) -> tuple[int, ...]:
        """The position whose options the entries are (all entries of a set group share it)."""
        return self.entries[0].path[:-1]

    @property
    def sizes(self) -> tuple[int, int]:
        """The fewest and most elements one pick of this set group may hold."""
        counts = [len(entry.steps[-1].members or ()) for entry in self.entries]
        return min(counts), max(counts)


@dataclass(frozen=True, slots=True)
class Menu:
    """What the picker shows at `path`: the choices made so far and the groups, or a finished action."""

    path: tuple[int, ...]
    chosen: tuple[Choice, ...]
    groups: tuple[Group, ...] = ()
    action: Action | None = None
    back: tuple[int, ...] | None = None
    """Where Back leads: the nearest level above that offered a real choice (None at the top)."""


def encode(path: Sequence[int]) -> str:
    return ".".join(map(str, path))


def decode(text: str) -> tuple[int, ...] | None:
    """The path in a custom id or select value; None for anything malformed or absurdly long."""
    if len(text) > PATH_CHARS:
        return None
    parts = text.split(".") if text else []
    if not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in parts):
        return None
    return tuple(int(part) for part in parts)


def _walk(root: Node, path: Sequence[int]) -> tuple[Node, list[Choice]] | None:
    node, chosen = root, []
    for index in path:
        if node.action is not None or not 0 <= index < len(node.children):
            return None
        node = list(node.children.values())[index]
        assert node.choice is not None
        chosen.append(node.choice)
    return node, chosen


def _descend(node: Node, path: tuple[int, ...], chosen: list[Choice]) -> tuple[Node, tuple[int, ...]]:
    """Pass through levels that offer one branch only: nothing to decide there. A lone complete action
    is still shown as one button: applying it is the player's call, not the picker's."""
    while node.action is None and len(node.children) == 1 and next(iter(node.children.values())).action is None:
        node = next(iter(node.children.values()))
        assert node.choice is not None
        chosen.append(node.choice)
        path = (*path, 0)
    return node, path


def _leaves(node: Node, path: tuple[int, ...], steps: tuple[Choice, ...] = ()) -> list[Entry]:
    if node.action is not None:
        return [Entry(steps, path, True)]
    found: list[Entry] = []
    for index, child in enumerate(node.children.values()):
        assert child.choice is not None
        found += _leaves(child, (*path, index), (*steps, child.choice))
    return found


def menu(actions: Sequence[Action], path: Sequence[int], *, reserve: bool = False) -> Menu | None:
    """The menu at `path` (None when the path does not exist in this decision: a stale or forged id).
    `reserve`: keep the last row free even at the top level (for Open live board), as Back keeps it below."""
    root = build(actions)
    walked = _walk(root, path)
    if walked is None:
        return None
    node, chosen = walked
    node, at = _descend(node, tuple(path), chosen)
    if node.action is not None:
        return Menu(at, tuple(chosen), (), node.action)
    up = _back(root, at)
    return Menu(at, tuple(chosen), _groups(node, at, up is not None or reserve), back=up)


def path_of(actions: Sequence[Action], notation: str) -> tuple[int, ...] | None:
    """The position of the action `notation` in the tree (None when it is not among `actions`): a button
    with this path plays it in one tap (a hint's proposals)."""
    for action in actions:
        if action.notation != notation:
            continue
        node, path = build(actions), []
        for step in action.path:
            keys = list(node.children)
            path.append(keys.index(step.key))
            node = node.children[step.key]
        return tuple(path)
    return None


def _back(root: Node, at: tuple[int, ...]) -> tuple[int, ...] | None:
    for depth in range(len(at) - 1, -1, -1):
        walked = _walk(root, at[:depth])
        if walked is not None and len(walked[0].children) > 1:
            return at[:depth]
    return None


def _set_groups(node: Node, at: tuple[int, ...]) -> tuple[Group, ...] | None:
    """Every option here a set choice: their elements in one multi-select, the empty set as a button."""
    children = list(node.children.values())
    if any(child.action is None or child.choice is None or child.choice.members is None for child in children):
        return None
    sets = [Entry((child.choice,), (*at, index), True) for index, child in enumerate(children) if child.choice.members]
    empty = [Entry((child.choice,), (*at, index), True) for index, child in enumerate(children) if not child.choice.members]
    members = tuple(dict.fromkeys(member for entry in sets for member in entry.steps[-1].members or ()))
    if len(sets) < 2 or len(members) > SELECT_LIMIT:
        return None
    return (Group(tuple(sets), select=True, members=members), *((Group(tuple(empty), select=False),) if empty else ()))


def set_path(actions: Sequence[Action], at: Sequence[int], keys: Sequence[str]) -> tuple[int, ...] | None:
    """The option at `at` whose elements are exactly `keys` (None: no such set, or a stale position)."""
    walked = _walk(build(actions), at)
    if walked is None or len(set(keys)) != len(keys):
        return None
    for index, child in enumerate(walked[0].children.values()):
        members = child.choice.members if child.choice is not None else None
        if child.action is not None and members is not None and {m.key for m in members} == set(keys):
            return (*at, index)
    return None


def _groups(node: Node, at: tuple[int, ...], nav_row: bool) -> tuple[Group, ...]:
    sets = _set_groups(node, at)
    if sets is not None:
        return sets
    children = list(node.children.values())
    rows = ROWS - (1 if nav_row else 0)
    if node.leaves <= BUTTON_LIMIT:
        return (Group(tuple(_leaves(node, at)), select=False),)
    if node.leaves <= SELECT_LIMIT:
        return (Group(tuple(_leaves(node, at)), select=True),)
    single = [index for index, child in enumerate(children) if child.leaves == 1]
    branches = [index for index, child in enumerate(children) if child.leaves > 1]
    fits = all(children[index].leaves <= SELECT_LIMIT for index in branches) and len(single) <= 5
    if fits and len(branches) + (1 if single else 0) <= rows:
        groups = [Group(tuple(entry for index in single for entry in _leaves(children[index], (*at, index),
                                                                             (children[index].choice,))), select=False)] if single else []
        for index in branches:
            child = children[index]
            groups.append(Group(tuple(_leaves(child, (*at, index))), select=True, title=child.choice))
        return tuple(groups)
    entries = tuple(Entry((child.choice,), (*at, index), child.action is not None)
                    for index, child in enumerate(children) if child.choice is not None)
    return (Group(entries, select=len(entries) > BUTTON_LIMIT),)


ELLIPSIS = "…"


def distinct_labels(labels: Sequence[str], limit: int) -> list[str]:
    """The labels of one select or button row cut to `limit` characters, still telling apart what they
    told apart: a label whose end-cut reads like another's is cut in the middle (its end is where long
    labels differ: "… onto line 3", a card's last effect), and any still alike are numbered."""
    shown = [_cut_end(label, limit) for label in labels]
    for cut in (_cut_middle, _numbered):
        counts = Counter(shown)
        alike = [index for index, label in enumerate(shown) if counts[label] > 1]
        if not alike:
            break
        for number, index in enumerate(alike, start=1):
            shown[index] = cut(labels[index], limit, number)
    return shown


def _cut_end(label: str, limit: int) -> str:
    return label if len(label) <= limit else label[: limit - 1] + ELLIPSIS


def _cut_middle(label: str, limit: int, number: int = 0) -> str:
    if len(label) <= limit:
        return label
    tail = (limit - 1) // 3
    return label[: limit - 1 - tail] + ELLIPSIS + label[len(label) - tail:]


def _numbered(label: str, limit: int, number: int) -> str:
    return _cut_middle(f"{number}. {label}", limit)
