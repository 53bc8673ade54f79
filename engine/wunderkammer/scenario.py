"""Hand-built Wunderkammer positions for scenario tests, renderer previews and acceptance suites.

Rule tests need exact situations ("line 2 holds three ♥5, the common field has one ♠A left"); reaching
them by play is slow and brittle, so `build` writes a state directly through this public API. Every
component stays accounted for: item cards not placed with a player or under a character are in the
common field (at most 6 of a kind) and what is left of the starting kinds is back in the box; unused
jokers are boxed too. The result is an ordinary state, so every Game method works on it.

    state = build(
        2,
        hands={0: ["H3", "H3", "S2"]},
        lines={0: ["H3x3", "S2"], 1: ["D4x2"]},
        bench={1: ["c3"]},
        puts={"c3": ["SA"]},
    )

Cards are item ids from data/wunderkammer/cards.json; "H3x3" is three ♥3. Lines are listed from line 1;
`None` or "" leaves a line empty.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core import scenario as shared
from engine.core.types import Event
from engine.wunderkammer import flow
from engine.wunderkammer.board import FIELD_EACH, JOKERS, LINES, State, item_count
from engine.wunderkammer.cards import EDITION
from engine.wunderkammer.game import GAME

STEPS = ("play", "take", "put", "char", "refill")


def cards(spec: Iterable[str | None]) -> list[str]:
    """["H3x2", "S2"] → ["H3", "H3", "S2"]; refuses unknown items."""
    found: list[str] = []
    for entry in spec:
        if not entry:
            continue
        kind, _, count = entry.partition("x")
        if kind not in EDITION.items:
            raise ValueError(f"unknown item {kind!r}")
        found += [kind] * (int(count) if count else 1)
    return found


def line_list(spec: Sequence[str | None]) -> list[list[str]]:
    if len(spec) > LINES:
        raise ValueError(f"a player has {LINES} lines, not {len(spec)}")
    lines = [cards([entry]) for entry in spec] + [[] for _ in range(LINES - len(spec))]
    held = [line[0] for line in lines if line]
    if len(held) != len(set(held)):
        raise ValueError("the same item is on two lines")
    return lines


def build(
    players: int = 2,
    *,
    seat: int = 0,
    first: int | None = None,
    step: str = "play",
    hands: Mapping[int, Sequence[str]] | None = None,
    decks: Mapping[int, Sequence[str]] | None = None,
    trash: Mapping[int, Sequence[str]] | None = None,
    lines: Mapping[int, Sequence[str | None]] | None = None,
    bench: Mapping[int, Sequence[str]] | None = None,
    puts: Mapping[str, Sequence[str]] | None = None,
    seen: Mapping[str, Sequence[int]] | None = None,
    field: Mapping[str, int] | None = None,
    jokers: Mapping[int, bool] | None = None,
    simple: bool = False,
    budget: int = 0,
    takes: Sequence[str] = (),
    puts_made: int = 0,
    turn: int = 1,
    quiet: int = 0,
    rng: int = 12345,
    settle: bool = True,
) -> State:
    """A state where `seat` is at `step` of its turn, holding what the mappings say.

    `hands`, `decks` (top card first), `trash`, `lines` and `bench` are per seat. `puts` lays cards face
    down under benched characters, as put by the character's owner; `seen` adds seats that have seen a
    character's put cards (a former owner, say). `field` overrides what is left in the common field per
    kind (default: 6, fewer when the players hold more than the rest of the kind). `jokers` says whose
    joker is in their hand area (default: everyone's). For step "take", `budget` is the sum left and
    `takes` the items already taken this turn. `quiet` is how many turns in a row before this one took
    no item and no character (board.STALL_ROUNDS ends a stuck game). With `settle`, steps that need no
    decision run at once, as after a real action.
    """
    if step not in STEPS:
        raise ValueError(f"step must be one of {STEPS}")
    seats = []
    for index in range(players):
        seats.append(
            {
                "deck": cards((decks or {}).get(index, [])),
                "hand": cards((hands or {}).get(index, [])),
                "trash": cards((trash or {}).get(index, [])),
                "lines": line_list((lines or {}).get(index, [])),
                "joker": (jokers or {}).get(index, True),
            }
        )
    owner: dict[str, int | None] = {cid: None for cid in EDITION.characters}
    for holder, held in (bench or {}).items():
        for cid in held:
            owner[EDITION.character(cid).id] = holder
    put_cards: dict[str, list[dict[str, Any]]] = {cid: [] for cid in EDITION.characters}
    for cid, kinds in (puts or {}).items():
        holder = owner[cid]
        if holder is None:
            raise ValueError(f"{cid} is not on a bench: cards are put only under benched characters")
        watchers = sorted({holder, *(seen or {}).get(cid, [])})
        put_cards[cid] = [{"kind": kind, "by": holder, "seen": list(watchers)} for kind in cards(kinds)]
    state: State = {
        "players": players,
        "rng": rng,
        "simple": simple,
        "first": seat if first is None else first,
        "turn": turn,
        "seat": seat,
        "step": step,
        "field": {kind: 0 for kind in EDITION.items},
        "box": {kind: 0 for kind in EDITION.items},
        "owner": owner,
        "puts": put_cards,
        "seats": seats,
        "jokers_boxed": JOKERS - players,
        "played": [None] * LINES,
        "pick": None,
        "budget": budget,
        "takes": list(takes),
        "puts_made": puts_made,
        "trashed_first": 0,
        "took_char": False,
        "quiet": quiet,
        "result": None,
    }
    placed = item_count(state)
    for kind, item in EDITION.items.items():
        left = item.copies - placed[kind]
        wanted = (field or {}).get(kind, min(FIELD_EACH, left))
        if not 0 <= wanted <= min(FIELD_EACH, left):
            raise ValueError(f"{kind}: {placed[kind]} placed, so the field can hold 0 to {min(FIELD_EACH, left)}")
        if not item.start and wanted != left:
            raise ValueError(f"{kind}: all {item.copies} cards must be accounted for (field or players)")
        state["field"][kind] = wanted
        state["box"][kind] = left - wanted
    if settle:
        flow.advance(state, [])
    return state


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply moves in order through the public `apply`; the final state and every event."""
    return shared.play_moves(GAME, state, moves)


def legal(state: Mapping[str, Any], seat: int) -> set[str]:
    """Notations legal now for `seat`."""
    return shared.legal(GAME, state, seat)


def waiting(state: Mapping[str, Any]) -> list[int]:
    return [decision.seat for decision in GAME.pending(state)]
