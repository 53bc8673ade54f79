"""Resolving the effect primitives of `effects` on a state: conditions, danmaku from the deck, and each op.

Split from `effects` (which only validates and describes) because resolving reads the edition, and the
edition is built from `effects`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.rng import Rng
from engine.core.texts import plural
from engine.core.types import Event, T
from engine.walpurgis import board
from engine.walpurgis.board import State
from engine.walpurgis.cards import EDITION
from engine.walpurgis.effects import Effect
from engine.walpurgis.labels import both as named


def condition_holds(state: Mapping[str, Any], owner: int, condition: Mapping[str, int]) -> bool:
    """The sub-effect condition of 8.2 ①, from the owner's side; counts are public (hand sizes too)."""
    values = {
        "hand_min": lambda: len(state["hand"][owner]),
        "own_jin_min": lambda: len(board.jin_squares(state, owner)),
        "opp_jin_min": lambda: len(board.jin_squares(state, board.other(owner))),
        "behind_min": lambda: len(board.jin_squares(state, board.other(owner))) - len(board.jin_squares(state, owner)),
        "discard_min": lambda: len(state["discard"][owner]),
        "deck_min": lambda: len(state["deck"][owner]),
    }
    return all(values[key]() >= value for key, value in condition.items())


def place_danmaku(state: State, owner: int, squares: list[int]) -> list[int]:
    """Face-down danmaku from the top of the owner's deck, one per square while the deck lasts."""
    placed: list[int] = []
    for square in squares:
        if not state["deck"][owner]:
            break
        cid = state["deck"][owner].pop(0)
        state["field"][square].append(board.new_piece(state, cid, owner, "dm"))
        placed.append(square)
    return placed


def apply(state: State, owner: int, square: int, effect: Effect, events: list[Event]) -> list[int]:
    """Resolve one step of the card at `square`; the squares where it placed danmaku (8.4 counts them)."""
    foe = board.other(owner)
    targets = board.shifted(square, effect.at, owner)
    op = effect.op
    if op == "draw":
        drawn = board.draw(state, owner, effect.n)
        events.append(Event(T(f"{{s{owner}}}は{len(drawn)}枚ドロウしました。", f"{{s{owner}}} drew {plural(len(drawn), 'card')}.")))
    elif op == "discard":
        rng = Rng(state["rng"])
        for _ in range(min(effect.n, len(state["hand"][foe]))):
            cid = state["hand"][foe][rng.below(len(state["hand"][foe]))]
            board.leave_hand(state, foe, cid)
            state["discard"][foe].append(cid)
            events.append(Event(named(f"{{s{foe}}}は{{card}}を捨てました。", f"{{s{foe}}} discarded {{card}}.", cid), data={"kind": "discard", "seat": foe, "card": cid}))
        state["rng"] = rng.state
    elif op == "recover":
        for _ in range(min(effect.n, len(state["pile"][owner]))):
            state["deck"][owner].append(state["pile"][owner].pop())
    elif op == "awaken":
        for sq in [sq for sq in board.jin_squares(state, owner) if board.jin_at(state, sq)["s"] == "dor"][: effect.n]:
            board.jin_at(state, sq)["s"] = "act"
    elif op == "salvage":
        for _ in range(min(effect.n, len(state["discard"][owner]))):
            cid = state["discard"][owner].pop()
            state["hand"][owner].append(cid)
            state["known"][owner].append(cid)
    elif op == "danmaku":
        placed = place_danmaku(state, owner, targets)
        if placed:
            events.append(Event(T(f"{{s{owner}}}が弾幕を配置: {{at}}", f"{{s{owner}}} placed danmaku: {{at}}", at=" ".join(map(board.name, placed))), data={"kind": "danmaku", "squares": placed}))
        return placed
    elif op == "destroy":
        for sq in targets:
            piece = board.jin_at(state, sq)
            if piece and piece["o"] == foe:
                board.remove(state, sq, piece)
                board.to_discard(state, piece)
                events.append(Event(T(f"{board.name(sq)}の陣が破壊されました。", f"The jin at {board.name(sq)} was destroyed."), data={"kind": "destroy", "squares": [sq]}))
    elif op == "reveal":
        for sq in targets:
            for piece in state["field"][sq]:
                if piece["o"] == owner and piece["s"] == "dm":
                    piece["s"] = "du"
    elif op == "sleep":
        for sq in targets:
            piece = board.jin_at(state, sq)
            if piece and piece["o"] == foe and piece["s"] == "up" and not steadfast(piece):
                piece["s"] = "dor"
    elif op == "move":
        source, dest = board.shift(square, effect.at[0], owner), board.shift(square, effect.to, owner)
        if source is not None and dest is not None:
            moving = [piece for piece in state["field"][source] if piece["s"] in board.DANMAKU]
            state["field"][source] = [piece for piece in state["field"][source] if piece["s"] not in board.DANMAKU]
            state["field"][dest].extend(moving)
    return []


def steadfast(piece: board.Piece) -> bool:
    """The 『裏向きにならない』 keyword: the card keeps its face up (8.3.6.2)."""
    return EDITION.card(piece["c"]).has("steadfast")
