"""A seeded RNG whose whole state is one integer, so it lives inside the JSON game state.

Python's `random.Random` state is 625 integers and version-dependent; SplitMix64 is tiny, fast, and
gives the same sequence on every platform, which is what replay from seed + action log needs.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

_MASK = (1 << 64) - 1
T_ = TypeVar("T_")


class Rng:
    """SplitMix64. Read it from a state with `Rng(state["rng"])`, write back `rng.state` after use."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T_]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T_]) -> T_:
        return items[self.below(len(items))]
