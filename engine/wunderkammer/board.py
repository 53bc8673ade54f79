"""The rules state and the facts every step reads from it.

State (plain JSON):
  players, rng, simple (bool: only Play abilities count), first (start player), turn (1-based),
  seat (whose turn), step ("play", "take", "put", "char", "refill", "over"; "set" and "end" only
  pass through flow.advance),
  field {kind: cards left in the common field}, box {kind: cards back in the box},
  owner {character: seat or None for the common field},
  puts {character: [{"kind", "by", "seen": [seats]}]} (cards put face down under it, oldest first),
  seats [{"deck": [kinds, top first], "hand": [kinds], "trash": [kinds], "lines": [[kinds] × 5],
          "joker": bool (in the player's hand area)}],
  jokers_boxed (the jokers nobody uses),
  played [None or {"kind", "cards": [kinds from the hand], "joker": bool, "chars": [ids], "had": int} × 5]
         (this turn's plays, lying sideways on the lines until Set),
  pick (None, {"t": "as", "line", "piece"} while choosing what the joker or a character stands for on an
       empty line, {"t": "trash"} while choosing what to trash, {"t": "put"} while choosing what to put),
  budget (the take-item sum left, during "take"), takes [kinds taken this turn], puts_made (this turn),
  trashed_first (hand cards trashed this turn before only drawing), took_char (a character taken this
  turn), quiet (turns in a row in which nobody took an item or a character),
  result (None, or the final scores once over).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.wunderkammer.cards import EDITION, Character
from engine.wunderkammer.effects import Ability

State = dict[str, Any]

LINES = 5
HAND = 4
REVEAL = 4
START_EACH = 3
FIELD_EACH = 6
JOKERS = 4
END_AT = {2: 8, 3: 10, 4: 12}
"""Item kinds and characters gone from the common field that end the game, per player count."""
STALL_ROUNDS = 5
"""This project's rule for a game that cannot move on: after this many whole rounds in which nobody
took an item or a character, scoring follows (the rulebook does not consider a stuck game)."""


def line_kind(line: list[str], played: Mapping[str, Any] | None) -> str | None:
    """The item a line holds: its cards' kind, or what was played onto it this turn."""
    if line:
        return line[0]
    return played["kind"] if played else None


def kinds_on_lines(state: Mapping[str, Any], seat: int) -> set[str]:
    """The items lined up on the seat's lines (played cards excluded: they join only at Set)."""
    return {line[0] for line in state["seats"][seat]["lines"] if line}


def bench(state: Mapping[str, Any], seat: int) -> list[str]:
    """The characters on the seat's bench, by card number (a played one is still the seat's)."""
    return [cid for cid, owner in state["owner"].items() if owner == seat]


def gone(state: Mapping[str, Any]) -> int:
    """Item kinds with no card left in the common field, plus characters no longer there."""
    kinds = sum(1 for count in state["field"].values() if count == 0)
    return kinds + sum(1 for owner in state["owner"].values() if owner is not None)


def is_active(state: Mapping[str, Any], character: Character) -> bool:
    """Simple play ignores every ability except the Play ones (characters 1–4)."""
    return not state["simple"] or character.ability.timing == "play"


def abilities(state: Mapping[str, Any], seat: int) -> list[Ability]:
    """The active abilities of the characters on the seat's bench."""
    found = []
    for cid in bench(state, seat):
        character = EDITION.character(cid)
        if is_active(state, character):
            found.append(character.ability)
    return found


def playable_characters(state: Mapping[str, Any], seat: int) -> Iterator[Character]:
    """The seat's bench characters whose active ability lets them be played, not yet played this turn."""
    out = {cid for entry in state["played"] if entry for cid in entry["chars"]}
    for cid in bench(state, seat):
        character = EDITION.character(cid)
        if character.ability.effect == "play_as" and is_active(state, character) and cid not in out:
            yield character


def item_count(state: Mapping[str, Any]) -> dict[str, int]:
    """Every item card by kind, wherever it lies: always each kind's printed number of copies."""
    counts = {kind: state["field"][kind] + state["box"][kind] for kind in EDITION.items}
    for purse in state["seats"]:
        for zone in (purse["deck"], purse["hand"], purse["trash"], *purse["lines"]):
            for kind in zone:
                counts[kind] += 1
    for entry in state["played"]:
        for kind in entry["cards"] if entry else ():
            counts[kind] += 1
    for cards in state["puts"].values():
        for card in cards:
            counts[card["kind"]] += 1
    return counts


def cards_of(state: Mapping[str, Any], seat: int) -> list[str]:
    """The cards that score for the seat: deck, trash, hand and lines (and this turn's played cards)."""
    purse = state["seats"][seat]
    cards = [*purse["deck"], *purse["trash"], *purse["hand"]]
    for line in purse["lines"]:
        cards += line
    if seat == state["seat"]:
        for entry in state["played"]:
            cards += entry["cards"] if entry else []
    return cards
