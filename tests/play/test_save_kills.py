"""Killing the process at random moments while it saves never leaves a damaged save or
backup, and the temporary files it leaves are cleaned by the next write (issue 9)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from crimson_table.play import saves

ROOT = Path(__file__).resolve().parents[2]
KILLS = 12  # a few seconds; bench/save_kills.py runs hundreds


def kill_once(folder: Path, rng: random.Random) -> None:
    """Start the writer, let it run a random moment, kill it hard."""
    child = subprocess.Popen(
        [sys.executable, "-m", "crimson_table.play._kill_writer", str(folder)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None and child.stdout.readline().strip() == b"ready"
    time.sleep(rng.uniform(0.0, 0.08))
    child.kill()
    child.wait()


def check_both_files(folder: Path) -> None:
    """The save and its backup, where present, are each a complete version."""
    target = folder / "kill.ctsave.json"
    for path in (target, saves.backup_path(target)):
        if path.exists():
            data = saves.read_json(path)
            assert isinstance(data["n"], int) and isinstance(data["log"], list)


@pytest.mark.skipif(not hasattr(os, "kill"), reason="needs process kill")
def test_killed_saves_leave_a_complete_save_and_backup_and_no_temp_files(tmp_path: Path) -> None:
    rng = random.Random(9)
    for _ in range(KILLS):
        kill_once(tmp_path, rng)
        check_both_files(tmp_path)
    assert (tmp_path / "kill.ctsave.json").exists()
    saves.atomic_write_json(tmp_path / "kill.ctsave.json", {"n": 0, "log": []})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kill.ctsave.json", "kill.ctsave.json.bak"]


def test_a_save_and_backup_left_as_one_file_by_a_crash_leave_no_temporary_file(tmp_path: Path) -> None:
    """Killed between its two renames, a save leaves ``path`` and ``.bak`` as links to one file: the
    next write renames a third link over the backup, which does nothing, and must not leave it."""
    path = tmp_path / "a.json"
    saves.atomic_write_json(path, {"v": 0})
    saves.atomic_write_json(path, {"v": 1})
    saves.backup_path(path).unlink()  # as the crash left it: the backup is the save, v1
    os.link(path, saves.backup_path(path))
    saves.atomic_write_json(path, {"v": 2})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "a.json.bak"]
    assert saves.read_json(saves.backup_path(path)) == {"v": 1}
    assert saves.read_json(path) == {"v": 2}


def test_the_backup_is_replaced_by_a_rename_never_rewritten_in_place(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    saves.atomic_write_json(path, {"v": 1})
    saves.atomic_write_json(path, {"v": 2})
    old_backup = os.stat(saves.backup_path(path))
    saves.atomic_write_json(path, {"v": 3})
    assert saves.read_json(saves.backup_path(path)) == {"v": 2}
    assert os.stat(saves.backup_path(path)).st_ino != old_backup.st_ino  # a new file, renamed in


def test_stale_temp_files_from_a_crash_are_removed_when_listing_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIMSON_TABLE_HOME", str(tmp_path))
    folder = saves.saves_dir()
    stale = folder / ".x.ctsave.json.abc123.tmp"
    fresh = folder / ".y.ctsave.json.def456.tmp"
    stale.write_text("{")
    fresh.write_text("{")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    saves.list_saves()
    assert not stale.exists() and fresh.exists()  # a fresh one may be another write in progress


def test_cleaning_up_after_many_saves_compiles_no_pattern_per_save(tmp_path: Path) -> None:
    """Temporary files are found by name; a glob per saved file kept a compiled pattern for each."""
    import re

    leftover = tmp_path / ".game7.ctsave.json.k2.tmp"
    leftover.write_text("{")
    re.purge()
    for i in range(40):
        saves.atomic_write_json(tmp_path / f"game{i}.ctsave.json", {"i": i})
    assert not leftover.exists()  # the crash's leftover of game 7 went when game 7 was written
    compiled = sum(len(getattr(re, name, ())) for name in ("_cache", "_cache2"))
    assert compiled < 10
    assert saves.read_json(tmp_path / "game39.ctsave.json") == {"i": 39}
