"""The turn's order (手番) and the end of the game.

A turn walks play → take item → set → put → take character → shuffle and draw. `advance` runs the steps
that need nobody (Set; a take item with nothing affordable; a put with no bench, no hand card or no put
left; a take character with no target): each is decided by public facts, so skipping it reveals nothing.
After the last step the game ends if the item kinds and characters gone from the common field reached 8,
10 or 12 (2, 3, 4 players), or, by this project's rule, when 5 whole rounds went by without anyone
taking an item or a character (a table whose collections have shrunk under their characters can be
stuck for good); otherwise the next player clockwise begins.
"""

from __future__ import annotations

from engine.core.types import Event, T
from engine.wunderkammer import play, scoring, take
from engine.wunderkammer.board import END_AT, LINES, STALL_ROUNDS, State, gone
from engine.wunderkammer.labels import who


def end_play(state: State, seat: int, events: list[Event]) -> None:
    """Play is over: the take-item sum is fixed from this turn's plays."""
    state["budget"] = take.budget(state, seat)
    state["step"] = "take"
    events.append(
        Event(
            T(f"{who(seat)}のテイク・アイテムの合計は{state['budget']}です。", f"{who(seat)}'s take-item sum is {state['budget']}."),
            data={"kind": "sum", "seat": seat, "sum": state["budget"]},
        )
    )


def advance(state: State, events: list[Event]) -> None:
    """Run every step that needs no decision, until a seat must decide or the game is over."""
    seat = state["seat"]
    while True:
        step = state["step"]
        if step == "take" and not take.affordable(state, seat):
            state["step"] = "set"
        elif step == "set":
            play.set_cards(state, seat, events)
            state["step"] = "put"
        elif step == "put" and not take.may_put(state, seat):
            state["step"] = "char"
        elif step == "char" and not take.takeable(state, seat):
            state["step"] = "refill"
        elif step == "end":
            end_turn(state, events)
            if state["step"] == "over":
                return
        else:
            return


def end_turn(state: State, events: list[Event]) -> None:
    players = state["players"]
    state["quiet"] = 0 if state["takes"] or state["took_char"] else state["quiet"] + 1
    stalled = state["quiet"] >= STALL_ROUNDS * players
    if gone(state) >= END_AT[players] or stalled:
        state["step"] = "over"
        state["result"] = [points for points, _ in scoring.standings(state)]
        events.extend(scoring.final_events(state, stalled))
        return
    state["seat"] = (state["seat"] + 1) % players
    state["turn"] += 1
    state.update(step="play", played=[None] * LINES, pick=None, budget=0, takes=[], puts_made=0, trashed_first=0, took_char=False)
    events.append(
        Event(
            T(f"{who(state['seat'])}の手番です。", f"{who(state['seat'])}'s turn."),
            data={"kind": "turn", "seat": state["seat"], "turn": state["turn"]},
        )
    )
