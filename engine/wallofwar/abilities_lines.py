"""Abilities that rearrange the lines and the row: who stands where, and how often a circle sells.

列崩壊 Line Collapse, 一限 One per Person, 一方通行 One-Way, 列の途中 Mid-Line Reshuffle, ファンネル Funnel,
最大手 Top Circle, 瞬殺 Instant Sell-Out, 壁外調査 Beyond the Wall, ちぇんじ Change!. Wording: CARDS.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import choice
from engine.core.types import Event
from engine.wallofwar import board
from engine.wallofwar.board import State, after, owner, spots
from engine.wallofwar.labels import card_en, card_ja, circle_choice, spot_choice, who
from engine.wallofwar.targets import Option, Use, announce, circle_index, opt, parse_spot

STAY = "stay"


# 列崩壊 — swap two purchaser cards of different owners anywhere in the lines.
def collapse_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    found = [(owner(token), spot_choice(ci, pi, owner(token))) for ci, pi, token in spots(state)]
    return [opt(a, b) for i, (seat_a, a) in enumerate(found) for seat_b, b in found[i + 1 :] if seat_a != seat_b]


def collapse(state: State, use: Use, events: list[Event]) -> None:
    (ca, pa), (cb, pb) = (parse_spot(key) for key in use["args"])
    line_a, line_b = state["circles"][ca]["line"], state["circles"][cb]["line"]
    line_a[pa], line_b[pb] = line_b[pb], line_a[pa]
    announce(
        events,
        "購入者カード2枚の位置が入れ替わりました。",
        "Two purchaser cards swapped places.",
        kind="swap",
        spots=use["args"],
    )


# 一限 — in one line, every player with both cards there drops one (their choice).
def doubled(line: list[int]) -> list[int]:
    seats = [owner(token) for token in line]
    return sorted({seat for seat in seats if seats.count(seat) == 2})


def ichigen_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    return [
        opt(circle_choice(i, circle["card"])) for i, circle in enumerate(state["circles"]) if doubled(circle["line"])
    ]


def ichigen(state: State, use: Use, events: list[Event]) -> None:
    index = circle_index(use["args"][0])
    twice = set(doubled(state["circles"][index]["line"]))
    for seat in [use["seat"], *after(use["seat"], state["players"])]:
        if seat in twice:
            state["asks"].append({"t": "limit", "seat": seat, "circle": index})


def drop_one(state: State, seat: int, index: int, which: str, events: list[Event]) -> None:
    """The answer to One per Person: the owner takes home the front or the back one of their two cards."""
    line = state["circles"][index]["line"]
    mine = [place for place, token in enumerate(line) if owner(token) == seat]
    place = mine[0] if which == "front" else mine[-1]
    token = line.pop(place)
    announce(
        events,
        f"{who(seat)}はサークル{index + 1}の{'前' if which == 'front' else '後ろ'}の購入者カードを取り除きました。",
        f"{who(seat)} takes home their {which} purchaser card at circle {index + 1}.",
        kind="drop",
        seat=seat,
        circle=index,
        place=place,
    )
    board.went_home(state, token)


# 列の途中 — everyone's purchaser cards go home and the lines are formed again.
def reshuffle(state: State, use: Use, events: list[Event]) -> None:
    for circle in state["circles"]:
        circle["line"] = []
    state["phase"] = "queue"
    state["order"] = board.snake(state["first"], state["players"])
    announce(
        events,
        "すべての購入者カードが手元に戻り、行列をやり直します。",
        "Every purchaser card goes home: the lines form again.",
        kind="requeue",
    )


# ファンネル — your cards may come back once each when they leave a line unbought.
def funnel(state: State, use: Use, events: list[Event]) -> None:
    state["funnel"][use["seat"]] = True
    announce(
        events,
        f"このターン、{who(use['seat'])}の購入者カードは列から外れても1回ずつ並び直せます。",
        f"This turn {who(use['seat'])}'s purchaser cards may each rejoin a line once after leaving one.",
        kind="funnel",
        seat=use["seat"],
    )


# 最大手 — a second processing selling the deck top; 瞬殺 — one processing fewer.
def saioote(state: State, use: Use, events: list[Event]) -> None:
    index = circle_index(use["args"][0])
    state["circles"][index]["runs"] += 1
    announce(
        events,
        f"サークル{index + 1}は購入処理が1回増えます。",
        f"Circle {index + 1} gets one more purchase processing.",
        kind="runs",
        circle=index,
    )


def shunsatsu_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    return [opt(circle_choice(i, circle["card"])) for i, circle in enumerate(state["circles"]) if circle["runs"] >= 1]


def shunsatsu(state: State, use: Use, events: list[Event]) -> None:
    index = circle_index(use["args"][0])
    state["circles"][index]["runs"] -= 1
    announce(
        events,
        f"サークル{index + 1}の購入処理が1回スキップされます。",
        f"Circle {index + 1} loses one purchase processing.",
        kind="runs",
        circle=index,
    )


# 一方通行 — reverse one line.
def ippou_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    options = []
    for i, circle in enumerate(state["circles"]):
        seats = [owner(token) for token in circle["line"]]
        if seats != seats[::-1]:
            options.append(opt(circle_choice(i, circle["card"])))
    return options


def ippou(state: State, use: Use, events: list[Event]) -> None:
    index = circle_index(use["args"][0])
    state["circles"][index]["line"].reverse()
    announce(
        events,
        f"サークル{index + 1}の列が逆向きになりました。",
        f"The line at circle {index + 1} is reversed.",
        kind="reverse",
        circle=index,
    )


# 壁外調査 — open the deck top as an extra circle; one of your cards may move there.
def hekigai_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    if not state["deck"]:
        return []
    stay = opt(choice(STAY, "移さない", "Don't move a card"))
    mine = [opt(spot_choice(ci, pi, seat)) for ci, pi, token in spots(state) if owner(token) == seat]
    return [stay, *mine]


def hekigai(state: State, use: Use, events: list[Event]) -> None:
    card = state["deck"].pop(0)
    state["top_known"] = False
    line: list[int] = []
    if use["args"][0] != STAY:
        ci, pi = parse_spot(use["args"][0])
        line.append(state["circles"][ci]["line"].pop(pi))
    circle = board.new_circle(card)
    circle["line"] = line
    state["circles"].append(circle)
    index = len(state["circles"]) - 1
    announce(
        events,
        f"サークル{index + 1}として{card_ja(card)}がオープンされました。",
        f"{card_en(card)} opens as circle {index + 1}.",
        kind="open",
        circle=index,
        card=card,
    )


# ちぇんじ — two circle cards trade places; lines stay.
def change_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    circles = state["circles"]
    return [
        opt(circle_choice(a, circles[a]["card"]), circle_choice(b, circles[b]["card"]))
        for a in range(len(circles))
        for b in range(a + 1, len(circles))
    ]


def change(state: State, use: Use, events: list[Event]) -> None:
    a, b = (circle_index(key) for key in use["args"])
    first, second = state["circles"][a], state["circles"][b]
    first["line"], second["line"] = second["line"], first["line"]
    state["circles"][a], state["circles"][b] = second, first
    announce(
        events,
        f"サークル{a + 1}と{b + 1}のカードが入れ替わりました。",
        f"The cards of circles {a + 1} and {b + 1} trade places.",
        kind="change",
        circles=[a, b],
    )
