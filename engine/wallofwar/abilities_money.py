"""Abilities that move medals or change prices.

突発本 Surprise Zine, 紙袋 Paper Bag, 第3艦橋配備 Third Bridge Posting, 軍資金補充 Cash Top-Up, and the price
effects 大量購入 Bulk Buying, 絨毯爆撃 Carpet Bombing, 再録 Reprint, 牛歩 Slow Walk (applied in the order
used, see board.price). Every medal goes through board.pay / take / give. Wording: CARDS.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.texts import plural
from engine.core.types import Event
from engine.wallofwar import board
from engine.wallofwar.board import State, after, card_count, owner
from engine.wallofwar.labels import card_en, card_ja, seat_choice, who
from engine.wallofwar.targets import Option, Use, announce, circle_index, discard_this, opt, seat_index

TOPPATSU_AMOUNT = 2
KAMIBUKURO_AMOUNT = 2
TAIRYOU_DISCOUNT = 2
SAIROKU_PRICE = 2
GYUUHO_PRICE = 4
JUUTAN_PRICE = 1
HOJUU_AMOUNT = 6


# 突発本 — another player gives you 2 medals, or what they have.
def toppatsu_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    return [opt(seat_choice(other)) for other in after(seat, state["players"])]


def toppatsu(state: State, use: Use, events: list[Event]) -> None:
    target = seat_index(use["args"][0])
    moved = board.give(state, target, use["seat"], TOPPATSU_AMOUNT)
    announce(
        events,
        f"{who(target)}は{who(use['seat'])}に軍資金{moved}を渡しました。",
        f"{who(target)} gives {who(use['seat'])} {plural(moved, 'medal')}.",
        kind="medals",
        source=target,
        target=use["seat"],
        medals=moved,
    )


def pay_to_atm(state: State, seat: int, amount: int, events: list[Event]) -> None:
    """A seat pays medals to the ATM (what it has, if less), announced publicly: 紙袋 and 第3艦橋配備."""
    paid = board.pay(state, seat, amount)
    announce(
        events,
        f"{who(seat)}はATMに軍資金{paid}を支払いました。",
        f"{who(seat)} pays {plural(paid, 'medal')} to the ATM.",
        kind="pay",
        seat=seat,
        medals=paid,
    )


# 紙袋 — everyone tied for the most circle cards pays 2 to the ATM.
def kamibukuro(state: State, use: Use, events: list[Event]) -> None:
    players = state["players"]
    most = max(card_count(state, seat) for seat in range(players))
    for seat in [use["seat"], *after(use["seat"], players)]:
        if card_count(state, seat) == most:
            pay_to_atm(state, seat, KAMIBUKURO_AMOUNT, events)


# 第3艦橋配備 — 1 medal to the ATM per line headed.
def heads(state: Mapping[str, Any]) -> list[int]:
    return [owner(circle["line"][0]) for circle in state["circles"] if circle["line"]]


def bridge_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    return [opt()] if heads(state) else []


def bridge(state: State, use: Use, events: list[Event]) -> None:
    players = state["players"]
    headed = heads(state)
    for seat in [use["seat"], *after(use["seat"], players)]:
        if headed.count(seat):
            pay_to_atm(state, seat, headed.count(seat), events)


# 大量購入 / 絨毯爆撃 / 再録 / 牛歩 — price effects, applied in the order used (see board.price).
def tairyou(state: State, use: Use, events: list[Event]) -> None:
    state["fx"].append({"op": "minus", "v": TAIRYOU_DISCOUNT, "seat": use["seat"]})
    announce(
        events,
        f"このターン、{who(use['seat'])}の購入コストは{TAIRYOU_DISCOUNT}少なくなります。",
        f"This turn {who(use['seat'])} pays {TAIRYOU_DISCOUNT} less for every circle.",
        kind="price",
        seat=use["seat"],
    )


def juutan(state: State, use: Use, events: list[Event]) -> None:
    discard_this(state, use, events)
    state["fx"].append({"op": "set", "v": JUUTAN_PRICE, "seat": use["seat"]})
    announce(
        events,
        f"このターン、{who(use['seat'])}の購入コストはすべて{JUUTAN_PRICE}になります。",
        f"This turn every circle costs {who(use['seat'])} {JUUTAN_PRICE}.",
        kind="price",
        seat=use["seat"],
    )


def set_price(value: int) -> Callable[[State, Use, list[Event]], None]:
    def resolve(state: State, use: Use, events: list[Event]) -> None:
        index = circle_index(use["args"][0])
        card = state["circles"][index]["card"]
        state["fx"].append({"op": "set", "v": value, "card": card})
        announce(
            events,
            f"このターン、サークル{index + 1}{card_ja(card)}の購入コストは{value}になります。",
            f"This turn circle {index + 1} ({card_en(card)}) costs {value}.",
            kind="price",
            circle=index,
        )

    return resolve


# 軍資金補充 — up to 6 from the ATM, shared equally; the remainder stays in the ATM.
def hojuu_options(state: Mapping[str, Any], seat: int, this: str) -> list[Option]:
    return [opt()] if min(HOJUU_AMOUNT, state["atm"]) >= state["players"] else []


def hojuu(state: State, use: Use, events: list[Event]) -> None:
    players = state["players"]
    share = min(HOJUU_AMOUNT, state["atm"]) // players
    for seat in [use["seat"], *after(use["seat"], players)]:
        board.take(state, seat, share)
    announce(
        events,
        f"全員がATMから軍資金{share}を得ました。",
        f"Everyone takes {plural(share, 'medal')} from the ATM.",
        kind="share",
        medals=share,
    )
