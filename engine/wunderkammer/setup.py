"""Setting up (準備): the common field, each player's 9-card deck, 4 revealed onto lines, 4 drawn, a joker.

The common field takes 6 of every kind; of the starting kinds (2, 3, 4) each player gets 3 of each and
the rest go back to the box with the unused jokers. After setup each deck holds 1 card and 2–3 lines
hold items.
"""

from __future__ import annotations

from engine.core.rng import Rng
from engine.wunderkammer import refill
from engine.wunderkammer.board import FIELD_EACH, JOKERS, LINES, START_EACH, State
from engine.wunderkammer.cards import EDITION


def empty_seat() -> dict:
    return {"deck": [], "hand": [], "trash": [], "lines": [[] for _ in range(LINES)], "joker": True}


def new_state(players: int, seed: int, first: int | None, simple: bool) -> State:
    """The state at the start of the first turn; `first` None draws the start player at random."""
    rng = Rng(seed)
    field = {kind: FIELD_EACH for kind in EDITION.items}
    box = {kind: item.copies - FIELD_EACH for kind, item in EDITION.items.items()}
    seats = []
    for _ in range(players):
        purse = empty_seat()
        for kind in EDITION.start_kinds:
            purse["deck"] += [kind] * START_EACH
            box[kind] -= START_EACH
        rng.shuffle(purse["deck"])
        refill.reveal(purse, 0)
        refill.draw(purse)
        seats.append(purse)
    if first is None:
        first = rng.below(players)
    return {
        "players": players,
        "rng": rng.state,
        "simple": simple,
        "first": first,
        "turn": 1,
        "seat": first,
        "step": "play",
        "field": field,
        "box": box,
        "owner": {cid: None for cid in EDITION.characters},
        "puts": {cid: [] for cid in EDITION.characters},
        "seats": seats,
        "jokers_boxed": JOKERS - players,
        "played": [None] * LINES,
        "pick": None,
        "budget": 0,
        "takes": [],
        "puts_made": 0,
        "trashed_first": 0,
        "took_char": False,
        "quiet": 0,
        "result": None,
    }
