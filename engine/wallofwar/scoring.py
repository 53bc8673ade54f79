"""Victory points and the result: most points wins, then most medals; still tied, all of them win."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.texts import plural
from engine.core.types import Event, Outcome, T
from engine.wallofwar.cards import CARDS
from engine.wallofwar.labels import who

LIGHT_VP = 1


def points(state: Mapping[str, Any], seat: int) -> int:
    """Sum of the seat's cards; Lightweight makes each 1-point card (itself too) worth double."""
    cards = [*state["hands"][seat], *state["shown"][seat]]
    light = any(CARDS.card(card).ability == "keiryou" for card in state["shown"][seat])
    return sum(CARDS.card(card).vp * (2 if light and CARDS.card(card).vp == LIGHT_VP else 1) for card in cards)


def standings(state: Mapping[str, Any]) -> list[tuple[int, int]]:
    return [(points(state, seat), state["medals"][seat]) for seat in range(state["players"])]


def outcome(state: Mapping[str, Any]) -> Outcome | None:
    if state["phase"] != "over":
        return None
    keys = standings(state)
    ranks = Outcome.ranks_from_scores(list(keys))
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    names = "、".join(who(seat) for seat in winners)
    names_en = ", ".join(who(seat) for seat in winners)
    best = keys[winners[0]]
    summary = T(
        f"{names}の勝利!(勝利点{best[0]}、軍資金{best[1]})",
        f"{names_en} win{'s' if len(winners) == 1 else ''}! ({plural(best[0], 'point')}, {plural(best[1], 'medal')})",
    )
    return Outcome(ranks, "score", summary, tuple(float(key[0]) for key in keys), T("勝利点", "victory points"))


def final_events(state: Mapping[str, Any]) -> list[Event]:
    """The closing lines: every seat's points and medals, public now that the game is over."""
    events = [
        Event(
            T("山札が尽きたため、ゲーム終了です。", "The deck has run out: the game is over."),
            data={"kind": "end"},
        )
    ]
    for seat, (score, medals) in enumerate(standings(state)):
        events.append(
            Event(
                T(
                    f"{who(seat)}: 勝利点{score}、軍資金{medals}",
                    f"{who(seat)}: {plural(score, 'point')}, {plural(medals, 'medal')}",
                ),
                data={"kind": "score", "seat": seat, "points": score, "medals": medals},
            )
        )
    return events
