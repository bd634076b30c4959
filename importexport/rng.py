"""The game's seeded random source: one integer of state, so saves and undo replay exactly.

>>> r = Rng(7); a = [r.below(6) for _ in range(3)]; r2 = Rng(7); a == [r2.below(6) for _ in range(3)]
True
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: small, fast and good enough for shuffling cards and flipping coins."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)``."""
        return self.next64() % n

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place (Fisher-Yates), drawing as :meth:`next64` does (written out here:
        a reshuffled deck asks for a hundred numbers at once)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: list):
        return items[self.next64() % len(items)]
