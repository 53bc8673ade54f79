"""Hand-built Walpurgis positions for scenario tests, renderer previews and acceptance suites.

Rule tests need exact situations ("seat 0 has a face-down 陣 on 2c, seat 1 a face-up 通常弾 on 4c");
reaching them by play is slow and brittle, so `build` writes a state directly through this public API:

    state = build(
        field={"2c": ["0:R00:up"], "3c": ["0:R12:act"], "4c": ["1:S00:up", "0:R00:dm"]},
        hands={0: ["R01", "R03"], 1: ["S01"]},
        turn=0,
    )

Cards and places
    A field entry is "owner:card:state" with the states of `board` (`dm`, `du`, `act`, `dor`, `up`,
    `fire`); a square holds at most one 陣. An activated (`fire`) piece gets its destruction squares as
    if it had passed the activation check. Hands, decks (top card first), discard piles and danmaku
    piles (top card last) are per seat; `known` lists hand cards the table saw enter the hand. Card
    lists may abbreviate repeats: `["R00x3", "R01"]`.

Accounting
    `lists` gives a seat's whole deck list. Then every card of it must be somewhere exactly once: a deck
    left out is the rest of the list (in list order, top first), and a card placed beyond the list, or a
    list card missing with the deck given, is refused with the difference named (`board.census` counts
    a seat's cards wherever they are). Without `lists`, a deck left out holds 20 cards of the seat's
    starter (reimu for seat 0, remilia for seat 1) so that drawing works, and the position's cards are
    its deck list. `public` names the starter a seat was given in the open lobby (its list, unless
    `lists` says otherwise); other decks are private choices, hidden from the other seat.

Stages (whose decision follows from them, as in play)
    - `initial`: `turn` places its 通常弾 (6.); `prepare`: the turn's start (7.1); `main` (7.2):
      `placed`/`activated` say what the turn player already did.
    - `chain` (8.3): `chain={"links": [...], "step": ..., ...}`. Each link is the square of an activated
      card still on the field, in activation order, optionally with the squares where its effects
      already placed danmaku (8.4 compares them): `"2c"` or `"2c>3b 3d"`. The last link is the one
      being answered. Steps: `rapid` / `barrage` (the last link's owner picks ① / ③ danmaku squares),
      `intercept` (④: the other player may answer the last link), `D`, `A`, `E` (the alternating
      queues of ⑤, ⑧, ⑨: by default built as the engine builds them; `"next"` the seat to choose now,
      `"left"` {seat: [squares]} the cards still to resolve), `proc` (⑥: `"squares"` still to process,
      by default every square with two or more cards; `"answers"` {seat: category} the stripping
      answers already given on the first of them: `jin`, `dm` or the card id of a face-up danmaku).
    - `end` (7.3): `end={"step": "upright"}` (activated cards turning upright, `"next"`/`"left"` as
      above; the default queue holds every activated card) or `{"step": "limit"}` (the hand limit).

With `settle` (the default), everything that needs no decision runs as after a real action, so the
state waits for exactly the decision a game would (an empty queue moves on, a forced answer is taken).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import scenario as shared
from engine.core.types import Event
from engine.walpurgis import activation, board, chain as chains, flow, ordering, processing
from engine.walpurgis.board import State
from engine.walpurgis.cards import EDITION
from engine.walpurgis.decks import STARTERS
from engine.walpurgis.game import GAME

STAGES = ("initial", "prepare", "main", "chain", "end")
CHAIN_STEPS = ("rapid", "barrage", "intercept", "D", "proc", "A", "E")
END_STEPS = ("upright", "limit")
QUEUE_KINDS = {"D": "D", "A": "A", "E": "E", "upright": "endA"}
DEFAULT_DECKS = ("reimu", "remilia")
DEFAULT_DECK_SIZE = 20


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


def square_of(name: str) -> int:
    square = board.parse_square(name)
    if square is None:
        raise ValueError(f"unknown square {name!r}")
    return square


def build(
    *,
    field: Mapping[str, Sequence[str]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    decks: Mapping[int, Sequence[str]] | None = None,
    discard: Mapping[int, Sequence[str]] | None = None,
    piles: Mapping[int, Sequence[str]] | None = None,
    known: Mapping[int, Sequence[str]] | None = None,
    lists: Mapping[int, Sequence[str]] | None = None,
    public: Mapping[int, str] | None = None,
    turn: int = 0,
    first: int = 0,
    turn_no: int = 3,
    stage: str = "main",
    placed: bool = False,
    activated: bool = False,
    chain: Mapping[str, Any] | None = None,
    end: Mapping[str, Any] | None = None,
    options: Mapping[str, str] | None = None,
    rng: int = 12345,
    settle: bool = True,
) -> State:
    """A state where `turn` is at `stage` of its turn with the cards where the mappings say (module
    docstring); ValueError names anything that is not a legal position."""
    if stage not in STAGES:
        raise ValueError(f"stage must be one of {STAGES}")
    if (chain is not None) != (stage == "chain"):
        raise ValueError("a chain is described exactly when stage is 'chain'")
    if end is not None and stage != "end":
        raise ValueError("an end phase is described only when stage is 'end'")
    shown = {seat: key for seat, key in (public or {}).items()}
    for key in shown.values():
        if key not in STARTERS:
            raise ValueError(f"unknown starter {key!r}")
    settings = {"copies": "4", "opening": "free", "first_turn": "free", **(options or {})}
    state = flow.new_state(rng, [STARTERS[key].cards for key in DEFAULT_DECKS], first, settings, [shown.get(0), shown.get(1)])
    state.update({"stage": stage, "turn": turn, "turn_no": turn_no, "mulligan": [0, 0], "aside": [None, None]})
    state["main"] = {"placed": placed, "activated": activated}
    for seat in (0, 1):
        state["hand"][seat] = cards((hands or {}).get(seat, []))
        state["discard"][seat] = cards((discard or {}).get(seat, []))
        state["pile"][seat] = cards((piles or {}).get(seat, []))
        state["known"][seat] = cards((known or {}).get(seat, []))
        if Counter(state["known"][seat]) - Counter(state["hand"][seat]):
            raise ValueError(f"seat {seat}: known cards must be in the hand")
    for name, specs in (field or {}).items():
        square = square_of(name)
        state["field"][square] = [piece(state, spec, square) for spec in specs]
        if sum(1 for p in state["field"][square] if p["s"] in board.JIN) > 1:
            raise ValueError(f"{name}: a square holds at most one jin")
    for seat in (0, 1):
        whole = (lists or {}).get(seat)
        if whole is None and seat in shown:
            whole = list(STARTERS[shown[seat]].cards)
        deal_deck(state, seat, (decks or {}).get(seat), None if whole is None else cards(whole))
    if stage == "prepare":
        state["turn_no"] -= 1
        flow.start_turn(state, [])
    elif stage == "chain":
        write_chain(state, chain)
    elif stage == "end":
        write_end(state, end or {})
    if settle:
        flow.advance(state, [])
    return state


def deal_deck(state: State, seat: int, deck: Sequence[str] | None, whole: list[str] | None) -> None:
    """The seat's deck: as given, else the rest of its list, else 20 starter cards; with a list, every
    card of it must be somewhere exactly once."""
    if whole is None:
        state["deck"][seat] = cards(deck) if deck is not None else list(STARTERS[DEFAULT_DECKS[seat]].cards[:DEFAULT_DECK_SIZE])
        return
    if deck is not None:
        state["deck"][seat] = cards(deck)
    else:
        state["deck"][seat] = []
        rest = board.census(state, seat)
        for cid in whole:
            if rest[cid]:
                rest[cid] -= 1
            else:
                state["deck"][seat].append(cid)
    extra = board.census(state, seat) - Counter(whole)
    missing = Counter(whole) - board.census(state, seat)
    if extra or missing:
        raise ValueError(f"seat {seat}: cards not in its list {sorted(extra.elements())}, list cards nowhere {sorted(missing.elements())}")


def write_link(state: State, spec: str) -> dict[str, Any]:
    name, _, placed = spec.partition(">")
    square = square_of(name)
    jin = board.jin_at(state, square)
    if jin is None or jin["s"] not in board.FACE_UP_JIN:
        raise ValueError(f"link {spec!r}: no face-up jin on {name}")
    reach = activation.squares(EDITION.card(jin["c"]), square, jin["o"])
    return {"o": jin["o"], "sq": square, "c": jin["c"], "u": jin["u"], "placed": [square_of(sq) for sq in placed.split()], **reach}


def write_queue(state: State, kind: str, spec: Mapping[str, Any], entries: list[list[list[int]]]) -> dict[str, Any] | None:
    """An alternating queue: the engine's own entries unless `left` names the squares per seat."""
    if "left" in spec:
        entries = [[], []]
        for seat, names in spec["left"].items():
            for name in names:
                square = square_of(name)
                jin = board.jin_at(state, square)
                if jin is None or jin["o"] != int(seat):
                    raise ValueError(f"{kind} queue: seat {seat} has no jin on {name}")
                entries[int(seat)].append([square, jin["u"]])
    queue = ordering.start(state, kind, entries)
    if queue is not None and "next" in spec:
        queue["next"] = int(spec["next"])
    return queue


def write_chain(state: State, spec: Mapping[str, Any]) -> None:
    step = spec.get("step", "intercept")
    if step not in CHAIN_STEPS:
        raise ValueError(f"chain step must be one of {CHAIN_STEPS}")
    links = [write_link(state, item) for item in spec.get("links", ())]
    if not links:
        raise ValueError("a chain needs at least one link (an activated card)")
    state["chain"] = {"links": links, "step": step, "proc": None, "queue": None}
    if step in ("D", "A", "E"):
        entries = {"D": ordering.fired(state, "D"), "A": ordering.fired(state), "E": chains.chain_end_entries(state)}[step]
        state["chain"]["queue"] = write_queue(state, step, spec, entries)
    elif step == "proc":
        squares = [square_of(name) for name in spec["squares"]] if "squares" in spec else None
        proc = processing.start(state)
        if squares is not None:
            proc = {"squares": squares, "choice": [None, None]}
        if proc is not None:
            for seat, key in spec.get("answers", {}).items():
                if key not in processing.categories(state, proc["squares"][0], int(seat)):
                    raise ValueError(f"seat {seat} has no {key!r} on {board.name(proc['squares'][0])}")
                proc["choice"][int(seat)] = key
        state["chain"]["proc"] = proc


def write_end(state: State, spec: Mapping[str, Any]) -> None:
    step = spec.get("step", "upright")
    if step not in END_STEPS:
        raise ValueError(f"end step must be one of {END_STEPS}")
    queue = write_queue(state, "endA", spec, ordering.fired(state)) if step == "upright" else None
    state["end"] = {"step": step, "queue": queue}


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
