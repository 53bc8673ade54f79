"""Wall of War: queue at the circles of a doujinshi fair, use the loot's abilities, buy, collect points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import Game, OptionSpec, choice
from engine.core.rng import Rng
from engine.core.texts import plural
from engine.core.types import Action, Decision, Event, Outcome, T, Text
from engine.wallofwar import abilities_lines, actions, colours, flow, hidden, purchase, scoring, views
from engine.wallofwar.abilities import STOPPED_BY_INSPECTION
from engine.wallofwar.board import State, price
from engine.wallofwar.cards import CARDS
from engine.wallofwar.labels import ability_en, ability_ja, who

FIRST_RANDOM = "random"
ANSWERS = {"rain": {"rain", "allow"}, "limit": {"drop"}, "funnel": {"fq"}, "kuji": {"ab", "skip"}}


class WallOfWar(Game):
    id = "wallofwar"
    name = T("ウォール・オブ・ウォー", "Wall of War")
    player_counts = (3, 4, 5)
    options = (
        OptionSpec(
            "first",
            T("最初のターンプレイヤー", "First turn player"),
            (
                choice(FIRST_RANDOM, "ランダム", "Random"),
                *(choice(str(seat), f"{seat}番目の席", f"Seat {seat}") for seat in range(1, 6)),
            ),
            FIRST_RANDOM,
            (("4", (4, 5)), ("5", (5,))),
        ),
        OptionSpec(
            "colours",
            T("購入者カードの色", "Purchaser colours"),
            (
                choice(colours.CHOOSE, "各自が選ぶ(最初のターンプレイヤーから)", "Each player picks (first player first)"),
                choice(colours.BY_SEAT, "席順で決める(赤・青・黄・緑・紫)", "By seat order (red, blue, yellow, green, purple)"),
            ),
            colours.CHOOSE,
        ),
    )
    summary = T(
        "同人誌即売会の一般参加者になり、サークルの列に並んで戦利品を集める3〜5人用カードゲーム。勝利点の最も多い人の勝ち。",
        "A 3–5 player card game: queue at a doujinshi fair's circles, use your loot's abilities, "
        "and collect the most points.",
    )

    def new_state(self, players: int, seed: int, options: Mapping[str, str]) -> dict[str, Any]:
        first = options.get("first", FIRST_RANDOM)
        given = colours.by_seat(players) if options.get("colours", colours.CHOOSE) == colours.BY_SEAT else None
        return flow.new_state(players, seed, None if first == FIRST_RANDOM else int(first) - 1, given)

    def pending(self, state: Mapping[str, Any]) -> tuple[Decision, ...]:
        return actions.decisions(state)

    def legal_actions(self, state: Mapping[str, Any], seat: int) -> tuple[Action, ...]:
        return actions.legal_actions(state, seat)

    def _apply(self, state: dict[str, Any], seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        notation = action.notation
        if state["asks"]:
            self._answer(state, seat, notation, events)
        elif state["phase"] == colours.PHASE:
            colours.pick(state, seat, notation[len(colours.PREFIX) :], events)
        elif state["phase"] == "queue":
            flow.place(state, seat, int(notation[2:]) - 1, events)
        elif state["phase"] == "ability":
            state["step"] += 1
            if notation == "pass":
                events.append(
                    Event(
                        T(f"{who(seat)}はパスしました。", f"{who(seat)} passes."),
                        data={"kind": "ability_pass", "seat": seat},
                    )
                )
            else:
                flow.use_ability(state, self._use(state, seat, notation, None), events)
        elif notation == "buy":
            purchase.buy(state, seat, events)
        else:
            purchase.pass_turn(state, seat, events)
        flow.advance(state, events)
        return events

    def _answer(self, state: State, seat: int, notation: str, events: list[Event]) -> None:
        """An answer to the pending ask; asks it raises go before the ones already waiting."""
        ask = state["asks"][0]
        if ask["t"] == "rain":
            flow.answer_rain(state, seat, notation == "rain", events)
            return
        state["asks"].pop(0)
        rest, state["asks"] = state["asks"], []
        if ask["t"] == "limit":
            abilities_lines.drop_one(state, seat, ask["circle"], notation.split(":")[1], events)
        elif ask["t"] == "funnel":
            flow.answer_funnel(state, ask, None if notation == "fq:no" else int(notation[3:]) - 1, events)
        else:
            use = (
                None if notation == "skip" else {**self._use(state, seat, notation, ask["this"]), "aside": ask["card"]}
            )
            flow.answer_kuji(state, ask, use, events)
        state["asks"].extend(rest)

    @staticmethod
    def _use(state: State, seat: int, notation: str, this: str | None) -> dict[str, Any]:
        """The use record of a legal `ab:` notation; `this` is Lucky Draw's card for a revealed ability."""
        _, card, *args = notation.split(":")
        own = this or card
        option = actions.find_option(state, seat, card, own, tuple(args))
        return {
            "seat": seat,
            "card": card,
            "this": own,
            "args": list(args),
            "labels": [step.label for step in option.steps],
        }

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def outcome(self, state: Mapping[str, Any]) -> Outcome | None:
        return scoring.outcome(state)

    def standings(self, state: Mapping[str, Any]) -> list[tuple]:
        return list(scoring.standings(state))

    def resample(self, state: Mapping[str, Any], seat: int | None, rng: Rng) -> dict[str, Any]:
        return hidden.resample(state, seat, rng)

    def explain_illegal(self, state: Mapping[str, Any], seat: int, notation: str) -> Text:
        return explain(state, seat, notation)


def explain(state: Mapping[str, Any], seat: int, notation: str) -> Text:
    """A specific reason for the common mistakes; the generic sentence otherwise."""
    phase = state["phase"]
    head, _, rest = notation.partition(":")
    if phase == colours.PHASE or notation.startswith(colours.PREFIX):
        return colours.explain(state, notation)
    if state["asks"] and head not in ANSWERS[state["asks"][0]["t"]]:
        return T(
            "先に割り込みの選択(【雨】・一限・ファンネル・一番くじ)を片付けてください。",
            "First the pending interruption (Rain, One per Person, Funnel, Lucky Draw) must be answered.",
        )
    if head == "q" and phase != "queue":
        return T("今は行列の時間ではありません。", "It is not the queueing phase.")
    if head == "q" and not (rest.isdigit() and 1 <= int(rest) <= len(state["circles"])):
        return T(f"サークルは1〜{len(state['circles'])}です。", f"Circles are numbered 1 to {len(state['circles'])}.")
    if notation == "buy" and phase == "purchase" and not state["asks"]:
        cost = price(state, purchase.current(state), seat)
        return T(f"購入には軍資金{cost}が必要です。", f"Buying needs {plural(cost, 'medal')}.")
    if head == "ab":
        card_id = rest.split(":")[0]
        if phase != "ability" and not state["asks"]:
            return T("特殊能力は【3.特殊能力使用】でのみ使えます。", "Abilities are used only in the ability phase.")
        if card_id not in CARDS.cards:
            return T(f"「{card_id}」というカードはありません。", f"There is no card “{card_id}”.")
        card = CARDS.card(card_id)
        in_kuji = bool(state["asks"]) and state["asks"][0].get("card") == card_id
        if card_id not in state["hands"][seat] and not in_kuji:
            return T("そのカードを伏せて持っていません。", "You do not hold that card face down.")
        if card.always_on:
            return T("常時効果のカードは使用できません。", "An always-on card cannot be used.")
        if card.ability == "ame":
            return T(
                "【雨】は他のプレイヤーが特殊能力を使ったときにだけ使えます。",
                "Rain is only used when another player uses an ability.",
            )
        if card.cost > state["medals"][seat]:
            return T(f"コストとして軍資金{card.cost}が必要です。", f"Its cost is {plural(card.cost, 'medal')}.")
        if state["inspect"] and card.ability in STOPPED_BY_INSPECTION:
            return T(
                f"一斉点検により、このターン{ability_ja(card.ability)}は使えません。",
                f"Floor Inspection stops {ability_en(card.ability)} for the rest of this turn.",
            )
        return T("その対象は選べません。", "That target cannot be chosen.")
    if notation == "rain":
        return T(
            "【雨】を使えません(持っていない、軍資金が足りない、または他の特殊能力を使用済み)。",
            "You cannot use Rain now (no Rain card, not enough medals, or another ability used this turn).",
        )
    return T(f"「{notation}」は今は指せません。", f"“{notation}” is not a legal action now.")


GAME = WallOfWar()
