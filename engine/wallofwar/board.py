"""The pieces of a Wall of War state and the small moves every rule is built from.

Purchaser cards are tokens `2 * seat + k` (k = 0 or 1) rather than bare seat numbers, because Funnel lets
each physical card come back to a line only once per turn, so a card's identity must survive its moves.
Every medal move goes through `pay`, `take` or `give`, which never create or destroy a medal: players plus
the ATM always hold 40.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.game import seats_in_order
from engine.core.texts import plural
from engine.core.types import Event, T
from engine.wallofwar.cards import CARDS
from engine.wallofwar.labels import card_en, card_ja, who

State = dict[str, Any]

MEDALS = 40
START_MEDALS = 5
REMOVED = {3: 2, 4: 2, 5: 3}
DOPING_GAIN = 2


def new_circle(card_id: str) -> dict[str, Any]:
    """An opened circle: its card, its line of tokens, how many purchase processings it has left to
    run (1, more with Top Circle, fewer with Instant Sell-Out), whether its purchase has started, and
    the log of what happened at each processing (for the board image)."""
    return {"card": card_id, "line": [], "runs": 1, "started": False, "log": []}


def owner(token: int) -> int:
    return token // 2


def tokens_of(seat: int) -> tuple[int, int]:
    return (2 * seat, 2 * seat + 1)


def in_lines(state: Mapping[str, Any]) -> set[int]:
    return {token for circle in state["circles"] for token in circle["line"]}


def home_tokens(state: Mapping[str, Any], seat: int) -> list[int]:
    placed = in_lines(state)
    return [token for token in tokens_of(seat) if token not in placed]


def spots(state: Mapping[str, Any]) -> list[tuple[int, int, int]]:
    """Every purchaser card in the lines as (circle index, place in line, token), front to back."""
    return [(ci, pi, token) for ci, circle in enumerate(state["circles"]) for pi, token in enumerate(circle["line"])]


def snake(first: int, players: int) -> list[int]:
    """Queueing order: round the table from the turn player, then back (A B C D D C B A)."""
    order = list(seats_in_order(first, players))
    return order + order[::-1]


def after(seat: int, players: int) -> list[int]:
    """The other seats, clockwise starting left of `seat`."""
    return [(seat + i) % players for i in range(1, players)]


def went_home(state: State, token: int, bought_here: bool = False) -> None:
    """A purchaser card has just left its line; with Funnel active its owner may send it back once.

    The offer is queued as a decision ("ask") only when a line is still open to it: a circle whose
    purchase has not started.
    """
    seat = owner(token)
    if bought_here or not state["funnel"][seat] or token in state["funneled"]:
        return
    if any(not circle["started"] for circle in state["circles"]):
        state["asks"].append({"t": "funnel", "seat": seat, "token": token})


def pay(state: State, seat: int, amount: int) -> int:
    """`seat` pays up to `amount` to the ATM; returns what was actually paid."""
    paid = min(amount, state["medals"][seat])
    state["medals"][seat] -= paid
    state["atm"] += paid
    return paid


def take(state: State, seat: int, amount: int) -> int:
    """`seat` takes up to `amount` from the ATM (nothing once it is empty); returns what was taken."""
    taken = min(amount, state["atm"])
    state["atm"] -= taken
    state["medals"][seat] += taken
    return taken


def give(state: State, source: int, target: int, amount: int) -> int:
    """`source` hands up to `amount` of its medals to `target`; returns how many changed hands."""
    moved = min(amount, state["medals"][source])
    state["medals"][source] -= moved
    state["medals"][target] += moved
    return moved


def card_count(state: Mapping[str, Any], seat: int) -> int:
    return len(state["hands"][seat]) + len(state["shown"][seat])


def holds_doping(state: Mapping[str, Any], seat: int) -> bool:
    return any(CARDS.card(card).ability == "doping" for card in state["shown"][seat])


def gain(state: State, seat: int, card_id: str, events: list[Event]) -> None:
    """`seat` gets a circle card by any means (buying, Consignment, Resale, …).

    Always-on cards go face up in front of the owner; others join the hidden hand and the owner gets a DM
    (the caller announces publicly how the card was gained). Doping pays out here, so that every way of
    gaining a card triggers it, but only for cards gained after the Doping card itself.
    """
    had_doping = holds_doping(state, seat)
    card = CARDS.card(card_id)
    if card.always_on:
        state["shown"][seat].append(card_id)
        events.append(
            Event(
                T(
                    f"{who(seat)}の前に{card_ja(card_id)}が公開されました。",
                    f"{card_en(card_id)} is now face up in front of {who(seat)}.",
                ),
                data={"kind": "shown", "seat": seat, "card": card_id},
            )
        )
    else:
        state["hands"][seat].append(card_id)
        events.append(
            Event(
                T(f"{card_ja(card_id)}を手札に加えました。", f"{card_en(card_id)} joined your hand."),
                seat=seat,
                data={"dm": True, "card": card_id},
            )
        )
    if had_doping:
        taken = take(state, seat, DOPING_GAIN)
        if taken:
            events.append(
                Event(
                    T(
                        f"ドーピング: {who(seat)}はATMから軍資金{taken}を得ました。",
                        f"Doping: {who(seat)} takes {plural(taken, 'medal')} from the ATM.",
                    ),
                    data={"kind": "doping", "seat": seat, "medals": taken},
                )
            )


def price(state: Mapping[str, Any], circle: Mapping[str, Any], buyer: int) -> int:
    """What `buyer` pays at `circle` now.

    Start from the number of purchaser cards in the line, then apply the price effects used this turn in
    the order they were used: "becomes N" replaces whatever came before (Reprint 2 then Slow Walk 4 gives
    4), "N less" lowers the result so far; never below 0. Circle effects follow the circle's card (so they
    move with it under Change!), buyer effects apply at every circle for that buyer only.
    """
    value = len(circle["line"])
    for effect in state["fx"]:
        if effect.get("card", circle["card"]) != circle["card"] or effect.get("seat", buyer) != buyer:
            continue
        value = effect["v"] if effect["op"] == "set" else max(0, value - effect["v"])
    return value


def medal_total(state: Mapping[str, Any]) -> int:
    return sum(state["medals"]) + state["atm"]


def describe(cards: Sequence[str]) -> tuple[str, str]:
    """A list of card names in both languages, for event text."""
    return "".join(card_ja(card) for card in cards), ", ".join(card_en(card) for card in cards)
