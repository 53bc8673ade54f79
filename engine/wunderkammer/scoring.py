"""Scoring (得点計算) and the result.

Each character on anyone's bench gives 1 point to each of its 4 items and to each item put under it that
is not among them, at most 1 point per character per item kind; an item nobody favours is worth 0. Each
player scores every card in their deck, trash, hand and lines at its kind's value, plus direct points
from scoring abilities. Ties (this project's rule, the rulebook names none): more characters on the
bench wins; still tied, the tied players share the victory. A game stuck for 5 rounds is scored the
same way (see engine/wunderkammer/flow.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.texts import plural
from engine.core.types import Event, Outcome, T
from engine.wunderkammer.board import STALL_ROUNDS, bench, cards_of, is_active
from engine.wunderkammer.cards import EDITION
from engine.wunderkammer.labels import who


def favoured(state: Mapping[str, Any], cid: str, seen_by: int | None = None, every_put: bool = True) -> set[str]:
    """The kinds a benched character adds 1 point to: its 4 items and its put cards (all of them, or
    only those `seen_by` has seen when `every_put` is False)."""
    kinds = set(EDITION.character(cid).items)
    for card in state["puts"][cid]:
        if every_put or seen_by in card["seen"]:
            kinds.add(card["kind"])
    return kinds


def values(state: Mapping[str, Any], seen_by: int | None = None, every_put: bool = True) -> dict[str, int]:
    """Each kind's point value: one per benched character favouring it."""
    result = {kind: 0 for kind in EDITION.items}
    for cid, owner in state["owner"].items():
        if owner is None:
            continue
        for kind in favoured(state, cid, seen_by, every_put):
            result[kind] += 1
    return result


def direct_points(state: Mapping[str, Any], seat: int) -> int:
    """Points scoring abilities give their owner outright."""
    mine = bench(state, seat)
    total = 0
    for cid in mine:
        character = EDITION.character(cid)
        if character.ability.effect == "bench_points" and is_active(state, character):
            total += character.ability.amount * len(mine)
    return total


def counts(state: Mapping[str, Any], seat: int) -> dict[str, int]:
    """The seat's scoring cards by kind (the score sheet's row)."""
    found = {kind: 0 for kind in EDITION.items}
    for kind in cards_of(state, seat):
        found[kind] += 1
    return found


def points(state: Mapping[str, Any], seat: int) -> int:
    worth = values(state)
    return sum(worth[kind] * count for kind, count in counts(state, seat).items()) + direct_points(state, seat)


def standings(state: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Points, then characters on the bench: the sort keys of the result (larger is better)."""
    return [(points(state, seat), len(bench(state, seat))) for seat in range(state["players"])]


def outcome(state: Mapping[str, Any]) -> Outcome | None:
    if state["step"] != "over":
        return None
    keys = standings(state)
    ranks = Outcome.ranks_from_scores(list(keys))
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    best = keys[winners[0]]
    tied_on_points = sum(1 for key in keys if key[0] == best[0]) > 1
    names_ja = "、".join(who(seat) for seat in winners)
    names_en = " and ".join(who(seat) for seat in winners)
    if len(winners) > 1:
        summary = T(
            f"{names_ja}が{best[0]}点・キャラクター{best[1]}人で並び、勝利を分け合いました。",
            f"{names_en} share the victory with {plural(best[0], 'point')} and {plural(best[1], 'character')} each.",
        )
    elif tied_on_points:
        summary = T(
            f"{names_ja}の勝利!({best[0]}点で並び、ベンチのキャラクターが{best[1]}人で最多)",
            f"{names_en} wins! (tied on {plural(best[0], 'point')}, most characters on the bench: {best[1]})",
        )
    else:
        summary = T(f"{names_ja}の勝利!({best[0]}点)", f"{names_en} wins! ({plural(best[0], 'point')})")
    return Outcome(ranks, "score", summary, tuple(float(key[0]) for key in keys), T("得点", "points"))


def final_events(state: Mapping[str, Any], stalled: bool) -> list[Event]:
    """The closing lines: why the game ends and every player's points, public now."""
    worth = values(state)
    if stalled:
        text = T(
            f"{STALL_ROUNDS}ラウンドの間、誰もアイテムもキャラクターもテイクしませんでした。"
            "ゲームが進まないので得点計算です(このプロジェクトのルール)。",
            f"Nobody took an item or a character for {STALL_ROUNDS} whole rounds: the game cannot move on, "
            "so scoring follows (this project's rule).",
        )
    else:
        text = T(
            "共通の場からなくなったアイテムとキャラクターが規定数に達しました。得点計算です。",
            "Enough items and characters have left the common field: scoring.",
        )
    events = [Event(text, data={"kind": "end", "values": worth, "stalled": stalled})]
    for seat, (score, characters) in enumerate(standings(state)):
        events.append(
            Event(
                T(
                    f"{who(seat)}: {score}点(キャラクター{characters}人)。",
                    f"{who(seat)}: {plural(score, 'point')} ({plural(characters, 'character')}).",
                ),
                data={"kind": "score", "seat": seat, "points": score, "characters": characters},
            )
        )
    return events
