"""Walpurgis as a Game: the contract's methods wired to the rule modules of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import Game, OptionSpec, choice
from engine.core.rng import Rng
from engine.core.types import Action, Choice, Decision, Event, Outcome, T, Text
from engine.walpurgis import actions, choosing, explain, flow, hidden, victory, views
from engine.walpurgis.decks import STARTERS

FIRST_RANDOM = "random"
DECK_OPTIONS = ("deck1", "deck2")


def deck_option(key: str, number: int) -> OptionSpec:
    private = Choice(choosing.CHOOSE, T("各自が非公開で選ぶ", "Each player chooses privately"))
    return OptionSpec(
        key,
        T(f"{number}番目の席のデッキ", f"Seat {number}'s deck"),
        (private, *(Choice(starter.key, T(f"{starter.name.ja}(公開)", f"{starter.name.en} (open)")) for starter in STARTERS.values())),
        choosing.CHOOSE,
    )


class Walpurgis(Game):
    """Stateless rules object; every rule lives in the package's modules, this class only routes to them."""

    id = "walpurgis"
    name = T("ヴァルプルギス", "Walpurgis")
    player_counts = (2,)
    options = (
        deck_option("deck1", 1),
        deck_option("deck2", 2),
        OptionSpec(
            "first",
            T("先攻", "First player"),
            (choice(FIRST_RANDOM, "ランダム", "Random"), choice("1", "1番目の席", "Seat 1"), choice("2", "2番目の席", "Seat 2")),
            FIRST_RANDOM,
        ),
        OptionSpec(
            "copies",
            T("同名カードの枚数制限", "Copies of one card"),
            (
                choice("4", "4枚まで(公式)", "Up to 4 (standard)"),
                choice("3", "3枚まで", "Up to 3"),
                choice("2", "2枚まで", "Up to 2"),
                choice("1", "1枚まで", "Only 1"),
                choice("none", "制限なし", "No limit"),
            ),
            "4",
        ),
        OptionSpec(
            "opening",
            T("先攻の初期配置", "First player's initial placement"),
            (choice("free", "任意のマス", "Any square"), choice("no3c", "大会ルール: 3c(中央)以外", "Tournament: not 3c (the centre)")),
            "free",
        ),
        OptionSpec(
            "first_turn",
            T("先攻の最初のターン", "First player's first turn"),
            (choice("free", "制限なし", "No restriction"), choice("no_down", "大会ルール: 裏向きの配置不可", "Tournament: no face-down placement")),
            "free",
        ),
    )
    summary = T(
        "5×5の場に陣と弾幕を配置して連鎖と迎撃で競う2人用TCG。場が陣で埋まったとき陣の多い方の勝ち。",
        "A 2-player card game of jin and danmaku on a 5×5 field, with chains and interceptions. When the "
        "field is full of jin, whoever owns more wins.",
    )

    def new_state(self, players: int, seed: int, options: Mapping[str, str]) -> dict[str, Any]:
        decks = [options.get(key, choosing.CHOOSE) for key in DECK_OPTIONS]
        chosen = [None if value == choosing.CHOOSE else STARTERS[value].cards for value in decks]
        first = options.get("first", FIRST_RANDOM)
        settings = {key: options.get(key, default) for key, default in (("copies", "4"), ("opening", "free"), ("first_turn", "free"))}
        public = [None if value == choosing.CHOOSE else value for value in decks]
        return flow.new_state(seed, chosen, None if first == FIRST_RANDOM else int(first) - 1, settings, public)

    def pending(self, state: Mapping[str, Any]) -> tuple[Decision, ...]:
        return actions.decisions(state)

    def legal_actions(self, state: Mapping[str, Any], seat: int) -> tuple[Action, ...]:
        return actions.legal_actions(state, seat)

    def _apply(self, state: dict[str, Any], seat: int, action: Action) -> list[Event]:
        return actions.apply(state, seat, action.notation)

    def typed_action(self, state: Mapping[str, Any], seat: int, notation: str) -> Action | None:
        return choosing.typed(state, seat, notation)

    def explain_illegal(self, state: Mapping[str, Any], seat: int, notation: str) -> Text:
        return explain.why(state, seat, notation)

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def outcome(self, state: Mapping[str, Any]) -> Outcome | None:
        return victory.outcome(state)

    def standings(self, state: Mapping[str, Any]) -> list[tuple]:
        return victory.standings(state)

    def resample(self, state: Mapping[str, Any], seat: int | None, rng: Rng) -> dict[str, Any]:
        return hidden.resample(state, seat, rng)


GAME = Walpurgis()
