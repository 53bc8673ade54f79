"""Turn structure: setup (with the purchaser-colour choice, engine.wallofwar.colours), the five phases,
the decisions that interrupt them ("asks"), and the end.

The state records where play stands (`phase`, plus `order` / `step` / `cur` / `run`) and a list of
pending asks: a Rain window, a One per Person choice, a Funnel offer, a Lucky Draw follow-up. `advance`
runs every automatic step until somebody has to decide, so the state at rest always waits for a seat
(or the game is over).

The Rain window is the one place where hidden information could leak: asking only the players who hold
Rain would tell everyone who holds it. So every other player who could respond *by public information*
(holds a face-down card, has the medals for the cheapest Rain in the set, has used no other ability this
turn) is asked, all at once, with the same one-tap choice "let it through", and "Rain" added only in the
holder's own options. Answers stay secret until everyone has answered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.rng import Rng
from engine.core.texts import plural
from engine.core.types import Event, T
from engine.wallofwar import abilities, board, purchase
from engine.wallofwar.board import MEDALS, REMOVED, START_MEDALS, State, after
from engine.wallofwar.cards import CARDS
from engine.wallofwar.colours import PHASE as COLOUR_PHASE
from engine.wallofwar.colours import choosing_order
from engine.wallofwar.labels import ability_en, ability_ja, card_en, card_ja, who
from engine.wallofwar.scoring import final_events
from engine.wallofwar.targets import Use

RAIN_COSTS = sorted(card.cost for card in CARDS.with_ability("ame") if card.cost is not None)
INCOME_BOUGHT = 1
INCOME_NOT_BOUGHT = 2


def new_state(players: int, seed: int, first: int | None, colours: list[str] | None) -> State:
    """Shuffle, set aside the unseen cards, hand out medals, pick the first player, then either open
    turn 1 with the given purchaser colours or (`colours` None) let the players choose theirs first."""
    rng = Rng(seed)
    deck = sorted(CARDS.cards)
    rng.shuffle(deck)
    removed = deck[: REMOVED[players]]
    if first is None:
        first = rng.below(players)
    state: State = {
        "players": players,
        "rng": rng.state,
        "turn": 0,
        "first": first,
        "deck": deck[REMOVED[players] :],
        "top_known": False,
        "removed": removed,
        "discard": [],
        "hands": [[] for _ in range(players)],
        "shown": [[] for _ in range(players)],
        "medals": [START_MEDALS] * players,
        "atm": MEDALS - START_MEDALS * players,
        "asks": [],
        "colours": colours or [None] * players,
        "phase": COLOUR_PHASE,
        "order": choosing_order(first, players),
        "circles": [],
        "step": 0,
        "cur": 0,
        "run": 1,
        **turn_flags(players),
    }
    if colours is None:
        return state
    events: list[Event] = []
    start_turn(state, first, events)
    return state


def turn_flags(players: int) -> State:
    """What each turn starts afresh: who used an ability, rained, bought, has Funnel; the turn's effects."""
    return {
        "used": [False] * players,
        "rained": [False] * players,
        "bought": [False] * players,
        "funnel": [False] * players,
        "funneled": [],
        "inspect": False,
        "fx": [],
    }


def start_turn(state: State, first: int, events: list[Event]) -> None:
    """Phase 1: open as many circles as players (what is left, at the end), reset the turn's effects."""
    players = state["players"]
    state["turn"] += 1
    state["first"] = first
    count = min(players, len(state["deck"]))
    opened, state["deck"] = state["deck"][:count], state["deck"][count:]
    state["top_known"] = False
    state["circles"] = [board.new_circle(card) for card in opened]
    state.update(phase="queue", order=board.snake(first, players), step=0, cur=0, run=1, **turn_flags(players))
    names_ja, names_en = board.describe(opened)
    events.append(
        Event(
            T(
                f"ターン{state['turn']}({who(first)}から): {names_ja}がオープンされました。",
                f"Turn {state['turn']} ({who(first)} starts): {names_en} open.",
            ),
            data={"kind": "turn", "turn": state["turn"], "first": first, "cards": opened},
        )
    )


def actor(state: Mapping[str, Any]) -> int:
    """The seat whose ability step it is."""
    return (state["first"] + state["step"]) % state["players"]


def may_act(state: Mapping[str, Any], seat: int) -> bool:
    """Whether a seat gets an ability step: public facts only, so that skipping it reveals nothing."""
    return bool(state["hands"][seat]) and not state["rained"][seat]


def advance(state: State, events: list[Event]) -> None:
    """Run automatic steps until a decision is due or the game is over."""
    while state["phase"] != "over" and not state["asks"]:
        phase = state["phase"]
        if phase == COLOUR_PHASE:
            if state["order"]:
                return
            start_turn(state, state["first"], events)
        elif phase == "queue":
            if state["order"]:
                return
            state["phase"] = "ability"
        elif phase == "ability":
            while state["step"] < state["players"] and not may_act(state, actor(state)):
                state["step"] += 1
            if state["step"] < state["players"]:
                return
            state.update(phase="purchase", cur=0, run=1)
        elif purchase.process(state, events):
            return
        elif state["cur"] >= len(state["circles"]) and not state["asks"]:
            end_turn(state, events)


def end_turn(state: State, events: list[Event]) -> None:
    """Phase 5, or the end: the game ends after the purchases of the turn the deck ran out."""
    if not state["deck"]:
        state["phase"] = "over"
        events.extend(final_events(state))
        return
    players = state["players"]
    for seat in [state["first"], *after(state["first"], players)]:
        income = INCOME_BOUGHT if state["bought"][seat] else INCOME_NOT_BOUGHT
        taken = board.take(state, seat, income)
        events.append(
            Event(
                T(
                    f"{who(seat)}はATMから軍資金{taken}を得ました。",
                    f"{who(seat)} takes {plural(taken, 'medal')} from the ATM.",
                ),
                data={"kind": "income", "seat": seat, "medals": taken},
            )
        )
    start_turn(state, (state["first"] + 1) % players, events)


def place(state: State, seat: int, index: int, events: list[Event]) -> None:
    """Phase 2: one purchaser card at the back of a line."""
    token = board.home_tokens(state, seat)[0]
    state["circles"][index]["line"].append(token)
    state["order"].pop(0)
    card = state["circles"][index]["card"]
    events.append(
        Event(
            T(
                f"{who(seat)}はサークル{index + 1}{card_ja(card)}に並びました。",
                f"{who(seat)} queues at circle {index + 1}, {card_en(card)}.",
            ),
            data={"kind": "queue", "seat": seat, "circle": index},
        )
    )


def can_rain_publicly(state: Mapping[str, Any], seat: int) -> bool:
    """Whether the table must treat `seat` as a possible Rain user: decided on public facts only."""
    return (
        bool(RAIN_COSTS)
        and bool(state["hands"][seat])
        and state["medals"][seat] >= RAIN_COSTS[0]
        and not state["used"][seat]
    )


def rain_card(state: Mapping[str, Any], seat: int) -> str | None:
    """The cheapest Rain the seat holds and can pay for, if any."""
    usable = [
        card
        for card in state["hands"][seat]
        if CARDS.card(card).ability == "ame" and CARDS.card(card).cost <= state["medals"][seat]
    ]
    return min(usable, key=lambda card: (CARDS.card(card).cost, card)) if usable else None


def use_ability(state: State, use: Use, events: list[Event]) -> None:
    """Pay the cost and open the Rain window (or resolve at once when nobody could answer)."""
    seat = use["seat"]
    card = CARDS.card(use["card"])
    board.pay(state, seat, card.cost)
    state["used"][seat] = True
    targets_ja = "".join(f"[{label.ja}]" for label in use["labels"])
    targets_en = "".join(f" [{label.en}]" for label in use["labels"])
    events.append(
        Event(
            T(
                f"{who(seat)}は{card_ja(card.id)}の{ability_ja(card.ability)}を使用しました(コスト{card.cost}){targets_ja}。",
                f"{who(seat)} uses {ability_en(card.ability)} of {card_en(card.id)} (cost {card.cost}){targets_en}.",
            ),
            data={"kind": "ability", "seat": seat, "card": card.id, "ability": card.ability, "args": use["args"]},
        )
    )
    record = {key: use[key] for key in ("seat", "card", "this", "args", "aside") if key in use}
    waiting = [other for other in after(seat, state["players"]) if can_rain_publicly(state, other)]
    if waiting:
        state["asks"].append({"t": "rain", "use": record, "wait": waiting, "ans": {}})
    else:
        abilities.resolve(state, record, events)


def answer_rain(state: State, seat: int, rain: bool, events: list[Event]) -> bool:
    """Record one answer; True once everyone asked has answered and the window has been resolved."""
    ask = state["asks"][0]
    ask["ans"][str(seat)] = "rain" if rain else "allow"
    if len(ask["ans"]) < len(ask["wait"]):
        return False
    state["asks"].pop(0)
    rest, state["asks"] = state["asks"], []
    use = ask["use"]
    rainers = [other for other in ask["wait"] if ask["ans"][str(other)] == "rain"]
    if rainers:
        rainer = rainers[0]
        card = rain_card(state, rainer)
        board.pay(state, rainer, CARDS.card(card).cost)
        state["rained"][rainer] = True
        ability = CARDS.card(use["card"]).ability
        events.append(
            Event(
                T(
                    f"{who(rainer)}が{card_ja(card)}の【雨】を使用!"
                    f"{who(use['seat'])}の{ability_ja(ability)}は打ち消されました。",
                    f"{who(rainer)} uses Rain ({card_en(card)}): "
                    f"{who(use['seat'])}'s {ability_en(ability)} is cancelled.",
                ),
                data={"kind": "rain", "seat": rainer, "card": card, "target": use["seat"], "ability": ability},
            )
        )
        abilities.finish_use(state, use)
    else:
        abilities.resolve(state, use, events)
    state["asks"].extend(rest)
    return True


def pending_rain_answer(state: Mapping[str, Any], seat: int) -> str | None:
    """The seat's own secret answer in an open Rain window."""
    if state["asks"] and state["asks"][0]["t"] == "rain":
        return state["asks"][0]["ans"].get(str(seat))
    return None


def answer_funnel(state: State, ask: dict, target: int | None, events: list[Event]) -> None:
    seat, token = ask["seat"], ask["token"]
    if target is None:
        events.append(
            Event(
                T(f"{who(seat)}は並び直しませんでした。", f"{who(seat)} does not rejoin a line."),
                data={"kind": "funnel_no", "seat": seat},
            )
        )
        return
    state["circles"][target]["line"].append(token)
    state["funneled"].append(token)
    card = state["circles"][target]["card"]
    events.append(
        Event(
            T(
                f"ファンネル: {who(seat)}はサークル{target + 1}{card_ja(card)}の最後尾に並び直しました。",
                f"Funnel: {who(seat)} rejoins at the back of circle {target + 1}, {card_en(card)}.",
            ),
            data={"kind": "queue", "seat": seat, "circle": target, "funnel": True},
        )
    )


def funnel_targets(state: Mapping[str, Any]) -> list[int]:
    return [index for index, circle in enumerate(state["circles"]) if not circle["started"]]


def answer_kuji(state: State, ask: dict, use: Use | None, events: list[Event]) -> None:
    """Lucky Draw's follow-up: use the revealed card's ability (its own Rain window) or not."""
    if use is None:
        abilities.put_back(state, ask["card"])
        events.append(
            Event(
                T(
                    f"{who(ask['seat'])}は使用せず、カードを山札の一番上に戻しました。",
                    f"{who(ask['seat'])} declines; the card goes back on top of the deck.",
                ),
                data={"kind": "kuji_back"},
            )
        )
        return
    use_ability(state, use, events)
