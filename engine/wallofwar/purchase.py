"""The purchase phase: circles in row order; the head of each line buys at the price or passes.

A pass takes the head's purchaser card home, so the next head's price (the line's length) is one lower.
A head who cannot pay passes automatically: medals and prices are public, so this reveals nothing. A
sale sends every purchaser card of the line home, unless Top Circle gave the circle another processing:
then the cards behind stay and the new head may buy the deck's top card, unseen.
"""

from __future__ import annotations

from typing import Any

from engine.core.types import Event, T
from engine.wallofwar import board
from engine.wallofwar.board import State, owner
from engine.wallofwar.labels import card_en, card_ja, who


def current(state: State) -> dict[str, Any]:
    return state["circles"][state["cur"]]


def head_seat(state: State) -> int:
    return owner(current(state)["line"][0])


def process(state: State, events: list[Event]) -> bool:
    """Run the automatic steps; True when the head of the current line must choose to buy or pass.

    Stops early (False) when a Funnel offer is waiting, so that offer is answered before the next line
    moves.
    """
    while state["cur"] < len(state["circles"]) and not state["asks"]:
        circle = current(state)
        index = state["cur"]
        if not circle["started"]:
            circle["started"] = True
            if circle["runs"] <= 0:
                circle["log"].append({"run": 1, "result": "skipped"})
                state["discard"].append(circle["card"])
                events.append(
                    Event(
                        T(
                            f"サークル{index + 1}{card_ja(circle['card'])}は瞬殺されました。捨て札になります。",
                            f"Circle {index + 1}, {card_en(circle['card'])}, sold out in an instant: it is discarded.",
                        ),
                        data={"kind": "skipped", "circle": index},
                    )
                )
                empty_line(state, circle)
                finish(state)
                continue
        if not circle["line"]:
            if state["run"] == 1:
                circle["log"].append({"run": 1, "result": "unsold"})
                state["discard"].append(circle["card"])
                events.append(
                    Event(
                        T(
                            f"サークル{index + 1}{card_ja(circle['card'])}は売れ残り、捨て札になりました。",
                            f"Nobody bought circle {index + 1}, {card_en(circle['card'])}: it is discarded.",
                        ),
                        data={"kind": "unsold", "circle": index},
                    )
                )
            else:
                circle["log"].append({"run": state["run"], "result": "unsold"})
            finish(state)
            continue
        seat = head_seat(state)
        cost = board.price(state, circle, seat)
        if state["medals"][seat] >= cost:
            return True
        token = circle["line"].pop(0)
        events.append(
            Event(
                T(
                    f"{who(seat)}は軍資金が足りず、サークル{index + 1}をパスしました。",
                    f"{who(seat)} cannot pay {cost} and passes at circle {index + 1}.",
                ),
                data={"kind": "pass", "seat": seat, "circle": index, "forced": True},
            )
        )
        leave(state, circle, token)
    return False


def buy(state: State, seat: int, events: list[Event]) -> None:
    circle = current(state)
    index = state["cur"]
    cost = board.price(state, circle, seat)
    board.pay(state, seat, cost)
    circle["line"].pop(0)
    if state["run"] == 1:
        card = circle["card"]
        text = T(
            f"{who(seat)}は軍資金{cost}でサークル{index + 1}{card_ja(card)}を購入しました。",
            f"{who(seat)} buys circle {index + 1}, {card_en(card)}, for {cost}.",
        )
        data = {"kind": "buy", "seat": seat, "circle": index, "card": card, "price": cost}
    else:
        card = state["deck"].pop(0)
        state["top_known"] = False
        text = T(
            f"{who(seat)}は軍資金{cost}でサークル{index + 1}の2つ目の在庫(山札の一番上)を購入しました。",
            f"{who(seat)} buys the extra stock of circle {index + 1} (the deck's top card) for {cost}.",
        )
        data = {"kind": "buy", "seat": seat, "circle": index, "run": state["run"], "price": cost}
    events.append(Event(text, data=data))
    circle["log"].append({"run": state["run"], "buyer": seat, "price": cost})
    state["bought"][seat] = True
    board.gain(state, seat, card, events)
    if state["run"] < circle["runs"] and state["deck"] and circle["line"]:
        state["run"] += 1
        events.append(
            Event(
                T(
                    f"サークル{index + 1}はもう1回購入処理を行います(山札の一番上)。",
                    f"Circle {index + 1} is processed again: the deck's top card is for sale.",
                ),
                data={"kind": "again", "circle": index},
            )
        )
        return
    empty_line(state, circle)
    finish(state)


def pass_turn(state: State, seat: int, events: list[Event]) -> None:
    circle = current(state)
    token = circle["line"].pop(0)
    events.append(
        Event(
            T(
                f"{who(seat)}はサークル{state['cur'] + 1}をパスしました。",
                f"{who(seat)} passes at circle {state['cur'] + 1}.",
            ),
            data={"kind": "pass", "seat": seat, "circle": state["cur"]},
        )
    )
    leave(state, circle, token)


def leave(state: State, circle: dict[str, Any], token: int) -> None:
    """A purchaser card has left this circle's line; Funnel may send it back unless its owner bought
    at this circle (in any of its processings)."""
    buyers = {entry["buyer"] for entry in circle["log"] if "buyer" in entry}
    board.went_home(state, token, bought_here=owner(token) in buyers)


def empty_line(state: State, circle: dict[str, Any]) -> None:
    """Every purchaser card still in the line goes home."""
    line, circle["line"] = circle["line"], []
    for token in line:
        leave(state, circle, token)


def finish(state: State) -> None:
    state["cur"] += 1
    state["run"] = 1
