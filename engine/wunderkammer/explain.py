"""Why a typed move is refused: the rule it breaks, in both languages, for the common mistakes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import echo
from engine.core.types import T, Text
from engine.wunderkammer import refill, take
from engine.wunderkammer.board import HAND, LINES, line_kind
from engine.wunderkammer.cards import EDITION
from engine.wunderkammer.labels import STEPS, item_en, item_ja, who

HEADS = {
    "play": "play",
    "trash": "play",
    "done": "play",
    "take": "take",
    "put": "put",
    "char": "char",
    "shuffle": "refill",
    "draw": "refill",
}


def why(state: Mapping[str, Any], seat: int, notation: str) -> Text:
    step = state["step"]
    if step == "over":
        return T("このゲームは終了しています。", "This game is over.")
    if seat != state["seat"]:
        return T(f"今は{who(state['seat'])}の手番です。", f"It is {who(state['seat'])}'s turn.")
    head, _, rest = notation.partition(":")
    head = head.lower()
    wanted = HEADS.get(head)
    if head == "skip" and step in ("take", "put", "char"):
        return T("この手順はもう終わっています。", "This step is already over.")
    if head == "trash" and step == "refill":
        return refill_reason(state, seat)
    if wanted is not None and wanted != step:
        here = STEPS[step]
        return T(
            f"今は「{here.ja}」の手順です。手番はプレイ→テイク・アイテム→セット→プット→テイク・キャラクター→"
            "シャッフル・アンド・ドローの順に進みます。",
            f"It is the “{here.en}” step now: a turn goes play → take item → set → put → take character → "
            "shuffle and draw.",
        )
    if head == "play":
        return play_reason(state, seat, rest.split(":"))
    if head == "take":
        return take_reason(state, seat, rest.upper())
    if head == "put":
        return T(
            "手札のカードを自分のベンチのキャラクターの下にだけプットできます(1手番に1回)。",
            "You may put a card from your hand under a character on your own bench, once a turn.",
        )
    if head == "char":
        return char_reason(state, seat, rest.lower())
    if head == "draw":
        return refill_reason(state, seat)
    shown = echo(notation)
    return T(f"「{shown}」は今は指せません。", f"“{shown}” is not a legal action now.")


def play_reason(state: Mapping[str, Any], seat: int, args: list[str]) -> Text:
    if not args or not args[0].isdigit() or not 1 <= int(args[0]) <= LINES:
        return T(f"ラインは1〜{LINES}です。", f"Lines are numbered 1 to {LINES}.")
    index = int(args[0]) - 1
    kind = args[-1].upper()
    if kind not in EDITION.items:
        return T(f"「{echo(args[-1])}」というアイテムはありません。", f"There is no item “{echo(args[-1])}”.")
    held = line_kind(state["seats"][seat]["lines"][index], state["played"][index])
    if held is not None and held != kind:
        return T(
            f"ライン{index + 1}には{item_ja(held)}が並んでいます。違うアイテムはプレイできません。",
            f"Line {index + 1} holds {item_en(held)}: a different item cannot be played onto it.",
        )
    if held is None:
        return T(
            f"{item_ja(kind)}はすでに別のラインに並んでいます。同じアイテムは同じラインに置きます。",
            f"{item_en(kind)} already has a line: the same item always goes onto its own line.",
        )
    if len(args) == 2:
        return T(f"手札に{item_ja(kind)}がありません。", f"You hold no {item_en(kind)}.")
    if args[1].upper() == "J":
        return T("ジョーカーは手元にありません。", "Your joker is not in your hand area.")
    return T(
        "そのキャラクターはプレイできません(ベンチにいない、能力がない、すでにプレイした、または書かれていないアイテム)。",
        "That character cannot be played (not on your bench, no such ability, already played, or not one of its items).",
    )


def take_reason(state: Mapping[str, Any], seat: int, kind: str) -> Text:
    if kind not in EDITION.items:
        return T(f"「{echo(kind)}」というアイテムはありません。", f"There is no item “{echo(kind)}”.")
    if state["field"][kind] == 0:
        return T(f"{item_ja(kind)}は共通の場に残っていません。", f"No {item_en(kind)} is left in the common field.")
    if len(state["takes"]) >= take.takes_allowed(state, seat):
        return T("この手番はもうアイテムをテイクしました。", "You have already taken an item this turn.")
    number = EDITION.item(kind).number
    return T(
        f"{item_ja(kind)}の数字{number}は合計{state['budget']}を超えています。"
        "合計は、この手番にプレイしたラインにすでに並んでいたカードの枚数です。",
        f"{item_en(kind)} is numbered {number}, above the sum {state['budget']}: the sum counts the cards "
        "already on the lines you played to this turn.",
    )


def char_reason(state: Mapping[str, Any], seat: int, cid: str) -> Text:
    if cid not in EDITION.characters:
        return T(f"「{echo(cid)}」というキャラクターはいません。", f"There is no character “{echo(cid)}”.")
    owner = state["owner"][cid]
    if owner == seat:
        return T("そのキャラクターはすでにあなたのベンチにいます。", "That character is already on your bench.")
    if not take.has_all(state, seat, cid):
        return T(
            "そのキャラクターの4種のアイテムがすべて自分のラインに並んでいません。",
            "Not all 4 of that character's items are on your lines.",
        )
    return T(
        f"{who(owner)}のラインにも4種のアイテムが揃っているので、テイクできません。",
        f"{who(owner)} also has all 4 of its items on their lines, so it cannot be taken.",
    )


def refill_reason(state: Mapping[str, Any], seat: int) -> Text:
    purse = state["seats"][seat]
    if not purse["deck"]:
        return T(
            "デッキが残っていないので、シャッフル・アンド・ドローだけができます。",
            "Your deck is empty: only shuffle and draw is possible.",
        )
    if len(purse["hand"]) >= HAND:
        return T(
            "手札が4枚あるので、ドローの前に1枚以上トラッシュに置いてください。",
            "You hold 4 cards: trash at least one before drawing.",
        )
    if not refill.may_trash_first(state, seat):
        return T(
            "ドローの前にトラッシュするのは、手札が4枚あるときです。",
            "Hand cards go to the trash before drawing when the hand is full (4 cards).",
        )
    return T("そのカードは手札にありません。", "That card is not in your hand.")
