"""A small sample of bench/ui_monkey.py in the suite: drags, rapid clicks, resizes, F11 and
Esc/Ctrl+Z spam on every table with no exception (the full run: bench/RESULTS.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from crimson_table.engine import GAMES
from crimson_table.ui.tables import has_table

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ui_monkey.py"


def _bench() -> object:
    spec = importlib.util.spec_from_file_location("bench_ui_monkey", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game_id", [g for g in GAMES if has_table(g)])
def test_a_short_monkey_run_on_every_table_raises_nothing(game_id: str) -> None:
    row = _bench().monkey(game_id, events=150, seconds=8.0, seed=3, block=50, rest_frames=60)  # type: ignore[attr-defined]
    assert row["events"] >= 50 and row["frames"] > 0
