"""Who decides now, what they may do, and the text notation for it.

Notation (every key also appears as a picker step):
  colour:red          setup: take the red purchaser cards (red, blue, yellow, green, purple)
  q:2                 queue a purchaser card at circle 2
  ab:c07:2            use card c07's ability, targets after it: a circle `2`, a purchaser card `2.1`
                      (circle 2, first in line), a player `p3` (seat 3), a card `c12`, or `stay`
  pass                no ability this turn (ability phase) / let the line move on (purchase phase)
  buy                 buy the current circle at its price
  rain / allow        answer another player's ability: cancel it with Rain, or let it through
  drop:front|back     One per Person: which of your two cards leaves the line
  fq:3 / fq:no        Funnel: rejoin at the back of circle 3, or stay home
  ab:… / skip         Lucky Draw: use the revealed card's ability, or put it back unused
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.core.game import choice
from engine.core.texts import plural
from engine.core.types import Action, Choice, Decision, T, Text
from engine.wallofwar import colours, purchase
from engine.wallofwar.abilities import RESPONSE_ONLY, RULES, STOPPED_BY_INSPECTION, usable_through_kuji
from engine.wallofwar.board import price
from engine.wallofwar.cards import CARDS
from engine.wallofwar.flow import actor, funnel_targets, rain_card
from engine.wallofwar.labels import ability_en, ability_ja, card_choice, circle_choice, who
from engine.wallofwar.targets import Option


def decisions(state: Mapping[str, Any]) -> tuple[Decision, ...]:
    """Who decides now. Queueing (any open circle) and buy-or-pass (prices and medals are on the table)
    are public; the ability step is not, since its options are the seat's face-down cards."""
    phase = state["phase"]
    if phase == "over":
        return ()
    if state["asks"]:
        return ask_decisions(state, state["asks"][0])
    if phase == colours.PHASE:
        return (colours.decision(state),)
    if phase == "queue":
        return (Decision(state["order"][0], QUEUE_PROMPT, "turn", public=True, topic="queue"),)
    if phase == "ability":
        return (Decision(actor(state), ABILITY_PROMPT, "turn", topic="ability"),)
    circle = purchase.current(state)
    seat = purchase.head_seat(state)
    return (Decision(seat, buy_prompt(state["cur"] + 1, price(state, circle, seat)), "turn", public=True, topic="buy"),)


# Prompts and actions are built once per distinct argument: `decisions` and the listing run at every step.
QUEUE_PROMPT = T("行列: 購入者カードを置くサークルを選んでください。", "Queue: choose a circle for a purchaser card.")
ABILITY_PROMPT = T("特殊能力を1つ使用するか、パスしてください。", "Use one ability, or pass.")
FUNNEL_PROMPT = T(
    "ファンネル: 外れた購入者カードを別の列の最後尾に並べ直しますか?",
    "Funnel: put your purchaser card back at the end of a line?",
)
PASS = Action("pass", (choice("pass", "パスする", "Pass"),))
ABILITY_PASS = Action("pass", (choice("pass", "パス(特殊能力を使わない)", "Pass (use no ability)"),))
ALLOW = Action("allow", (choice("allow", "通す", "Let it through"),))
RAIN = Action("rain", (choice("rain", "【雨】で打ち消す", "Cancel it with Rain"),))
DROPS = (
    Action("drop:front", (choice("drop:front", "先に置いた方(前)を取り除く", "Take home the front one"),)),
    Action("drop:back", (choice("drop:back", "後に置いた方(後ろ)を取り除く", "Take home the back one"),)),
)
STAY_HOME = Action("fq:no", (choice("fq:no", "並び直さない", "Stay home"),))
SKIP = Action("skip", (choice("skip", "使用せず山札に戻す", "Put it back unused"),))


@lru_cache(maxsize=None)
def buy_prompt(index: int, cost: int) -> Text:
    return T(f"サークル{index}を軍資金{cost}で購入しますか?", f"Buy circle {index} for {plural(cost, 'medal')}, or pass?")


@lru_cache(maxsize=None)
def rain_prompt(user: int, ability: str) -> Text:
    return T(
        f"{who(user)}が{ability_ja(ability)}を使用しました。【雨】で打ち消しますか?",
        f"{who(user)} uses {ability_en(ability)}. Cancel it with Rain?",
    )


@lru_cache(maxsize=None)
def limit_prompt(circle: int) -> Text:
    return T(
        f"一限: サークル{circle + 1}に並べた2枚のうち、取り除く方を選んでください。",
        f"One per Person: which of your two cards at circle {circle + 1} leaves the line?",
    )


@lru_cache(maxsize=None)
def kuji_prompt(ability: str) -> Text:
    return T(f"一番くじ: {ability_ja(ability)}を使用しますか?", f"Lucky Draw: use {ability_en(ability)}?")


@lru_cache(maxsize=None)
def circle_action(prefix: str, index: int, card_id: str) -> Action:
    """`q:2` (queue at circle 2) or `fq:2` (Funnel: rejoin there)."""
    return Action(f"{prefix}:{index + 1}", (circle_choice(index, card_id),))


@lru_cache(maxsize=None)
def buy_action(cost: int) -> Action:
    return Action("buy", (choice("buy", f"購入する(軍資金{cost})", f"Buy ({plural(cost, 'medal')})"),))


def ask_decisions(state: Mapping[str, Any], ask: Mapping[str, Any]) -> tuple[Decision, ...]:
    """The seats an ask waits for. A Rain answer is never public: "Cancel it with Rain" is offered only to
    a Rain holder, so taking a lone "let it through" at once would tell the table who holds none. One per
    Person (front or back), Funnel (circles not yet started) and Lucky Draw (the revealed card, medals,
    lines and the discard pile) are decided by what everyone sees."""
    if ask["t"] == "rain":
        prompt = rain_prompt(ask["use"]["seat"], CARDS.card(ask["use"]["card"]).ability)
        kind = "simultaneous" if len(ask["wait"]) > 1 else "reaction"
        return tuple(Decision(seat, prompt, kind, topic="rain") for seat in ask["wait"] if str(seat) not in ask["ans"])
    if ask["t"] == "limit":
        return (Decision(ask["seat"], limit_prompt(ask["circle"]), "reaction", public=True, topic="limit"),)
    if ask["t"] == "funnel":
        return (Decision(ask["seat"], FUNNEL_PROMPT, "reaction", public=True, topic="funnel"),)
    return (Decision(ask["seat"], kuji_prompt(CARDS.card(ask["card"]).ability), "turn", public=True, topic="kuji"),)


def legal_actions(state: Mapping[str, Any], seat: int) -> tuple[Action, ...]:
    if seat not in {decision.seat for decision in decisions(state)}:
        return ()
    if state["asks"]:
        return ask_actions(state, state["asks"][0], seat)
    phase = state["phase"]
    if phase == colours.PHASE:
        return colours.actions(state)
    if phase == "queue":
        return tuple(circle_action("q", index, circle["card"]) for index, circle in enumerate(state["circles"]))
    if phase == "ability":
        return ability_actions(state, seat)
    return (buy_action(price(state, purchase.current(state), seat)), PASS)


def ask_actions(state: Mapping[str, Any], ask: Mapping[str, Any], seat: int) -> tuple[Action, ...]:
    if ask["t"] == "rain":
        return (ALLOW, RAIN) if rain_card(state, seat) is not None else (ALLOW,)
    if ask["t"] == "limit":
        return DROPS
    if ask["t"] == "funnel":
        circles = state["circles"]
        return (*(circle_action("fq", index, circles[index]["card"]) for index in funnel_targets(state)), STAY_HOME)
    top = ask["card"]
    step = ability_step(CARDS.card(top).ability)
    options = usable_through_kuji(state, seat, ask["this"], top)
    actions = [Action(notation(top, option), (step, *option.steps)) for option in options]
    actions.append(SKIP)
    return tuple(actions)


def ability_actions(state: Mapping[str, Any], seat: int) -> tuple[Action, ...]:
    """Pass, or one of the seat's face-down cards, grouped by ability so the first level stays ≤25."""
    actions = [ABILITY_PASS]
    groups: dict[str, list[str]] = {}
    for card_id in state["hands"][seat]:
        card = CARDS.card(card_id)
        if card.ability == RESPONSE_ONLY or card.cost > state["medals"][seat]:
            continue
        if state["inspect"] and card.ability in STOPPED_BY_INSPECTION:
            continue
        groups.setdefault(card.ability, []).append(card_id)
    for ability, cards in groups.items():
        step = ability_step(ability)
        for card_id in cards:
            which = (card_choice(card_id),) if len(cards) > 1 else ()
            for option in RULES[ability].options(state, seat, card_id):
                actions.append(Action(notation(card_id, option), (step, *which, *option.steps)))
    return tuple(actions)


@lru_cache(maxsize=None)
def ability_step(ability: str) -> Choice:
    name = CARDS.abilities[ability].name
    return Choice(ability, Text(name.ja, name.en))


def notation(card_id: str, option: Option) -> str:
    return ":".join(("ab", card_id, *option.args))


def find_option(state: Mapping[str, Any], seat: int, card_id: str, this: str, args: tuple[str, ...]) -> Option:
    """The option a legal `ab:` notation names (legality was checked before `_apply`)."""
    ability = CARDS.card(card_id).ability
    return next(option for option in RULES[ability].options(state, seat, this) if option.args == args)
