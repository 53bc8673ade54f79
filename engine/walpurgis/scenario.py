"""Hand-built Walpurgis positions for scenario tests, renderer previews and acceptance suites.

Rule tests need exact situations ("seat 0 has a face-down 陣 on 2c, seat 1 a face-up 通常弾 on 4c");
reaching them by play is slow and brittle, so `build` writes a state directly through this public API:

    state = build(
        field={"2c": ["0:R00:up"], "3c": ["0:R12:act"], "4c": ["1:S00:up", "0:R00:dm"]},
        hands={0: ["R01", "R03"], 1: ["S01"]},
        turn=0,
    )

A field entry is "owner:card:state" with the states of `board` (`dm`, `du`, `act`, `dor`, `up`,
`fire`); a square holds at most one 陣. Hands, decks (top card first), discard piles and danmaku piles
(top card last) are per seat; every card listed is in exactly that one place. A deck left out holds 20
cards of the seat's starter (reimu for seat 0, remilia for seat 1) so that drawing works. `stage` is
`main` (the turn player's main phase, `placed`/`activated` saying what was already done this turn) or
`prepare` (the turn's start: with `settle`, waking, recovery and the draw run as after a real action).
An activated (`fire`) piece gets its destruction squares as if it had passed the activation check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import scenario as shared
from engine.core.types import Event
from engine.walpurgis import activation, board, flow
from engine.walpurgis.board import State
from engine.walpurgis.cards import EDITION
from engine.walpurgis.decks import STARTERS
from engine.walpurgis.game import GAME

STAGES = ("main", "prepare")
DEFAULT_DECKS = ("reimu", "remilia")


def piece(state: State, spec: str, square: int) -> board.Piece:
    owner, cid, status = spec.split(":")
    if cid not in EDITION.cards:
        raise ValueError(f"unknown card {cid!r}")
    if status not in (*board.DANMAKU, *board.JIN):
        raise ValueError(f"unknown state {status!r}")
    made = board.new_piece(state, cid, int(owner), status)
    if status == "fire":
        reach = activation.squares(EDITION.card(cid), square, int(owner))
        made["m"] = reach["ds"] + [sq for sq in reach["rds"] if sq not in reach["ds"]]
    return made


def cards(spec: Sequence[str]) -> list[str]:
    """["R00x2", "S01"] → ["R00", "R00", "S01"]; refuses unknown cards."""
    found: list[str] = []
    for entry in spec:
        cid, _, count = entry.partition("x")
        if cid not in EDITION.cards:
            raise ValueError(f"unknown card {cid!r}")
        found += [cid] * (int(count) if count else 1)
    return found


def build(
    *,
    field: Mapping[str, Sequence[str]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    decks: Mapping[int, Sequence[str]] | None = None,
    discard: Mapping[int, Sequence[str]] | None = None,
    piles: Mapping[int, Sequence[str]] | None = None,
    known: Mapping[int, Sequence[str]] | None = None,
    turn: int = 0,
    first: int = 0,
    turn_no: int = 3,
    stage: str = "main",
    placed: bool = False,
    activated: bool = False,
    options: Mapping[str, str] | None = None,
    rng: int = 12345,
    settle: bool = True,
) -> State:
    """A state where `turn` is at `stage` of its turn with the cards where the mappings say."""
    if stage not in STAGES:
        raise ValueError(f"stage must be one of {STAGES}")
    state = flow.new_state(rng, [STARTERS[key].cards for key in DEFAULT_DECKS], first, {"copies": "4", "opening": "free", "first_turn": "free", **(options or {})})
    state.update({"stage": stage, "turn": turn, "turn_no": turn_no, "mulligan": [0, 0], "aside": [None, None]})
    state["main"] = {"placed": placed, "activated": activated}
    for seat in (0, 1):
        default = list(STARTERS[DEFAULT_DECKS[seat]].cards[:20])
        state["deck"][seat] = cards((decks or {}).get(seat, default))
        state["hand"][seat] = cards((hands or {}).get(seat, []))
        state["discard"][seat] = cards((discard or {}).get(seat, []))
        state["pile"][seat] = cards((piles or {}).get(seat, []))
        state["known"][seat] = cards((known or {}).get(seat, []))
    for name, specs in (field or {}).items():
        square = board.parse_square(name)
        if square is None:
            raise ValueError(f"unknown square {name!r}")
        state["field"][square] = [piece(state, spec, square) for spec in specs]
        if sum(1 for p in state["field"][square] if p["s"] in board.JIN) > 1:
            raise ValueError(f"{name}: a square holds at most one 陣")
    if stage == "prepare":
        state["turn_no"] -= 1
        flow.start_turn(state, [])
    if settle:
        flow.advance(state, [])
    return state


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply moves in order through the public `apply`; the final state and every event."""
    return shared.play_moves(GAME, state, moves)


def legal(state: Mapping[str, Any], seat: int) -> set[str]:
    return shared.legal(GAME, state, seat)


def waiting(state: Mapping[str, Any]) -> list[int]:
    return [decision.seat for decision in GAME.pending(state)]


def at(state: Mapping[str, Any], name: str) -> list[tuple[int, str, str]]:
    """(owner, card, state) of every card on a square, for assertions."""
    return [(p["o"], p["c"], p["s"]) for p in state["field"][board.parse_square(name)]]
