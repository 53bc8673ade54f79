"""The four ways a game ends: 処刑 (execution), 建国 (nation founded), 終戦 (end of the war), 滅亡 (ruin).

Each sets `state["result"]` once (`{"winner": seat or None, "reason": ...}`) and the phase to `over`;
whatever ends the game first stands. 建国 is checked each time a card is placed into either kingdom,
never when cards leave one (conscription from the kingdom does not trigger it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.types import Event, Outcome, T, Text
from engine.artofwar.board import State, kingdom_total, other
from engine.artofwar.cards import BASIC
from engine.artofwar.labels import card_en, card_ja, who

NATION_KINDS = 4
"""Leading in this many of the five kinds founds the nation."""


def over(state: Mapping[str, Any]) -> bool:
    return state["result"] is not None


def finish(state: State, winner: int | None, reason: str, events: list[Event], text: Text) -> None:
    state["result"] = {"winner": winner, "reason": reason}
    state["phase"] = "over"
    state["chain"] = []
    state["conscript"] = None
    events.append(Event(text, data={"kind": "result", "winner": winner, "reason": reason}))


def leads(state: Mapping[str, Any], seat: int) -> list[str]:
    """The basic kinds of which `seat` has more cards in its kingdom than the opponent."""
    mine, theirs = state["kingdom"][seat], state["kingdom"][other(seat)]
    return [kind for kind in BASIC if mine.get(kind, 0) > theirs.get(kind, 0)]


def check_nation(state: State, events: list[Event]) -> None:
    """建国: after a card went into a kingdom, a player leading in 4 (or all 5) kinds wins."""
    if over(state):
        return
    for seat in (0, 1):
        led = leads(state, seat)
        if len(led) >= NATION_KINDS:
            names_ja = "・".join(card_ja(kind) for kind in led)
            names_en = ", ".join(card_en(kind) for kind in led)
            finish(
                state,
                seat,
                "nation",
                events,
                T(
                    f"建国! {who(seat)}の王国エリアは{names_ja}の{len(led)}種類で上回りました。{who(seat)}の勝利です。",
                    f"Nation founded! {who(seat)}'s kingdom leads in {len(led)} kinds ({names_en}). {who(seat)} wins.",
                ),
            )
            return


def execute(state: State, winner: int, captured: bool, events: list[Event]) -> None:
    """処刑: the opponent's KING was destroyed or captured."""
    loser = other(winner)
    how_ja, how_en = ("捕獲", "captured") if captured else ("墓地送りに", "destroyed")
    finish(
        state,
        winner,
        "execution",
        events,
        T(
            f"処刑! {who(loser)}のKINGが{how_ja}されました。{who(winner)}の勝利です。",
            f"Execution! {who(loser)}'s KING is {how_en}. {who(winner)} wins.",
        ),
    )


def ruin(state: State, loser: int, events: list[Event]) -> None:
    """滅亡: conscription cannot deploy two units."""
    winner = other(loser)
    finish(
        state,
        winner,
        "ruin",
        events,
        T(
            f"滅亡! {who(loser)}は徴兵で2体のユニットを展開できません。{who(winner)}の勝利です。",
            f"Ruin! {who(loser)} cannot conscript two units. {who(winner)} wins.",
        ),
    )


def armistice(state: State, events: list[Event]) -> None:
    """終戦: both decks are empty at a turn's end. More kingdom cards wins, then fewer in the graveyard;
    else the game is drawn (the only draw)."""
    kingdoms = [kingdom_total(state, seat) for seat in (0, 1)]
    graves = [len(state["grave"][seat]) for seat in (0, 1)]
    counts_ja = f"王国エリア{kingdoms[0]}対{kingdoms[1]}、墓地{graves[0]}対{graves[1]}"
    counts_en = f"kingdoms {kingdoms[0]}–{kingdoms[1]}, graveyards {graves[0]}–{graves[1]}"
    if kingdoms[0] != kingdoms[1]:
        winner = 0 if kingdoms[0] > kingdoms[1] else 1
        text = T(
            f"終戦: 両者の山札が尽きました({counts_ja})。王国エリアの枚数が多い{who(winner)}の勝利です。",
            f"End of the war: both decks are empty ({counts_en}). {who(winner)} wins with more cards in the kingdom.",
        )
    elif graves[0] != graves[1]:
        winner = 0 if graves[0] < graves[1] else 1
        text = T(
            f"終戦: 両者の山札が尽きました({counts_ja})。王国エリアが同数で墓地の少ない{who(winner)}の勝利です。",
            f"End of the war: both decks are empty ({counts_en}). {who(winner)} wins with equal kingdoms "
            "and fewer cards in the graveyard.",
        )
    else:
        text = T(
            f"終戦: 両者の山札が尽きました({counts_ja})。引き分けです。",
            f"End of the war: both decks are empty ({counts_en}). The game is drawn.",
        )
        finish(state, None, "armistice", events, text)
        return
    finish(state, winner, "armistice", events, text)


KINGDOM = T("王国エリアのカード", "cards in the kingdom")
"""What ART OF WAR's outcome scores count."""

SUMMARIES = {
    "execution": T("{w}が処刑(相手のKINGを撃破)で勝利しました。", "{w} won by execution (the enemy KING fell)."),
    "nation": T("{w}が建国(王国エリアで4種類が上回る)で勝利しました。", "{w} won by founding the nation (leading in 4 kinds)."),
    "armistice": T("{w}が終戦の判定で勝利しました。", "{w} won when the war ended (both decks empty)."),
    "ruin": T("{w}が勝利しました(相手が滅亡)。", "{w} won: the opponent was ruined."),
}


def outcome(state: Mapping[str, Any]) -> Outcome | None:
    result = state["result"]
    if result is None:
        return None
    scores = tuple(float(kingdom_total(state, seat)) for seat in (0, 1))
    winner = result["winner"]
    if winner is None:
        return Outcome((1, 1), "draw", T("終戦: 王国エリアも墓地も同数で引き分けです。", "End of the war: drawn on equal kingdoms and graveyards."), scores, KINGDOM)
    template = SUMMARIES[result["reason"]]
    summary = T(template.ja.replace("{w}", who(winner)), template.en.replace("{w}", who(winner)))
    return Outcome((1, 2) if winner == 0 else (2, 1), result["reason"], summary, scores, KINGDOM)


def standings(state: Mapping[str, Any]) -> list[tuple]:
    """For a game ended early: cards in the kingdom, then fewer in the graveyard (the 終戦 order)."""
    return [(kingdom_total(state, seat), -len(state["grave"][seat])) for seat in (0, 1)]

