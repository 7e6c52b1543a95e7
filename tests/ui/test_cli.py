"""The command line dispatches to the app, the smoke run and the simulator."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from crimson_table import cli


def test_smoke_with_screenshots_calls_run_smoke_with_the_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: list[object] = []
    fake = types.ModuleType("crimson_table.smoke")
    fake.run_smoke = lambda folder: seen.append(folder) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "crimson_table.smoke", fake)
    assert cli.main(["--smoke", "--screenshots", str(tmp_path)]) == 0 and seen == [tmp_path]


def test_simulate_passes_its_arguments_through(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    fake = types.ModuleType("crimson_table.play.simulate")
    fake.main = lambda args: seen.append(args) or 3  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "crimson_table.play.simulate", fake)
    assert cli.main(["simulate", "--game", "two_crowns"]) == 3 and seen == [["--game", "two_crowns"]]


def test_screenshots_without_smoke_is_a_usage_error() -> None:
    with pytest.raises(SystemExit):
        cli.main(["--screenshots", "x"])
