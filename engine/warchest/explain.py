"""Why a typed notation is refused, in the rules' own terms ("E4 is occupied", "only bolstered units may
attack a Knight"), so a player learns the rule instead of guessing. Checks run from the most general
(which coin, which action) to the most specific (the target); the first failing one is the reason.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from engine.core.types import T, Text
from engine.warchest import moves
from engine.warchest.units import (
    CAVALRY,
    KNIGHT,
    LIGHT_CAVALRY,
    NO_NORMAL_ATTACK,
    ROYAL,
    ROYAL_GUARD,
    UNITS,
    WITH_TACTIC,
    coin_name,
)

State = Mapping[str, Any]
HEXES = re.compile(r"[A-Za-z]\d+(-[A-Za-z]\d+)*")
COIN_VERBS = ("deploy", "bolster", "move", "control", "attack", "tactic", "recruit", "initiative", "pass")
FACE_DOWN = ("recruit", "initiative", "pass")


def _options(found: list[str]) -> Text:
    shown = ", ".join(found[:10]) + (" …" if len(found) > 10 else "")
    return T(f"選べるのは: {shown}", f"Legal here: {shown}")


def _join(first: Text, second: Text) -> Text:
    return T(f"{first.ja} {second.ja}", f"{first.en} {second.en}")


def why(state: State, seat: int, notation: str, legal: list[str]) -> Text:
    """The reason for a seat that is being asked to decide; `legal` are its legal notations."""
    parts = [_normal(part) for part in notation.split(":")]
    if state["phase"] == "draft":
        return _draft_reason(state, parts, legal)
    if state["followups"]:
        return _frame_reason(state, state["followups"][-1], parts, legal)
    return _coin_reason(state, seat, parts, state["seats"][seat]["hand"], legal)


def _normal(token: str) -> str:
    """Hex arguments upper-case ("e1-e2" → "E1-E2"), words lower-case, as the notation spells them."""
    token = token.strip()
    return token.upper() if HEXES.fullmatch(token) else token.lower()


def _draft_reason(state: State, parts: list[str], legal: list[str]) -> Text:
    if len(parts) != 2 or parts[0] != "pick":
        return _join(T("ドラフトでは「pick:ユニット」と入力します。", "In the draft, type “pick:<unit>”."), _options(legal))
    if parts[1] not in UNITS:
        return _join(T(f"「{parts[1]}」というユニットはありません。", f"There is no unit “{parts[1]}”."), _options(legal))
    return _join(T(f"{UNITS[parts[1]].name.ja}は残っていません。", f"{UNITS[parts[1]].name.en} is not in the pool."), _options(legal))


def _frame_reason(state: State, frame: Mapping[str, Any], parts: list[str], legal: list[str]) -> Text:
    kind = frame["kind"]
    if kind == "priest":
        drawn = state["seats"][frame["seat"]]["drawn"]
        if parts[0] not in drawn:
            name = coin_name(drawn[0])
            return T(f"戦僧の効果で引いた{name.ja}を今すぐ使わなければなりません。",
                     f"You must use the {name.en} you drew for the Warrior Priest now.")
        return _coin_reason(state, frame["seat"], parts, drawn, legal)
    if kind == "guard":
        return T("「guard:supply」(供給から)か「guard:unit」(ユニットから)を選んでください。",
                 "Choose “guard:supply” (from the supply) or “guard:unit” (from the unit).")
    if len(parts) != 2 or parts[0] not in moves.MANEUVERS:
        if "skip" in legal:
            ask = T("追加の作戦(例: move:E1-E2)を選ぶか、skip を入力してください。", "Choose the extra maneuver (e.g. move:E1-E2), or type skip.")
        else:
            ask = T("歩兵の作戦(例: move:E1-E2)を選んでください。", "Choose a Footman's maneuver (e.g. move:E1-E2).")
        return _join(ask, _options(legal))
    if kind == "swordsman" and parts[0] != "move":
        return T("剣士は攻撃の後に移動だけができます。", "After attacking, the Swordsman may only move.")
    source = parts[1].split("-")[0]
    board = state["board"]
    allowed = frame["left"] if kind == "footman" else [frame["hex"]]
    if source not in allowed:
        return _join(T(f"{source}のユニットはこの作戦を行えません。", f"The unit on {source} is not the one acting now."), _options(legal))
    height = board[source]["height"] - 1 if kind == "berserker" else None
    reason = _maneuver_reason(state, parts[0], parts[1], height)
    return reason or _options(legal)


def _coin_reason(state: State, seat: int, parts: list[str], coins: list[str], legal: list[str]) -> Text:
    coin = parts[0]
    if coin != ROYAL and coin not in UNITS:
        return T(f"「{coin}」というコインはありません。", f"There is no coin called “{coin}”.")
    name = coin_name(coin)
    if coin not in coins:
        return T(f"手元に{name.ja}のコインがありません。", f"You have no {name.en} coin in hand.")
    verb = parts[1] if len(parts) > 1 else ""
    if verb not in COIN_VERBS:
        return T(f"「{verb}」という行動はありません。使えるのは {', '.join(COIN_VERBS)} です。",
                 f"Unknown action “{verb}”; use one of {', '.join(COIN_VERBS)}.")
    args = parts[2] if len(parts) > 2 else ""
    if verb in FACE_DOWN:
        return _face_down_reason(state, seat, verb, args, legal)
    if coin == ROYAL and not (verb == "tactic" and ROYAL_GUARD in state["seats"][seat]["units"]):
        return T("国王コインは裏向きでしか使えません(近衛隊の戦術の支払いを除く)。",
                 "The Royal Coin is used only face down (except to pay for the Royal Guard's tactic).")
    unit = ROYAL_GUARD if coin == ROYAL else coin
    uname = UNITS[unit].name
    own = [h for h in moves.unit_hexes(state, unit) if state["board"][h]["seat"] == seat]
    if verb == "deploy":
        return _deploy_reason(state, seat, unit, args) or _options(legal)
    if not own:
        return T(f"{uname.ja}は盤上にいません。先に配置してください。", f"{uname.en} is not on the board: deploy it first.")
    if verb == "tactic":
        if coin != ROYAL and unit not in WITH_TACTIC:
            return T(f"{uname.ja}には戦術がありません。", f"{uname.en} has no tactic.")
        same = _same_result(state, coin, args, legal)
        if same:
            return T(f"それは「{same}」と同じ結果になります。そちらを選んでください。",
                     f"That ends exactly like “{same}”: choose that instead.")
        possible = [n for n in legal if n.startswith(f"{coin}:tactic")]
        if not possible:
            return T(f"今は{uname.ja}の戦術に使える対象がありません。", f"The {uname.en} tactic has no legal target now.")
        return _options(possible)
    source = args.split("-")[0]
    if source not in own:
        return T(f"{source}に{uname.ja}はいません。", f"There is no {uname.en} of yours on {source}.")
    return _maneuver_reason(state, verb, args, None) or _options(legal)


def _same_result(state: State, coin: str, args: str, legal: list[str]) -> str | None:
    """The listed action that ends like this unlisted tactic: a Light Cavalry path ending beside its start
    (the plain move), a one-coin Cavalry charging a Pikeman (the charge listed for that Pikeman)."""
    board = state["board"]
    neighbours = moves.geometry(state).neighbours
    hexes = args.split("-")
    if any(h not in neighbours for h in hexes) or hexes[0] not in board:
        return None
    if coin == LIGHT_CAVALRY and len(hexes) == 2:
        candidates = [f"{coin}:move:{args}"]
    elif coin == CAVALRY and len(hexes) == 3 and _fatal_charge(state, *hexes):
        source, _, target = hexes
        candidates = [f"{coin}:attack:{source}-{target}"]
        candidates += [n for n in legal if n.startswith(f"{coin}:tactic:{source}-") and n.endswith(f"-{target}")]
    else:
        return None
    return next((n for n in candidates if n in legal), None)


def _fatal_charge(state: State, source: str, step: str, target: str) -> bool:
    """A Cavalry charge the rules allow and that ends with the Pikeman striking its last coin back."""
    board = state["board"]
    neighbours = moves.geometry(state).neighbours
    defender = board.get(target)
    return (
        step in neighbours[source]
        and step not in board
        and target in neighbours[step]
        and defender is not None
        and moves.team(defender["seat"]) != moves.team(board[source]["seat"])
        and moves.falls_to_pikeman(board[source], defender)
    )


def _face_down_reason(state: State, seat: int, verb: str, args: str, legal: list[str]) -> Text:
    if verb == "initiative":
        holder = state["initiative"]
        if holder == seat:
            return T("すでに先行マーカーを持っています。", "You already hold the initiative.")
        if moves.team(holder) == moves.team(seat):
            return T("味方から先行を奪うことはできません。", "You cannot claim the initiative from your teammate.")
        return T("このラウンドはすでに先行が移っています。", "The initiative has already changed hands this round.")
    if verb == "recruit":
        unit = args.lower()
        if unit not in UNITS:
            return T(f"「{args}」というユニットはありません。", f"There is no unit “{args}”.")
        if unit not in state["seats"][seat]["units"]:
            return T(f"{UNITS[unit].name.ja}は自分のユニットではありません(味方の分も募集できません)。",
                     f"{UNITS[unit].name.en} is not one of your units (nobody recruits for a teammate).")
        return T(f"供給に{UNITS[unit].name.ja}のコインが残っていません。", f"No {UNITS[unit].name.en} coin is left in your supply.")
    return _options(legal)


def _deploy_reason(state: State, seat: int, unit: str, hex_: str) -> Text | None:
    name = UNITS[unit].name
    if not moves.deployable(state, unit):
        return T(f"{name.ja}はすでに盤上にいます(歩兵は2つまで)。増援してください。",
                 f"{name.en} is already on the board (Footman: two at most); bolster it instead.")
    geometry = moves.geometry(state)
    if hex_ not in geometry.coords:
        return T(f"この盤に{hex_}というマスはありません。", f"There is no hex {hex_} on this board.")
    if hex_ in state["board"]:
        return T(f"{hex_}にはすでにユニットがいます。", f"{hex_} is occupied.")
    if unit == "scout":
        return T("斥候は自分側の空いた拠点か、自分のユニットに隣接する空いたマスに配置します。",
                 "The Scout deploys onto an empty location your side controls or an empty hex next to one of your units.")
    if hex_ not in geometry.locations:
        return T(f"{hex_}は拠点ではありません。配置は自分側が占領している拠点だけです。",
                 f"{hex_} is not a location; deploy only onto locations your side controls.")
    return T(f"{hex_}は自分側が占領している拠点ではありません。", f"Your side does not control {hex_}.")


def _maneuver_reason(state: State, verb: str, args: str, height: int | None) -> Text | None:
    """The reason a move, control or attack by the stack on the first hex of `args` fails, if one applies."""
    board = state["board"]
    geometry = moves.geometry(state)
    hexes = args.split("-")
    source = hexes[0]
    stack = board.get(source)
    if stack is None:
        return T(f"{source}にユニットがいません。", f"There is no unit on {source}.")
    name = UNITS[stack["unit"]].name
    if verb == "control":
        if source not in geometry.locations:
            return T(f"{source}は拠点ではありません。", f"{source} is not a location.")
        return T(f"{source}はすでに自分側の拠点です。", f"Your side already controls {source}.")
    if len(hexes) != 2 or hexes[1] not in geometry.coords:
        return T(f"「{args}」は「元のマス-先のマス」の形で書いてください。", f"Write “{args}” as <from>-<to>, e.g. E1-E2.")
    target = hexes[1]
    if target not in geometry.neighbours[source]:
        return T(f"{target}は{source}に隣接していません。", f"{target} is not adjacent to {source}.")
    occupant = board.get(target)
    if verb == "move":
        return T(f"{target}にはすでにユニットがいます。", f"{target} is occupied.") if occupant else None
    if stack["unit"] in NO_NORMAL_ATTACK:
        return T(f"{name.ja}は通常の攻撃ができません(戦術でのみ攻撃)。", f"{name.en} cannot make normal attacks, only its tactic.")
    if occupant is None:
        return T(f"{target}には攻撃できるユニットがいません。", f"There is no unit to attack on {target}.")
    if moves.team(occupant["seat"]) == moves.team(stack["seat"]):
        return T(f"{target}は味方のユニットです。", f"The unit on {target} is on your side.")
    if occupant["unit"] == KNIGHT and not moves.can_strike(stack["height"] if height is None else height, occupant):
        return T("騎士は増援されたユニット(コイン2枚以上)からしか攻撃されません。", "Only bolstered units (two coins or more) may attack a Knight.")
    return None
