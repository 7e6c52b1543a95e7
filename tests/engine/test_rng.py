"""The engine's PRNG is stable across platforms and versions (DESIGN.md: one int of state)."""

from __future__ import annotations

import pytest

from crimson_table.engine.rng import Rng, resumed


def test_d20_rolls_from_a_seed_are_fixed_forever() -> None:
    """Saves replay on every OS: these numbers must never change."""
    rng = Rng.from_seed(42)
    assert [rng.randint(1, 20) for _ in range(8)] == [16, 20, 9, 12, 8, 3, 18, 11]
    assert Rng(7).randint(1, 20) == 8


def test_golden_values_of_splitmix64() -> None:
    # Reference values of SplitMix64 from state 0 (Vigna's published generator).
    rng = Rng(0)
    assert rng.next64() == 0xE220A8397B1DCDAF
    assert rng.next64() == 0x6E789E6AA1B965F4


def test_below_stays_in_range_and_covers_it() -> None:
    rng = Rng.from_seed(1)
    seen = {rng.below(6) for _ in range(500)}
    assert seen == set(range(6))


def test_shuffle_is_a_permutation_and_reproducible() -> None:
    a, b = list(range(30)), list(range(30))
    Rng.from_seed(3).shuffle(a)
    Rng.from_seed(3).shuffle(b)
    assert a == b and sorted(a) == list(range(30)) and a != list(range(30))


def test_state_is_a_plain_int_that_resumes_the_stream() -> None:
    rng = Rng.from_seed(9)
    rng.next64()
    resumed = Rng(rng.state)
    assert resumed.next64() == rng.next64()


@pytest.mark.parametrize("n", [1, 2, 6, 7, 1000, (1 << 63) + 1])
def test_below_each_gives_the_numbers_and_state_of_below_one_by_one(n: int) -> None:
    """Dice rolled at once (``below_each``, used in playout loops) are the dice rolled one by one:
    the same values and the generator left in the same state.  ``n`` just above 2**63 rejects nearly
    half of the raw values, so the rejection loop is exercised."""
    one_by_one, at_once = Rng.from_seed(5), Rng.from_seed(5)
    expected = [one_by_one.below(n) for _ in range(40)]
    assert at_once.below_each(n, 40) == expected
    assert at_once.state == one_by_one.state


def _state_before(value: int) -> int:
    """The generator state whose next :meth:`Rng.next64` is ``value`` (SplitMix64's mix inverted)."""
    mask = (1 << 64) - 1
    z = value ^ (value >> 31) ^ (value >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = z ^ (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    z = z ^ (z >> 30) ^ (z >> 60)
    return (z - 0x9E3779B97F4A7C15) & mask


def _shuffled_one_by_one(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates with :meth:`Rng.below` value by value: what :meth:`Rng.shuffle` must equal."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("length", [0, 1, 2, 3, 4, 5, 6, 46, 92, 100, 101, 102, 127, 128, 129, 300])
def test_shuffle_is_fisher_yates_over_below(length: int) -> None:
    """The shuffle (values one by one below 6 items and beyond 101, side by side between) draws the
    values :meth:`Rng.below` would, one by one: the same permutation and the generator left in the
    same state."""
    for seed in range(50):
        fast, slow = Rng.from_seed(seed), Rng.from_seed(seed)
        a, b = list(range(length)), list(range(length))
        fast.shuffle(a)
        _shuffled_one_by_one(slow, b)
        assert a == b and fast.state == slow.state


@pytest.mark.parametrize(
    ("length", "rejected"), [(3, 0), (5, 2), (6, 0), (6, 3), (42, 0), (42, 17), (101, 98), (128, 5), (200, 5)]
)
def test_shuffle_rejects_a_biased_value_as_below_does(length: int, rejected: int) -> None:
    """A value at or above the rejection limit is skipped, whether the values are drawn one by one
    (3, 5, 128 or 200 items) or side by side (6 to 101 items), at the first draw or a later one.  The
    state before the rejected value is worked out by inverting the mix, so the rejection (about once
    in 2**57 draws) is made to happen at draw ``rejected``."""
    mask = (1 << 64) - 1
    bound = length - rejected  # draw k picks among the first length - k positions (not a power of 2)
    limit = (1 << 64) - ((1 << 64) % bound)
    start = (_state_before(limit) - rejected * 0x9E3779B97F4A7C15) & mask
    probe = Rng(start)
    values = [probe.next64() for _ in range(rejected + 1)]
    assert values[-1] >= limit and all(
        v < (1 << 64) - ((1 << 64) % (length - k)) for k, v in enumerate(values[:-1])
    )
    fast, slow = Rng(start), Rng(start)
    a, b = list(range(length)), list(range(length))
    fast.shuffle(a)
    _shuffled_one_by_one(slow, b)
    assert a == b and fast.state == slow.state
    assert fast.state == (start + length * 0x9E3779B97F4A7C15) & mask  # one value more was drawn


@pytest.mark.parametrize(("count", "rejected"), [(3, 1), (5, 0), (5, 4), (12, 7), (100, 99), (101, 50)])
def test_dice_skip_a_biased_value_as_below_does(count: int, rejected: int) -> None:
    """Dice rolled at once (side by side from 5 to 100 values, else one by one) skip a rejected value
    as :meth:`Rng.below` does: draw ``rejected`` is made the rejected one by inverting the mix."""
    mask = (1 << 64) - 1
    limit = (1 << 64) - ((1 << 64) % 6)
    start = (_state_before(limit) - rejected * 0x9E3779B97F4A7C15) & mask
    one_by_one, at_once = Rng(start), Rng(start)
    expected = [1 + one_by_one.below(6) for _ in range(count)]
    assert at_once.rolls(6, count) == expected
    assert at_once.state == one_by_one.state == (start + (count + 1) * 0x9E3779B97F4A7C15) & mask


@pytest.mark.parametrize("n", [3, 6, 100, 127, 129, 1000])
def test_below_skips_a_biased_value(n: int) -> None:
    """:meth:`Rng.below` (its limits from a table up to 128, worked out beyond; n not a power of 2) skips a value at or
    above its rejection limit and answers with the next one: the rejected value is made to come first
    by inverting the mix."""
    mask = (1 << 64) - 1
    limit = (1 << 64) - ((1 << 64) % n)
    start = _state_before(limit)
    raw = Rng(start)
    assert raw.next64() >= limit
    rng = Rng(start)
    assert rng.below(n) == raw.next64() % n
    assert rng.state == raw.state == (start + 2 * 0x9E3779B97F4A7C15) & mask


def test_resumed_draws_exactly_as_an_rng_built_at_that_state() -> None:
    """``resumed`` (an Rng without the masking ``__init__``, for engines' rolls) continues the stream
    of the generator whose state it was given: the same values and the same state after them."""
    source = Rng.from_seed(11)
    source.next64()
    built, wrapped = Rng(source.state), resumed(source.state)
    assert [wrapped.below(6) for _ in range(20)] == [built.below(6) for _ in range(20)]
    assert wrapped.rolls(6, 12) == built.rolls(6, 12) and wrapped.state == built.state
