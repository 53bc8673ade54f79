"""Re-dealing what a seat cannot see (OpenSpiel's resample_from_infostate).

Hidden from everyone (4.): every deck and its order, both danmaku piles, dormant 陣 and face-down
danmaku. Hidden from the other player: a hand (except the cards the table saw enter it, `known`),
active 陣 (face down, upright: only their owner may look) and a stripping answer not yet applied.
Per owner, every card in a place hidden from the seat is pooled and dealt back at random into the
same places, so sizes and everything face up stay. The pool keeps the owner's cards, i.e. the worlds
assume the owner's deck list (RULES.md); before the deal the other seat's chosen deck becomes any
starter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import clone
from engine.core.rng import Rng
from engine.walpurgis import board, processing
from engine.walpurgis.board import State
from engine.walpurgis.decks import STARTERS


def hidden_pieces(state: State, owner: int, seat: int | None) -> list[board.Piece]:
    secret = ("dor", "dm") if owner == seat else ("dor", "dm", "act")
    return [piece for square in state["field"] for piece in square if piece["o"] == owner and piece["s"] in secret]


def resample(state: Mapping[str, Any], seat: int | None, rng: Rng) -> State:
    result = clone(state)
    if result["result"] is not None:
        return result
    for owner in (0, 1):
        if owner != seat and result["stage"] == "deck" and result["decks"][owner] is not None:
            result["decks"][owner] = list(rng.choice([starter.cards for starter in STARTERS.values()]))
        pieces = hidden_pieces(result, owner, seat)
        pool = [piece["c"] for piece in pieces] + result["deck"][owner] + result["pile"][owner]
        unseen: list[str] = []
        if owner != seat:
            unseen = list(result["hand"][owner])
            for cid in result["known"][owner]:
                unseen.remove(cid)
            pool += unseen
        rng.shuffle(pool)
        for piece in pieces:
            piece["c"] = pool.pop()
        deck, pile = len(result["deck"][owner]), len(result["pile"][owner])
        result["deck"][owner] = [pool.pop() for _ in range(deck)]
        result["pile"][owner] = [pool.pop() for _ in range(pile)]
        if owner != seat:
            result["hand"][owner] = list(result["known"][owner]) + pool
    chain = result["chain"]
    if chain and chain["proc"] and processing.current(result):
        square = processing.current(result)[0]
        for owner in (0, 1):
            if owner != seat and chain["proc"]["choice"][owner] is not None:
                chain["proc"]["choice"][owner] = rng.choice(processing.categories(result, square, owner))
    return result
