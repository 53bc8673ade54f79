"""Hand-built states for scenario tests and renderer previews.

Rule tests need exact situations ("seat 1 heads two lines with 3 medals"); reaching them by play is
slow and brittle, so `build` writes a state directly. Every card not placed somewhere goes to the deck,
or is set aside when the deck is given explicitly, so all 38 cards and all 40 medals are always present.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.core import scenario as shared
from engine.core.types import Event
from engine.wallofwar import flow
from engine.wallofwar.board import MEDALS, State, new_circle, snake
from engine.wallofwar.cards import CARDS
from engine.wallofwar.colours import by_seat
from engine.wallofwar.game import GAME


def card_of(ability: str, copy: int = 0) -> str:
    """The id of the `copy`-th card (in id order) with this ability."""
    return [card.id for card in CARDS.with_ability(ability)][copy]


def build(
    players: int = 4,
    *,
    first: int = 0,
    phase: str = "ability",
    circles: Sequence[tuple[str, Sequence[int]]] = (),
    cards: Mapping[int, Sequence[str]] | None = None,
    medals: Sequence[int] | None = None,
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    step: int = 0,
    used: Iterable[int] = (),
    rained: Iterable[int] = (),
    bought: Iterable[int] = (),
    funnel: Iterable[int] = (),
    settle: bool = True,
) -> State:
    """A state in `phase` with the given circles (card id, line of seats front to back) and holdings.

    `cards` maps seats to the circle cards they hold (always-on ones are placed face up). `medals`
    defaults to 5 each; the ATM holds the rest of the 40. With `settle`, automatic steps run (skipped
    ability steps, forced passes) so the state waits for a decision, as after a real action.
    """
    held = {seat: list(ids) for seat, ids in (cards or {}).items()}
    medals = list(medals) if medals is not None else [5] * players
    placed = {card for card, _ in circles} | {card for ids in held.values() for card in ids} | set(discard)
    rest = [card for card in sorted(CARDS.cards) if card not in placed]
    deck = list(deck) if deck is not None else rest
    opened = []
    placed_tokens: dict[int, int] = {}
    for card, seats in circles:
        circle = new_circle(card)
        circle["line"] = tokens(seats, placed_tokens)
        opened.append(circle)
    state: State = {
        "players": players,
        "rng": 12345,
        "turn": 1,
        "first": first,
        "deck": deck,
        "top_known": False,
        "removed": [card for card in rest if card not in deck],
        "discard": list(discard),
        "hands": [[card for card in held.get(seat, []) if not CARDS.card(card).always_on] for seat in range(players)],
        "shown": [[card for card in held.get(seat, []) if CARDS.card(card).always_on] for seat in range(players)],
        "medals": medals,
        "atm": MEDALS - sum(medals),
        "phase": phase,
        "circles": opened,
        "order": snake(first, players) if phase == "queue" else [],
        "step": step,
        "cur": 0,
        "run": 1,
        "asks": [],
        "colours": by_seat(players),
        "used": flags(used, players),
        "rained": flags(rained, players),
        "bought": flags(bought, players),
        "funnel": flags(funnel, players),
        "funneled": [],
        "inspect": False,
        "fx": [],
    }
    if settle:
        flow.advance(state, [])
    return state


def tokens(seats: Sequence[int], seen: dict[int, int]) -> list[int]:
    """Seats to purchaser-card tokens: a seat's first card in the lines is 2s, its second 2s + 1.

    `seen` counts each seat's cards already placed in earlier lines."""
    result = []
    for seat in seats:
        if seen.get(seat, 0) == 2:
            raise ValueError(f"seat {seat} has only two purchaser cards")
        result.append(2 * seat + seen.get(seat, 0))
        seen[seat] = seen.get(seat, 0) + 1
    return result


def flags(seats: Iterable[int], players: int) -> list[bool]:
    chosen = set(seats)
    return [seat in chosen for seat in range(players)]


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply moves in order through the public `apply`; returns the final state and all events."""
    return shared.play_moves(GAME, state, moves)


def lines(state: Mapping) -> list[list[int]]:
    """The seats in each line, front to back."""
    return [[token // 2 for token in circle["line"]] for circle in state["circles"]]


def legal(state: Mapping, seat: int) -> set[str]:
    return {action.notation for action in GAME.legal_actions(state, seat)}


def waiting(state: Mapping) -> list[int]:
    return [decision.seat for decision in GAME.pending(state)]


def allow_all(state: State) -> tuple[State, list[Event]]:
    """Everyone asked in the open Rain window lets the ability through."""
    return play(state, *((seat, "allow") for seat in waiting(state)))
