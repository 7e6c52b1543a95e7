"""bench/engine_throughput.py reads every round of a game against a baseline timed just before it.

On a shared machine the load changes from second to second; a baseline measured once before all
games would be compared with games played under another load.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from crimson_table.engine.rng import Rng

BENCH = Path(__file__).resolve().parents[2] / "bench" / "engine_throughput.py"
_spec = importlib.util.spec_from_file_location("bench_engine_throughput", BENCH)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = bench
_spec.loader.exec_module(bench)


def test_each_game_round_is_read_against_the_baseline_timed_just_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    moment = {"speed": 100.0}

    def fake_baseline(seconds: float) -> tuple[float, float]:
        calls.append("baseline")
        moment["speed"] /= 2  # the machine gets slower with every baseline
        return moment["speed"], 1.0

    def fake_rate(game: str, seconds: float, seed: int) -> tuple[float, float]:
        calls.append(f"{game} {seed}")
        return moment["speed"] / 2, 0.25  # half the baseline of the moment (a quarter of its CPU rate)

    monkeypatch.setattr(bench, "baseline_rate", fake_baseline)
    rates = bench.measure(["a", "b"], 3, 0.0, {"here": fake_rate})
    assert calls == ["baseline", "a 0", "baseline", "b 0"] + ["baseline", "a 1", "baseline", "b 1"] + [
        "baseline",
        "a 2",
        "baseline",
        "b 2",
    ]
    assert rates["a here"]["ratio"] == pytest.approx([0.5, 0.5, 0.5])
    assert rates["b here"]["ratio"] == pytest.approx([0.5, 0.5, 0.5])
    assert rates["b here"]["cpu_ratio"] == pytest.approx([0.25, 0.25, 0.25])


def test_the_summary_gives_min_median_max_and_the_quiet_box_estimate() -> None:
    wall = {"actions_per_s": [30.0, 10.0, 20.0], "ratio": [0.3, 0.1, 0.2], "baseline": [1.0, 1.0, 1.0]}
    rates = {"g here": {**wall, **{f"cpu_{key}": values for key, values in wall.items()}}}
    row = bench.summary(rates)["g here"]
    assert row["actions_per_s"] == {"min": 10, "median": 20, "max": 30}
    assert row["ratio_to_baseline"] == {"min": 0.1, "median": 0.2, "max": 0.3}
    assert row["quiet_box_actions_per_s"]["median"] == round(0.2 * bench.QUIET_BASELINE)


def test_the_yardstick_shuffles_exactly_as_the_engine_but_not_with_the_engines_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The baseline is the same work as the engine's shuffle (same permutations, same generator state
    after) in the per-card form :data:`QUIET_BASELINE` was measured with; it never calls the engine's
    own shuffle, so making the engine's PRNG faster cannot lower every estimate."""

    for seed in range(40):
        engine, frozen = Rng.from_seed(seed), bench.YardstickRng(Rng.from_seed(seed).state)
        a, b = list(range(53)), list(range(53))
        engine.shuffle(a)
        frozen.shuffle(b)
        assert a == b and engine.state == frozen.state

    def engine_shuffle(self: object, items: object) -> None:
        raise AssertionError("the baseline timed the engine's shuffle")

    monkeypatch.setattr(Rng, "shuffle", engine_shuffle)
    wall, cpu = bench.baseline_rate(0.01)
    assert wall > 0 and cpu > 0
