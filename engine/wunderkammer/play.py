"""Step 1, play (プレイ): cards from the hand, the joker, and playable characters onto the 5 lines, with
trashing of line and hand cards before and after.

A line holds one item. A card goes onto the line already holding its item, or onto an empty line when no
other line holds that item (same items always share a line, as the setup's reveal lays them). Each line
takes one play a turn, which may be several cards of its item: here they are laid one at a time, and
what a line held when the first card went onto it (`had`) is what the take-item sum counts. Played cards
lie sideways until Set; trashing moves only the cards already lined up. A trashed line goes whole:
the rules never reward keeping part of a line, and the trash scores like the line does.

Two choices come as a short follow-up (`state["pick"]`) instead of one button per possibility: which
item the joker or a character stands for on an empty line, and which card to trash. The picker shows
the same steps either way, and the turn's main menu stays a handful of buttons.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.types import Event, T
from engine.wunderkammer.board import LINES, State, line_kind, playable_characters
from engine.wunderkammer.cards import EDITION, Character
from engine.wunderkammer.effects import ANY
from engine.wunderkammer.labels import char_en, char_ja, count_en, item_en, item_ja, who

JOKER = "J"


def allowed_kinds(state: Mapping[str, Any], seat: int, index: int) -> list[str]:
    """The items that may be played onto line `index` now."""
    lines = state["seats"][seat]["lines"]
    played = state["played"]
    held = line_kind(lines[index], played[index])
    if held is not None:
        return [held]
    taken = {line_kind(lines[other], played[other]) for other in range(LINES) if other != index}
    return [kind for kind in EDITION.items if kind not in taken]


def pieces(state: Mapping[str, Any], seat: int, index: int) -> list[tuple[str, list[str]]]:
    """What may go onto one line, each with the items it may be played as.

    A hand card is its own item. The joker and playable characters stand for the line's item, or on an
    empty line for any item no other line holds (rulebook: 「手元の「ジョーカー」は好きなアイテムとして
    プレイすることができます」, 「アイテムが 0 枚のライン…には好きなアイテムをプレイすることができます」).
    There they often change little — they return at Set and the sum counts only cards already lined
    up — but the play is allowed, and it claims the line's item for the turn, so each item is its own
    choice.
    """
    return line_pieces(state, seat, index, list(playable_characters(state, seat)))


def line_pieces(
    state: Mapping[str, Any], seat: int, index: int, playable: list[Character]
) -> list[tuple[str, list[str]]]:
    """`pieces` with the seat's playable characters already read: the turn's listing asks for all five
    lines at once, and the bench is the same for each."""
    kinds = allowed_kinds(state, seat, index)
    purse = state["seats"][seat]
    found = [(kind, [kind]) for kind in dict.fromkeys(purse["hand"]) if kind in kinds]
    if purse["joker"] and kinds:
        found.append((JOKER, kinds))
    for character in playable:
        favoured = kinds if character.ability.items == ANY else [kind for kind in kinds if kind in character.items]
        if favoured:
            found.append((character.id, favoured))
    return found


def play(state: State, seat: int, index: int, piece: str, kind: str, events: list[Event]) -> None:
    purse = state["seats"][seat]
    entry = state["played"][index]
    if entry is None:
        entry = {"kind": kind, "cards": [], "joker": False, "chars": [], "had": len(purse["lines"][index])}
        state["played"][index] = entry
    if piece == JOKER:
        purse["joker"] = False
        entry["joker"] = True
        what_ja, what_en = f"ジョーカーを{item_ja(kind)}として", f"the joker as {item_en(kind)}"
    elif piece in EDITION.characters:
        entry["chars"].append(piece)
        what_ja, what_en = f"{char_ja(piece)}を{item_ja(kind)}として", f"{char_en(piece)} as {item_en(kind)}"
    else:
        purse["hand"].remove(kind)
        entry["cards"].append(kind)
        what_ja, what_en = f"{item_ja(kind)}を", item_en(kind)
    events.append(
        Event(
            T(
                f"{who(seat)}はライン{index + 1}に{what_ja}プレイしました。",
                f"{who(seat)} plays {what_en} onto line {index + 1}.",
            ),
            data={"kind": "play", "seat": seat, "line": index, "piece": piece, "item": kind},
        )
    )


def trash_hand(state: State, seat: int, kind: str, events: list[Event]) -> None:
    purse = state["seats"][seat]
    purse["hand"].remove(kind)
    purse["trash"].append(kind)
    events.append(
        Event(
            T(
                f"{who(seat)}は手札の{item_ja(kind)}をトラッシュに置きました。",
                f"{who(seat)} trashes {item_en(kind)} from their hand.",
            ),
            data={"kind": "trash", "seat": seat, "card": kind, "from": "hand"},
        )
    )


def trash_line(state: State, seat: int, index: int, events: list[Event]) -> None:
    """Every card lined up on line `index` goes to the trash, which empties the line for another item."""
    purse = state["seats"][seat]
    moved, purse["lines"][index] = purse["lines"][index], []
    purse["trash"] += moved
    events.append(
        Event(
            T(
                f"{who(seat)}はライン{index + 1}の{item_ja(moved[0])}{len(moved)}枚をトラッシュに置きました。",
                f"{who(seat)} trashes line {index + 1}: {count_en(len(moved))} of {item_en(moved[0])}.",
            ),
            data={"kind": "trash", "seat": seat, "card": moved[0], "from": "line", "line": index, "count": len(moved)},
        )
    )


def can_trash(state: Mapping[str, Any], seat: int) -> bool:
    purse = state["seats"][seat]
    return bool(purse["hand"]) or any(purse["lines"])


def set_cards(state: State, seat: int, events: list[Event]) -> None:
    """Step 3, set (セット): played cards join their lines; the joker and characters go back."""
    purse = state["seats"][seat]
    joined = []
    for index, entry in enumerate(state["played"]):
        if entry is None:
            continue
        purse["lines"][index] += entry["cards"]
        if entry["joker"]:
            purse["joker"] = True
        joined += entry["cards"]
    if any(state["played"]):
        events.append(
            Event(
                T(
                    f"セット: {who(seat)}のプレイしたカード{len(joined)}枚がラインに加わりました。",
                    f"Set: the {count_en(len(joined))} {who(seat)} played join their lines; "
                    "the joker and characters go back.",
                ),
                data={"kind": "set", "seat": seat},
            )
        )
    state["played"] = [None] * LINES
