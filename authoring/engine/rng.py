"""The game's one source of chance: a seeded generator whose whole state is one integer.

SplitMix64 (Steele, Lea & Flood, 2014): fast in pure Python, and its state copies and
serialises as a single int, so :meth:`State.clone` and the JSON of a saved game carry it
exactly (bag draws, shuffles and deals replay from seed + actions).

>>> r = Rng(3)
>>> [r.below(6) for _ in range(5)]
[5, 3, 2, 3, 3]
>>> r2 = Rng(7); xs = list(range(5)); r2.shuffle(xs); xs
[4, 2, 1, 0, 3]
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
#: per bound n, the largest draw kept (rejection keeps the draws uniform), worked out once
_LIMITS = tuple(_MASK - (_MASK + 1) % n if n else 0 for n in range(512))


class Rng:
    """SplitMix64 with unbiased bounded draws (rejection) and Fisher-Yates shuffles."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = state if state is not None else (seed * 0x9E3779B97F4A7C15 + 1) & _MASK

    def next64(self) -> int:
        """The next 64-bit draw (SplitMix64)."""
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (:meth:`next64` written out: the hot path)."""
        if n <= 1:
            return 0
        mask = _MASK
        limit = _LIMITS[n] if n < 512 else mask - (mask + 1) % n
        s = self.state
        while True:
            s = (s + 0x9E3779B97F4A7C15) & mask
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            x = z ^ (z >> 31)
            if x <= limit:
                self.state = s
                return x % n

    def shuffle(self, xs: list[T]) -> None:
        """Fisher-Yates, each swap index drawn as :meth:`below` draws it."""
        mask = _MASK
        limits = _LIMITS
        s = self.state
        for i in range(len(xs) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < 512 else mask - (mask + 1) % n
            while True:
                s = (s + 0x9E3779B97F4A7C15) & mask
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & mask
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
                x = z ^ (z >> 31)
                if x <= limit:
                    break
            j = x % n
            xs[i], xs[j] = xs[j], xs[i]
        self.state = s

    def pop_random(self, xs: list[T]) -> T:
        """Remove and return a uniformly chosen element (a draw from a bag)."""
        i = self.below(len(xs))
        xs[i], xs[-1] = xs[-1], xs[i]
        return xs.pop()

    def fork(self, salt: int) -> Rng:
        """An independent generator (a bot's own search never touches the game's draws)."""
        return Rng(state=(self.state ^ (salt * 0xD1B54A32D192ED03)) & _MASK)

    def copy(self) -> Rng:
        """An independent generator at the same point."""
        return Rng(state=self.state)
