"""Applying a legal action: spending the coin, resolving maneuvers and tactics, triggering attributes.

Only legal notations reach this module (the base class checks them against `legal_actions`), so it parses
without validating. Attributes trigger here through granted actions too (Ensign, Marshall, Footman tactic,
Warrior Priest coin), as the project's rulings require; a triggered choice becomes a follow-up frame.
"""

from __future__ import annotations

from typing import Any

from engine.core.types import Event, T
from engine.warchest import flow, moves, setup
from engine.warchest.flow import who
from engine.warchest.units import (
    ARCHER,
    BERSERKER,
    CAVALRY,
    CROSSBOWMAN,
    ENSIGN,
    LANCER,
    LIGHT_CAVALRY,
    MARSHALL,
    MERCENARY,
    PIKEMAN,
    ROYAL,
    ROYAL_GUARD,
    SWORDSMAN,
    UNITS,
    WARRIOR_PRIEST,
    coin_name,
)

State = dict[str, Any]


def apply(state: State, seat: int, notation: str) -> list[Event]:
    """Apply a legal notation for `seat` to the state (a private copy), then let the turn move on."""
    events: list[Event] = []
    parts = notation.split(":")
    if state["phase"] == "draft":
        setup.pick(state, seat, parts[1], events)
        return events
    if state["followups"]:
        _follow_up(state, state["followups"][-1], parts, events)
    else:
        state["seats"][seat]["hand"].remove(parts[0])
        use_coin(state, seat, parts[0], parts[1], parts[2] if len(parts) > 2 else "", events)
    flow.settle(state, events)
    return events


def _say(events: list[Event], ja: str, en: str) -> None:
    events.append(Event(T(ja, en)))


def _act(events: list[Event], ja: str, en: str, kind: str, seat: int, unit: str | None = None,
         path: list[str] | None = None, target: str | None = None) -> None:
    """The public sentence stating an action, carrying in `data["last"]` what the board image highlights:
    the action, its unit, the hexes it went through, what it hit. The rules never read it back."""
    path = path or []
    last = {
        "kind": kind,
        "seat": seat,
        "unit": unit,
        "from": path[0] if path else None,
        "to": path[-1] if path else None,
        "path": path,
        "target": target,
    }
    events.append(Event(T(ja, en), data={"last": last}))


def use_coin(state: State, seat: int, coin: str, verb: str, args: str, events: list[Event]) -> None:
    """One coin, one action: face down (initiative, recruit, pass), onto the board, or face up (maneuvers)."""
    purse = state["seats"][seat]
    board = state["board"]
    name = coin_name(coin)
    if verb in ("initiative", "recruit", "pass"):
        purse["down"].append(coin)
        if verb == "initiative":
            state["initiative"] = seat
            state["init_changed"] = True
            _act(events, f"{who(seat)}が先行を宣言しました(次のラウンドから)。",
                 f"{who(seat)} claimed the initiative (from next round).", "initiative", seat)
        elif verb == "recruit":
            _recruit(state, seat, args, events)
        else:
            _act(events, f"{who(seat)}はパスしました。", f"{who(seat)} passed.", "pass", seat)
    elif verb == "deploy":
        board[args] = {"unit": coin, "seat": seat, "height": 1}
        _act(events, f"{who(seat)}が{name.ja}を{args}に配置しました。", f"{who(seat)} deployed {name.en} on {args}.",
             "deploy", seat, coin, [args])
    elif verb == "bolster":
        board[args]["height"] += 1
        _act(events, f"{who(seat)}が{args}の{name.ja}を増援しました。", f"{who(seat)} bolstered {name.en} on {args}.",
             "bolster", seat, coin, [args])
    else:
        purse["up"].append(coin)
        if verb == "tactic":
            _tactic(state, seat, coin, args, events)
        else:
            maneuver(state, seat, verb, args, events)


def _recruit(state: State, seat: int, unit: str, events: list[Event]) -> None:
    purse = state["seats"][seat]
    purse["supply"][unit] -= 1
    purse["up"].append(unit)
    name = UNITS[unit].name
    _act(events, f"{who(seat)}が{name.ja}を募集しました。", f"{who(seat)} recruited {name.en}.", "recruit", seat, unit)
    if unit != MERCENARY:
        return
    for hex_ in moves.unit_hexes(state, MERCENARY):
        if state["board"][hex_]["seat"] == seat and moves.maneuvers(state, hex_):
            state["followups"].append({"kind": "mercenary", "seat": seat, "hex": hex_})


def maneuver(state: State, seat: int, verb: str, args: str, events: list[Event]) -> None:
    """A move, control or attack by the stack named in `args`, then whatever it triggers."""
    if verb == "attack":
        source, target = args.split("-")
        attack(state, seat, source, target, True, events)
        return
    if verb == "move":
        source, end = args.split("-")
        _relocate(state, seat, [source, end], events, highlight=True)
        after_maneuver(state, end, "move", events)
        return
    control(state, seat, args, events)
    after_maneuver(state, args, "control", events)


def _relocate(state: State, seat: int, path: list[str], events: list[Event], *, highlight: bool = False) -> None:
    """Move a stack along `path`; `highlight` when the move is the action itself rather than part of a
    tactic, which carries its own highlight."""
    board = state["board"]
    stack = board.pop(path[0])
    board[path[-1]] = stack
    name = UNITS[stack["unit"]].name
    route = "→".join(path)
    ja, en = f"{who(seat)}: {name.ja}が{route}へ移動。", f"{who(seat)}: {name.en} moved {route}."
    if highlight:
        _act(events, ja, en, "move", seat, stack["unit"], path)
    else:
        _say(events, ja, en)


def control(state: State, seat: int, hex_: str, events: list[Event]) -> None:
    """Place the unit's team marker, returning an opponent's; the last marker wins at once."""
    stack = state["board"][hex_]
    team = moves.team(stack["seat"])
    previous = state["control"].get(hex_)
    if previous is not None:
        state["markers"][previous] += 1
    state["control"][hex_] = team
    state["markers"][team] -= 1
    name = UNITS[stack["unit"]].name
    _act(events, f"{who(seat)}: {name.ja}が{hex_}を占領しました。", f"{who(seat)}: {name.en} took control of {hex_}.",
         "control", seat, stack["unit"], [hex_])
    if state["markers"][team] == 0:
        flow.finish(state, team, "control")
        _say(events, f"{who(seat)}の陣営が最後の占領マーカーを置き、勝利しました!", f"{who(seat)}'s side placed its last control marker and wins!")


def _remove_coin(state: State, hex_: str, events: list[Event]) -> None:
    """One coin of the stack leaves the game; the unit leaves the board with its last coin."""
    board = state["board"]
    stack = board[hex_]
    stack["height"] -= 1
    name = UNITS[stack["unit"]].name
    if stack["height"] == 0:
        del board[hex_]
        _say(events, f"{hex_}の{name.ja}は盤上から除去されました。", f"{name.en} on {hex_} was removed from the board.")
    else:
        _say(events, f"{hex_}の{name.ja}はコインを1枚失いました(残り{stack['height']}枚)。",
             f"{name.en} on {hex_} lost a coin ({stack['height']} left).")


def attack(state: State, seat: int, source: str, target: str, adjacent: bool, events: list[Event], *,
           highlight: bool = True) -> None:
    """An attack from `source` on `target`; `adjacent` is False for the distance-2 tactic attacks, and
    `highlight` False inside a tactic, whose own sentence carries the highlight."""
    board = state["board"]
    attacker, defender = board[source], board[target]
    a_name, d_name = UNITS[attacker["unit"]].name, UNITS[defender["unit"]].name
    ja = f"{who(seat)}: {source}の{a_name.ja}が{target}の{d_name.ja}を攻撃。"
    en = f"{who(seat)}: {a_name.en} on {source} attacks {d_name.en} on {target}."
    if highlight:
        _act(events, ja, en, "attack", seat, attacker["unit"], [source], target)
    else:
        _say(events, ja, en)
    if adjacent and defender["unit"] == PIKEMAN:
        _say(events, "長槍兵の反撃!", "The Pikeman strikes back!")
        _remove_coin(state, source, events)
    owner = defender["seat"]
    if defender["unit"] == ROYAL_GUARD and state["seats"][owner]["supply"].get(ROYAL_GUARD, 0) > 0:
        state["followups"].append({"kind": "guard", "seat": owner, "hex": target, "attacker": source})
        return
    _remove_coin(state, target, events)
    after_maneuver(state, source, "attack", events)


def after_maneuver(state: State, hex_: str, kind: str, events: list[Event]) -> None:
    """The acting unit's attribute, if it still stands and the game goes on: Swordsman, Priest, Berserker."""
    stack = state["board"].get(hex_)
    if state["phase"] != "play" or stack is None:
        return
    unit, owner = stack["unit"], stack["seat"]
    if unit == SWORDSMAN and kind == "attack":
        if any(n not in state["board"] for n in moves.geometry(state).neighbours[hex_]):
            state["followups"].append({"kind": "swordsman", "seat": owner, "hex": hex_})
    elif unit == WARRIOR_PRIEST and kind in ("attack", "control"):
        _priest_draw(state, owner, events)
    elif unit == BERSERKER and moves.berserker_can_continue(state, hex_):
        state["followups"].append({"kind": "berserker", "seat": owner, "hex": hex_})


def _priest_draw(state: State, owner: int, events: list[Event]) -> None:
    drawn = flow.draw(state, owner, 1)
    if not drawn:
        _say(events, "袋にも捨て札にもコインがなく、戦僧は何も引けません。", "No coin left to draw for the Warrior Priest.")
        return
    state["seats"][owner]["drawn"] = drawn
    state["followups"].append({"kind": "priest", "seat": owner})
    name = coin_name(drawn[0])
    _say(events, f"{who(owner)}は戦僧の効果でコインを1枚引きました。", f"{who(owner)} draws a coin for the Warrior Priest.")
    events.append(Event(
        T(f"戦僧の効果で{name.ja}を引きました。すぐに使ってください。", f"Warrior Priest: you drew {name.en}; use it now."),
        owner,
        {"drawn": drawn[0]},
    ))


def _tactic(state: State, seat: int, coin: str, args: str, events: list[Event]) -> None:
    """Resolve a tactic. Its sentence comes first and carries the highlight: the tactic's unit, the hexes
    of the unit that acted, its target (worked out before anything moves)."""
    hexes = args.split("-")
    unit = ROYAL_GUARD if coin == ROYAL else coin
    path, target = _tactic_route(state, coin, hexes)
    name = UNITS[unit].name
    _act(events, f"{who(seat)}が{name.ja}の戦術を使いました。", f"{who(seat)} used the {name.en} tactic.",
         "tactic", seat, unit, path, target)
    if coin in (ARCHER, CROSSBOWMAN, MARSHALL):
        attack(state, seat, hexes[0], hexes[1], coin == MARSHALL, events, highlight=False)
    elif coin in (CAVALRY, LANCER):
        _relocate(state, seat, path, events)
        attack(state, seat, hexes[1], hexes[2], True, events, highlight=False)
    elif coin in (LIGHT_CAVALRY, ROYAL):
        _relocate(state, seat, path, events)
    elif coin == ENSIGN:
        _relocate(state, seat, path, events)
        after_maneuver(state, hexes[1], "move", events)
    else:
        state["followups"].append({"kind": "footman", "seat": seat, "left": moves.footmen(state, seat)})


def _tactic_route(state: State, coin: str, hexes: list[str]) -> tuple[list[str], str | None]:
    """The hexes the tactic's acting unit goes through (or attacks from) and the hex it attacks."""
    if coin in (ARCHER, CROSSBOWMAN, MARSHALL):
        return hexes[:1], hexes[1]
    if coin in (CAVALRY, LANCER):
        return _straight_path(state, hexes[0], hexes[1]), hexes[2]
    if coin in (LIGHT_CAVALRY, ROYAL):
        return moves.two_step_path(state, hexes[0], hexes[1]), None
    if coin == ENSIGN:
        return hexes, None
    return [], None


def _straight_path(state: State, source: str, end: str) -> list[str]:
    """The hexes of a straight move: a Lancer's charge, or a Cavalry's single step."""
    ray = next(ray for ray in moves.geometry(state).rays[source] if end in ray)
    return [source, *ray[: ray.index(end) + 1]]


def _follow_up(state: State, frame: dict[str, Any], parts: list[str], events: list[Event]) -> None:
    """Resolve the decision on top of the follow-up stack. The frame leaves the stack before its action
    runs, so whatever that action triggers stacks above whatever is still waiting below."""
    followups = state["followups"]
    kind, seat = frame["kind"], frame["seat"]
    if kind == "footman":
        source = parts[1].split("-")[0]
        frame["left"].remove(source)
        if not frame["left"]:
            followups.pop()
    else:
        followups.pop()
    if kind == "guard":
        _guard(state, frame, parts[1], events)
    elif kind == "priest":
        coin = state["seats"][seat]["drawn"].pop()
        use_coin(state, seat, coin, parts[1], parts[2] if len(parts) > 2 else "", events)
    elif parts[0] == "skip":
        _say(events, f"{who(seat)}は追加の行動をしませんでした。", f"{who(seat)} chose not to act again.")
    elif kind == "swordsman":
        source, end = parts[1].split("-")
        _relocate(state, seat, [source, end], events, highlight=True)
    else:
        if kind == "berserker":
            _berserker_pays(state, frame["hex"], events)
        maneuver(state, seat, parts[0], parts[1], events)


def _berserker_pays(state: State, hex_: str, events: list[Event]) -> None:
    stack = state["board"][hex_]
    stack["height"] -= 1
    state["seats"][stack["seat"]]["up"].append(BERSERKER)
    _say(events, f"狂戦士がコインを1枚捨ててもう一度行動します(残り{stack['height']}枚)。",
         f"The Berserker discards a coin to act again ({stack['height']} left).")


def _guard(state: State, frame: dict[str, Any], choice: str, events: list[Event]) -> None:
    """The Royal Guard's owner chose where the lost coin comes from; then the attacker's attribute."""
    owner = frame["seat"]
    if choice == "supply":
        state["seats"][owner]["supply"][ROYAL_GUARD] -= 1
        _say(events, f"{who(owner)}は供給の近衛隊コインを1枚失いました。", f"{who(owner)} gave up a Royal Guard coin from the supply.")
    else:
        _remove_coin(state, frame["hex"], events)
    after_maneuver(state, frame["attacker"], "attack", events)
