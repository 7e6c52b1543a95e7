"""The PyInstaller onedir build runs the smoke test, online step included, and serves online tables
headless with its computer seats thinking in the frozen worker processes (slow: set CT_RUN_SLOW=1;
.ci/run does)."""

from __future__ import annotations

import os
import signal
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


@pytest.fixture(scope="module")
def frozen(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The onedir executable, built once for the tests of this module."""
    pytest.importorskip("PyInstaller")
    root = tmp_path_factory.mktemp("frozen")
    dist, work = root / "dist", root / "build"
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
    return exe


def test_the_frozen_onedir_build_passes_the_smoke_run(frozen: Path, tmp_path: Path) -> None:
    exe = frozen
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
    names = {p.name for p in shots.glob("*.png")}
    assert names, "the frozen smoke run saved no screenshots"
    # The online step hosted a table in the frozen app, joined it on loopback and played a turn.
    assert {"online_menu.png", "online_host_lobby.png", "online_host_table.png"} <= names, sorted(names)
    from crimson_table import __version__

    version = subprocess.run([str(exe), "--version"], env=env, capture_output=True, text=True, timeout=120)
    assert __version__ in version.stdout + version.stderr
    for name in ("crimson-table.desktop", "crimson-table.png", "install-desktop-entry.sh"):
        assert (exe.parent / name).is_file(), f"{name} missing beside the Linux executable"


def test_the_frozen_server_plays_a_whole_online_game_with_a_computer_seat(
    frozen: Path, tmp_path: Path
) -> None:
    """``CrimsonTable serve`` (no window): two clients and a computer seat play Condottiere to the end.

    The computer seat thinks in the server's worker process, which in a frozen build only starts if
    the entry point calls ``multiprocessing.freeze_support()``; the table is committed to SQLite.
    """
    from tests.net.helpers import close_all, play_out, seat_everyone, seeded_picker
    from tests.net.test_reconnect import free_port

    port = free_port()
    env = {**os.environ, "CRIMSON_TABLE_HOME": str(tmp_path / "home")}
    server = subprocess.Popen(
        [str(frozen), "serve", "--port", str(port), "--data", str(tmp_path), "--bot-workers", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    matches = []
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert f"listening on ws://127.0.0.1:{port}" in line, line
        matches, _frames = seat_everyone(f"ws://127.0.0.1:{port}", "condottiere", 3, seed=5, bots=(2,))
        play_out(matches, seeded_picker(3), timeout=240)
        assert all(m.is_over() for m in matches)
        assert (tmp_path / "tables.sqlite3").is_file()
    finally:
        close_all(matches)
        server.send_signal(signal.SIGTERM)
        out, _ = server.communicate(timeout=30)
    assert server.returncode == 0, out[-3000:]
    assert "Traceback" not in out, out[-3000:]
