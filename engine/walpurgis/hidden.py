"""Re-dealing what a seat cannot see (OpenSpiel's resample_from_infostate).

Hidden from everyone (4.): every deck and its order, both danmaku piles, dormant 陣 and face-down
danmaku. Hidden from the other player: a hand (except the cards the table saw enter it, `known`),
active 陣 (face down, upright: only their owner may look), a stripping answer not yet applied — and the
other player's deck list itself, unless the lobby chose it in the open (`state["public"]`): a deck
picked privately or typed as a code is known to its owner only.

A seat knows its own deck list, so its own unseen cards are pooled and dealt back into the same places.
For the other owner the seat knows only the cards it has seen (face up on the field, the discard pile,
the known hand cards, the 通常弾 set aside) and how many cards lie in each hidden place; the unseen
cards are drawn from a make-up that depends on nothing else (`unseen_cards`): the open starter minus
what was seen; else, at random, a starter of the same size that holds every seen card; else cards of
the edition within the lobby's copy limit, the seen characters' cards (and the icon-less サポート) first.
Every pool is sorted before it is shuffled, so two positions a seat cannot tell apart give the same
world for the same `rng` — the AI's choice cannot depend on a secret. The game's own RNG is reseeded
too: it decides future shuffles and random discards, which no player can foresee.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core.game import clone
from engine.core.rng import Rng
from engine.walpurgis import board, choosing, processing
from engine.walpurgis.board import State
from engine.walpurgis.cards import EDITION
from engine.walpurgis.decks import STARTERS

SEEN_STATES = ("up", "fire", "du")


def hidden_pieces(state: State, owner: int, seat: int | None) -> list[board.Piece]:
    secret = ("dor", "dm") if owner == seat else ("dor", "dm", "act")
    return [piece for square in state["field"] for piece in square if piece["o"] == owner and piece["s"] in secret]


def public_deck(state: Mapping[str, Any], owner: int) -> str | None:
    """The starter the lobby gave `owner` in the open, if any (older states: none)."""
    return state.get("public", [None, None])[owner]


def seen(state: Mapping[str, Any], owner: int) -> Counter[str]:
    """The owner's cards every seat has seen and can still place: face up on the field, discarded,
    known in hand, or set aside before joining the hand."""
    found: Counter[str] = Counter(state["discard"][owner]) + Counter(state["known"][owner])
    for square in state["field"]:
        found.update(piece["c"] for piece in square if piece["o"] == owner and piece["s"] in SEEN_STATES)
    if state["stage"] == "mulligan" and state["aside"][owner]:
        found[state["aside"][owner]] += 1
    return found


def unseen_cards(state: Mapping[str, Any], owner: int, count: int, rng: Rng) -> list[str]:
    """`count` cards for the other owner's hidden places, from what a seat may know (module docstring)."""
    known = seen(state, owner)
    key = public_deck(state, owner)
    if key is not None:
        rest = sorted((Counter(STARTERS[key].cards) - known).elements())
        if len(rest) == count:
            return rest
    total = count + sum(known.values())
    fitting = [starter.cards for _, starter in sorted(STARTERS.items()) if len(starter.cards) == total and not known - Counter(starter.cards)]
    if fitting:
        return sorted((Counter(rng.choice(fitting)) - known).elements())
    return any_cards(known, count, choosing.limit(state), rng)


def any_cards(known: Counter[str], count: int, limit: int | None, rng: Rng) -> list[str]:
    """`count` cards of the edition that, with `known`, keep to the copy limit: cards of the seen
    characters and icon-less cards first, then any other."""
    characters = {icon for cid in known for icon in EDITION.card(cid).icons}
    near: list[str] = []
    far: list[str] = []
    for cid in sorted(EDITION.cards):
        room = count if limit is None else max(0, limit - known[cid])
        icons = EDITION.card(cid).icons
        (near if not icons or characters.intersection(icons) else far).extend([cid] * min(room, count))
    rng.shuffle(near)
    rng.shuffle(far)
    return (near + far)[:count]


def resample(state: Mapping[str, Any], seat: int | None, rng: Rng) -> State:
    result = clone(state)
    if result["result"] is not None:
        return result
    result["rng"] = rng.next64()
    for owner in (0, 1):
        if owner != seat and result["stage"] == "deck" and result["decks"][owner] is not None and public_deck(result, owner) is None:
            result["decks"][owner] = list(rng.choice([starter.cards for _, starter in sorted(STARTERS.items())]))
        if result["stage"] == "deck":
            continue
        pieces = hidden_pieces(result, owner, seat)
        deck, pile = len(result["deck"][owner]), len(result["pile"][owner])
        if owner == seat:
            pool = sorted([piece["c"] for piece in pieces] + result["deck"][owner] + result["pile"][owner])
        else:
            hand = len(result["hand"][owner]) - len(result["known"][owner])
            pool = unseen_cards(result, owner, len(pieces) + deck + pile + hand, rng)
        rng.shuffle(pool)
        for piece in pieces:
            piece["c"] = pool.pop()
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
