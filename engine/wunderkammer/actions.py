"""Who decides now, what they may do, and the text notation for it.

Each step of the turn is its own decision, so the picker offers the turn as the rulebook orders it:

  play:3:H5        play step: a hand card ♥5 onto line 3 (lines are 1–5)
  play:3:J         the joker onto line 3, as the line's item; on an empty line it asks next:
  as:H5 / back       the item it stands for, or back to the play step
  play:3:c1        character c1 (an ability lets it be played) onto line 3, likewise
  trash            open the trash choice, which asks next:
  trash:H5           a hand card to the trash
  trash:line3        every card lined up on line 3 to the trash
  back               back to the play step
  done             play is over (nothing played: play skipped)
  take:H5 / skip   take item: a ♥5 from the common field into the trash, or take nothing (more)
  put / skip       put a card (it asks next), or put nothing (more):
  put:c1:H5 / back   a hand ♥5 face down under your character c1, or back to the put step
  char:c4 / skip   take character c4, or take none
  shuffle / draw   the last step: shuffle and draw, or only draw (while the deck lasts, hand under 4)
  trash            in the last step, before drawing: open the choice of a hand card to trash
                   (trash:H5 / back), as a full hand must before it draws

Picker levels: play → line → card; the joker or a character on an empty line, trashing and putting
continue in a follow-up choice (see engine/wunderkammer/play.py for why: the step's own menu stays a
handful of buttons); take item and take character are one level with "skip" beside the targets.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.core.game import choice
from engine.core.types import Action, Choice, Decision, T, Text
from engine.wunderkammer import play, refill, take
from engine.wunderkammer.board import LINES, bench, line_kind, playable_characters
from engine.wunderkammer.cards import EDITION
from engine.wunderkammer.labels import char_en, char_ja, character_choice, item_choice, item_en, item_ja, mark

PLAY = choice("play", "ラインにプレイする", "Play onto a line")
OPEN_TRASH = Action("trash", (choice("trash", "ラインか手札のカードをトラッシュに置く", "Trash a line or a hand card"),))
OPEN_TRASH_FIRST = Action(
    "trash", (choice("trash", "手札をトラッシュしてからドローする", "Trash hand cards, then draw"),)
)
OPEN_PUT = Action("put", (choice("put", "プットする", "Put a card"),))
BACK = Action("back", (choice("back", "戻る", "Back"),))
SKIP = {
    "take": Action("skip", (choice("skip", "テイクしない(スキップ)", "Take nothing (skip)"),)),
    "put": Action("skip", (choice("skip", "プットしない(スキップ)", "Put nothing (skip)"),)),
    "char": Action("skip", (choice("skip", "テイクしない(スキップ)", "Take no character (skip)"),)),
}
DONE = Action("done", (choice("done", "プレイを終える", "Done playing"),))
SKIP_PLAY = Action("done", (choice("done", "プレイしない(スキップ)", "Play nothing (skip)"),))
SHUFFLE = Action("shuffle", (choice("shuffle", "シャッフル・アンド・ドロー", "Shuffle and draw"),))
DRAW = Action("draw", (choice("draw", "ドローだけする", "Only draw"),))

PROMPTS: dict[str, Text] = {
    "play": T(
        "プレイ: ラインにカードをプレイする(前後にトラッシュも可)か、プレイを終えてください。",
        "Play: play cards onto your lines (trashing before and after is allowed), or finish playing.",
    ),
    "as": T("その札を何のアイテムとしてプレイしますか?", "Play it as which item?"),
    "trash": T("トラッシュに置くカードを選んでください。", "Choose what to trash."),
    "put": T(
        "プット: 手札1枚をベンチのキャラクターの下に伏せて置くか、スキップしてください。",
        "Put: lay a hand card face down under one of your bench characters, or skip.",
    ),
    "put_pick": T("どのキャラクターの下に、どのカードをプットしますか?", "Put which card under which character?"),
    "char": T(
        "テイク・キャラクター: 4種のアイテムが揃ったキャラクターをテイクするか、スキップしてください。",
        "Take character: take a character whose 4 items are on your lines, or skip.",
    ),
    "refill": T(
        "シャッフル・アンド・ドロー、またはドローだけ(デッキが残っていれば)を選んでください。",
        "Shuffle and draw, or only draw (while your deck lasts).",
    ),
}


def decisions(state: Mapping[str, Any]) -> tuple[Decision, ...]:
    """The turn player decides every step. Take item and take character offer targets the whole table
    sees; the last step is public when the deck is empty (shuffle is then the only choice). Play, put and
    a last step with a deck show hand cards, so they are not public."""
    step = state["step"]
    if step == "over":
        return ()
    seat = state["seat"]
    if step == "take":
        prompt = T(
            f"テイク・アイテム: 合計{state['budget']}以下のアイテムを1枚選ぶか、スキップしてください。",
            f"Take item: choose an item numbered at most the sum {state['budget']}, or skip.",
        )
        return (Decision(seat, prompt, "turn", public=True, topic="take"),)
    if step == "char":
        return (Decision(seat, PROMPTS["char"], "turn", public=True, topic="char"),)
    if step == "refill" and state["pick"] is None:
        return (Decision(seat, PROMPTS["refill"], "turn", public=not state["seats"][seat]["deck"], topic="refill"),)
    if state["pick"] is not None:
        kind = state["pick"]["t"]
        topic = "put_pick" if kind == "put" else kind
        return (Decision(seat, PROMPTS[topic], "turn", public=kind == "as", topic=topic),)
    return (Decision(seat, PROMPTS[step], "turn", topic=step),)


def legal_actions(state: Mapping[str, Any], seat: int) -> tuple[Action, ...]:
    if state["step"] == "over" or seat != state["seat"]:
        return ()
    step = state["step"]
    if state["pick"] is not None:
        return tuple(pick_actions(state, seat, state["pick"]))
    if step == "play":
        return tuple(play_actions(state, seat))
    if step == "take":
        return (*(take_action(kind, state["budget"]) for kind in take.affordable(state, seat)), SKIP["take"])
    if step == "put":
        return (OPEN_PUT, SKIP["put"])
    if step == "char":
        return (*(char_action(cid, state["owner"][cid]) for cid in take.takeable(state, seat)), SKIP["char"])
    found = [SHUFFLE]
    if refill.can_draw(state, seat):
        found.append(DRAW)
    if refill.may_trash_first(state, seat):
        found.append(OPEN_TRASH_FIRST)
    return tuple(found)


def play_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    purse = state["seats"][seat]
    found: list[Action] = []
    playable = list(playable_characters(state, seat))
    for index in range(LINES):
        kind = line_kind(purse["lines"][index], state["played"][index])
        count = len(purse["lines"][index])
        for piece, items in play.line_pieces(state, seat, index, playable):
            found.append(play_action(seat, index, kind, count, piece, items[0] if kind else None))
    if play.can_trash(state, seat):
        found.append(OPEN_TRASH)
    found.append(DONE if any(state["played"]) else SKIP_PLAY)
    return found


def pick_actions(state: Mapping[str, Any], seat: int, pick: Mapping[str, Any]) -> list[Action]:
    """The follow-up: which item the joker or character stands for, or which card goes to the trash."""
    if pick["t"] == "put":
        hand = sorted(set(state["seats"][seat]["hand"]))
        return [put_action(cid, kind) for cid in bench(state, seat) for kind in hand] + [BACK]
    if pick["t"] == "as":
        items = dict(play.pieces(state, seat, pick["line"]))[pick["piece"]]
        return [as_action(kind) for kind in items] + [BACK]
    purse = state["seats"][seat]
    found = [trash_hand_action(kind) for kind in sorted(set(purse["hand"]))]
    if state["step"] == "refill":
        return found + [BACK]
    found += [trash_line_action(seat, index, line[0], len(line)) for index, line in enumerate(purse["lines"]) if line]
    return found + [BACK]


def line_target(seat: int, index: int) -> str:
    """Seat `seat`'s line `index` (0-based) on the board: "line:<seat>:<line, 1-based as in the notation>"."""
    return f"line:{seat}:{index + 1}"


@lru_cache(maxsize=None)
def line_step(seat: int, index: int, kind: str | None, count: int) -> Choice:
    """A line of `seat` as a picker step, with what it holds now."""
    if kind is None:
        label = T(f"ライン{index + 1}(空き)", f"Line {index + 1} (empty)")
    else:
        label = T(f"ライン{index + 1}({mark(kind)}×{count})", f"Line {index + 1} ({mark(kind)} ×{count})")
    return Choice(str(index + 1), label, target=line_target(seat, index))


@lru_cache(maxsize=1 << 14)
def play_action(seat: int, index: int, kind: str | None, count: int, piece: str, item: str | None) -> Action:
    """A hand card, or the joker or a character, onto `seat`'s line `index` (holding `count` cards of
    `kind`): as the line's item, or (`item` None, an empty line) followed by the choice of the item it
    stands for."""
    step = line_step(seat, index, kind, count)
    if piece in EDITION.items:
        return Action(f"play:{index + 1}:{piece}", (PLAY, step, item_choice(piece)))
    name_ja, name_en = ("ジョーカー", "Joker") if piece == play.JOKER else (char_ja(piece), char_en(piece))
    if item is None:
        label = T(f"{name_ja}(アイテムを選ぶ)", f"{name_en} (choose its item)")
    else:
        label = T(f"{name_ja}({mark(item)}として)", f"{name_en} (as {mark(item)})")
    return Action(f"play:{index + 1}:{piece}", (PLAY, step, Choice(piece, label)))


@lru_cache(maxsize=None)
def as_action(kind: str) -> Action:
    return Action(f"as:{kind}", (item_choice(kind),))


@lru_cache(maxsize=None)
def trash_hand_action(kind: str) -> Action:
    return Action(f"trash:{kind}", (Choice(kind, T(f"手札の{item_ja(kind)}", f"{item_en(kind)} from your hand")),))


@lru_cache(maxsize=None)
def trash_line_action(seat: int, index: int, kind: str, length: int) -> Action:
    line = f"line{index + 1}"
    label = T(f"ライン{index + 1}の全部({mark(kind)}×{length})", f"All of line {index + 1} ({mark(kind)} ×{length})")
    return Action(f"trash:{line}", (Choice(line, label, target=line_target(seat, index)),))


@lru_cache(maxsize=None)
def take_action(kind: str, budget: int) -> Action:
    number = EDITION.item(kind).number
    label = T(f"{item_ja(kind)}(数字{number} ≤ 合計{budget})", f"{item_en(kind)} ({number} ≤ sum {budget})")
    return Action(f"take:{kind}", (Choice(kind, label, target=f"item:{kind}"),))


@lru_cache(maxsize=None)
def put_action(cid: str, kind: str) -> Action:
    """A hand card (no place on the board) under a bench character (one on the board)."""
    return Action(f"put:{cid}:{kind}", (character_choice(cid), item_choice(kind)))


@lru_cache(maxsize=None)
def char_action(cid: str, owner: int | None) -> Action:
    if owner is None:
        label = T(f"{char_ja(cid)}(共通の場から)", f"{char_en(cid)} (from the common field)")
    else:
        label = T(f"{char_ja(cid)}({{s{owner}}}のベンチから)", f"{char_en(cid)} (from {{s{owner}}}'s bench)")
    return Action(f"char:{cid}", (Choice(cid, label, target=f"card:{cid}"),))
