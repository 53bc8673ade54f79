"""Who decides now, what they may do (with the picker's choice trees), and applying a chosen action.

Notation, one short typeable line per action (VIEW.md lists them all):
`deck:reimu` / `deck:<code>`, `keep` / `mulligan R01 R03x2`, `place R00 3c` (initial placement),
`wake 2d`, `place R01 2d down` / `place R01 2d up`, `activate 2d`, `end`, `fire 2d 3d` / `fire none`,
`pass`, `resolve 2d`, `upright 2d` / `upright 2d skip` / `hold`, `keep 2d jin` / `strip 2d dm`,
`discard R01`.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product
from typing import Any, Mapping

from engine.core.types import Action, Choice, Decision, Event, T, Text
from engine.walpurgis import activation, board, chain, choosing, flow, ordering, processing
from engine.walpurgis.board import State
from engine.walpurgis.cards import EDITION

PROMPTS = {
    "mulligan": T("マリガン: 山札の下に戻すカードを選んでください(戻さないなら keep)。", "Mulligan: choose the cards to put under your deck (keep: none)."),
    "initial": T("初期配置: 通常弾を表向きに配置するマスを選んでください。", "Initial placement: choose where to place a 通常弾 face up."),
    "prepare": T("準備フェイズ: 活動状態にする休眠状態の陣を選んでください。", "Prepare phase: choose a dormant jin to wake."),
    "main": T("通常フェイズ: 陣の配置・陣の発動(各1回)、または end。", "Main phase: place a card, activate a jin (once each), or end."),
    "rapid": T("速射: 弾幕を配置するマスを選んでください。", "Rapid Fire: choose the squares for danmaku."),
    "barrage": T("弾幕の配置: 弾幕を配置するマスを選んでください。", "Danmaku: choose the squares for danmaku."),
    "D": T("D効果を解決する陣を選んでください。", "Choose the next D effect to resolve."),
    "A": T("縦向きにする発動中の陣を選んでください。", "Choose the next activated jin to turn upright."),
    "E": T("連鎖終了時の効果を解決する陣を選んでください。", "Choose the next chain-end effect to resolve."),
    "endA": T("終了フェイズ: 縦向きにする発動中の陣を選んでください(A効果は任意)。", "End phase: choose the next activated jin to turn upright (its A effect is optional)."),
    "keep": T("弾幕処理: このマスに残すカードを選んでください。", "Danmaku processing: choose the card that stays on this square."),
    "strip": T("弾幕処理: 処理する自分のカードを選んでください(相手と同時)。", "Danmaku processing: choose one of your cards to strip (both players at once)."),
    "discard": T("手札調整: 捨てるカードを選んでください。", "Hand limit: choose a card to discard."),
}


def _kind(state: Mapping[str, Any], seat: int) -> str:
    return "turn" if seat == state["turn"] else "reaction"


def decisions(state: Mapping[str, Any]) -> tuple[Decision, ...]:
    if state["result"] is not None:
        return ()
    stage = state["stage"]
    if stage == "deck":
        return choosing.decisions(state)
    if stage == "mulligan":
        return tuple(Decision(seat, PROMPTS["mulligan"], "simultaneous", topic="mulligan") for seat in (0, 1) if state["mulligan"][seat] is None)
    if stage in ("initial", "main"):
        return (Decision(state["turn"], PROMPTS[stage], "turn", topic=stage),)
    if stage == "prepare":
        return (Decision(state["turn"], PROMPTS["prepare"], "turn", public=True, topic="prepare"),)
    if stage == "end":
        queue = state["end"]["queue"]
        if state["end"]["step"] == "upright" and queue is not None:
            return (Decision(queue["next"], PROMPTS["endA"], _kind(state, queue["next"]), public=True, topic="endA"),)
        return (Decision(state["turn"], PROMPTS["discard"], "turn", topic="discard"),)
    step = state["chain"]["step"]
    if step in ("rapid", "barrage"):
        owner = chain.link(state)["o"]
        return (Decision(owner, PROMPTS[step], _kind(state, owner), public=True, topic=step),)
    if step == "intercept":
        seat, last = chain.interceptor(state), chain.link(state)
        name, sq = EDITION.card(last["c"]).name, board.name(last["sq"])
        prompt = T(f"迎撃しますか? 直前の{name.ja}({sq})への迎撃カードを発動するか pass。", f"Intercept {name.en} at {sq}? Activate a card that can intercept, or pass.")
        return (Decision(seat, prompt, _kind(state, seat), topic="intercept"),)
    if step == "proc":
        now = processing.current(state)
        if now is None:
            return ()
        square, mode = now
        kind = "simultaneous" if mode == "strip" else None
        prompt = PROMPTS[mode]
        prompt = T(f"{board.name(square)} {prompt.ja}", f"{board.name(square)}: {prompt.en}")
        return tuple(Decision(seat, prompt, kind or _kind(state, seat), public=True, topic=mode) for seat in processing.waiting(state))
    queue = state["chain"]["queue"]
    return (Decision(queue["next"], PROMPTS[step], _kind(state, queue["next"]), public=True, topic=step),)


def act(notation: str, *steps: tuple[str, Text] | Choice) -> Action:
    """An action whose picker steps are given as (key, label), or as a `Choice` when the step picks a
    square of the field."""
    return Action(notation, tuple(step if isinstance(step, Choice) else Choice(*step) for step in steps))


def square_choice(sq: str, label: Text | None = None) -> Choice:
    """A square of the field by its name ("2d"), labelled with its name unless told otherwise."""
    return Choice(sq, label or T(sq, sq), target=f"square:{sq}")


def fire_action(notation: str, label: Text) -> Action:
    """`fire 3b 3d` / `fire none` as a set choice of squares: the picker offers one multi-select."""
    squares = [] if notation == "fire none" else notation.split()[1:]
    members = tuple(square_choice(name) for name in squares)
    return Action(notation, (Choice(notation.split(" ", 1)[1].replace(" ", "-"), label, members),))


def card_step(cid: str) -> tuple[str, Text]:
    name = EDITION.card(cid).name
    return cid, T(f"{name.ja}", f"{name.en}")


def square_step(square: int) -> Choice:
    return square_choice(board.name(square))


FACE = {"up": T("表向き(発動)", "Face up (activate)"), "down": T("裏向き", "Face down")}
PLACE = ("place", T("陣の配置", "Place a card"))
ACTIVATE = ("activate", T("陣の発動", "Activate a jin"))


@lru_cache(maxsize=None)
def place_action(cid: str, square: int, face: str) -> Action:
    """Actions are immutable values: the few thousand possible placements are built once, not at every
    listing (listing them dominated a random playout)."""
    return act(f"place {cid} {board.name(square)} {face}", PLACE, card_step(cid), (face, FACE[face]), square_step(square))


@lru_cache(maxsize=None)
def activate_action(cid: str, square: int) -> Action:
    sq, name = board.name(square), EDITION.card(cid).name
    return act(f"activate {sq}", ACTIVATE, square_choice(sq, T(f"{sq} {name.ja}", f"{sq} {name.en}")))


def activation_actions(state: Mapping[str, Any], seat: int, link: Mapping[str, Any] | None, place_down: bool, place_up: bool, activate: bool) -> list[Action]:
    found: list[Action] = []
    if place_down:
        empty = [square for square, piece in enumerate(board.jin_map(state)) if piece is None]
        for cid in sorted(set(state["hand"][seat])):
            found.extend(place_action(cid, square, "down") for square in empty)
    if place_up:
        found.extend(place_action(cid, square, "up") for cid, square in activation.placements(state, seat, link))
    if activate:
        found.extend(activate_action(board.jin_at(state, square)["c"], square) for square in activation.activations(state, seat, link))
    return found


def mulligan_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    hand = Counter(state["hand"][seat])
    kinds = sorted(hand)
    found: list[Action] = []
    for picks in product(*(range(hand[cid] + 1) for cid in kinds)):
        parts = [f"{cid}x{n}" if n > 1 else cid for cid, n in zip(kinds, picks) if n]
        if not parts:
            found.append(act("keep", ("keep", T("このまま(戻さない)", "Keep this hand"))))
            continue
        steps = [("mulligan", T("カードを戻す…", "Return cards…"))]
        for cid, n in zip(kinds, picks):
            name = EDITION.card(cid).name
            steps.append((str(n), T(f"{name.ja}: {n}枚戻す", f"{name.en}: return {n}")))
        found.append(act("mulligan " + " ".join(parts), *steps))
    return found


def queue_actions(state: Mapping[str, Any], queue: Mapping[str, Any]) -> list[Action]:
    found: list[Action] = []
    for notation, label in ordering.options(state, queue):
        words = notation.split()
        if words[0] == "hold":
            found.append(act(notation, ("hold", label)))
        else:
            variant = "skip" if words[-1] == "skip" else "apply"
            found.append(act(notation, square_choice(words[1]), (variant, label)))
    return found


def legal_actions(state: Mapping[str, Any], seat: int) -> tuple[Action, ...]:
    if not any(decision.seat == seat for decision in decisions(state)):
        return ()
    stage = state["stage"]
    if stage == "deck":
        return tuple(choosing.actions(state, seat))
    if stage == "mulligan":
        return tuple(mulligan_actions(state, seat))
    if stage == "initial":
        normals = sorted({cid for cid in state["hand"][seat] if EDITION.card(cid).normal})
        return tuple(
            act(f"place {cid} {board.name(square)}", card_step(cid), square_step(square))
            for cid in normals
            for square in flow.initial_squares(state, seat)
        )
    if stage == "prepare":
        return tuple(act(f"wake {board.name(sq)}", square_step(sq)) for sq in flow.dormant(state, seat))
    if stage == "main":
        done = state["main"]
        down = not done["placed"] and not flow.first_turn_restricted(state)
        found = activation_actions(state, seat, None, down, not done["placed"], not done["activated"])
        return tuple(found + [act("end", ("end", T("通常フェイズを終える", "End the main phase")))])
    if stage == "end":
        if state["end"]["step"] == "upright":
            return tuple(queue_actions(state, state["end"]["queue"]))
        return tuple(act(f"discard {cid}", card_step(cid)) for cid in sorted(set(state["hand"][seat])))
    step = state["chain"]["step"]
    if step in ("rapid", "barrage"):
        return tuple(fire_action(notation, label) for notation, label in chain.fire_options(state))
    if step == "intercept":
        found = activation_actions(state, seat, chain.link(state), False, True, True)
        return tuple(found + [act("pass", ("pass", T("迎撃しない", "Do not intercept")))])
    if step == "proc":
        return tuple(act(notation, (notation.split()[-1], label)) for notation, label in processing.options(state, seat))
    return tuple(queue_actions(state, state["chain"]["queue"]))


def apply(state: State, seat: int, notation: str) -> list[Event]:
    events: list[Event] = []
    words = notation.split()
    stage = state["stage"]
    if stage == "deck":
        choosing.choose(state, seat, notation, events)
    elif stage == "mulligan":
        returned = [] if words[0] == "keep" else [cid for part in words[1:] for cid in expand(part)]
        flow.mulligan(state, seat, returned, events)
    elif stage == "initial":
        flow.place_initial(state, seat, words[1], board.parse_square(words[2]), events)
    elif stage == "prepare":
        flow.wake(state, board.parse_square(words[1]), events)
    elif stage == "end":
        if words[0] == "discard":
            flow.discard(state, words[1], events)
        else:
            ordering.resolve(state, state["end"]["queue"], notation, events)
    elif stage == "main":
        main_action(state, seat, words, events)
    else:
        chain_action(state, seat, words, notation, events)
    flow.advance(state, events)
    return events


def expand(part: str) -> list[str]:
    cid, _, count = part.partition("x")
    return [cid] * (int(count) if count else 1)


def main_action(state: State, seat: int, words: list[str], events: list[Event]) -> None:
    if words[0] == "end":
        flow.end_main(state, events)
        return
    if words[0] == "activate":
        state["main"]["activated"] = True
        start_chain(state, seat, board.parse_square(words[1]), None, events)
        return
    state["main"]["placed"] = True
    cid, square = words[1], board.parse_square(words[2])
    if words[3] == "up":
        start_chain(state, seat, square, cid, events)
        return
    board.leave_hand(state, seat, cid, face_down=True)
    state["field"][square].append(board.new_piece(state, cid, seat, "act"))
    events.append(Event(T(f"{{s{seat}}}が{board.name(square)}に裏向きで陣を配置しました。", f"{{s{seat}}} placed a card face down at {board.name(square)}."), data={"kind": "place", "seat": seat, "square": square}))
    events.append(Event(T(f"裏向きに配置: {EDITION.card(cid).name.ja}", f"Placed face down: {EDITION.card(cid).name.en}"), seat=seat))


def start_chain(state: State, seat: int, square: int, cid: str | None, events: list[Event]) -> None:
    state["stage"] = "chain"
    chain.begin(state, seat, square, cid, events)


def chain_action(state: State, seat: int, words: list[str], notation: str, events: list[Event]) -> None:
    step = state["chain"]["step"]
    if step in ("rapid", "barrage"):
        squares = [] if words[1] == "none" else [board.parse_square(word) for word in words[1:]]
        chain.fire(state, squares, events)
    elif step == "intercept":
        if words[0] == "pass":
            chain.decline(state, events)
        elif words[0] == "activate":
            chain.begin(state, seat, board.parse_square(words[1]), None, events)
        else:
            chain.begin(state, seat, board.parse_square(words[2]), words[1], events)
    elif step == "proc":
        processing.answer(state, seat, notation, events)
    else:
        ordering.resolve(state, state["chain"]["queue"], notation, events)
