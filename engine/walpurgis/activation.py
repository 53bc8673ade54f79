"""Activation condition (8.1), activation check (8.2) and interception condition (8.4).

A card's matrix squares are relative and read from its owner's side; `squares` turns them into field
squares for a card at a square. The condition needs an own 陣 on every activation square (off the field
fails) that shares the card's character icon; a face-down 陣 (active or dormant) and a face-up 『サポート』
陣 count as every icon; danmaku and the opponent's 陣 never count. The check repeats the condition and
adds the card's own condition, and for an interception the overlap of 8.4.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.walpurgis import board
from engine.walpurgis.cards import EDITION, Card
from engine.walpurgis.primitives import condition_holds


def squares(card: Card, square: int, owner: int) -> dict[str, list[int]]:
    """Field squares of the card's matrices: act, dm, ds (main) and rdm, rds (速射 sub-matrix)."""
    return {
        "act": board.shifted(square, card.matrix.activation, owner),
        "dm": board.shifted(square, card.matrix.targets, owner),
        "ds": board.shifted(square, card.matrix.destruction, owner),
        "rdm": board.shifted(square, card.rapid.targets, owner),
        "rds": board.shifted(square, card.rapid.destruction, owner),
    }


def counts_for(piece: board.Piece, card: Card, owner: int) -> bool:
    """Whether this field card satisfies one activation square of `card` for `owner` (8.1 ①②)."""
    if piece["o"] != owner:
        return False
    if piece["s"] in board.FACE_DOWN_JIN:
        return True
    if piece["s"] not in board.FACE_UP_JIN:
        return False
    there = EDITION.card(piece["c"])
    return there.has("support") or bool(set(there.icons) & set(card.icons))


def condition_met(state: Mapping[str, Any], cid: str, square: int, owner: int, jin: list | None = None) -> bool:
    """8.1 for `cid` at `square`; `jin` is `board.jin_map(state)` when the caller already has it."""
    card = EDITION.card(cid)
    jin = board.jin_map(state) if jin is None else jin
    for target in board.shifted_all(square, card.matrix.activation, owner):
        piece = None if target is None else jin[target]
        if piece is None or not counts_for(piece, card, owner):
            return False
    return True


def check(state: Mapping[str, Any], cid: str, square: int, owner: int, intercepting: Mapping[str, Any] | None = None, jin: list | None = None) -> bool:
    """The activation check of 8.2: the condition, the card's own condition, and 8.4 when intercepting."""
    card = EDITION.card(cid)
    if not condition_met(state, cid, square, owner, jin) or not condition_holds(state, owner, card.condition):
        return False
    return intercepting is None or overlaps(card, square, owner, intercepting)


def overlaps(card: Card, square: int, owner: int, link: Mapping[str, Any]) -> bool:
    """8.4: any activation, danmaku-target or destruction square of the interceptor (its 速射 sub-matrix
    included) lies on an activation or destruction square of the card it answers, or on a square where
    that card's effects actually placed danmaku."""
    mine = squares(card, square, owner)
    reach = set(mine["act"]) | set(mine["dm"]) | set(mine["ds"]) | set(mine["rdm"]) | set(mine["rds"])
    return bool(reach & targets_of(link))


def targets_of(link: Mapping[str, Any]) -> set[int]:
    """The squares of a chain link an interception may answer (8.4)."""
    return set(link["act"]) | set(link["ds"]) | set(link["rds"]) | set(link["placed"])


def placements(state: Mapping[str, Any], owner: int, intercepting: Mapping[str, Any] | None = None) -> list[tuple[str, int]]:
    """(card, square) pairs the owner may place face up from hand and activate: no 陣 on the square
    (danmaku are no obstacle, 8.2 ⑦) and the check passes."""
    jin = board.jin_map(state)
    found: list[tuple[str, int]] = []
    for cid in sorted(set(state["hand"][owner])):
        if not condition_holds(state, owner, EDITION.card(cid).condition):
            continue
        for square in range(board.SQUARES):
            if jin[square] is None and condition_met(state, cid, square, owner, jin):
                if intercepting is None or overlaps(EDITION.card(cid), square, owner, intercepting):
                    found.append((cid, square))
    return found


def activations(state: Mapping[str, Any], owner: int, intercepting: Mapping[str, Any] | None = None) -> list[int]:
    """Squares of the owner's active (face-down upright) 陣 that may be turned face up and activated."""
    jin = board.jin_map(state)
    found: list[int] = []
    for square, piece in enumerate(jin):
        if piece and piece["o"] == owner and piece["s"] == "act" and check(state, piece["c"], square, owner, intercepting, jin):
            found.append(square)
    return found
