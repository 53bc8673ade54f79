"""The chain (8.3): from an activation to its end, interceptions included.

`state["chain"]` holds the links (each activated card: owner, square, its matrix squares and the squares
where its effects placed danmaku) and the step: `rapid` (① the 速射 sub-matrix's danmaku), `barrage`
(③ the main matrix's danmaku), `intercept` (④ the other player may answer the last link; an answer
starts a new link from ①), then `D` (⑤), `proc` (⑥), destruction (⑦, no decision), `A` (⑧) and `E`
(⑨). B effects (②) and destruction need no decision. Danmaku are the top cards of the owner's deck,
placed face down (4.1.1); with the deck empty no more can be placed.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from engine.core.types import Event, T, Text
from engine.walpurgis import activation, board, ordering, primitives, processing
from engine.walpurgis.board import State
from engine.walpurgis.cards import EDITION
from engine.walpurgis.labels import both, who


def begin(state: State, owner: int, square: int, from_hand: str | None, events: list[Event]) -> None:
    """Activate the card (placed face up from hand, or the active 陣 at `square`) and start a link.
    Starts the chain when none is running (an activation in the main phase)."""
    intercepting = state["chain"] is not None
    if from_hand is not None:
        board.leave_hand(state, owner, from_hand)
        piece = board.new_piece(state, from_hand, owner, "fire")
        state["field"][square].append(piece)
    else:
        piece = board.jin_at(state, square)
        piece["s"] = "fire"
    card = EDITION.card(piece["c"])
    reach = activation.squares(card, square, owner)
    piece["m"] = reach["ds"] + [sq for sq in reach["rds"] if sq not in reach["ds"]]
    if state["chain"] is None:
        state["chain"] = {"links": [], "step": "", "proc": None, "queue": None}
    link = {"o": owner, "sq": square, "c": piece["c"], "u": piece["u"], "placed": [], **reach}
    state["chain"]["links"].append(link)
    verb = ("手札から表向きに配置して発動", "placed face up and activated") if from_hand else ("表向きにして発動", "turned face up and activated")
    if intercepting:
        verb = (f"{verb[0]}(迎撃)", f"{verb[1]} (interception)")
    events.append(Event(both(f"{who(owner)}が{{card}}を{board.name(square)}に{verb[0]}しました。", f"{who(owner)} {verb[1]} {{card}} at {board.name(square)}.", piece["c"]), data={"kind": "activate", "seat": owner, "square": square, "card": piece["c"]}))
    state["chain"]["step"] = "rapid"


def link(state: Mapping[str, Any]) -> dict[str, Any]:
    return state["chain"]["links"][-1]


def subsets(state: Mapping[str, Any], owner: int, squares: list[int]) -> list[tuple[int, ...]]:
    """Every choice of target squares (none included) the owner's deck can fill."""
    most = min(len(squares), len(state["deck"][owner]))
    return [combo for size in range(most + 1) for combo in combinations(squares, size)]


def fire_options(state: Mapping[str, Any]) -> list[tuple[str, Text]]:
    """① or ③: which danmaku-target squares get a danmaku."""
    current = link(state)
    squares = current["rdm"] if state["chain"]["step"] == "rapid" else current["dm"]
    found = []
    for combo in subsets(state, current["o"], squares):
        names = " ".join(board.name(sq) for sq in combo)
        if combo:
            found.append((f"fire {names}", T(f"弾幕を配置: {names}", f"Place danmaku: {names}")))
        else:
            found.append(("fire none", T("弾幕を配置しない", "Place no danmaku")))
    return found


def fire(state: State, squares: list[int], events: list[Event]) -> None:
    current = link(state)
    placed = primitives.place_danmaku(state, current["o"], squares)
    current["placed"] += [sq for sq in placed if sq not in current["placed"]]
    if placed:
        names = " ".join(map(board.name, placed))
        events.append(Event(T(f"{who(current['o'])}が弾幕を配置: {names}", f"{who(current['o'])} placed danmaku: {names}"), data={"kind": "danmaku", "squares": placed}))
    else:
        events.append(Event(T(f"{who(current['o'])}は弾幕を配置しませんでした。", f"{who(current['o'])} placed no danmaku."),
                            data={"kind": "danmaku", "squares": []}))
    if state["chain"]["step"] == "rapid":
        b_effects(state, events)
        state["chain"]["step"] = "barrage"
    else:
        state["chain"]["step"] = "intercept"


def b_effects(state: State, events: list[Event]) -> None:
    current = link(state)
    steps = EDITION.card(current["c"]).effects.get("B", ())
    if steps:
        events.append(Event(both(f"{who(current['o'])}の{{card}}のB効果。", f"B effect of {who(current['o'])}'s {{card}}.", current["c"]), data={"kind": "effect", "timing": "B", "squares": [current["sq"]]}))
    for effect in steps:
        placed = primitives.apply(state, current["o"], current["sq"], effect, events)
        current["placed"] += [sq for sq in placed if sq not in current["placed"]]


def interceptor(state: Mapping[str, Any]) -> int:
    return board.other(link(state)["o"])


def decline(state: State, events: list[Event]) -> None:
    events.append(Event(T(f"{who(interceptor(state))}は迎撃しませんでした。", f"{who(interceptor(state))} did not intercept.")))
    state["chain"]["step"] = "D"
    state["chain"]["queue"] = ordering.start(state, "D", ordering.fired(state, "D"))


def destroy(state: State, events: list[Event]) -> None:
    """⑦: every activated 陣 still on the field destroys the opponent's 陣 on its destruction squares
    (its owner's too when it is 『自分のカードも破壊』), all at once."""
    doomed: dict[int, board.Piece] = {}
    for square in range(board.SQUARES):
        piece = board.jin_at(state, square)
        if not piece or piece["s"] != "fire" or "m" not in piece:
            continue
        reckless = EDITION.card(piece["c"]).has("reckless")
        for target in piece["m"]:
            hit = board.jin_at(state, target)
            if hit and (hit["o"] != piece["o"] or reckless):
                doomed[target] = hit
    for square, piece in sorted(doomed.items()):
        board.remove(state, square, piece)
        board.to_discard(state, piece)
    if doomed:
        names = " ".join(board.name(sq) for sq in sorted(doomed))
        events.append(Event(T(f"破壊処理: {names}の陣が捨て札になりました。", f"Destruction: the jin at {names} went to the discard pile."), data={"kind": "destroy", "squares": sorted(doomed)}))


def chain_end_entries(state: State) -> list[list[list[int]]]:
    """⑨: cards activated in this chain, still face up where they were, with a chain-end effect."""
    found: list[list[list[int]]] = [[], []]
    for item in state["chain"]["links"]:
        piece = board.jin_at(state, item["sq"])
        if piece and piece["u"] == item["u"] and piece["s"] in board.FACE_UP_JIN and "E" in EDITION.card(piece["c"]).effects:
            if [item["sq"], item["u"]] not in found[item["o"]]:
                found[item["o"]].append([item["sq"], item["u"]])
    return found


def advance(state: State, events: list[Event]) -> bool:
    """Run the chain's steps that need no decision; True once the chain has ended."""
    chain = state["chain"]
    while True:
        step = chain["step"]
        if step == "rapid":
            current = link(state)
            if current["rdm"] and state["deck"][current["o"]]:
                return False
            b_effects(state, events)
            chain["step"] = "barrage"
        elif step == "barrage":
            current = link(state)
            if current["dm"] and state["deck"][current["o"]]:
                return False
            chain["step"] = "intercept"
        elif step == "intercept":
            return False
        elif step in ("D", "A", "E"):
            queue = chain["queue"]
            if queue is not None:
                ordering.prune(state, queue)
            if queue is None or ordering.done(queue):
                following = {"D": "proc", "A": "E", "E": "over"}[step]
                chain["queue"] = None
                chain["step"] = following
                if following == "proc":
                    chain["proc"] = processing.start(state)
                elif following == "E":
                    chain["queue"] = ordering.start(state, "E", chain_end_entries(state))
                continue
            choice = ordering.forced(state, queue)
            if choice is None:
                return False
            ordering.resolve(state, queue, choice, events)
        elif step == "proc":
            if not processing.advance(state, events):
                return False
            destroy(state, events)
            chain["step"] = "A"
            chain["queue"] = ordering.start(state, "A", ordering.fired(state))
        elif step == "over":
            state["chain"] = None
            events.append(Event(T("連鎖が終了しました。", "The chain has ended."), data={"kind": "chain_end"}))
            return True
