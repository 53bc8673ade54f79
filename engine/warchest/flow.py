"""Round flow: drawing coins, turn order, follow-up bookkeeping and the end of the game.

A turn is over once its coin's action and every follow-up it triggered (Royal Guard defence, Swordsman
step, Berserker repeats, Warrior Priest coins, Footman maneuvers, Mercenary maneuver) are resolved; the
follow-ups wait on `state["followups"]`, a stack, so a follow-up triggered inside another resolves first.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.rng import Rng
from engine.core.types import Event, T
from engine.warchest import actions
from engine.warchest.units import FOOTMAN, coin_name

ROUND_LIMIT = 100
DRAW_COUNT = 3


def who(seat: int) -> str:
    """The seat-name placeholder the Discord layer fills in."""
    return "{s%d}" % seat


def coin_list(coins: list[str]) -> tuple[str, str]:
    """Coin names joined for a message, Japanese and English."""
    return _coin_list(tuple(sorted(coins)))


@lru_cache(maxsize=1 << 12)
def _coin_list(coins: tuple[str, ...]) -> tuple[str, str]:
    """`coin_list` of sorted coins, worked out once per hand: every seat's draw is announced each round."""
    if not coins:
        return "なし", "nothing"
    names = [coin_name(coin) for coin in coins]
    return "、".join(n.ja for n in names), ", ".join(n.en for n in names)


def draw(state: dict[str, Any], seat: int, count: int) -> list[str]:
    """Draw up to `count` coins; an empty bag is refilled from the whole discard pile, face up and down."""
    purse = state["seats"][seat]
    rng = Rng(state["rng"])
    drawn: list[str] = []
    for _ in range(count):
        if not purse["bag"]:
            if not (purse["up"] or purse["down"]):
                break
            purse["bag"] = purse["up"] + purse["down"]
            purse["up"], purse["down"] = [], []
            rng.shuffle(purse["bag"])
        drawn.append(purse["bag"].pop())
    state["rng"] = rng.state
    return drawn


def finish(state: dict[str, Any], winner: int | None, reason: str) -> None:
    """End the game at once: `winner` is a team, or None for a draw."""
    state["phase"] = "over"
    state["followups"] = []
    state["result"] = {"winner": winner, "reason": reason}


def new_round(state: dict[str, Any], events: list[Event]) -> None:
    """Start the next round: everyone draws 3, the initiative holder acts first; or end in a draw."""
    if state["round"] >= ROUND_LIMIT:
        finish(state, None, "rounds")
        events.append(Event(T(f"{ROUND_LIMIT}ラウンドが終わり、引き分けです。", f"{ROUND_LIMIT} rounds played: the game is a draw.")))
        return
    state["round"] += 1
    state["init_changed"] = False
    number = state["round"]
    events.append(Event(
        T(f"第{number}ラウンド開始。先行は{who(state['initiative'])}です。", f"Round {number} begins; {who(state['initiative'])} has the initiative."),
        data={"round": number},
    ))
    anyone = False
    for seat, purse in enumerate(state["seats"]):
        purse["hand"] = sorted(draw(state, seat, DRAW_COUNT))
        anyone = anyone or bool(purse["hand"])
        ja, en = coin_list(purse["hand"])
        events.append(Event(
            T(f"第{number}ラウンドで引いたコイン: {ja}", f"Round {number}: you drew {en}."),
            seat,
            {"dm": True, "hand": list(purse["hand"])},
        ))
    if not anyone:
        finish(state, None, "no_coins")
        events.append(Event(T("誰もコインを引けないため、引き分けです。", "Nobody can draw a coin: the game is a draw.")))
        return
    state["turn"] = state["initiative"]
    if not state["seats"][state["turn"]]["hand"]:
        advance(state, events)


def advance(state: dict[str, Any], events: list[Event]) -> None:
    """Pass the turn to the next seat that still holds coins (a seat out of coins is skipped)."""
    players = state["players"]
    for step in range(1, players + 1):
        seat = (state["turn"] + step) % players
        if state["seats"][seat]["hand"]:
            state["turn"] = seat
            return
    new_round(state, events)


def settle(state: dict[str, Any], events: list[Event]) -> None:
    """After an action: drop follow-ups that lost all their options, else wait; end the turn when none remain."""
    followups = state["followups"]
    while state["phase"] == "play" and followups:
        frame = followups[-1]
        if frame["kind"] == "footman":
            board = state["board"]
            frame["left"] = [h for h in frame["left"] if h in board and board[h]["unit"] == FOOTMAN]
        if any(action is not actions.SKIP for action in actions.frame_actions(state, frame)):
            return
        followups.pop()
    if state["phase"] == "play":
        advance(state, events)
