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

import struct
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
        limit = _BELOW_LIMITS[n] if n < len(_BELOW_LIMITS) else _TWO64 - (_TWO64 % n)
        state = (self.state + GOLDEN) & MASK64  # next64 inlined (hot in every playout): the same numbers
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        v = z ^ (z >> 31)
        while v >= limit:  # rejected (modulo bias): the next value instead
            state = (state + GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            v = z ^ (z >> 31)
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
        """:meth:`below_each`, each value plus ``offset``: mixed side by side (:func:`_mixed`) from
        :data:`_LANES_FROM` values when none is rejected, else one by one."""
        if n <= 0:
            raise ValueError("below_each() needs n > 0")
        limit = _BELOW_LIMITS[n] if n < len(_BELOW_LIMITS) else _TWO64 - (_TWO64 % n)
        state = self.state
        if _LANES_FROM <= count <= _LANES_TOP:
            values = _mixed(state, count)
            if max(values) < limit:  # no value rejected (the usual case by far)
                self.state = (state + count * GOLDEN) & MASK64
                return [v % n + offset for v in values]
        out: list[int] = []
        append = out.append
        for _ in range(count):
            state = (state + GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            v = z ^ (z >> 31)
            while v >= limit:  # rejected (modulo bias): the next value instead, as below() does
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
        """Fisher-Yates shuffle in place: position ``i`` (last first) swaps with ``below(i + 1)``.

        The same permutation and final state as drawing each value with :meth:`below`; lists of
        :data:`_LANES_FROM` + 1 to :data:`_LANES_TOP` + 1 items draw their values all at once
        (:func:`_shuffle_in_lanes`), the others one by one (:func:`_shuffle_from`).
        """
        length = len(items)
        if _LANES_FROM < length <= _LANES_TOP + 1:
            self.state = _shuffle_in_lanes(items, length, self.state)
        else:
            self.state = _shuffle_from(items, length - 1, self.state)

    def fork(self) -> int:
        """A fresh state for an independent stream (e.g. a bot's determinization)."""
        return self.next64()


def resumed(state: int) -> Rng:
    """An :class:`Rng` at ``state``, a value some generator's ``state`` held (64 bits already): engines
    keep the plain int in their states and wrap it for each draw, and this skips the masking
    ``__init__`` (a third of the cost of ``Rng(state)``, paid at every roll of a playout)."""
    rng: Rng = _new_object(Rng)
    rng.state = state
    return rng


_new_object = object.__new__

_BELOW_LIMITS: tuple[int, ...] = tuple(_TWO64 - (_TWO64 % n) if n else 0 for n in range(129))
"""Per bound ``n`` below 129: the values :meth:`Rng.below` rejects start here (2**64 - 2**64 % n)."""

_SHUFFLE_TOP = 127
_SHUFFLE_STEPS: tuple[tuple[int, int, int], ...] = tuple(
    (i, i + 1, _TWO64 - (_TWO64 % (i + 1))) for i in range(_SHUFFLE_TOP, 0, -1)
)
"""A shuffle's steps, last position first: (position, values to draw from, rejection limit of
:meth:`Rng.below`); a list of ``L`` items takes the last ``L - 1``.  Built once at import."""


def _shuffle_from(items: MutableSequence[T], top: int, state: int) -> int:
    """Positions ``top`` down to 1 of a Fisher-Yates shuffle, each value drawn as :meth:`Rng.below`
    draws it (steps from :data:`_SHUFFLE_STEPS` when they reach that far); the state after them."""
    steps = (
        _SHUFFLE_STEPS[_SHUFFLE_TOP - top :]
        if top <= _SHUFFLE_TOP
        else ((i, i + 1, _TWO64 - (_TWO64 % (i + 1))) for i in range(top, 0, -1))
    )
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
    return state


# SplitMix64's value k of a stream is a function of its state plus k * GOLDEN alone, so the values a
# shuffle or a roll of many dice needs can be mixed all at once: one big int holds them side by side,
# one per 128-bit lane (64 bits of value, 64 of room, so a lane's product by a 64-bit constant never
# reaches the next), and a dozen big-int operations replace a dozen small ones per value.  A value is
# rejected about once in 2**57 draws; from it on, the values are drawn one at a time.
_LANE_BITS = 128
_LANES_FROM = 5
"""Fewer values are drawn one at a time: the lanes' fixed cost outweighs them."""
_LANES_TOP = 100
"""The most values drawn side by side: the big ints stay under the 4,300 digits ``str()`` allows."""
_LANE_ONES = sum(1 << (_LANE_BITS * k) for k in range(_LANES_TOP))
"""1 in each of the lanes."""
_LANE_MASKS = MASK64 * _LANE_ONES
"""The 64 value bits of each lane."""
_LANE_STEPS = sum((((k + 1) * GOLDEN) & MASK64) << (_LANE_BITS * k) for k in range(_LANES_TOP))
"""Lane k: what the state gains by draw k + 1, (k + 1) * GOLDEN."""
_LANE_READERS = tuple(struct.Struct("<" + "Q8x" * lanes) for lanes in range(_LANES_TOP + 1))
"""Per count of lanes: the reader of each lane's value from the big int's little-endian bytes."""


def _mixed(state: int, draws: int) -> tuple[int, ...]:
    """The next ``draws`` raw values from ``state`` (:meth:`Rng.next64` each, ``_LANES_FROM`` to
    ``_LANES_TOP`` of them), mixed side by side."""
    keep = (1 << (_LANE_BITS * draws)) - 1
    lanes = _LANE_MASKS & keep
    z = (state * (_LANE_ONES & keep) + (_LANE_STEPS & keep)) & lanes  # lane k: the state of draw k + 1
    z = ((z ^ ((z >> 30) & lanes)) * 0xBF58476D1CE4E5B9) & lanes
    z = ((z ^ ((z >> 27) & lanes)) * 0x94D049BB133111EB) & lanes
    z ^= (z >> 31) & lanes
    return _LANE_READERS[draws].unpack(z.to_bytes(16 * draws, "little"))


def _shuffle_in_lanes(items: MutableSequence[T], length: int, state: int) -> int:
    """A shuffle of ``length`` items (``_LANES_FROM`` + 1 to ``_LANES_TOP`` + 1) with its values
    mixed side by side; the state after it (:func:`_shuffle_from`'s, value for value)."""
    values = _mixed(state, length - 1)
    for (i, n, limit), v in zip(_SHUFFLE_STEPS[_SHUFFLE_TOP + 1 - length :], values, strict=True):
        if v >= limit:  # rejected: this draw is spent, the rest one value at a time
            return _shuffle_from(items, i, (state + (length - i) * GOLDEN) & MASK64)
        j = v % n
        items[i], items[j] = items[j], items[i]
    return (state + (length - 1) * GOLDEN) & MASK64
