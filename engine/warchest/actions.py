"""Legal actions with their notation and picker path, for every kind of decision.

Notation (documented in engine/warchest/VIEW.md):
  turn / Warrior Priest coin:  <coin>:<verb>[:<args>]  e.g. "archer:deploy:E1", "cavalry:tactic:E1-E2-F3",
                               "royal:initiative", "footman:recruit:knight", "knight:pass", "footman:tactic"
  follow-up maneuvers:         <verb>:<args>            e.g. "move:E2-E3", "attack:E2-F3", "control:E2", "skip"
  Royal Guard defender:        "guard:supply" | "guard:unit"
  draft:                       "pick:<unit>"
Picker levels are coin → verb → target, so a turn is three taps; a target list longer than the picker's
25-entry limit gets one extra level (the column for deploys, the acting or moving hex for tactics).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Mapping

from engine.core.types import Action
from engine.warchest import moves
from engine.warchest.labels import coin_choice, group_choice, hex_choice, unit_choice, verb_choice
from engine.warchest.units import FOOTMAN, ROYAL

State = Mapping[str, Any]
PICKER_LIMIT = 25


@lru_cache(maxsize=1 << 16)
def _action(coin: str, verb: str, args: str = "", group: str = "") -> Action:
    """The action `coin:verb:args` (no coin for follow-ups), with `group` as an extra picker level.

    Notation and path depend on nothing else, so each is built once: legal actions are listed several
    times per step (picker, autocomplete, parsing) and building them dominated self-play time.
    """
    steps = ((coin_choice(coin),) if coin else ()) + (verb_choice(verb),)
    if group:
        steps += (group_choice(group),)
    if args:
        steps += (unit_choice(args) if verb == "recruit" else hex_choice(args),)
    notation = ":".join(part for part in (coin, verb, args) if part)
    return Action(notation, steps)


def _targets(coin: str, verb: str, arg_list: list[str]) -> list[Action]:
    """One action per argument; a list too long for one picker level is grouped by the acting hex
    (the column for single-hex targets)."""
    if len(arg_list) <= PICKER_LIMIT:
        return [_action(coin, verb, args) for args in arg_list]
    found = []
    for args in arg_list:
        parts = args.split("-")
        found.append(_action(coin, verb, args, parts[-2] if len(parts) > 1 else parts[0][0]))
    return found


def coin_actions(state: State, seat: int, coin: str) -> list[Action]:
    """Everything one coin from the hand (or a Warrior Priest draw) can do, grouped by verb."""
    return _coin_board_actions(state, seat, coin) + list(_coin_closing(coin, *_closing_facts(state, seat)))


def _closing_facts(state: State, seat: int) -> tuple[tuple[str, ...], bool]:
    """What the last actions of every coin depend on: the units the seat may recruit, and whether it
    may claim the initiative (the same for every coin in the hand)."""
    return tuple(moves.recruitable(state, seat)), moves.can_claim_initiative(state, seat)


def _coin_board_actions(state: State, seat: int, coin: str) -> list[Action]:
    """A coin's deploys, bolsters, maneuvers and tactic: the actions that depend on the board."""
    if coin == ROYAL:
        return _targets(coin, "tactic", moves.royal_guard_moves(state, seat, state["royal_guard"] == "revised"))
    board = state["board"]
    own = [hex_ for hex_, stack in board.items() if stack["unit"] == coin and stack["seat"] == seat]
    found = _targets(coin, "deploy", moves.deploy_targets(state, seat, coin))
    if own:
        found += _targets(coin, "bolster", own)
        found += _maneuver_actions(coin, (pair for hex_ in own for pair in moves.maneuvers(state, hex_)))
    if coin == FOOTMAN:
        if own and moves.footmen_able(state, seat):
            found.append(_action(coin, "tactic"))
    elif own:
        found += _targets(coin, "tactic", moves.tactics(state, seat, coin, own))
    return found


@lru_cache(maxsize=1 << 14)
def _coin_closing(coin: str, recruits: tuple[str, ...], initiative: bool) -> tuple[Action, ...]:
    """A coin's recruits, initiative claim and pass, which depend only on `_closing_facts`."""
    found = [_action(coin, "recruit", unit) for unit in recruits]
    if initiative:
        found.append(_action(coin, "initiative"))
    found.append(_action(coin, "pass"))
    return tuple(found)


def _maneuver_actions(coin: str, pairs: Iterable[tuple[str, str]]) -> list[Action]:
    """Maneuvers listed verb by verb (all moves, then controls, then attacks), as the picker shows them."""
    return list(_maneuver_tuple(coin, tuple(pairs)))


@lru_cache(maxsize=1 << 16)
def _maneuver_tuple(coin: str, pairs: tuple[tuple[str, str], ...]) -> tuple[Action, ...]:
    """`_maneuver_actions` for one tuple of maneuvers: a unit's few options recur from turn to turn."""
    by_verb: dict[str, list[str]] = {verb: [] for verb in moves.MANEUVERS}
    for verb, args in pairs:
        by_verb[verb].append(args)
    found: list[Action] = []
    for verb, arg_list in by_verb.items():
        found += _targets(coin, verb, arg_list)
    return tuple(found)


SKIP = _action("", "skip")
GUARD = (Action("guard:supply", (verb_choice("supply"),)), Action("guard:unit", (verb_choice("unit"),)))


def frame_actions(state: State, frame: Mapping[str, Any]) -> list[Action]:
    """The options of a follow-up decision; optional follow-ups end with "skip"."""
    kind = frame["kind"]
    board = state["board"]
    if kind == "guard":
        return list(GUARD)
    if kind == "priest":
        return coin_actions(state, frame["seat"], state["seats"][frame["seat"]]["drawn"][0])
    if kind == "footman":
        live = [h for h in frame["left"] if h in board and board[h]["unit"] == FOOTMAN]
        return _maneuver_actions("", (pair for h in live for pair in moves.maneuvers(state, h)))
    hex_ = frame["hex"]
    if hex_ not in board:
        return []
    if kind == "swordsman":
        return _targets("", "move", [a for v, a in moves.maneuvers(state, hex_) if v == "move"]) + [SKIP]
    if kind == "berserker":
        return _maneuver_actions("", moves.maneuvers(state, hex_, board[hex_]["height"] - 1)) + [SKIP]
    return _maneuver_actions("", moves.maneuvers(state, hex_)) + [SKIP]


def turn_actions(state: State, seat: int) -> list[Action]:
    found: list[Action] = []
    closing = _closing_facts(state, seat)
    for coin in sorted(set(state["seats"][seat]["hand"])):
        found += _coin_board_actions(state, seat, coin)
        found += _coin_closing(coin, *closing)
    return found


def draft_actions(state: State) -> list[Action]:
    return [Action(f"pick:{unit}", (unit_choice(unit),)) for unit in sorted(state["draft"]["pool"])]
