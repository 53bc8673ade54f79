"""Why a typed action is refused, with the rule behind it, in both languages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import echo
from engine.core.types import T, Text
from engine.walpurgis import activation, board, chain, choosing, flow
from engine.walpurgis.cards import EDITION
from engine.walpurgis.primitives import condition_holds

def missing(state: Mapping[str, Any], cid: str, square: int, owner: int) -> list[str]:
    """Activation squares that fail the condition of 8.1."""
    card = EDITION.card(cid)
    found: list[str] = []
    for offset in card.matrix.activation:
        target = board.shift(square, offset, owner)
        if target is None:
            found.append("—")
            continue
        piece = board.jin_at(state, target)
        if piece is None or not activation.counts_for(piece, card, owner):
            found.append(board.name(target))
    return found


def activation_reason(state: Mapping[str, Any], seat: int, cid: str, square: int) -> Text | None:
    holes = missing(state, cid, square, seat)
    if holes:
        if "—" in holes:
            return T("発動条件マスが場の外にはみ出します。", "An activation square falls outside the field.")
        listed = " ".join(holes)
        return T(
            f"発動条件を満たしません: {listed} に同じキャラクターアイコンを持つ自分の陣(または裏向きの陣)が必要です。弾幕や相手の陣は数えません。",
            f"The activation condition fails: {listed} need your own jin with the same character icon (or face down). Danmaku and your opponent's jin do not count.",
        )
    card = EDITION.card(cid)
    if not condition_holds(state, seat, card.condition):
        return T("カードの条件を満たしていません(発動判定)。", "The card's own condition is not met (activation check).")
    if state["stage"] == "chain" and state["chain"]["step"] == "intercept":
        if not activation.overlaps(card, square, seat, chain.link(state)):
            return T(
                "迎撃条件を満たしません: このカードのどのマスも、直前のカードの発動条件マス・破壊対象マス・弾幕を配置したマスに重なりません。",
                "The interception condition fails: none of this card's squares overlaps the last card's activation or destruction squares or the squares where it placed danmaku.",
            )
    return None


def place_reason(state: Mapping[str, Any], seat: int, words: list[str]) -> Text:
    if len(words) != 4 or words[3] not in ("up", "down"):
        return T("place カード マス up|down の形で入力してください。", "Type place CARD SQUARE up|down.")
    cid, square = words[1].upper(), board.parse_square(words[2])
    if cid not in EDITION.cards or cid not in state["hand"][seat]:
        return T(f"手札に{echo(words[1])}はありません。", f"You hold no {echo(words[1])}.")
    if square is None:
        return T(f"{echo(words[2])}というマスはありません(1a〜5e)。", f"There is no square {echo(words[2])} (1a to 5e).")
    if board.jin_at(state, square) is not None:
        return T("既に陣が置かれているマスには手札から配置できません。", "You cannot place a card from hand on a square that already holds a jin.")
    if state["stage"] == "main" and state["main"]["placed"]:
        return T("陣の配置はこのターン既に行いました。", "You have already placed a card this turn.")
    if words[3] == "down" and state["stage"] == "main" and flow.first_turn_restricted(state):
        return T("大会ルール: 先攻の最初のターンは裏向きで配置できません。", "Tournament rule: the first player may not place face down in their first turn.")
    if state["stage"] != "main" and words[3] == "down":
        return T("迎撃は表向きに配置して発動させる場合だけです。", "An interception places its card face up.")
    return activation_reason(state, seat, cid, square) or T("今はできません。", "Not possible now.")


def activate_reason(state: Mapping[str, Any], seat: int, words: list[str]) -> Text:
    square = board.parse_square(words[1]) if len(words) == 2 else None
    if square is None:
        return T("activate マス の形で入力してください。", "Type activate SQUARE.")
    piece = board.jin_at(state, square)
    if piece is None or piece["o"] != seat:
        return T("そこに自分の陣はありません。", "You have no jin there.")
    if piece["s"] == "dor":
        return T("休眠状態の陣は発動できません(表も見られません)。", "A dormant jin cannot be activated (nor looked at).")
    if piece["s"] != "act":
        return T("表向きの陣はさらに発動できません。", "A face-up jin cannot be activated again.")
    if state["stage"] == "main" and state["main"]["activated"]:
        return T("陣の発動はこのターン既に行いました。", "You have already activated a jin this turn.")
    return activation_reason(state, seat, piece["c"], square) or T("今はできません。", "Not possible now.")


def why(state: Mapping[str, Any], seat: int, notation: str) -> Text:
    if state["result"] is not None:
        return T("ゲームは終了しています。", "The game is over.")
    words = notation.split()
    stage = state["stage"]
    if stage == "deck":
        return choosing.refusal(state, notation)
    if not words:
        return T("何か入力してください。", "Type an action.")
    if stage == "main" or (stage == "chain" and state["chain"]["step"] == "intercept"):
        if words[0] == "place":
            return place_reason(state, seat, words)
        if words[0] == "activate":
            return activate_reason(state, seat, words)
    if stage == "chain" and state["chain"]["step"] in ("rapid", "barrage") and words[0] == "fire":
        return T("弾幕対象マスから、山札の枚数以内で選んでください。", "Choose danmaku-target squares of this card, no more than your deck holds.")
    shown = echo(notation)
    return T(f"「{shown}」は今は指せません。", f"“{shown}” is not a legal action now.")
