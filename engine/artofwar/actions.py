"""Who decides now, what they may do, and the text notation for it.

Notation (squares: `a1 b1 c1` front, `a2 b2 c2` back; see labels):
  deck:standard / deck:k01      before setup: a ready-made deck (typed: any code, deck:k01:S4A4P4G4W4)
  keep / redraw                 setup: keep the opening three, or redraw once
  field:soldier:b1              setup: a hand card upright onto the battlefield
  standby:king                  setup: a hand card into the standby area
  dep:b1                        arrange: the standby head onto b1
  rot:a1                        arrange: the unit on a1 to standby, the head onto a1
  mv:a1-b2                      arrange: move the unit on a1 to b2 (swapping with a unit there)
  put:soldier:b1                arrange, standby empty: a hand card onto b1
  xch:a1:soldier                arrange, standby empty: the unit on a1 into hand, a hand card onto a1
  atk:a1-b1                     battle: own a1 attacks the enemy unit on (enemy) b1
  sup:soldier                   rear support by a SOLDIER; `sup:archier:b1` (enemy b1), `sup:priest:a1-b2`
  king:soldier …                the KING declared as that support (`king:archier:b1`, `king:priest:a1-b2`)
  kd:wizard                     enter the kingdom with a hand card
  end                           end the turn
  pass                          no response to the opponent's attack or support
  sup:guardian / king:guardian  cancel the attack
  sup:wizard / king:wizard      negate the support
  cs:b1 / cs:soldier:b1         conscription: the standby head, or a kingdom card, onto b1

The picker walks: arrange › action › square(s) | attack › attacker › target | support › card ›
[effect] › target | enter › card | end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.types import Action, Choice, Decision, T, Text
from engine.artofwar import choosing, conscription
from engine.artofwar.board import SQUARES, STANDBY_LIMIT, attack_value, moves, other, placements, targets
from engine.artofwar.cards import ARCHIER, BASIC, KING, OWN_TURN_SUPPORTS, PRIEST
from engine.artofwar.chain import responder, response_effect
from engine.artofwar.labels import card_choice, card_name, effect_choice, square_choice, step, who


def decisions(state: Mapping[str, Any]) -> tuple[Decision, ...]:
    """One seat decides at a time. Conscription and the redraw choice follow from public facts; every
    other decision offers hand cards, so it is private (a response window is opened on public facts
    alone — a card in hand and room in the standby area — so that its opening tells nothing)."""
    if state["result"] is not None:
        return ()
    if state["phase"] == "deck":
        return choosing.decisions(state)
    if state["conscript"] is not None:
        seat = state["conscript"]["seat"]
        kind = "turn" if seat == state["turn"] else "reaction"
        return (Decision(seat, conscription_prompt(state), kind, public=True),)
    answering = responder(state)
    if answering is not None:
        return (Decision(answering, window_prompt(state), "reaction"),)
    phase = state["phase"]
    if phase == "mulligan":
        return (Decision(state["order"][0], T("手札3枚: このままにするか、一度だけ引き直せます。", "Your three cards: keep them, or redraw once."), "setup", public=True),)
    if phase == "place":
        if state["stage"] == "field":
            prompt = T("セットアップ: 手札1枚を戦場エリアに縦向きで置いてください。", "Setup: place one hand card upright on your battlefield.")
        else:
            prompt = T("セットアップ: 手札1枚を待機エリアに置いてください。", "Setup: put one hand card into your standby area.")
        return (Decision(state["order"][0], prompt, "setup"),)
    return (Decision(state["turn"], turn_prompt(state), "turn"),)


def conscription_prompt(state: Mapping[str, Any]) -> Text:
    if conscription.from_standby(state):
        return T("徴兵: 待機エリアの先頭のカードを配置する場所を選んでください。", "Conscription: choose where the standby head goes.")
    return T("徴兵: 王国エリアから1枚選び、配置する場所を選んでください。", "Conscription: choose a card from your kingdom and where it goes.")


def window_prompt(state: Mapping[str, Any]) -> Text:
    entry = state["chain"][-1]
    actor = entry["seat"]
    if entry["t"] == "attack":
        return T(
            f"{who(actor)}が{who(other(actor))}の{entry['to']}のユニットを攻撃(攻撃力{entry['atk']})。ガーディアンでキャンセルしますか?",
            f"{who(actor)} attacks {who(other(actor))}'s unit on {entry['to']} with {entry['atk']}. Cancel it with a Guardian?",
        )
    name = card_name(entry["effect"])
    return T(
        f"{who(actor)}が後方支援({name.ja})を発動しました。ウィザードで無効にしますか?",
        f"{who(actor)} activates a rear support ({name.en}). Negate it with a Wizard?",
    )


def turn_prompt(state: Mapping[str, Any]) -> Text:
    if state["mode"] == "battle":
        return T("バトル: 攻撃を続けるか、後方支援・入国を行うか、ターンを終了してください。", "Battle: attack again, use a rear support or entry, or end the turn.")
    if state["mode"] == "arrange":
        return T("アレンジ済み: 後方支援・入国を行うか、ターンを終了してください。", "Arranged: use a rear support or entry, or end the turn.")
    return T("アレンジかバトル(または後方支援・入国)を行うか、ターンを終了してください。", "Arrange or battle (rear supports and entry too), or end the turn.")


def legal_actions(state: Mapping[str, Any], seat: int) -> tuple[Action, ...]:
    if seat not in {decision.seat for decision in decisions(state)}:
        return ()
    if state["phase"] == "deck":
        return tuple(choosing.actions(state, seat))
    if state["conscript"] is not None:
        return tuple(conscription_actions(state, seat))
    if state["chain"]:
        return tuple(window_actions(state, seat))
    if state["phase"] == "mulligan":
        return (Action("keep", (step("keep"),)), Action("redraw", (step("redraw"),)))
    if state["phase"] == "place":
        return tuple(setup_actions(state, seat))
    return tuple(turn_actions(state, seat))


def hand_kinds(state: Mapping[str, Any], seat: int) -> list[str]:
    return sorted(set(state["hand"][seat]), key=lambda card: (card == KING, BASIC.index(card) if card in BASIC else 0))


def conscription_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    squares = placements(state["field"][seat])
    if conscription.from_standby(state):
        return [Action(f"cs:{square}", (square_choice(square),)) for square in squares]
    kingdom = state["kingdom"][seat]
    return [
        Action(f"cs:{kind}:{square}", (card_choice(kind), square_choice(square)))
        for kind in BASIC
        if kingdom[kind] > 0
        for square in squares
    ]


def window_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    effect = response_effect(state)
    actions = [Action("pass", (step("pass"),))]
    name = card_name(effect)
    if effect in state["hand"][seat]:
        actions.append(Action(f"sup:{effect}", (Choice(f"sup:{effect}", T(f"{name.ja}を使う", f"Use a {name.en}")),)))
    if KING in state["hand"][seat]:
        verb = T(f"KINGを{name.ja}として使う", f"Use the KING as a {name.en}")
        actions.append(Action(f"king:{effect}", (Choice(f"king:{effect}", verb),)))
    return actions


def setup_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    king = state["kings"][seat]
    if state["stage"] == "field":
        squares = placements(state["field"][seat])
        return [
            Action(f"field:{card}:{square}", (card_choice(card, king), square_choice(square)))
            for card in hand_kinds(state, seat)
            for square in squares
        ]
    return [Action(f"standby:{card}", (card_choice(card, king),)) for card in hand_kinds(state, seat)]


def turn_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    actions: list[Action] = []
    if state["mode"] != "battle" and not state["arranged"]:
        actions.extend(arrange_actions(state, seat))
    if state["mode"] != "arrange":
        actions.extend(attack_actions(state, seat))
    if len(state["standby"][seat]) < STANDBY_LIMIT:
        actions.extend(support_actions(state, seat))
    if not state["entered"]:
        enter = step("enter")
        actions.extend(Action(f"kd:{card}", (enter, card_choice(card))) for card in hand_kinds(state, seat) if card != KING)
    actions.append(Action("end", (step("end"),)))
    return actions


def arrange_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    field = state["field"][seat]
    king = state["kings"][seat]
    top = step("arrange")
    actions = []
    if state["standby"][seat]:
        actions.extend(Action(f"dep:{square}", (top, step("dep"), square_choice(square))) for square in placements(field))
        actions.extend(Action(f"rot:{square}", (top, step("rot"), square_choice(square))) for square in SQUARES if square in field)
    actions.extend(
        Action(f"mv:{source}-{target}", (top, step("mv"), square_choice(source), square_choice(target)))
        for source, target in moves(field)
    )
    if not state["standby"][seat]:
        cards = hand_kinds(state, seat)
        actions.extend(
            Action(f"put:{card}:{square}", (top, step("put"), card_choice(card, king), square_choice(square)))
            for card in cards
            for square in placements(field)
        )
        actions.extend(
            Action(f"xch:{square}:{card}", (top, step("xch"), square_choice(square), card_choice(card, king)))
            for square in SQUARES
            if square in field
            for card in cards
        )
    return actions


def attack_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    field = state["field"][seat]
    top = step("attack")
    actions = []
    for source in SQUARES:
        if source not in field or field[source]["side"]:
            continue
        power = attack_value(state, seat, source)
        king = state["kings"][seat]
        name = card_name(field[source]["card"], king)
        attacker = Choice(source, T(f"{source} {name.ja}(攻撃力{power})", f"{source} {name.en} (attack {power})"))
        enemy_king = state["kings"][other(seat)]
        for target in targets(state, seat, source):
            enemy = card_name(state["field"][other(seat)][target]["card"], enemy_king)
            aim = Choice(target, T(f"{target} {enemy.ja}", f"{target} {enemy.en}"))
            actions.append(Action(f"atk:{source}-{target}", (top, attacker, aim)))
    return actions


def support_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    top = step("support")
    hand = state["hand"][seat]
    actions = []
    for effect in OWN_TURN_SUPPORTS:
        if effect in hand:
            actions.extend(Action(f"sup:{effect}{args}", (top, card_choice(effect), *steps)) for args, steps in effect_options(state, seat, effect))
    if KING in hand:
        king = card_choice(KING, state["kings"][seat])
        for effect in OWN_TURN_SUPPORTS:
            actions.extend(
                Action(f"king:{effect}{args}", (top, king, effect_choice(effect), *steps))
                for args, steps in effect_options(state, seat, effect)
            )
    return actions


def effect_options(state: Mapping[str, Any], seat: int, effect: str) -> list[tuple[str, tuple[Choice, ...]]]:
    """A support's possible targets: the notation suffix and the picker steps for each."""
    if effect == ARCHIER:
        enemy = state["field"][other(seat)]
        return [(f":{square}", (square_choice(square),)) for square in SQUARES if square in enemy]
    if effect == PRIEST:
        return [(f":{source}-{target}", (square_choice(source), square_choice(target))) for source, target in moves(state["field"][seat])]
    return [("", ())]
