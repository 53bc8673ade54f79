"""Re-dealing what a seat cannot see (OpenSpiel's resample_from_infostate).

Hidden from a seat: the other seats' face-down cards, the deck order (except a top card Lucky Draw
revealed), the cards set aside at setup, and the other seats' secret answers in an open Rain window. A
resampled state keeps every public fact: how many face-down cards each seat holds, always-on cards, the
discard pile, lines, medals. Face-down hands only ever hold costed cards, so those are dealt from the
costed part of the pool; always-on cards can only be in the deck or set aside.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import clone
from engine.core.rng import Rng
from engine.wallofwar.board import State
from engine.wallofwar.cards import CARDS
from engine.wallofwar.flow import rain_card


def resample(state: Mapping[str, Any], seat: int | None, rng: Rng) -> State:
    result = clone(state)
    others = [other for other in range(result["players"]) if other != seat]
    if result["phase"] == "over":
        others = []
    keep_top = result["top_known"] and bool(result["deck"])
    top = result["deck"][:1] if keep_top else []
    deck = result["deck"][1:] if keep_top else result["deck"]
    pool = [*deck, *result["removed"], *(card for other in others for card in result["hands"][other])]
    costed = [card for card in pool if not CARDS.card(card).always_on]
    rng.shuffle(costed)
    for other in others:
        size = len(result["hands"][other])
        result["hands"][other], costed = costed[:size], costed[size:]
    rest = costed + [card for card in pool if CARDS.card(card).always_on]
    rng.shuffle(rest)
    result["deck"] = top + rest[: len(deck)]
    result["removed"] = rest[len(deck) :]
    if result["asks"] and result["asks"][0]["t"] == "rain":
        answers = result["asks"][0]["ans"]
        for other in others:
            if str(other) in answers:
                can = rain_card(result, other) is not None
                answers[str(other)] = "rain" if can and rng.below(2) else "allow"
    return result
