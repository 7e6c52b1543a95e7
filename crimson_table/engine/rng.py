"""A small seeded PRNG whose whole state is one int (SplitMix64).

Pure integer arithmetic, so it gives the same numbers on every OS and Python
version.  It is the only source of randomness in the engine: game states keep
the int and build an :class:`Rng` around it when they need numbers.

>>> r = Rng(7)
>>> [r.randint(1, 20) for _ in range(3)]
[8, 5, 7]
>>> Rng(7).randint(1, 20)
8
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
_TWO64 = 1 << 64


def seed_state(seed: int) -> int:
    """Turn any int seed into a 64-bit generator state."""
    return (seed * 0xD1B54A32D192ED03 + 0x8CB92BA72F3D8DD7) & MASK64


class Rng:
    """SplitMix64 generator.  ``state`` is the plain-int state to store back."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for a user-facing seed."""
        return cls(seed_state(seed))

    def next64(self) -> int:
        """The next raw 64-bit value."""
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _TWO64 - (_TWO64 % n)
        state = self.state
        while True:  # next64 inlined (hot in every playout): the same numbers
            state = (state + GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            v = z ^ (z >> 31)
            if v < limit:
                self.state = state
                return v % n

    def below_each(self, n: int, count: int) -> list[int]:
        """``count`` values of :meth:`below` ``(n)`` in a row (inlined: the same numbers and final state;
        dice rolled in playout loops).

        >>> one_by_one = Rng(7)
        >>> [one_by_one.below(6) for _ in range(3)] == Rng(7).below_each(6, 3)
        True
        """
        return self._below_each(n, count, 0)

    def rolls(self, sides: int, count: int) -> list[int]:
        """``count`` die faces 1..``sides``: 1 + each value of :meth:`below_each` ``(sides, count)``.

        >>> Rng(7).rolls(6, 4) == [1 + v for v in Rng(7).below_each(6, 4)]
        True
        """
        return self._below_each(sides, count, 1)

    def _below_each(self, n: int, count: int, offset: int) -> list[int]:
        """:meth:`below_each`, each value plus ``offset``.  One test per value rather than a loop
        around it: a value is rejected (modulo bias) about once in 2**61 draws for a die."""
        if n <= 0:
            raise ValueError("below_each() needs n > 0")
        limit = _TWO64 - (_TWO64 % n)
        state, out = self.state, []
        append = out.append
        for _ in range(count):
            state = (state + GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            v = z ^ (z >> 31)
            while v >= limit:  # rejected: the next value instead, as below() does
                state = (state + GOLDEN) & MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                v = z ^ (z >> 31)
            append(v % n + offset)
        self.state = state
        return out

    def randint(self, low: int, high: int) -> int:
        """Uniform int in ``[low, high]`` inclusive, like ``random.randint``."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place (``below`` inlined: the same permutation).

        Each step's bound and rejection limit come from :data:`_SHUFFLE_STEPS` (lists up to
        :data:`_SHUFFLE_TOP` + 1 items; longer ones work them out as they go): a bigint remainder
        less per card, and one test per value rather than a loop around it (a value is rejected
        about once in 2**59 draws, and then the next one is drawn, as :meth:`below` does).
        """
        length = len(items)
        steps = (
            _SHUFFLE_STEPS[_SHUFFLE_TOP + 1 - length :]
            if length <= _SHUFFLE_TOP + 1
            else ((i, i + 1, _TWO64 - (_TWO64 % (i + 1))) for i in range(length - 1, 0, -1))
        )
        state = self.state
        for i, n, limit in steps:
            state = (state + GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            v = z ^ (z >> 31)
            while v >= limit:  # rejected (modulo bias): the next value instead
                state = (state + GOLDEN) & MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                v = z ^ (z >> 31)
            j = v % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self) -> int:
        """A fresh state for an independent stream (e.g. a bot's determinization)."""
        return self.next64()


_SHUFFLE_TOP = 127
_SHUFFLE_STEPS: tuple[tuple[int, int, int], ...] = tuple(
    (i, i + 1, _TWO64 - (_TWO64 % (i + 1))) for i in range(_SHUFFLE_TOP, 0, -1)
)
"""A shuffle's steps, last position first: (position, values to draw from, rejection limit of
:meth:`Rng.below`); a list of ``L`` items takes the last ``L - 1``.  Built once at import."""
