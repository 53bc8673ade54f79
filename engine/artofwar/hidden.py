"""Re-dealing what a seat cannot see (OpenSpiel's resample_from_infostate).

Hidden from a seat: the order of every deck (its own included) and the other seat's hand and deck —
not only their order but their make-up, since nobody sees the other's 20 cards. A resampled state keeps
every public fact: sizes of hands and decks, the hand cards the table saw go back into a hand (and the
KING, whose place is always known), everything face up. The seat's own deck keeps its cards (the seat
built it and saw every card leave it) in a new order; the other seat's unseen cards become any basic
units at all, as far as this seat can tell, and the other seat's chosen deck any ready-made one (before
the deal this is the deck it will be dealt, so a resampled table plays on consistently).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import clone
from engine.core.rng import Rng
from engine.artofwar.board import State
from engine.artofwar.cards import BASIC
from engine.artofwar.decks import presets


def resample(state: Mapping[str, Any], seat: int | None, rng: Rng) -> State:
    result = clone(state)
    if result["result"] is not None:
        return result
    for owner in (0, 1):
        if owner == seat:
            rng.shuffle(result["deck"][owner])
            continue
        if result["decks"][owner] is not None:
            result["decks"][owner] = rng.choice([deck.code for _, _, deck in presets()])
        known = list(result["known"][owner])
        unseen = len(result["hand"][owner]) - len(known)
        result["hand"][owner] = sorted(known + [rng.choice(BASIC) for _ in range(unseen)])
        result["deck"][owner] = [rng.choice(BASIC) for _ in result["deck"][owner]]
    return result
