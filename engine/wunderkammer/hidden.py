"""Re-dealing what a seat cannot see (OpenSpiel's resample_from_infostate).

Hidden from everyone: the order of every deck. Hidden from a seat: the other players' hands and decks,
and the put cards it has not seen. Each other player's unseen cards are dealt again from one pool, its
hand, its deck and the put cards it laid that this seat has not seen, so a resampled state keeps every
public fact (counts, lines, trash, benches, who put what under which character) and every card the seat
has seen stays where it is. Once the game is over everything is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import clone
from engine.core.rng import Rng
from engine.wunderkammer.board import State


def resample(state: Mapping[str, Any], seat: int | None, rng: Rng) -> State:
    result = clone(state)
    if result["step"] == "over":
        return result
    for other, purse in enumerate(result["seats"]):
        if other == seat:
            rng.shuffle(purse["deck"])
            continue
        unseen = [
            card
            for cards in result["puts"].values()
            for card in cards
            if card["by"] == other and seat not in card["seen"]
        ]
        pool = [*purse["hand"], *purse["deck"], *(card["kind"] for card in unseen)]
        rng.shuffle(pool)
        hand_size, deck_size = len(purse["hand"]), len(purse["deck"])
        purse["hand"] = pool[:hand_size]
        purse["deck"] = pool[hand_size : hand_size + deck_size]
        for card, kind in zip(unseen, pool[hand_size + deck_size :]):
            card["kind"] = kind
    return result
