"""Rule queries: which deploys, maneuvers and tactics the rules allow right now.

Answers are the notation's argument field ("E1-E2", "E1-E2-F3", "E1"), alone or paired with the verb;
`actions.py` turns them into notated, picker-ready actions and `resolve.py` applies them. Keeping the questions here, separate from both, lets the legality rules be read in one
place and lets `explain.py` ask the same questions when it explains a refusal.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.warchest.board import BOARDS, Board
from engine.warchest.units import (
    ARCHER,
    BERSERKER,
    CAVALRY,
    CROSSBOWMAN,
    ENSIGN,
    FOOTMAN,
    KNIGHT,
    LANCER,
    LIGHT_CAVALRY,
    MARSHALL,
    NO_NORMAL_ATTACK,
    PIKEMAN,
    ROYAL_GUARD,
    SCOUT,
)

Move = tuple[str, str]
State = Mapping[str, Any]

MANEUVERS = ("move", "control", "attack")
"""Maneuvers a unit makes without a tactic: what follow-ups (Berserker, Mercenary, Footman) may grant."""


def team(seat: int) -> int:
    """Team of a seat: seats alternate teams around the table, and in 2 players each seat is its own side."""
    return seat % 2


def geometry(state: State) -> Board:
    return BOARDS[state["players"]]


def unit_hexes(state: State, unit: str) -> list[str]:
    """Hexes holding a stack of `unit` (each unit type belongs to one player; Footman may have two)."""
    return [hex_ for hex_, stack in state["board"].items() if stack["unit"] == unit]


def can_strike(attacker_height: int, target: Mapping[str, Any]) -> bool:
    """The Knight's attribute: only bolstered units (two coins or more) may attack it, by any attack."""
    return target["unit"] != KNIGHT or attacker_height >= 2


def _can_hit(state: State, attacker: Mapping[str, Any], hex_: str, height: int | None = None) -> bool:
    """An enemy stands on `hex_` and the attacker may strike it; `height` overrides the attacker's own."""
    target = state["board"].get(hex_)
    return (
        target is not None
        and team(target["seat"]) != team(attacker["seat"])
        and can_strike(attacker["height"] if height is None else height, target)
    )


def normal_attacks(state: State, hex_: str, height: int | None = None) -> list[str]:
    """Targets of a normal attack by the stack on `hex_`; `height` overrides it (a Berserker that paid)."""
    board = state["board"]
    stack = board[hex_]
    if stack["unit"] in NO_NORMAL_ATTACK:
        return []
    return [f"{hex_}-{near}" for near in geometry(state).neighbours[hex_] if near in board and _can_hit(state, stack, near, height)]


def maneuvers(state: State, hex_: str, height: int | None = None) -> list[Move]:
    """Move, control and attack options of the stack on `hex_` (tactics are separate: they need a coin)."""
    board = state["board"]
    stack = board[hex_]
    geometry_ = geometry(state)
    found: list[Move] = [("move", f"{hex_}-{near}") for near in geometry_.neighbours[hex_] if near not in board]
    if hex_ in geometry_.locations and state["control"].get(hex_) != team(stack["seat"]):
        found.append(("control", hex_))
    found.extend(("attack", target) for target in normal_attacks(state, hex_, height))
    return found


def berserker_can_continue(state: State, hex_: str) -> bool:
    """A Berserker may go again while it would keep a coin after paying and still has a maneuver."""
    stack = state["board"].get(hex_)
    return (
        stack is not None
        and stack["unit"] == BERSERKER
        and stack["height"] >= 2
        and bool(maneuvers(state, hex_, stack["height"] - 1))
    )


def deployable(state: State, unit: str) -> bool:
    """One unit of each type on the board, except that Footman may have two."""
    return len(unit_hexes(state, unit)) < (2 if unit == FOOTMAN else 1)


def deploy_targets(state: State, seat: int, unit: str) -> list[str]:
    """Empty locations the seat's team controls; the Scout also any empty hex next to its owner's units."""
    if not deployable(state, unit):
        return []
    board = state["board"]
    own = team(seat)
    targets = {loc for loc, holder in state["control"].items() if holder == own and loc not in board}
    if unit == SCOUT:
        neighbours = geometry(state).neighbours
        for hex_, stack in board.items():
            if stack["seat"] == seat:
                targets.update(near for near in neighbours[hex_] if near not in board)
    return sorted(targets)


def can_claim_initiative(state: State, seat: int) -> bool:
    """Not when your team holds it, and at most one change of hands per round."""
    return not state["init_changed"] and team(state["initiative"]) != team(seat)


def recruitable(state: State, seat: int) -> list[str]:
    """Units whose coins remain in the seat's own supply (nobody recruits for a teammate)."""
    return sorted(unit for unit, count in state["seats"][seat]["supply"].items() if count > 0)


def _steps(state: State, start: str) -> list[tuple[str, str]]:
    """(middle, end) pairs of two one-hex steps through empty hexes that end two hexes from the start.

    A path back to the start goes nowhere, and one that ends beside it ends where a one-step move does
    (that end is empty, so the step is always open): listing it would offer the same result twice.
    """
    board = state["board"]
    neighbours = geometry(state).neighbours
    pairs = []
    for middle in neighbours[start]:
        if middle in board:
            continue
        pairs.extend(
            (middle, end)
            for end in neighbours[middle]
            if end != start and end not in board and end not in neighbours[start]
        )
    return pairs


def two_step_path(state: State, start: str, end: str) -> list[str]:
    """A path of at most two steps through empty hexes from `start` to `end` (for display and checks)."""
    if end in geometry(state).neighbours[start]:
        return [start, end]
    for middle, last in _steps(state, start):
        if last == end:
            return [start, middle, end]
    return []


def royal_guard_moves(state: State, seat: int, revised: bool) -> list[str]:
    """The Royal Coin's tactic. Revised card: up to two steps to an empty location the team controls.

    The 2018 printing moved the Royal Guard one hex like a normal move.
    """
    board = state["board"]
    found: list[str] = []
    for hex_ in unit_hexes(state, ROYAL_GUARD):
        if board[hex_]["seat"] != seat:
            continue
        near = [n for n in geometry(state).neighbours[hex_] if n not in board]
        if not revised:
            found.extend(f"{hex_}-{end}" for end in near)
            continue
        own = team(seat)
        ends = set(near) | {end for _, end in _steps(state, hex_)}
        found.extend(f"{hex_}-{end}" for end in sorted(ends) if state["control"].get(end) == own)
    return found


def tactics(state: State, seat: int, unit: str, own: list[str] | None = None) -> list[str]:
    """Argument strings of every legal tactic paid with a `unit` coin (empty when none is possible);
    `own`, when the caller already has them, are the seat's hexes holding `unit` in board order.

    The Footman tactic takes no argument (its maneuvers are follow-ups): see `footmen`.
    """
    finder = _TACTICS.get(unit)
    if finder is None:
        return []
    if own is None:
        own = [hex_ for hex_ in unit_hexes(state, unit) if state["board"][hex_]["seat"] == seat]
    found: list[str] = []
    for hex_ in own:
        found.extend(finder(state, hex_))
    return found


def _archer(state: State, hex_: str) -> list[str]:
    board = state["board"]
    stack = board[hex_]
    return [f"{hex_}-{target}" for target in geometry(state).ring2[hex_] if target in board and _can_hit(state, stack, target)]


def _crossbowman(state: State, hex_: str) -> list[str]:
    board = state["board"]
    return [
        f"{hex_}-{ray[1]}"
        for ray in geometry(state).rays[hex_]
        if len(ray) >= 2 and ray[0] not in board and _can_hit(state, board[hex_], ray[1])
    ]


def falls_to_pikeman(attacker: Mapping[str, Any], target: Mapping[str, Any]) -> bool:
    """The Pikeman's strike-back takes the attacker's last coin: the attacker leaves the board."""
    return target["unit"] == PIKEMAN and attacker["height"] == 1


def _cavalry(state: State, hex_: str) -> list[str]:
    """Step, then attack. A one-coin Cavalry attacking a Pikeman leaves the board whatever its step, so
    that charge is listed once: not at all when the plain attack reaches the Pikeman, else by the first step."""
    board = state["board"]
    neighbours = geometry(state).neighbours
    cavalry = board[hex_]
    found: list[str] = []
    fatal_offered = set(neighbours[hex_])
    for step in neighbours[hex_]:
        if step in board:
            continue
        for target in neighbours[step]:
            if not _can_hit(state, cavalry, target):
                continue
            if falls_to_pikeman(cavalry, board[target]):
                if target in fatal_offered:
                    continue
                fatal_offered.add(target)
            found.append(f"{hex_}-{step}-{target}")
    return found


def _lancer(state: State, hex_: str) -> list[str]:
    board = state["board"]
    found = []
    for ray in geometry(state).rays[hex_]:
        for steps in (1, 2):
            if len(ray) <= steps or ray[steps - 1] in board:
                break
            if _can_hit(state, board[hex_], ray[steps]):
                found.append(f"{hex_}-{ray[steps - 1]}-{ray[steps]}")
    return found


def _light_cavalry(state: State, hex_: str) -> list[str]:
    return [f"{hex_}-{end}" for end in sorted({end for _, end in _steps(state, hex_)})]


def _friends_within2(state: State, hex_: str) -> list[str]:
    """Friendly stacks (teammates' included) within two hexes; never the unit itself."""
    board = state["board"]
    own = team(board[hex_]["seat"])
    return sorted(h for h in geometry(state).within2[hex_] if h in board and team(board[h]["seat"]) == own)


def _ensign(state: State, hex_: str) -> list[str]:
    board = state["board"]
    within = geometry(state).within2[hex_]
    neighbours = geometry(state).neighbours
    found = []
    for friend in _friends_within2(state, hex_):
        found.extend(f"{friend}-{end}" for end in neighbours[friend] if end not in board and end in within)
    return found


def _marshall(state: State, hex_: str) -> list[str]:
    found = []
    for friend in _friends_within2(state, hex_):
        found.extend(normal_attacks(state, friend))
    return found


def footmen(state: State, seat: int) -> list[str]:
    """Hexes of the seat's Footmen: each owes the Footman tactic one maneuver, made when it acts, so one
    boxed in now may still act once the other has moved away."""
    board = state["board"]
    return [h for h in unit_hexes(state, FOOTMAN) if board[h]["seat"] == seat]


def footmen_able(state: State, seat: int) -> list[str]:
    """The seat's Footmen that can maneuver now: the tactic is offered only when one of them can."""
    return [h for h in footmen(state, seat) if maneuvers(state, h)]


_TACTICS = {
    ARCHER: _archer,
    CAVALRY: _cavalry,
    CROSSBOWMAN: _crossbowman,
    ENSIGN: _ensign,
    LANCER: _lancer,
    LIGHT_CAVALRY: _light_cavalry,
    MARSHALL: _marshall,
}
