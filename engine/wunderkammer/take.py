"""Steps 2, 4 and 5: take item (テイク・アイテム), put (プット) and take character (テイク・キャラクター).

The take-item sum adds, over the lines played to this turn, the cards each line already held (this
turn's cards are not counted), plus what active abilities add. Items whose number is at most the sum may
be taken, one (two with the Merchant's kind of ability, their numbers together within the sum); a taken
item goes to the trash. A put lays one hand card face down under one of the player's bench characters.
A character whose 4 items are all on the player's lines may be taken from the common field, or from
another bench unless its owner has all 4 on their lines too; its put cards move with it and its new
owner sees them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.types import Event, T
from engine.wunderkammer import effects
from engine.wunderkammer.board import State, abilities, bench, is_active, kinds_on_lines
from engine.wunderkammer.cards import EDITION
from engine.wunderkammer.labels import char_en, char_ja, count_en, item_en, item_ja, items_en, items_ja, who

NORMAL_TAKES = 1
NORMAL_PUTS = 1


def base_sum(state: Mapping[str, Any]) -> int:
    """The rulebook's sum: cards already on the lines played to this turn, not this turn's cards."""
    return sum(entry["had"] for entry in state["played"] if entry)


def budget(state: Mapping[str, Any], seat: int) -> int:
    """The sum with the seat's active abilities: Play ones look at this turn's plays, Take item adds."""
    played = [entry for entry in state["played"] if entry]
    total = base_sum(state)
    for cid in bench(state, seat):
        character = EDITION.character(cid)
        if not is_active(state, character):
            continue
        ability = character.ability
        if ability.effect == "sum_per_line":
            total += ability.amount * sum(1 for entry in played if entry["had"] > 0)
        elif ability.effect == "count_played":
            total += sum(
                len(entry["cards"]) + entry["joker"] + len(entry["chars"])
                for entry in played
                if entry["kind"] in character.items
            )
        elif ability.effect == "take_bonus":
            total += ability.amount
    return total


def takes_allowed(state: Mapping[str, Any], seat: int) -> int:
    return NORMAL_TAKES + (1 if effects.has(abilities(state, seat), "second_take") else 0)


def affordable(state: Mapping[str, Any], seat: int) -> list[str]:
    """Common-field items the seat may take now: some left, number within the sum left, takes left."""
    if len(state["takes"]) >= takes_allowed(state, seat):
        return []
    return [
        kind
        for kind, left in state["field"].items()
        if left > 0 and EDITION.item(kind).number <= state["budget"]
    ]


def take_item(state: State, seat: int, kind: str, events: list[Event]) -> None:
    number = EDITION.item(kind).number
    state["field"][kind] -= 1
    state["seats"][seat]["trash"].append(kind)
    state["takes"].append(kind)
    state["budget"] -= number
    emptied_ja = f"{item_ja(kind)}は共通の場からなくなりました。" if state["field"][kind] == 0 else ""
    emptied_en = f" No {item_en(kind)} is left in the common field." if state["field"][kind] == 0 else ""
    events.append(
        Event(
            T(
                f"{who(seat)}は{item_ja(kind)}をテイクしました(トラッシュへ)。{emptied_ja}",
                f"{who(seat)} takes {item_en(kind)} into their trash.{emptied_en}",
            ),
            data={"kind": "take", "seat": seat, "item": kind, "left": state["field"][kind]},
        )
    )


def puts_allowed(state: Mapping[str, Any], seat: int) -> int:
    return NORMAL_PUTS + effects.total(abilities(state, seat), "extra_put")


def may_put(state: Mapping[str, Any], seat: int) -> bool:
    """Public facts only: a put is possible with a bench character, a hand card and a put left."""
    return (
        bool(bench(state, seat))
        and bool(state["seats"][seat]["hand"])
        and state["puts_made"] < puts_allowed(state, seat)
    )


def put(state: State, seat: int, cid: str, kind: str, events: list[Event]) -> None:
    state["seats"][seat]["hand"].remove(kind)
    state["puts"][cid].append({"kind": kind, "by": seat, "seen": [seat]})
    state["puts_made"] += 1
    events.append(
        Event(
            T(
                f"{who(seat)}は{char_ja(cid)}の下にカードを1枚伏せてプットしました。",
                f"{who(seat)} puts a card face down under {char_en(cid)}.",
            ),
            data={"kind": "put", "seat": seat, "character": cid},
        )
    )
    events.append(
        Event(
            T(f"{char_ja(cid)}に{item_ja(kind)}をプットしました。", f"You put {item_en(kind)} under {char_en(cid)}."),
            seat=seat,
            data={"kind": "put_card", "character": cid, "card": kind},
        )
    )


def has_all(state: Mapping[str, Any], seat: int, cid: str) -> bool:
    return set(EDITION.character(cid).items) <= kinds_on_lines(state, seat)


def takeable(state: Mapping[str, Any], seat: int) -> list[str]:
    """Characters the seat may take: all 4 items on its lines, and not held by an owner who has them too."""
    mine = kinds_on_lines(state, seat)
    found = []
    for cid, owner in state["owner"].items():
        if owner == seat or not set(EDITION.character(cid).items) <= mine:
            continue
        if owner is None or not has_all(state, owner, cid):
            found.append(cid)
    return found


def take_character(state: State, seat: int, cid: str, events: list[Event]) -> None:
    owner = state["owner"][cid]
    state["took_char"] = True
    state["owner"][cid] = seat
    cards = state["puts"][cid]
    for card in cards:
        if seat not in card["seen"]:
            card["seen"].append(seat)
    items = EDITION.character(cid).items
    if owner is None:
        source_ja, source_en = "共通の場", "the common field"
    else:
        source_ja, source_en = f"{who(owner)}のベンチ", f"{who(owner)}'s bench"
    moved_ja = f"プットされたカード{len(cards)}枚も一緒に移動します。" if cards else ""
    moved_en = f" The {count_en(len(cards))} put under it {'moves' if len(cards) == 1 else 'move'} with it." if cards else ""
    events.append(
        Event(
            T(
                f"{who(seat)}は{source_ja}から{char_ja(cid)}をテイクしました({items_ja(items)})。{moved_ja}",
                f"{who(seat)} takes {char_en(cid)} ({items_en(items)}) from {source_en}.{moved_en}",
            ),
            data={"kind": "character", "seat": seat, "character": cid, "from": owner},
        )
    )
    if cards:
        kinds = [card["kind"] for card in cards]
        events.append(
            Event(
                T(
                    f"{char_ja(cid)}にプットされているカード: {items_ja(kinds)}",
                    f"The cards put under {char_en(cid)}: {items_en(kinds)}.",
                ),
                seat=seat,
                data={"kind": "put_seen", "character": cid, "cards": kinds},
            )
        )
