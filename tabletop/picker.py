"""Navigation of a decision's choice tree, one level at a time, by child indices.

Custom ids are limited to 100 characters, so a position in the tree is a short list of indices
("0.3.12") into the ordered children at each level. Indices are stable for a given state version because
`legal_actions` is deterministic; the version travels in the custom id too, so a stale picker is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine.core.types import Action, Choice


@dataclass(frozen=True, slots=True)
class Level:
    """Where the picker stands: the keys chosen so far, and either the options below or a finished action."""

    chosen: tuple[Choice, ...]
    options: tuple[Choice, ...]
    action: Action | None


def encode(path: Sequence[int]) -> str:
    return ".".join(map(str, path))


def decode(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".") if part != "")


def navigate(actions: Sequence[Action], path: Sequence[int]) -> Level | None:
    """Follow `path`; None when an index no longer exists (the tree changed under a stale picker)."""
    chosen: list[Choice] = []
    candidates = list(actions)
    for depth, index in enumerate([*path, None]):
        finished = [action for action in candidates if len(action.path) == depth]
        if finished:
            return Level(tuple(chosen), (), finished[0]) if index is None else None
        options: dict[str, Choice] = {}
        for action in candidates:
            options.setdefault(action.path[depth].key, action.path[depth])
        if index is None:
            return Level(tuple(chosen), tuple(options.values()), None)
        if not 0 <= index < len(options):
            return None
        picked = list(options.values())[index]
        chosen.append(picked)
        candidates = [action for action in candidates if action.path[depth].key == picked.key]
    return None
