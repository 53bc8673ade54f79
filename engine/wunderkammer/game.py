"""Wunderkammer (ヴンダーカンマー) as a Game: the contract's methods wired to this package's rule modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import Game, OptionSpec, choice
from engine.core.rng import Rng
from engine.core.types import Action, Decision, Event, Outcome, T, Text
from engine.wunderkammer import actions, explain, flow, hidden, play, refill, scoring, setup, take, views
from engine.wunderkammer.board import line_kind
from engine.wunderkammer.cards import EDITION
from engine.wunderkammer.labels import who

FIRST_RANDOM = "random"
FULL = "full"
SIMPLE = "simple"


class Wunderkammer(Game):
    """Stateless rules object; every rule lives in the package's modules, this class only routes to them."""

    id = "wunderkammer"
    name = T("ヴンダーカンマー", "Wunderkammer")
    player_counts = (2, 3, 4)
    options = (
        OptionSpec(
            "abilities",
            T("キャラクターの能力", "Character abilities"),
            (
                choice(FULL, "すべて使う", "All abilities"),
                choice(SIMPLE, "シンプルプレイ(1〜4番の『プレイ』能力のみ)", "Simple play (only the Play abilities of 1–4)"),
            ),
            FULL,
        ),
        OptionSpec(
            "first",
            T("スタートプレイヤー", "Start player"),
            (
                choice(FIRST_RANDOM, "ランダム", "Random"),
                *(choice(str(seat), f"{seat}番目の席", f"Seat {seat}") for seat in range(1, 5)),
            ),
            FIRST_RANDOM,
            (("3", (3, 4)), ("4", (4,))),
        ),
    )
    summary = T(
        "不思議なアイテムを集めるヴンダーカンマーのオーナーになる2〜4人用デッキ構築ライクゲーム。"
        "招かれたキャラクターがアイテムの価値を決め、価値の合計が最も高い人の勝ち。",
        "A 2–4 player deck-building-like card game: collect curious items for your cabinet of wonders. "
        "The characters you invite decide what the items are worth; the most valuable collection wins.",
    )

    def new_state(self, players: int, seed: int, options: Mapping[str, str]) -> dict[str, Any]:
        first = options.get("first", FIRST_RANDOM)
        simple = options.get("abilities", FULL) == SIMPLE
        return setup.new_state(players, seed, None if first == FIRST_RANDOM else int(first) - 1, simple)

    def pending(self, state: Mapping[str, Any]) -> tuple[Decision, ...]:
        return actions.decisions(state)

    def legal_actions(self, state: Mapping[str, Any], seat: int) -> tuple[Action, ...]:
        return actions.legal_actions(state, seat)

    def _apply(self, state: dict[str, Any], seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        head, *args = action.notation.split(":")
        step = state["step"]
        if head == "play":
            self._play(state, seat, int(args[0]) - 1, args[1], events)
        elif head == "as":
            pick, state["pick"] = state["pick"], None
            play.play(state, seat, pick["line"], pick["piece"], args[0], events)
        elif head == "back":
            state["pick"] = None
        elif head == "trash" and not args:
            state["pick"] = {"t": "trash"}
        elif head == "trash" and step == "refill":
            state["pick"] = None
            refill.trash_before_draw(state, seat, args[0], events)
        elif head == "trash" and args[0].startswith("line"):
            state["pick"] = None
            play.trash_line(state, seat, int(args[0][4:]) - 1, events)
        elif head == "trash":
            state["pick"] = None
            play.trash_hand(state, seat, args[0], events)
        elif head == "done":
            flow.end_play(state, seat, events)
        elif head == "take":
            take.take_item(state, seat, args[0], events)
        elif head == "put" and not args:
            state["pick"] = {"t": "put"}
        elif head == "put":
            state["pick"] = None
            take.put(state, seat, args[0], args[1], events)
        elif head == "char":
            take.take_character(state, seat, args[0], events)
            state["step"] = "refill"
        elif head == "skip":
            self._skip(state, seat, step, events)
        elif head == "shuffle":
            refill.shuffle_and_draw(state, seat, events)
            state["step"] = "end"
        else:
            refill.draw_only(state, seat, events)
            state["step"] = "end"
        flow.advance(state, events)
        return events

    @staticmethod
    def _play(state: dict[str, Any], seat: int, index: int, piece: str, events: list[Event]) -> None:
        """A hand card goes on at once, as does the joker or a character onto a line holding an item;
        onto an empty line they wait for the choice of the item they stand for."""
        held = line_kind(state["seats"][seat]["lines"][index], state["played"][index])
        if piece in EDITION.items or held is not None:
            play.play(state, seat, index, piece, piece if piece in EDITION.items else held, events)
        else:
            state["pick"] = {"t": "as", "line": index, "piece": piece}

    @staticmethod
    def _skip(state: dict[str, Any], seat: int, step: str, events: list[Event]) -> None:
        following = {"take": "set", "put": "char", "char": "refill"}
        state["step"] = following[step]
        texts = {
            "take": T(f"{who(seat)}はアイテムをテイクしませんでした。", f"{who(seat)} takes no item."),
            "put": T(f"{who(seat)}はプットしませんでした。", f"{who(seat)} puts nothing."),
            "char": T(f"{who(seat)}はキャラクターをテイクしませんでした。", f"{who(seat)} takes no character."),
        }
        events.append(Event(texts[step], data={"kind": "skip", "seat": seat, "step": step}))

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def outcome(self, state: Mapping[str, Any]) -> Outcome | None:
        return scoring.outcome(state)

    def standings(self, state: Mapping[str, Any]) -> list[tuple]:
        return list(scoring.standings(state))

    def resample(self, state: Mapping[str, Any], seat: int | None, rng: Rng) -> dict[str, Any]:
        return hidden.resample(state, seat, rng)

    def parse(self, state: Mapping[str, Any], seat: int, notation: str) -> Action:
        """Case-insensitive for items ("play:3:h5" finds "play:3:H5"), as players type them either way."""
        wanted = notation.strip().lower()
        for action in self.legal_actions(state, seat):
            if action.notation.lower() == wanted:
                return action
        return super().parse(state, seat, notation)

    def explain_illegal(self, state: Mapping[str, Any], seat: int, notation: str) -> Text:
        return explain.why(state, seat, notation)


GAME = Wunderkammer()
