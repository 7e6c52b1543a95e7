"""User data location and atomic JSON writes (saves.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from crimson_table.play import saves


def test_crimson_table_home_overrides_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIMSON_TABLE_HOME", str(tmp_path / "home"))
    assert saves.user_data_dir() == tmp_path / "home" and (tmp_path / "home").is_dir()
    assert saves.saves_dir().parent == tmp_path / "home"


def test_atomic_write_leaves_no_temp_file_and_round_trips(tmp_path: Path) -> None:
    path = saves.atomic_write_json(tmp_path / "a.json", {"x": [1, 2]})
    assert saves.read_json(path) == {"x": [1, 2]}
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    path = saves.atomic_write_json(tmp_path / "a.json", {"v": 1})
    with pytest.raises(TypeError):
        saves.atomic_write_json(path, {"v": object()})
    assert saves.read_json(path) == {"v": 1}
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_reading_a_missing_file_names_it(tmp_path: Path) -> None:
    with pytest.raises(saves.SaveError, match="does not exist") as err:
        saves.read_json(tmp_path / "nope.json")
    assert "nope.json" in str(err.value)


def test_list_saves_is_newest_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    monkeypatch.setenv("CRIMSON_TABLE_HOME", str(tmp_path))
    old = saves.atomic_write_json(saves.saves_dir() / ("old" + saves.SAVE_SUFFIX), {})
    new = saves.atomic_write_json(saves.saves_dir() / ("new" + saves.SAVE_SUFFIX), {})
    os.utime(old, (1, 1))
    assert saves.list_saves() == [new, old] and saves.last_save() == new
