"""End of the game (2.): a full field after a chain (2.1), the losses of 2.2.1, and standings.

2.1 compares, in order, the number of 陣 each player owns, then face-up 陣, then cards in the deck; a
tie on all three is a draw. The result is stored in the state as `{"ranks", "reason"}`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.types import Event, Outcome, T, Text
from engine.walpurgis import board
from engine.walpurgis.board import State
from engine.walpurgis.labels import who

REASONS = {
    "deckout": T("{loser}は準備フェイズにカードを引けず敗北しました。", "{loser} could not draw in the prepare phase and lost."),
    "no_normal": T("{loser}は通常弾を配置できず敗北しました。", "{loser} could not place a 通常弾 and lost."),
}


def keys(state: Mapping[str, Any], seat: int) -> tuple[int, int, int]:
    jin, face_up = board.counts(state, seat)
    return jin, face_up, len(state["deck"][seat])


def standings(state: Mapping[str, Any]) -> list[tuple]:
    return [keys(state, seat) for seat in (0, 1)]


def lose(state: State, seat: int, reason: str, events: list[Event]) -> None:
    ranks = [1, 1]
    ranks[seat] = 2
    state["result"] = {"ranks": ranks, "reason": reason}
    state["stage"] = "over"
    text = REASONS[reason]
    events.append(Event(T(text.ja.replace("{loser}", who(seat)), text.en.replace("{loser}", who(seat))), data={"kind": "over", "reason": reason}))


def score(state: State, reason: str, events: list[Event]) -> None:
    """2.1's comparison: 陣, then face-up 陣, then deck."""
    found = standings(state)
    ranks = list(Outcome.ranks_from_scores(found))
    state["result"] = {"ranks": ranks, "reason": reason}
    state["stage"] = "over"
    events.append(Event(summary(state), data={"kind": "over", "reason": reason, "keys": [list(k) for k in found]}))


def full_field(state: State, events: list[Event]) -> bool:
    """2.1, checked when a chain ends: every square holds a 陣."""
    if len(board.jin_squares(state)) < board.SQUARES:
        return False
    score(state, "field", events)
    return True


def summary(state: Mapping[str, Any]) -> Text:
    result = state["result"]
    ranks = result["ranks"]
    if result["reason"] in REASONS:
        loser = ranks.index(2)
        text = REASONS[result["reason"]]
        return T(text.ja.replace("{loser}", who(loser)), text.en.replace("{loser}", who(loser)))
    (a0, f0, d0), (a1, f1, d1) = standings(state)
    counts = f"{a0}-{a1} / {f0}-{f1} / {d0}-{d1}"
    if ranks[0] == ranks[1]:
        return T(f"引き分け(陣・表向きの陣・山札: {counts})。", f"A draw (jin, face-up jin, deck: {counts}).")
    winner = ranks.index(1)
    head = ("場が陣で埋まりました。", "The field is full of jin. ") if result["reason"] == "field" else ("ターン上限に達しました。", "The turn limit was reached. ")
    return T(f"{head[0]}{who(winner)}の勝利(陣・表向きの陣・山札: {counts})。", f"{head[1]}{who(winner)} wins (jin, face-up jin, deck: {counts}).")


def outcome(state: Mapping[str, Any]) -> Outcome | None:
    result = state["result"]
    if result is None:
        return None
    return Outcome(tuple(result["ranks"]), result["reason"], summary(state))
