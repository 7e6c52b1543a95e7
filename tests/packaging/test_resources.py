"""assets/ and maps/ are found from a checkout and from a non-editable install (resources.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from crimson_table import resources

ROOT = Path(__file__).resolve().parents[2]


def test_a_source_checkout_finds_the_top_level_folders() -> None:
    assert resources.assets_dir().is_dir() and resources.maps_dir().is_dir()
    assert resources.asset("icon.png").is_file()


def test_a_missing_folder_is_reported_with_where_it_looked(monkeypatch: pytest.MonkeyPatch) -> None:
    resources._find.cache_clear()
    monkeypatch.setattr(resources, "_candidates", lambda name: [Path("/nonexistent") / name])
    with pytest.raises(FileNotFoundError, match="/nonexistent/maps"):
        resources.maps_dir()
    resources._find.cache_clear()


def test_a_non_editable_install_run_from_elsewhere_finds_them(tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(ROOT)],
        check=True,
        cwd=tmp_path,
    )
    probe = (
        "import crimson_table.resources as r; "
        "print(r.assets_dir()); print(r.maps_dir()); print(r.asset('icon.png').is_file())"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, text=True, cwd=tmp_path, env=env
    ).stdout.split()
    assert out[0].startswith(str(target)) and out[1].startswith(str(target)) and out[2] == "True"
