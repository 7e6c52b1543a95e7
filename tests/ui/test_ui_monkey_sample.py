"""A small sample of bench/ui_monkey.py in the suite: drags, rapid clicks, resizes, F11 and
Esc/Ctrl+Z spam on every table with no exception (the full run: ``bench/ui_monkey.py``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import crimson_table
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


def test_preload_imports_every_module_of_the_app() -> None:
    """The monkey's ``--preload`` loads all the code a session could load on first use (menus,
    tutorials, campaign, every game's engine, table and bots), so a module imported once is in
    both memory readings; a module it missed would count as growth."""
    root = Path(crimson_table.__file__).resolve().parent
    expected = {
        ".".join(("crimson_table", *path.relative_to(root).with_suffix("").parts)).removesuffix(".__init__")
        for path in root.rglob("*.py")
        if path.name != "__main__.py"
    }
    _bench().preload()  # type: ignore[attr-defined]

    assert len(expected) > 200
    assert sorted(expected - set(sys.modules)) == []
