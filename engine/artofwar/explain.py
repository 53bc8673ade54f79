"""Why a typed notation is refused: the rule it breaks, in both languages.

Only called for notations that are not legal now; the checks go from the broadest (whose decision,
which phase) to the most specific (a square out of reach), and the generic sentence remains when none
applies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import echo
from engine.core.types import T, Text
from engine.artofwar import choosing
from engine.artofwar.actions import decisions
from engine.artofwar.board import SQUARES, STANDBY_LIMIT, other, reach
from engine.artofwar.cards import BASIC, GUARDIAN, KING, OWN_TURN_SUPPORTS, WIZARD
from engine.artofwar.chain import response_effect
from engine.artofwar.labels import card_name, who

ARRANGE = ("dep", "rot", "mv", "put", "xch")
CARDS = (*BASIC, KING)


def why(state: Mapping[str, Any], seat: int, notation: str) -> Text:
    pending = decisions(state)
    if not pending:
        return T("このゲームは終了しています。", "This game is over.")
    if state["phase"] == "deck":
        if seat in choosing.waiting(state):
            return choosing.refusal(notation)
        return T("相手がデッキを選ぶのを待っています。", "Waiting for the other player to choose a deck.")
    if pending[0].seat != seat:
        return T(f"今は{who(pending[0].seat)}の決定を待っています。", f"Waiting for {who(pending[0].seat)} to decide.")
    head, _, rest = notation.partition(":")
    args = rest.split(":") if rest else []
    if state["conscript"] is not None:
        return T("先に徴兵で配置する場所を選んでください(cs:…)。", "First choose where conscription deploys (cs:…).")
    if state["chain"]:
        name = card_name(response_effect(state))
        if head in ("sup", "king") and args[:1] == [response_effect(state)]:
            return T(f"{name.ja}(またはKING)を手札に持っていません。", f"You hold no {name.en} (or KING) in hand.")
        return T(f"対応を選んでください: pass、または{name.ja}。", f"Choose a response: pass, or a {name.en}.")
    if state["phase"] != "play":
        return T("セットアップ中です。表示された選択肢から選んでください。", "Setup is under way: choose one of the options shown.")
    for arg in args:
        for part in arg.split("-"):
            if part not in SQUARES and part not in CARDS and part:
                shown = echo(part)
                return T(f"「{shown}」はマスでもカードでもありません。マスはa1〜c2です。", f"“{shown}” is neither a square nor a card. Squares are a1 to c2.")
    if head in ARRANGE:
        return arrange_reason(state, seat, head, args)
    if head == "atk":
        return attack_reason(state, seat, args)
    if head in ("sup", "king"):
        return support_reason(state, seat, head, args)
    if head == "kd":
        if state["entered"]:
            return T("入国は1ターンに1枚までです。", "Only one card a turn may enter the kingdom.")
        if args[:1] == [KING]:
            return T("王国エリアには基本ユニットしか置けません。", "Only basic units may enter the kingdom.")
        return holding(state, seat, args[:1])
    return T(f"「{echo(notation)}」は今は指せません。", f"“{echo(notation)}” is not a legal action now.")


def holding(state: Mapping[str, Any], seat: int, cards: list[str]) -> Text:
    if cards and cards[0] not in state["hand"][seat]:
        name = card_name(cards[0]) if cards[0] in CARDS else None
        if name is not None:
            return T(f"{name.ja}を手札に持っていません。", f"You hold no {name.en} in hand.")
    return T("そのマスは選べません。", "That square cannot be chosen.")


def arrange_reason(state: Mapping[str, Any], seat: int, head: str, args: list[str]) -> Text:
    if state["mode"] == "battle":
        return T("バトルを行ったターンにはアレンジできません。", "No arranging in a turn with a battle.")
    if state["arranged"]:
        return T("アレンジの行動は1ターンに1つだけです。", "Only one arrange action a turn.")
    standby = state["standby"][seat]
    if head in ("dep", "rot") and not standby:
        return T("待機エリアにカードがありません。", "Your standby area is empty.")
    if head in ("put", "xch") and standby:
        return T("手札からの配置・入れ替えは待機エリアが空のときだけです。", "Placing or swapping from hand needs an empty standby area.")
    if head in ("dep", "put") and len(state["field"][seat]) == len(SQUARES):
        return T("戦場エリアは6枚までです。", "The battlefield holds at most six units.")
    if head == "put":
        return holding(state, seat, args[:1]) if args[:1] and args[0] not in state["hand"][seat] else back_row()
    if head == "xch":
        return holding(state, seat, args[1:2])
    if head == "dep":
        return back_row()
    return T(
        "そのマスにはユニットがいないか、一覧にある別の移動と同じ結果になります。",
        "No unit there, or the move ends where a listed move does.",
    )


def back_row() -> Text:
    return T(
        "空いていないマスか、前に誰もいない後列(置いてもすぐ前列へ移動します)です。",
        "That square is taken, or it is a back square with nobody in front (a unit there moves forward at once).",
    )


def attack_reason(state: Mapping[str, Any], seat: int, args: list[str]) -> Text:
    if state["mode"] == "arrange":
        return T("アレンジを行ったターンにはバトルできません。", "No battle in a turn with an arrange action.")
    source, _, target = (args[0] if args else "").partition("-")
    field = state["field"][seat]
    if source not in field:
        return T("そのマスに自分のユニットがいません。", "You have no unit on that square.")
    if field[source]["side"]:
        return T("そのユニットはこのターン既に攻撃しました(横向き)。", "That unit has already attacked this turn (it is sideways).")
    if target not in state["field"][other(seat)]:
        return T("攻撃先のマスに敵ユニットがいません。", "There is no enemy unit on that square.")
    card = field[source]["card"]
    if target not in reach(card, state["kings"][seat], seat, source):
        name = card_name(card, state["kings"][seat])
        return T(f"{target}は{source}の{name.ja}の攻撃範囲外です。", f"{target} is out of the reach of the {name.en} on {source}.")
    return T("その攻撃はできません。", "That attack is not possible.")


def support_reason(state: Mapping[str, Any], seat: int, head: str, args: list[str]) -> Text:
    effect = args[0] if args else ""
    if len(state["standby"][seat]) >= STANDBY_LIMIT:
        return T(f"待機エリアは{STANDBY_LIMIT}枚までです: 後方支援は使えません。", f"Your standby area holds {STANDBY_LIMIT} cards: no rear support fits.")
    if effect == GUARDIAN:
        return T("ガーディアンは相手のターンに、攻撃に対してだけ使えます。", "A Guardian is used only on the opponent's turn, against an attack.")
    if effect == WIZARD:
        return T("ウィザードは相手の後方支援に対してだけ使えます。", "A Wizard is used only against the opponent's rear support.")
    if effect not in OWN_TURN_SUPPORTS:
        return T("そのような後方支援はありません。", "There is no such rear support.")
    card = KING if head == "king" else effect
    if card not in state["hand"][seat]:
        return holding(state, seat, [card])
    return T("その目標は選べません。", "That target cannot be chosen.")
