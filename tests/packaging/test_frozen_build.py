"""The PyInstaller onedir build runs the smoke test (slow: set CT_RUN_SLOW=1; .ci/run does)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.environ.get("CT_RUN_SLOW"), reason="slow: set CT_RUN_SLOW=1 (CI does)"),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the frozen test runs on Linux here"),
]


def test_the_frozen_onedir_build_passes_the_smoke_run(tmp_path: Path) -> None:
    pytest.importorskip("PyInstaller")
    dist, work = tmp_path / "dist", tmp_path / "build"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(dist),
            "--workpath",
            str(work),
            str(ROOT / "build_specs" / "crimson_table.spec"),
        ],
        check=True,
        cwd=ROOT,
    )
    exe = dist / "CrimsonTable" / "CrimsonTable"
    assert exe.is_file()
    shots = tmp_path / "shots"
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "CRIMSON_TABLE_HOME": str(tmp_path / "home"),
    }
    result = subprocess.run(
        [str(exe), "--smoke", "--screenshots", str(shots)],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert sorted(p.name for p in shots.glob("*.png")), "the frozen smoke run saved no screenshots"
    from crimson_table import __version__

    version = subprocess.run([str(exe), "--version"], env=env, capture_output=True, text=True, timeout=120)
    assert __version__ in version.stdout + version.stderr
    for name in ("crimson-table.desktop", "crimson-table.png", "install-desktop-entry.sh"):
        assert (exe.parent / name).is_file(), f"{name} missing beside the Linux executable"
