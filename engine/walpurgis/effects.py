"""The composable effect primitives card texts are built from, so that a new card is data, not code.

A sub-effect is a timing (B, D, A of 8.3; E at chain end, 8.3.9; T at turn end, 7.3.4) and a list of
steps such as `{"op": "draw", "n": 1}` or `{"op": "danmaku", "at": [[0, 2]]}` (squares relative to
the card, from its owner's side, as in the action matrix). A card may also carry a condition checked
by the activation check (8.2 ①), e.g. `{"hand_min": 3}`. Effects choose nothing: where a text says
"one", the rule picks it (the lowest square, the top card, a random hand card) so that every card
resolves without a question and the picker stays small.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.texts import plural
from engine.core.types import T, Text

TIMINGS = ("B", "D", "A", "E", "T")
TIMING_NAMES = {
    "B": Text("B", "B"),
    "D": Text("D", "D"),
    "A": Text("A", "A"),
    "E": Text("連鎖終了時", "Chain end"),
    "T": Text("ターン終了時", "Turn end"),
}
COUNTED = ("draw", "discard", "recover", "awaken", "salvage")
SQUARED = ("danmaku", "destroy", "reveal", "sleep")
OPS = (*COUNTED, *SQUARED, "move")
CONDITIONS = ("hand_min", "own_jin_min", "opp_jin_min", "behind_min", "discard_min", "deck_min")
Offset = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Effect:
    op: str
    n: int = 0
    at: tuple[Offset, ...] = ()
    to: Offset = (0, 0)


def _offset(value: Any, where: str) -> Offset:
    if not isinstance(value, list) or len(value) != 2 or not all(isinstance(v, int) and -4 <= v <= 4 for v in value):
        raise ValueError(f"{where}: a square is [right, forward], each from -4 to 4")
    if value == [0, 0]:
        raise ValueError(f"{where}: [0, 0] is the card itself")
    return value[0], value[1]


def check_effect(data: Any, where: str) -> Effect:
    if not isinstance(data, Mapping) or data.get("op") not in OPS:
        raise ValueError(f"{where}.op: must be one of {', '.join(OPS)}")
    op = data["op"]
    if op in COUNTED:
        n = data.get("n")
        if not isinstance(n, int) or not 1 <= n <= 5:
            raise ValueError(f"{where}.n: a count from 1 to 5")
        return Effect(op, n=n)
    if op == "move":
        return Effect(op, at=(_offset(data.get("from"), f"{where}.from"),), to=_offset(data.get("to"), f"{where}.to"))
    at = data.get("at")
    if not isinstance(at, list) or not at:
        raise ValueError(f"{where}.at: a non-empty list of [right, forward] squares")
    return Effect(op, at=tuple(_offset(value, f"{where}.at[{i}]") for i, value in enumerate(at)))


def check_condition(data: Any, where: str) -> dict[str, int]:
    if not isinstance(data, Mapping) or set(data) - set(CONDITIONS):
        raise ValueError(f"{where}: keys are {', '.join(CONDITIONS)}")
    for key, value in data.items():
        if not isinstance(value, int) or not 0 <= value <= 25:
            raise ValueError(f"{where}.{key}: a number from 0 to 25")
    return dict(data)


def where_text(offsets: tuple[Offset, ...]) -> Text:
    parts = [f"({right:+d},{forward:+d})" for right, forward in offsets]
    joined = " ".join(parts)
    return T(f"相対{joined}", f"relative {joined}")


def describe(effect: Effect) -> Text:
    """One step as a sentence; squares as (right, forward) from the owner's side."""
    n, at = effect.n, where_text(effect.at)
    texts = {
        "draw": T(f"{n}枚ドロウする。", f"Draw {plural(n, 'card')}."),
        "discard": T(f"対戦相手は手札から無作為に{n}枚捨てる。", f"Your opponent discards {plural(n, 'card')} at random."),
        "recover": T(f"自分の弾幕置き場の上から{n}枚を山札の下に置く。", f"Put the top {plural(n, 'card')} of your danmaku pile under your deck."),
        "awaken": T(f"自分の休眠状態の陣を{n}枚活動状態にする。", f"Wake {plural(n, 'dormant jin', 'dormant jin')} of yours (lowest square first)."),
        "salvage": T(f"自分の捨て札の上から{n}枚を手札に加える。", f"Take the top {plural(n, 'card')} of your discard pile into your hand."),
        "danmaku": T(f"{at.ja}に裏向きの弾幕を配置する。", f"Place face-down danmaku at {at.en}."),
        "destroy": T(f"{at.ja}の対戦相手の陣を捨て札置き場に置く。", f"Discard your opponent's jin at {at.en}."),
        "reveal": T(f"{at.ja}の自分の裏向きの弾幕を表向きにする。", f"Turn your face-down danmaku at {at.en} face up."),
        "sleep": T(f"{at.ja}の対戦相手の表向き縦向きの陣を休眠状態にする。", f"Put your opponent's face-up upright jin at {at.en} to sleep (dormant)."),
    }
    if effect.op == "move":
        to = where_text((effect.to,))
        return T(f"{at.ja}の弾幕をすべて{to.ja}に移す。", f"Move every danmaku at {at.en} to {to.en}.")
    return texts[effect.op]


def describe_condition(condition: Mapping[str, int]) -> Text:
    names = {
        "hand_min": ("自分の手札が{n}枚以上", "you hold {n}+ cards"),
        "own_jin_min": ("自分の陣が{n}枚以上", "you have {n}+ jin on the field"),
        "opp_jin_min": ("対戦相手の陣が{n}枚以上", "your opponent has {n}+ jin on the field"),
        "behind_min": ("自分の陣が対戦相手より{n}枚以上少ない", "you have at least {n} jin fewer than your opponent"),
        "discard_min": ("自分の捨て札が{n}枚以上", "your discard pile holds {n}+ cards"),
        "deck_min": ("自分の山札が{n}枚以上", "your deck holds {n}+ cards"),
    }
    ja = "、".join(names[key][0].format(n=value) for key, value in condition.items())
    en = ", ".join(names[key][1].format(n=value) for key, value in condition.items())
    return T(f"条件: {ja}。", f"Condition: {en}.")
