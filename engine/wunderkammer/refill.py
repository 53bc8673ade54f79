"""Step 6, shuffle and draw (シャッフル・アンド・ドロー), and the reveal and draw setup shares with it.

Shuffle and draw gathers deck, trash, hand and lines into one deck, shuffles, reveals cards onto the
lines (same items on one line) and draws up to 4. While the deck lasts a player may only draw instead;
with 4 cards in hand at least one must be trashed first. An empty deck stops the draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.rng import Rng
from engine.core.types import Event, T
from engine.wunderkammer import effects
from engine.wunderkammer.board import HAND, LINES, REVEAL, State, abilities
from engine.wunderkammer.labels import count_en, item_en, item_ja, items_en, items_ja, who


def reveal(purse: dict[str, Any], bonus: int) -> list[str]:
    """Turn cards from the deck top onto empty lines, each item onto its own line; the cards revealed."""
    shown = purse["deck"][: REVEAL + bonus]
    purse["deck"] = purse["deck"][len(shown) :]
    for kind in shown:
        lines = purse["lines"]
        home = next((line for line in lines if line and line[0] == kind), None)
        if home is None:
            home = next(line for line in lines if not line)
        home.append(kind)
    return shown


def draw(purse: dict[str, Any]) -> list[str]:
    """Draw until the hand holds 4 or the deck is empty; the cards drawn."""
    wanted = max(0, HAND - len(purse["hand"]))
    drawn = purse["deck"][:wanted]
    purse["deck"] = purse["deck"][len(drawn) :]
    purse["hand"] += drawn
    return drawn


def can_draw(state: Mapping[str, Any], seat: int) -> bool:
    """Draw only is open while the deck lasts and the hand has room (a full hand trashes first)."""
    purse = state["seats"][seat]
    return bool(purse["deck"]) and len(purse["hand"]) < HAND


def may_trash_first(state: Mapping[str, Any], seat: int) -> bool:
    """Before only drawing, a full hand must trash at least one card, and may go on trashing once it has
    begun ("1枚以上"); a draw needs a deck."""
    purse = state["seats"][seat]
    started = state["trashed_first"] > 0
    return bool(purse["deck"]) and bool(purse["hand"]) and (len(purse["hand"]) >= HAND or started)


def shuffle_and_draw(state: State, seat: int, events: list[Event]) -> None:
    purse = state["seats"][seat]
    cards = [*purse["deck"], *purse["trash"], *purse["hand"]]
    for line in purse["lines"]:
        cards += line
    purse.update(deck=cards, trash=[], hand=[], lines=[[] for _ in range(LINES)])
    rng = Rng(state["rng"])
    rng.shuffle(purse["deck"])
    state["rng"] = rng.state
    shown = reveal(purse, effects.total(abilities(state, seat), "reveal_bonus"))
    drawn = draw(purse)
    events.append(
        Event(
            T(
                f"{who(seat)}はシャッフル・アンド・ドロー: {len(cards)}枚を混ぜ、{items_ja(shown)}をラインに公開し、"
                f"{len(drawn)}枚引きました。",
                f"{who(seat)} shuffles {count_en(len(cards))}, reveals {items_en(shown)} onto the lines "
                f"and draws {count_en(len(drawn))}.",
            ),
            data={"kind": "shuffle", "seat": seat, "revealed": shown, "drawn": len(drawn)},
        )
    )
    drew_privately(seat, drawn, events)


def draw_only(state: State, seat: int, events: list[Event]) -> None:
    purse = state["seats"][seat]
    drawn = draw(purse)
    stop_ja = "デッキが尽きたのでドローをやめました。" if len(purse["hand"]) < HAND else ""
    stop_en = " The deck ran out, so the draw stopped." if len(purse["hand"]) < HAND else ""
    events.append(
        Event(
            T(
                f"{who(seat)}はドローだけ行い、{len(drawn)}枚引きました。{stop_ja}",
                f"{who(seat)} only draws: {count_en(len(drawn))}.{stop_en}",
            ),
            data={"kind": "draw", "seat": seat, "drawn": len(drawn)},
        )
    )
    drew_privately(seat, drawn, events)


def drew_privately(seat: int, drawn: list[str], events: list[Event]) -> None:
    if drawn:
        events.append(
            Event(
                T(f"引いたカード: {items_ja(drawn)}", f"You drew {items_en(drawn)}."),
                seat=seat,
                data={"kind": "drawn", "cards": list(drawn)},
            )
        )


def trash_before_draw(state: State, seat: int, kind: str, events: list[Event]) -> None:
    state["trashed_first"] += 1
    state["seats"][seat]["hand"].remove(kind)
    state["seats"][seat]["trash"].append(kind)
    events.append(
        Event(
            T(
                f"{who(seat)}はドローの前に手札の{item_ja(kind)}をトラッシュに置きました。",
                f"{who(seat)} trashes {item_en(kind)} from their hand before drawing.",
            ),
            data={"kind": "trash", "seat": seat, "card": kind, "from": "hand"},
        )
    )
