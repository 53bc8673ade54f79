"""Setting up (5., 6.) and the turn (7.): the stages a game goes through, and `advance`, which runs
everything that needs no decision until someone must decide or the game is over.

Stages: `deck` (each player privately chooses a deck), `mulligan` (5. ⑤, both at once), `initial`
(6.1/6.2), `prepare` (7.1; a decision only when several dormant 陣 could wake), `main` (7.2),
`chain` (8.3, see `chain`), `end` (7.3: activated cards upright, then the hand limit), `over`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.rng import Rng
from engine.core.texts import plural
from engine.core.types import Event, T
from engine.walpurgis import board, chain, ordering, primitives, victory
from engine.walpurgis.board import State
from engine.walpurgis.cards import EDITION
from engine.walpurgis.labels import both, who


TURN_CAP = 400
"""A safeguard, not a rule: after this many turns the game is scored as in 2.1 (RULES.md)."""


def new_state(
    seed: int,
    decks: Sequence[tuple[str, ...] | None],
    first: int | None,
    options: dict[str, str],
    public: Sequence[str | None] = (None, None),
) -> State:
    """A game at the deck choice (or dealt, when both decks are given). `public` names the starter each
    seat was given in the open lobby (None: a private choice, hidden from the other seat)."""
    rng = Rng(seed)
    state: State = {
        "players": 2,
        "rng": rng.state,
        "options": dict(options),
        "stage": "deck",
        "first": first,
        "turn": 0,
        "turn_no": 0,
        "decks": [list(deck) if deck else None for deck in decks],
        "public": list(public),
        "deck": [[], []],
        "hand": [[], []],
        "known": [[], []],
        "discard": [[], []],
        "pile": [[], []],
        "aside": [None, None],
        "field": [[] for _ in range(board.SQUARES)],
        "uid": 0,
        "mulligan": [None, None],
        "main": {"placed": False, "activated": False},
        "chain": None,
        "end": None,
        "result": None,
    }
    if all(deck is not None for deck in state["decks"]):
        deal(state, [])
    return state


def deal(state: State, events: list[Event]) -> None:
    """5. ①–④ for both players: a 通常弾 aside, shuffle, the first player, five cards."""
    rng = Rng(state["rng"])
    for seat in (0, 1):
        deck = list(state["decks"][seat])
        normals = Counter(cid for cid in deck if EDITION.card(cid).normal)
        if normals:
            aside = sorted(normals, key=lambda cid: (-normals[cid], cid))[0]
            deck.remove(aside)
            state["aside"][seat] = aside
        rng.shuffle(deck)
        state["deck"][seat] = deck
    state["decks"] = [None, None]
    if state["first"] is None:
        state["first"] = rng.below(2)
    state["rng"] = rng.state
    for seat in (0, 1):
        board.draw(state, seat, board.OPENING_HAND)
    state["stage"] = "mulligan"
    first = state["first"]
    events.append(Event(T(f"{who(first)}が先攻です。各プレイヤーは5枚引きました。", f"{who(first)} goes first. Both players drew 5 cards."), data={"kind": "deal", "first": first}))


def mulligan(state: State, seat: int, returned: list[str], events: list[Event]) -> None:
    """5. ⑤: the chosen cards go under the deck and as many are drawn; with both done, ⑥ the 通常弾 set
    aside joins each hand (the table saw it, so it is a known hand card) and 6. begins."""
    for cid in returned:
        state["hand"][seat].remove(cid)
        state["deck"][seat].append(cid)
    board.draw(state, seat, len(returned))
    state["mulligan"][seat] = len(returned)
    events.append(Event(T(f"{who(seat)}はマリガンで{len(returned)}枚引き直しました。", f"{who(seat)} mulliganed {plural(len(returned), 'card')}."), data={"kind": "mulligan", "seat": seat, "count": len(returned)}))
    if None in state["mulligan"]:
        return
    for owner in (0, 1):
        if state["aside"][owner]:
            state["hand"][owner].append(state["aside"][owner])
            state["known"][owner].append(state["aside"][owner])
    state["stage"] = "initial"
    state["turn"] = state["first"]


def initial_squares(state: Mapping[str, Any], seat: int) -> list[int]:
    """6.1: any square for the first player (3c excluded under the tournament option); 6.2: any empty
    square for the second."""
    squares = [sq for sq in range(board.SQUARES) if not state["field"][sq]]
    if seat == state["first"] and state["options"].get("opening") == "no3c":
        squares = [sq for sq in squares if sq != board.parse_square("3c")]
    return squares


def place_initial(state: State, seat: int, cid: str, square: int, events: list[Event]) -> None:
    board.leave_hand(state, seat, cid)
    state["field"][square].append(board.new_piece(state, cid, seat, "up"))
    events.append(Event(both(f"{who(seat)}が{{card}}を{board.name(square)}に初期配置しました。", f"{who(seat)} placed {{card}} at {board.name(square)} to start.", cid), data={"kind": "initial", "seat": seat, "square": square}))
    if seat == state["first"]:
        second = board.other(seat)
        state["turn"] = second
        drawn = board.draw(state, second, 1)
        events.append(Event(T(f"{who(second)}が1枚ドロウしました。", f"{who(second)} drew 1 card."), data={"kind": "draw", "seat": second}))
        if drawn:
            events.append(Event(both("あなたのドロウ: {card}", "You drew {card}", drawn[0]), seat=second))
    else:
        state["turn"] = state["first"]
        start_turn(state, events)


def first_turn_restricted(state: Mapping[str, Any]) -> bool:
    """The tournament option of 7.2 (`first_turn=no_down`): no face-down placement in the first player's
    first turn."""
    return state["options"].get("first_turn") == "no_down" and state["turn_no"] == 1 and state["turn"] == state["first"]


def start_turn(state: State, events: list[Event]) -> None:
    state["turn_no"] += 1
    state["stage"] = "prepare"
    state["main"] = {"placed": False, "activated": False}
    events.append(Event(T(f"{who(state['turn'])}のターンです({state['turn_no']}ターン目)。", f"{who(state['turn'])}'s turn (turn {state['turn_no']})."), data={"kind": "turn", "seat": state["turn"], "number": state["turn_no"]}))


def dormant(state: Mapping[str, Any], seat: int) -> list[int]:
    return [sq for sq in board.jin_squares(state, seat) if board.jin_at(state, sq)["s"] == "dor"]


def wake(state: State, square: int | None, events: list[Event]) -> None:
    """7.1: ① wake one dormant 陣, ② the top of the danmaku pile under the deck, ③ draw 1 or lose."""
    seat = state["turn"]
    if square is not None:
        board.jin_at(state, square)["s"] = "act"
        events.append(Event(T(f"{who(seat)}が{board.name(square)}の休眠状態の陣を活動状態にしました。", f"{who(seat)} woke the dormant jin at {board.name(square)}."), data={"kind": "wake", "squares": [square]}))
    if state["pile"][seat]:
        state["deck"][seat].append(state["pile"][seat].pop())
    if not state["deck"][seat]:
        victory.lose(state, seat, "deckout", events)
        return
    drawn = board.draw(state, seat, 1)
    events.append(Event(T(f"{who(seat)}が1枚ドロウしました。", f"{who(seat)} drew 1 card."), data={"kind": "draw", "seat": seat}))
    events.append(Event(both("あなたのドロウ: {card}", "You drew {card}", drawn[0]), seat=seat))
    state["stage"] = "main"


def end_main(state: State, events: list[Event]) -> None:
    """7.2.3: neither placed nor activated → draw 2 (an empty deck is no loss here); then 7.3."""
    seat = state["turn"]
    if not state["main"]["placed"] and not state["main"]["activated"]:
        drawn = board.draw(state, seat, 2)
        events.append(Event(T(f"{who(seat)}は何もせず{len(drawn)}枚ドロウしました。", f"{who(seat)} passed and drew {plural(len(drawn), 'card')}."), data={"kind": "draw", "seat": seat}))
        for cid in drawn:
            events.append(Event(both("あなたのドロウ: {card}", "You drew {card}", cid), seat=seat))
    else:
        events.append(Event(T(f"{who(seat)}が通常フェイズを終えました。", f"{who(seat)} ended the main phase.")))
    misfired = 0
    for square in range(board.SQUARES):
        for piece in [p for p in state["field"][square] if p["s"] in board.DANMAKU]:
            board.remove(state, square, piece)
            board.to_pile(state, piece)
            misfired += 1
    if misfired:
        events.append(Event(T(f"不発弾{misfired}枚が弾幕置き場に置かれました。", f"{plural(misfired, 'unfired danmaku card')} went to the danmaku piles."), data={"kind": "misfire"}))
    state["stage"] = "end"
    state["end"] = {"step": "upright", "queue": ordering.start(state, "endA", ordering.fired(state))}


def discard(state: State, cid: str, events: list[Event]) -> None:
    seat = state["turn"]
    board.leave_hand(state, seat, cid)
    state["discard"][seat].append(cid)
    events.append(Event(both(f"{who(seat)}は手札調整で{{card}}を捨てました。", f"{who(seat)} discarded {{card}} down to the hand limit.", cid), data={"kind": "discard", "seat": seat, "card": cid}))


def end_advance(state: State, events: list[Event]) -> bool:
    """7.3 ②–④; True when the turn is over."""
    end = state["end"]
    seat = state["turn"]
    if end["step"] == "upright":
        queue = end["queue"]
        while queue is not None and not ordering.done(queue):
            ordering.prune(state, queue)
            if ordering.done(queue):
                break
            choice = ordering.forced(state, queue)
            if choice is None:
                return False
            ordering.resolve(state, queue, choice, events)
        end["step"] = "limit"
    if end["step"] == "limit":
        hand = state["hand"][seat]
        while len(hand) > board.HAND_LIMIT and len(set(hand)) == 1:
            discard(state, hand[0], events)
        if len(hand) > board.HAND_LIMIT:
            return False
        for square in board.jin_squares(state, seat):
            piece = board.jin_at(state, square)
            if piece["s"] in board.FACE_UP_JIN:
                for effect in EDITION.card(piece["c"]).effects.get("T", ()):
                    primitives.apply(state, seat, square, effect, events)
    state["end"] = None
    return True


def advance(state: State, events: list[Event]) -> None:
    while state["result"] is None:
        stage = state["stage"]
        if stage == "chain":
            if not chain.advance(state, events):
                return
            state["stage"] = "main"
            if victory.full_field(state, events):
                return
        elif stage == "prepare":
            sleeping = dormant(state, state["turn"])
            if len(sleeping) > 1:
                return
            wake(state, sleeping[0] if sleeping else None, events)
        elif stage == "end":
            if not end_advance(state, events):
                return
            if state["turn_no"] >= TURN_CAP:
                victory.score(state, "cap", events)
                return
            state["turn"] = board.other(state["turn"])
            start_turn(state, events)
        elif stage == "initial":
            seat = state["turn"]
            if not any(EDITION.card(cid).normal for cid in state["hand"][seat]):
                victory.lose(state, seat, "no_normal", events)
            return
        else:
            return

