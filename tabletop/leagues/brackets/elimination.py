"""Single and double elimination for two-player matches, as a fixed graph of matches resolved in order.

The shape is known from the seeds alone: each match takes each side from a seed, or from the winner or
the loser of an earlier match (`Source`). Resolving the graph in round order against the stored games
gives the whole bracket; nothing else is kept, which is what makes it recomputable.

Double elimination (winners' rounds W1..Wk for 2^k slots, losers' rounds L1..L(2k-2), grand final, reset)
is played on the league's rounds as: round r holds Wr and L(r-1), so every match's sides come from
earlier rounds; the grand final is round 2k and its reset, played only when the losers' champion wins the
grand final (and the league allows a reset), round 2k + 1. The losers of every other winners' round are
dropped into the losers' bracket in reversed order, which keeps early rematches away.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tabletop.leagues.brackets.seeding import bracket_size, first_round


@dataclass(frozen=True, slots=True)
class Source:
    """Where a side of a match comes from: a user (`kind` "user", None for a bye) or the winner ("win")
    or loser ("lose") of match `key`."""

    kind: str
    key: str = ""
    user: int | None = None


@dataclass(frozen=True, slots=True)
class Slot:
    """A match of the graph: its key, bracket, round within that bracket, league round and sources."""

    key: str
    bracket: str
    stage_round: int
    round: int
    sources: tuple[Source, Source]
    next_key: str | None = None
    loser_key: str | None = None


def single_elimination(seeds: Sequence[int], bracket: str = "main", prefix: str = "R", offset: int = 0) -> list[Slot]:
    """Rounds of halving from the seeds' first round (top seeds against the byes); `offset` shifts the
    league rounds (a cut after a Swiss)."""
    pairs = first_round(seeds)
    slots: list[Slot] = []
    count, number = len(pairs), 1
    previous = [Source("user", user=a) for pair in pairs for a in pair]
    while count >= 1:
        keys = [f"{prefix}{number}.{index}" for index in range(count)]
        for index in range(count):
            slots.append(Slot(keys[index], bracket, number, offset + number, (previous[2 * index], previous[2 * index + 1]),
                              f"{prefix}{number + 1}.{index // 2}" if count > 1 else None))
        previous = [Source("win", key) for key in keys]
        count //= 2
        number += 1
    return slots


def double_elimination(seeds: Sequence[int]) -> list[Slot]:
    """The winners' bracket, the losers' bracket fed by its losers, and the grand final (its reset is
    added by the resolver when it is needed: `RESET_KEY`)."""
    size = bracket_size(max(len(seeds), 2))
    k = size.bit_length() - 1
    winners = [
        Slot(slot.key.replace("R", "W", 1), "winners", slot.stage_round, slot.round,
             tuple(Source(s.kind, s.key.replace("R", "W", 1), s.user) for s in slot.sources),  # type: ignore[arg-type]
             slot.next_key.replace("R", "W", 1) if slot.next_key else "GF")
        for slot in single_elimination(seeds)]
    losers: list[Slot] = []
    previous: list[Source] = []
    for j in range(1, 2 * k - 1):
        if j == 1:
            count = size // 4
            sides = [(Source("lose", f"W1.{2 * i}"), Source("lose", f"W1.{2 * i + 1}")) for i in range(count)]
        elif j % 2 == 0:
            m = j // 2
            count = size // 2 ** (m + 1)
            dropped = [Source("lose", f"W{m + 1}.{i}") for i in range(count)]
            if m % 2 == 1:
                dropped.reverse()
            sides = [(previous[i], dropped[i]) for i in range(count)]
        else:
            count = len(previous) // 2
            sides = [(previous[2 * i], previous[2 * i + 1]) for i in range(count)]
        keys = [f"L{j}.{i}" for i in range(count)]
        last = j == 2 * k - 2
        nexts = ["GF" if last else f"L{j + 1}.{i if j % 2 == 1 else i // 2}" for i in range(count)]
        losers += [Slot(keys[i], "losers", j, j + 1, sides[i], nexts[i]) for i in range(count)]
        previous = [Source("win", key) for key in keys]
    drops = {source.key: slot.key for slot in losers for source in slot.sources if source.kind == "lose"}
    winners = [Slot(s.key, s.bracket, s.stage_round, s.round, s.sources, s.next_key, drops.get(s.key, "GF" if k == 1 else None))
               for s in winners]
    final_sides = (Source("win", f"W{k}.0"), previous[0] if previous else Source("lose", "W1.0"))
    return [*winners, *losers, Slot("GF", "final", 1, 2 * k, final_sides)]


RESET_KEY = "GF2"


def reset_slot(final: Slot) -> Slot:
    return Slot(RESET_KEY, "final", 2, final.round + 1, final.sources)
