"""The battlefields: squares, reach, and the back-row-moves-forward rule.

Each side has 2 rows × 3 columns. Squares are `a1 b1 c1` (front) and `a2 b2 c2` (back); columns are
lettered left to right as seen from seat 0's side, so seat 0's `b1` faces seat 1's `b1`, and seat 1's
own left is its column `c`. A unit is `{"card", "side", "dmg"}`: the card, whether it is turned
sideways, and the damage it has taken this turn.

A back-row unit with no front-row unit before it moves forward at once (強制), so a battlefield is always
kept "fallen in": every function that changes one ends with `fall_in`, and placements list only squares
where a unit stays.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.artofwar.cards import unit

State = dict[str, Any]
Field = dict[str, dict[str, Any]]

COLUMNS = "abc"
FRONT_ROW = tuple(f"{column}1" for column in COLUMNS)
BACK_ROW = tuple(f"{column}2" for column in COLUMNS)
SQUARES = FRONT_ROW + BACK_ROW
STANDBY_LIMIT = 5


def other(seat: int) -> int:
    return 1 - seat


def ahead(square: str) -> str:
    """The front-row square of the square's column."""
    return f"{square[0]}1"


def is_front(square: str) -> bool:
    return square[1] == "1"


def new_unit(card: str) -> dict[str, Any]:
    """A card placed on a battlefield: always upright (縦向き), undamaged."""
    return {"card": card, "side": False, "dmg": 0}


def fall_in(field: Field) -> list[tuple[str, str]]:
    """Move every back-row unit with an empty square before it forward; the moves made."""
    moved = []
    for back in BACK_ROW:
        front = ahead(back)
        if back in field and front not in field:
            field[front] = field.pop(back)
            moved.append((back, front))
    return moved


def placements(field: Mapping[str, Any]) -> list[str]:
    """Empty squares where a placed unit stays: any empty front square, a back square behind a unit."""
    return [square for square in SQUARES if square not in field and (is_front(square) or ahead(square) in field)]


def moved(field: Mapping[str, Any], source: str, target: str) -> Field:
    """The battlefield after the unit on `source` moves to `target` (swapping with a unit there)."""
    result: Field = {square: dict(card) for square, card in field.items()}
    mover = result.pop(source)
    if target in result:
        result[source] = result.pop(target)
    result[target] = mover
    fall_in(result)
    return result


def moves(field: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every move or swap, each distinct result once (a move into a back square with nobody before it ends
    where the move into the front square does: only that one is listed).

    A move that leaves the battlefield as it was (swapping equal units, or a front unit into the empty
    square behind it, from where it falls in again) is still the rulebook's move 「自分の戦場エリアに居る
    ユニット1体を自分の戦場内で好きな場所に移動させる」: it spends the arrange action or the PRIEST, so it
    is listed too, once."""
    return list(distinct_moves(shape(field)))


def shape(field: Mapping[str, Any]) -> tuple[int, ...]:
    """Per square, 0 when empty, else the number of the first unit equal to the one there.

    Which moves are distinct depends only on where units stand and which of them are equal (card,
    side and damage alike), so this small key recurs all game long where the units themselves do not."""
    seen: dict[tuple, int] = {}
    return tuple(
        seen.setdefault((field[square]["card"], field[square]["side"], field[square]["dmg"]), len(seen) + 1)
        if square in field else 0
        for square in SQUARES
    )


@lru_cache(maxsize=None)
def distinct_moves(key: tuple[int, ...]) -> tuple[tuple[str, str], ...]:
    """`moves` for a battlefield given by its `shape`: each unit stands for its class of equal units."""
    field = {square: new_unit(str(unit_class)) for square, unit_class in zip(SQUARES, key) if unit_class}
    seen: set[tuple] = set()
    result = []
    for source in SQUARES:
        if source not in field:
            continue
        for target in SQUARES:
            if target == source:
                continue
            after = canonical(moved(field, source, target))
            if after not in seen:
                seen.add(after)
                result.append((source, target))
    return tuple(result)


def canonical(field: Mapping[str, Any]) -> tuple:
    return tuple(sorted((square, card["card"], card["side"], card["dmg"]) for square, card in field.items()))


def reach(card: str, king_id: str, seat: int, square: str) -> list[str]:
    """The enemy squares in the reach of `card` standing on `seat`'s `square` (occupied or not)."""
    return list(_reach(unit(card, king_id).reach, seat, square))


@lru_cache(maxsize=None)
def _reach(offsets: tuple[tuple[int, int], ...], seat: int, square: str) -> tuple[str, ...]:
    """`reach` from the unit's printed offsets, worked out once per square.

    Depth counts from the own back row (0) through the own front row (1) to the enemy front (2) and
    back (3) rows; offsets that land on the own side reach no enemy. Seat 1 faces the other way, so its
    right is seat 0's left."""
    depth = 1 if is_front(square) else 0
    column = COLUMNS.index(square[0])
    facing = 1 if seat == 0 else -1
    found = []
    for dx, dy in offsets:
        row = depth + dy
        target = column + facing * dx
        if row in (2, 3) and 0 <= target < len(COLUMNS):
            found.append(f"{COLUMNS[target]}{row - 1}")
    return tuple(sorted(set(found), key=SQUARES.index))


def defence(state: Mapping[str, Any], seat: int, square: str) -> int:
    """The unit's defence as it stands now: upright or sideways."""
    placed = state["field"][seat][square]
    return unit(placed["card"], state["kings"][seat]).defence[1 if placed["side"] else 0]


def attack_value(state: Mapping[str, Any], seat: int, square: str) -> int:
    """The attack the unit would have if it attacked now: printed (or, for a SOLDIER, the hand size)
    plus the SOLDIER supports resolved for this seat this turn."""
    card = state["field"][seat][square]["card"]
    printed = unit(card, state["kings"][seat]).attack
    base = len(state["hand"][seat]) if printed is None else printed
    return base + (state["boost"] if state["turn"] == seat else 0)


def targets(state: Mapping[str, Any], seat: int, square: str) -> list[str]:
    """Enemy units the unit on `square` may attack."""
    enemy = state["field"][other(seat)]
    card = state["field"][seat][square]["card"]
    return [target for target in _reach(unit(card, state["kings"][seat]).reach, seat, square) if target in enemy]


def kingdom_total(state: Mapping[str, Any], seat: int) -> int:
    return sum(state["kingdom"][seat].values())


def take(state: State, seat: int, card: str) -> None:
    """A card leaves the seat's hand; the opponent's knowledge of that hand shrinks with it."""
    state["hand"][seat].remove(card)
    if card in state["known"][seat]:
        state["known"][seat].remove(card)


def give(state: State, seat: int, card: str, seen: bool) -> None:
    """A card joins the seat's hand (kept sorted: the order of a hand tells nothing). `seen`: it came
    from the table, so the opponent knows it is there."""
    state["hand"][seat].append(card)
    state["hand"][seat].sort()
    if seen:
        state["known"][seat].append(card)
        state["known"][seat].sort()
