"""Setup and the turn: the order of play from the shuffle to a turn's end.

Setup follows the rulebook's steps, once each player has chosen a country (privately, see `choosing`):
KINGs revealed (they are public from the start), the 20 cards shuffled, the first player chosen at
random, three cards drawn, one optional redraw each (first player first; a redraw shuffles the three
back and draws three new ones), KINGs into hand, then each player in turn places one hand card upright
on the battlefield, one into the standby area, and the deck's top card face up into the kingdom.

A turn: recovery (the turn player's units upright), draw (nothing when the deck is empty), then the
turn player acts — one arrange action, or attacks, or nothing; rear supports and entering the kingdom
at any point — until it ends the turn. At the end the turn's damage and SOLDIER bonuses vanish; when
both decks are empty the war ends (終戦).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.rng import Rng
from engine.core.types import Event, T
from engine.artofwar import victory
from engine.artofwar.board import State, give, new_unit, other, take
from engine.artofwar.cards import BASIC, KING
from engine.artofwar.decks import Deck
from engine.artofwar.labels import card_en, card_ja, square_en, square_ja, who

OPENING_HAND = 3


def new_state(seed: int, decks: Sequence[Deck | None], first: int | None) -> State:
    """The table before the first card moves: a seat whose deck is None chooses it privately first
    (`choosing`); once every deck is known, `deal` runs. `first` None: chosen at random when dealing."""
    state: State = {
        "players": 2,
        "rng": Rng(seed).state,
        "kings": [None, None],
        "decks": [deck.code if deck is not None else None for deck in decks],
        "first": first,
        "deck": [[], []],
        "hand": [[], []],
        "known": [[], []],
        "field": [{}, {}],
        "standby": [[], []],
        "kingdom": [dict.fromkeys(BASIC, 0), dict.fromkeys(BASIC, 0)],
        "grave": [[], []],
        "phase": "deck",
        "order": [],
        "stage": None,
        "mulligan": [None, None],
        "turn": None,
        "turn_no": 0,
        "mode": None,
        "arranged": False,
        "entered": False,
        "boost": 0,
        "chain": [],
        "conscript": None,
        "result": None,
    }
    if all(deck is not None for deck in decks):
        deal(state, [deck for deck in decks if deck is not None])
    return state


def deal(state: State, decks: Sequence[Deck]) -> None:
    """KINGs known, both countries shuffled, the first player chosen (at random unless fixed), three
    cards dealt to each: the redraw choice comes next."""
    rng = Rng(state["rng"])
    for seat, deck in enumerate(decks):
        cards = deck.cards()
        rng.shuffle(cards)
        state["deck"][seat] = cards
    first = rng.below(2) if state["first"] is None else state["first"]
    state.update(rng=rng.state, kings=[deck.king for deck in decks], first=first, phase="mulligan",
                 order=[first, other(first)])
    for seat in (0, 1):
        draw(state, seat, OPENING_HAND)


def draw(state: State, seat: int, count: int) -> list[str]:
    drawn = state["deck"][seat][:count]
    del state["deck"][seat][:count]
    for card in drawn:
        give(state, seat, card, seen=False)
    return drawn


def mulligan(state: State, seat: int, redraw: bool, events: list[Event]) -> None:
    """Keep the three cards, or shuffle them back and draw three anew (once)."""
    state["mulligan"][seat] = "redraw" if redraw else "keep"
    state["order"].pop(0)
    if redraw:
        hand = state["hand"][seat]
        state["deck"][seat].extend(hand)
        state["hand"][seat] = []
        rng = Rng(state["rng"])
        rng.shuffle(state["deck"][seat])
        state["rng"] = rng.state
        drawn = draw(state, seat, OPENING_HAND)
        events.append(Event(T(f"{who(seat)}は手札を引き直しました。", f"{who(seat)} redraws the opening hand."), data={"kind": "mulligan", "seat": seat, "redraw": True}))
        events.append(private_hand(seat, drawn))
    else:
        events.append(Event(T(f"{who(seat)}は手札をそのままにしました。", f"{who(seat)} keeps the opening hand."), data={"kind": "mulligan", "seat": seat, "redraw": False}))
    if state["order"]:
        return
    for other_seat in (0, 1):
        give(state, other_seat, KING, seen=True)
    state.update(phase="place", order=[state["first"], other(state["first"])], stage="field")
    events.append(Event(T("両者がKINGを手札に加えました。", "Both players take their KING into hand."), data={"kind": "kings"}))


def private_hand(seat: int, cards: list[str]) -> Event:
    names_ja = "".join(card_ja(card) for card in cards)
    names_en = ", ".join(card_en(card) for card in cards)
    return Event(T(f"引いたカード: {names_ja}", f"You drew: {names_en}"), seat=seat, data={"kind": "drawn", "cards": list(cards)})


def place_field(state: State, seat: int, card: str, square: str, events: list[Event]) -> None:
    """Setup: one hand card upright onto the battlefield."""
    take(state, seat, card)
    state["field"][seat][square] = new_unit(card)
    state["stage"] = "standby"
    king = state["kings"][seat]
    events.append(
        Event(
            T(f"{who(seat)}は{card_ja(card, king)}を{square_ja(square)}に置きました。", f"{who(seat)} places {card_en(card, king)} on {square_en(square)}."),
            data={"kind": "place", "seat": seat, "card": card, "to": square},
        )
    )


def place_standby(state: State, seat: int, card: str, events: list[Event]) -> None:
    """Setup: one hand card into the standby area, then the deck's top card face up into the kingdom."""
    take(state, seat, card)
    state["standby"][seat].append(card)
    king = state["kings"][seat]
    events.append(
        Event(
            T(f"{who(seat)}は{card_ja(card, king)}を待機エリアに置きました。", f"{who(seat)} puts {card_en(card, king)} into the standby area."),
            data={"kind": "standby", "seat": seat, "card": card},
        )
    )
    if state["deck"][seat]:
        top = state["deck"][seat].pop(0)
        state["kingdom"][seat][top] += 1
        events.append(
            Event(
                T(f"{who(seat)}の山札の一番上の{card_ja(top)}が王国エリアに置かれました。", f"The top card of {who(seat)}'s deck, {card_en(top)}, goes to the kingdom."),
                data={"kind": "kingdom", "seat": seat, "card": top},
            )
        )
        victory.check_nation(state, events)
    state["order"].pop(0)
    state["stage"] = "field"
    if not state["order"] and not victory.over(state):
        state.update(phase="play", stage=None)
        start_turn(state, state["first"], events)


def start_turn(state: State, seat: int, events: list[Event]) -> None:
    """Recovery and draw; the turn's flags start afresh."""
    state.update(turn=seat, turn_no=state["turn_no"] + 1, mode=None, arranged=False, entered=False, boost=0)
    for placed in state["field"][seat].values():
        placed["side"] = False
    events.append(Event(T(f"{who(seat)}のターン({state['turn_no']})。", f"{who(seat)}'s turn ({state['turn_no']})."), data={"kind": "turn", "seat": seat, "turn": state["turn_no"]}))
    drawn = draw(state, seat, 1)
    if drawn:
        events.append(Event(T(f"{who(seat)}はカードを1枚引きました。", f"{who(seat)} draws a card."), data={"kind": "draw", "seat": seat}))
        events.append(private_hand(seat, drawn))
    else:
        events.append(Event(T(f"{who(seat)}の山札はありません。", f"{who(seat)}'s deck is empty: no draw."), data={"kind": "draw", "seat": seat, "empty": True}))


def end_turn(state: State, events: list[Event]) -> None:
    """Damage resets; with both decks empty the war ends, else the other player's turn begins."""
    seat = state["turn"]
    for field in state["field"]:
        for placed in field.values():
            placed["dmg"] = 0
    events.append(Event(T(f"{who(seat)}はターンを終了しました。", f"{who(seat)} ends the turn."), data={"kind": "end", "seat": seat}))
    if not state["deck"][0] and not state["deck"][1]:
        victory.armistice(state, events)
        return
    start_turn(state, other(seat), events)
