"""Applying a legal notation: read it, call the rule that carries it out, return the events.

Only notations `legal_actions` listed reach here, so parsing trusts their shape.
"""

from __future__ import annotations

from engine.core.types import Event
from engine.artofwar import arrange, chain, choosing, conscription, flow
from engine.artofwar.board import State, attack_value
from engine.artofwar.cards import KING


def apply(state: State, seat: int, notation: str) -> list[Event]:
    events: list[Event] = []
    head, _, rest = notation.partition(":")
    args = rest.split(":") if rest else []
    if state["phase"] == "deck":
        choosing.choose(state, seat, notation, events)
    elif state["conscript"] is not None:
        kind, square = (None, args[0]) if len(args) == 1 else (args[0], args[1])
        conscription.deploy(state, square, kind, events)
    elif state["chain"]:
        chain.respond(state, seat, None if notation == "pass" else (KING if head == "king" else args[0]), events)
    elif head in ("keep", "redraw"):
        flow.mulligan(state, seat, head == "redraw", events)
    elif head == "field":
        flow.place_field(state, seat, args[0], args[1], events)
    elif head == "standby":
        flow.place_standby(state, seat, args[0], events)
    else:
        turn(state, seat, head, args, events)
    return events


def turn(state: State, seat: int, head: str, args: list[str], events: list[Event]) -> None:
    """An action of the turn player's main decision."""
    if head == "dep":
        arrange.deploy(state, seat, args[0], events)
    elif head == "rot":
        arrange.rotate(state, seat, args[0], events)
    elif head == "mv":
        source, target = args[0].split("-")
        arrange.move(state, seat, source, target, events)
    elif head == "put":
        arrange.put(state, seat, args[0], args[1], events)
    elif head == "xch":
        arrange.exchange(state, seat, args[0], args[1], events)
    elif head == "atk":
        source, target = args[0].split("-")
        chain.declare_attack(state, seat, source, target, attack_value(state, seat, source), events)
    elif head in ("sup", "king"):
        effect, extra = args[0], args[1:]
        card = KING if head == "king" else effect
        chain.declare_support(state, seat, card, effect, extra[0].split("-") if extra else [], events)
    elif head == "kd":
        arrange.enter(state, seat, args[0], events)
    else:
        flow.end_turn(state, events)
