"""``bench/results.py``: one command for every maintained figure, each read beside its baseline.

The benchmarks themselves take minutes; these tests check what keeps the house in order without
running them: every benchmark the command runs exists with the settings it is given, every script
in ``bench/`` is described in its README, the table carries what a reader needs to trust a figure
(its baseline, the load, the commit, the date), and Master's speed is read decision by decision
beside a baseline timed just before each one.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _load(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCH))  # the scripts import each other by name, as when run
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def _parameters(module: str, function: str) -> set[str]:
    """The parameter names of a top-level function of a bench script, read without importing it
    (some scripts set environment variables when imported)."""
    tree = ast.parse((BENCH / f"{module}.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == function:
            return {a.arg for a in node.args.args + node.args.kwonlyargs}
    raise AssertionError(f"bench/{module}.py has no function {function}()")


def test_every_benchmark_the_command_runs_takes_the_settings_it_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    results = _load("results", monkeypatch)
    assert {b.name for b in results.BENCHES} >= {
        "engine",
        "frame",
        "startup",
        "idle",
        "memory",
        "master_speed",
        "strength",
        "hints",
        "replay",
        "online",
    }
    for bench in results.BENCHES:
        accepted = _parameters(bench.module, bench.function)
        for kwargs in bench.full + bench.quick:
            assert set(kwargs) <= accepted, f"{bench.module}.{bench.function}: {set(kwargs) - accepted}"


def test_every_script_in_bench_is_described_in_its_readme() -> None:
    readme = (BENCH / "README.md").read_text(encoding="utf-8")
    missing = [p.name for p in sorted(BENCH.glob("*.py")) if f"`{p.name}`" not in readme]
    assert not missing, f"not in bench/README.md (describe or remove them): {missing}"


def test_the_table_gives_each_figure_its_baseline_load_commit_and_date_and_keeps_the_full_runs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    results = _load("results", monkeypatch)
    full_runs = tmp_path / "full_runs.json"
    kept = results.Row(
        "Kept figure", "≤ 1", "0.5", True, "bare 0.4", "python bench/x.py", "5", "abc1234", "2026-12-07"
    )
    full_runs.write_text(json.dumps({"rows": [vars(kept)], "notes": ["A note."]}), encoding="utf-8")
    monkeypatch.setattr(results, "FULL_RUNS", full_runs)
    row = results.Row(
        "Frame time", "≤ 1.5×", "1.1 / 1.2 / 1.3×", False, "bare loop 2 ms", "python bench/f.py", "3.5"
    )
    row.commit, row.date = "def5678", "2026-12-08"
    out = tmp_path / "RESULTS.md"
    results.write([row], ["memory {}: TimeoutError"], True, out)
    text = out.read_text(encoding="utf-8")
    current, record = text.split("## Last full runs of record")
    assert (
        "| Frame time | ≤ 1.5× | 1.1 / 1.2 / 1.3× | ✘ | bare loop 2 ms | 3.5 | `def5678` | 2026-12-08 |"
        in current
    )
    assert "quick settings" in current and "memory {}: TimeoutError" in current
    assert "| Kept figure | ≤ 1 | 0.5 | ✔ | bare 0.4 | 5 | `abc1234` | 2026-12-07 |" in record
    assert "A note." in record


def test_master_speed_reads_each_decision_beside_a_baseline_timed_just_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    speed = _load("master_speed", monkeypatch)
    calls: list[str] = []
    box = {"shuffles": 1000.0}  # the box's speed now: halves between decisions
    cpu = {"now": 0.0}

    def baseline(seconds: float) -> tuple[float, float]:
        calls.append("baseline")
        return box["shuffles"], box["shuffles"]

    def choose(ctx: Any) -> None:
        calls.append("decision")
        cpu["now"] += 100 / box["shuffles"]  # 100 iterations take longer on a slower box
        box["shuffles"] /= 2

    monkeypatch.setattr(speed, "baseline_rate", baseline)
    monkeypatch.setattr(speed, "positions", lambda game, players, count: [object()] * count)
    monkeypatch.setattr(
        speed,
        "master_bot",
        lambda game: SimpleNamespace(config=SimpleNamespace(iterations=100), choose=choose),
    )
    monkeypatch.setattr(speed, "make_context", lambda rules, state, seed: None)
    monkeypatch.setattr(speed.time, "process_time", lambda: cpu["now"])
    figures = speed.figures("two_crowns", 2, 3, baseline_s=0.0)
    assert calls == ["baseline", "decision"] * 3
    # Each decision ran at its own moment's pace, so every ratio to its baseline is the same.
    assert figures["ratio_to_baseline"] == {"min": 1.0, "median": 1.0, "max": 1.0}
    assert figures["quiet_box_iterations_per_cpu_s"]["median"] == speed.QUIET_BASELINE
    assert figures["iterations_per_cpu_s"] == {"min": 250.0, "median": 500.0, "max": 1000.0}
