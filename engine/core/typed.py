"""What a player types, read as people write it: a notation in any case, the word for passing in either
language, or an action's own label.

`/game play pass` in War Chest, where passing is `<coin>:pass`, or `/game play パス` in Wall of War,
should find the move a player means, and when several fit, the refusal names them (never picks one:
passing with the Archer and with the Knight are different moves). Only when nothing fits does the
game's own explanation answer.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from engine.core.types import Action, T, Text

PASS_WORDS = frozenset({
    "pass", "skip", "done", "end", "end turn",
    "パス", "パスする", "スキップ", "スキップする", "終了", "終わる", "ターン終了", "手番終了",
})
"""What players type to pass, skip or end their part, in English and Japanese."""
PASS_TOKENS = frozenset({"pass", "skip", "done", "end"})
"""The games' own notations for that: the whole notation or its last part (War Chest's `archer:pass`)."""
SHOWN = 5
"""How many candidate notations a refusal names."""


def fold(text: str) -> str:
    """Typed text compared loosely: full-width letters as ASCII, any case, runs of spaces as one."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def meant(actions: Sequence[Action], typed: str) -> list[Action]:
    """The listed actions `typed` may mean, best reading first: the notation in any case, else a word
    for passing (every pass-like action: several when the game passes with a choice), else the label of
    the action's last step in either language."""
    key = fold(typed)
    found = [action for action in actions if fold(action.notation) == key]
    if found:
        return found
    if key in PASS_WORDS:
        found = [action for action in actions if action.notation.rsplit(":", 1)[-1] in PASS_TOKENS]
        if found:
            return found
    return [action for action in actions
            if action.path and key in (fold(action.path[-1].label.ja), fold(action.path[-1].label.en))]


def ambiguous(typed: str, actions: Sequence[Action]) -> Text:
    """The refusal when a typed word fits several actions: it names them."""
    names = "、".join(action.notation for action in actions[:SHOWN]) + ("…" if len(actions) > SHOWN else "")
    names_en = ", ".join(action.notation for action in actions[:SHOWN]) + ("…" if len(actions) > SHOWN else "")
    return T(f"「{typed}」に当たる手が複数あります。どれか指定してください: {names}",
             f"“{typed}” could be several actions; type one of: {names_en}")
