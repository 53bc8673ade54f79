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
from functools import lru_cache
from typing import Any

from engine.core.types import Action, Choice, Decision, T, Text
from engine.artofwar import choosing, conscription
from engine.artofwar.board import SQUARES, STANDBY_LIMIT, attack_value, moves, other, placements, targets
from engine.artofwar.cards import ARCHIER, BASIC, KING, OWN_TURN_SUPPORTS, PRIEST
from engine.artofwar.chain import responder, response_effect
from engine.artofwar.labels import card_choice, card_name, effect_choice, kingdom_choice, square_choice, step, who


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
        topic = "conscript_standby" if conscription.from_standby(state) else "conscript_kingdom"
        return (Decision(seat, conscription_prompt(state), kind, public=True, topic=topic),)
    answering = responder(state)
    if answering is not None:
        topic = "guardian" if state["chain"][-1]["t"] == "attack" else "wizard"
        return (Decision(answering, window_prompt(state), "reaction", topic=topic),)
    phase = state["phase"]
    if phase == "mulligan":
        return (Decision(state["order"][0], MULLIGAN, "setup", public=True, topic="mulligan"),)
    if phase == "place":
        field = state["stage"] == "field"
        return (Decision(state["order"][0], PLACE_FIELD if field else PLACE_STANDBY, "setup", topic="field" if field else "standby"),)
    mode = state["mode"] if state["mode"] in TURN else None
    return (Decision(state["turn"], TURN[mode], "turn", topic=mode or "turn"),)


MULLIGAN = T("手札3枚: このままにするか、一度だけ引き直せます。", "Your three cards: keep them, or redraw once.")
PLACE_FIELD = T("セットアップ: 手札1枚を戦場エリアに縦向きで置いてください。", "Setup: place one hand card upright on your battlefield.")
PLACE_STANDBY = T("セットアップ: 手札1枚を待機エリアに置いてください。", "Setup: put one hand card into your standby area.")
CONSCRIPT_STANDBY = T("徴兵: 待機エリアの先頭のカードを配置する場所を選んでください。", "Conscription: choose where the standby head goes.")
CONSCRIPT_KINGDOM = T("徴兵: 王国エリアから1枚選び、配置する場所を選んでください。", "Conscription: choose a card from your kingdom and where it goes.")
TURN: dict[str | None, Text] = {
    "battle": T("バトル: 攻撃を続けるか、後方支援・入国を行うか、ターンを終了してください。", "Battle: attack again, use a rear support or entry, or end the turn."),
    "arrange": T("アレンジ済み: 後方支援・入国を行うか、ターンを終了してください。", "Arranged: use a rear support or entry, or end the turn."),
    None: T("アレンジかバトル(または後方支援・入国)を行うか、ターンを終了してください。", "Arrange or battle (rear supports and entry too), or end the turn."),
}
"""The turn's prompt by the turn's mode; built once, since `decisions` runs several times a step."""


def conscription_prompt(state: Mapping[str, Any]) -> Text:
    return CONSCRIPT_STANDBY if conscription.from_standby(state) else CONSCRIPT_KINGDOM


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
        return (_step_action("keep"), _step_action("redraw"))
    if state["phase"] == "place":
        return tuple(setup_actions(state, seat))
    return tuple(turn_actions(state, seat))


HAND_ORDER = {card: (card == KING, BASIC.index(card) if card in BASIC else 0) for card in (*BASIC, KING)}


def hand_kinds(state: Mapping[str, Any], seat: int) -> list[str]:
    return sorted(set(state["hand"][seat]), key=HAND_ORDER.__getitem__)


# Every listed action is built by one of the cached constructors below: notation and picker path
# depend only on their arguments, and listing legal actions once per step was dominated by building
# the same Actions and labels again.

@lru_cache(maxsize=None)
def _step_action(key: str) -> Action:
    return Action(key, (step(key),))


@lru_cache(maxsize=None)
def _conscript(seat: int, square: str, kind: str | None) -> Action:
    if kind is None:
        return Action(f"cs:{square}", (square_choice(square, seat),))
    return Action(f"cs:{kind}:{square}", (kingdom_choice(kind, seat), square_choice(square, seat)))


@lru_cache(maxsize=None)
def _response(prefix: str, effect: str) -> Action:
    """`sup:effect` (the card itself) or `king:effect` (the KING declared as it) in a response window."""
    name = card_name(effect)
    if prefix == "sup":
        text = T(f"{name.ja}を使う", f"Use a {name.en}")
    else:
        text = T(f"KINGを{name.ja}として使う", f"Use the KING as a {name.en}")
    return Action(f"{prefix}:{effect}", (Choice(f"{prefix}:{effect}", text),))


@lru_cache(maxsize=None)
def _setup(seat: int, card: str, square: str | None, king: str) -> Action:
    if square is None:
        return Action(f"standby:{card}", (card_choice(card, king),))
    return Action(f"field:{card}:{square}", (card_choice(card, king), square_choice(square, seat)))


@lru_cache(maxsize=None)
def _enter(card: str) -> Action:
    return Action(f"kd:{card}", (step("enter"), card_choice(card)))


@lru_cache(maxsize=None)
def _arrange(seat: int, verb: str, first: str, second: str = "", king: str = "") -> Action:
    """dep/rot (a square), mv (source, target), put (card, square), xch (square, card): squares of `seat`."""
    top = step("arrange")
    if verb in ("dep", "rot"):
        return Action(f"{verb}:{first}", (top, step(verb), square_choice(first, seat)))
    if verb == "mv":
        return Action(f"mv:{first}-{second}", (top, step("mv"), square_choice(first, seat), square_choice(second, seat)))
    if verb == "put":
        return Action(f"put:{first}:{second}", (top, step("put"), card_choice(first, king), square_choice(second, seat)))
    return Action(f"xch:{first}:{second}", (top, step("xch"), square_choice(first, seat), card_choice(second, king)))


@lru_cache(maxsize=1 << 14)
def _attack(seat: int, source: str, target: str, power: int, card: str, king: str, enemy_card: str,
            enemy_king: str) -> Action:
    """`seat`'s unit on `source` attacks the enemy unit on (the enemy's) `target`."""
    name = card_name(card, king)
    attacker = Choice(source, T(f"{source} {name.ja}(攻撃力{power})", f"{source} {name.en} (attack {power})"),
                      target=f"square:{seat}:{source}")
    enemy = card_name(enemy_card, enemy_king)
    aim = Choice(target, T(f"{target} {enemy.ja}", f"{target} {enemy.en}"), target=f"square:{other(seat)}:{target}")
    return Action(f"atk:{source}-{target}", (step("attack"), attacker, aim))


@lru_cache(maxsize=1 << 12)
def _support(seat: int, effect: str, squares: tuple[str, ...], king: str | None) -> Action:
    """`seat`'s rear support on `squares` (none, an enemy square, or a move's source and target on its own
    side): the card itself, or with `king` (the KING's id) the KING declared as that card."""
    args = f":{'-'.join(squares)}" if squares else ""
    side = other(seat) if effect == ARCHIER else seat
    targets_ = tuple(square_choice(square, side) for square in squares)
    if king is None:
        return Action(f"sup:{effect}{args}", (step("support"), card_choice(effect), *targets_))
    return Action(f"king:{effect}{args}", (step("support"), card_choice(KING, king), effect_choice(effect), *targets_))


def conscription_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    squares = placements(state["field"][seat])
    if conscription.from_standby(state):
        return [_conscript(seat, square, None) for square in squares]
    kingdom = state["kingdom"][seat]
    return [_conscript(seat, square, kind) for kind in BASIC if kingdom[kind] > 0 for square in squares]


def window_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    effect = response_effect(state)
    actions = [_step_action("pass")]
    if effect in state["hand"][seat]:
        actions.append(_response("sup", effect))
    if KING in state["hand"][seat]:
        actions.append(_response("king", effect))
    return actions


def setup_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    king = state["kings"][seat]
    if state["stage"] == "field":
        squares = placements(state["field"][seat])
        return [_setup(seat, card, square, king) for card in hand_kinds(state, seat) for square in squares]
    return [_setup(seat, card, None, king) for card in hand_kinds(state, seat)]


def turn_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    actions: list[Action] = []
    if state["mode"] != "battle" and not state["arranged"]:
        actions.extend(arrange_actions(state, seat))
    if state["mode"] != "arrange":
        actions.extend(attack_actions(state, seat))
    if len(state["standby"][seat]) < STANDBY_LIMIT:
        actions.extend(support_actions(state, seat))
    if not state["entered"]:
        actions.extend(_enter(card) for card in hand_kinds(state, seat) if card != KING)
    actions.append(_step_action("end"))
    return actions


def arrange_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    field = state["field"][seat]
    king = state["kings"][seat]
    actions = []
    if state["standby"][seat]:
        actions.extend(_arrange(seat, "dep", square) for square in placements(field))
        actions.extend(_arrange(seat, "rot", square) for square in SQUARES if square in field)
    actions.extend(_arrange(seat, "mv", source, target) for source, target in moves(field))
    if not state["standby"][seat]:
        cards = hand_kinds(state, seat)
        empty = placements(field)
        actions.extend(_arrange(seat, "put", card, square, king) for card in cards for square in empty)
        actions.extend(_arrange(seat, "xch", square, card, king) for square in SQUARES if square in field for card in cards)
    return actions


def attack_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    field = state["field"][seat]
    king = state["kings"][seat]
    enemy_field = state["field"][other(seat)]
    enemy_king = state["kings"][other(seat)]
    actions = []
    for source in SQUARES:
        if source not in field or field[source]["side"]:
            continue
        power = attack_value(state, seat, source)
        card = field[source]["card"]
        for target in targets(state, seat, source):
            actions.append(_attack(seat, source, target, power, card, king, enemy_field[target]["card"], enemy_king))
    return actions


def support_actions(state: Mapping[str, Any], seat: int) -> list[Action]:
    hand = state["hand"][seat]
    actions = []
    for effect in OWN_TURN_SUPPORTS:
        if effect in hand:
            actions.extend(_support(seat, effect, squares, None) for squares in effect_options(state, seat, effect))
    if KING in hand:
        king = state["kings"][seat]
        for effect in OWN_TURN_SUPPORTS:
            actions.extend(_support(seat, effect, squares, king) for squares in effect_options(state, seat, effect))
    return actions


def effect_options(state: Mapping[str, Any], seat: int, effect: str) -> list[tuple[str, ...]]:
    """A support's possible targets: none, an enemy square (ARCHIER) or a move's two squares (PRIEST)."""
    if effect == ARCHIER:
        enemy = state["field"][other(seat)]
        return [(square,) for square in SQUARES if square in enemy]
    if effect == PRIEST:
        return list(moves(state["field"][seat]))
    return [()]
