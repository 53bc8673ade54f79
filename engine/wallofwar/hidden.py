"""Re-dealing what a seat cannot see (OpenSpiel's resample_from_infostate).

Hidden from a seat: the other seats' face-down cards, the deck order (except a top card Lucky Draw
revealed), the cards set aside at setup, the other seats' secret answers in an open Rain window, and the
future of the seeded RNG. A resampled state keeps every public fact: how many face-down cards each seat
holds, always-on cards, the discard pile, lines, medals, and a card whose use is under way (an open Rain
window or Lucky Draw names the card being used, so it stays in its user's hand). Face-down hands only
ever hold costed cards, so those are dealt from the costed part of the pool; always-on cards can only be
in the deck or set aside.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import clone
from engine.core.rng import Rng
from engine.wallofwar.board import State
from engine.wallofwar.cards import CARDS
from engine.wallofwar.flow import rain_card


def in_use(state: Mapping[str, Any]) -> dict[int, list[str]]:
    """Per seat, the hand cards named by an open ask (the card being used): public, so never re-dealt."""
    pinned: dict[int, list[str]] = {}
    for ask in state["asks"]:
        use = ask.get("use", ask)
        if "this" in use and "seat" in use and use["this"] in state["hands"][use["seat"]]:
            pinned.setdefault(use["seat"], []).append(use["this"])
    return pinned


def resample(state: Mapping[str, Any], seat: int | None, rng: Rng) -> State:
    result = clone(state)
    others = [other for other in range(result["players"]) if other != seat]
    if result["phase"] == "over":
        others = []
    pinned = in_use(result)
    for other in others:
        for card in pinned.get(other, []):
            result["hands"][other].remove(card)
    keep_top = result["top_known"] and bool(result["deck"])
    top = result["deck"][:1] if keep_top else []
    deck = result["deck"][1:] if keep_top else result["deck"]
    pool = [*deck, *result["removed"], *(card for other in others for card in result["hands"][other])]
    costed = [card for card in pool if not CARDS.card(card).always_on]
    rng.shuffle(costed)
    for other in others:
        size = len(result["hands"][other])
        result["hands"][other], costed = [*pinned.get(other, []), *costed[:size]], costed[size:]
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
    result["rng"] = rng.next64()
    return result
