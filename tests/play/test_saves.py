"""User data location and atomic JSON writes (saves.py)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from types import SimpleNamespace

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


class _FrozenMoment(dt.datetime):
    """Always the same second, as two saves made within one second see it."""

    @classmethod
    def now(cls, tz: dt.tzinfo | None = None) -> _FrozenMoment:
        return cls(2026, 12, 7, 12, 0, 5)


def test_files_stamped_in_the_same_second_are_numbered_and_never_share_a_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One naming for every save the app names after the moment (autosaves, online games kept,
    branches, Ctrl+S, rescues): a second file in the same second is ``-2``, never the first one."""
    monkeypatch.setenv("CRIMSON_TABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(saves, "dt", SimpleNamespace(datetime=_FrozenMoment))
    first = saves.stamped_path("online_two_crowns")
    assert first == saves.saves_dir() / f"online_two_crowns_2026-12-07_12-00-05{saves.SAVE_SUFFIX}"
    first.write_text("{}")
    second = saves.stamped_path("online_two_crowns")
    assert second.name == f"online_two_crowns_2026-12-07_12-00-05-2{saves.SAVE_SUFFIX}"
    held = saves.stamped_path("online_two_crowns", taken=lambda path: path == second)
    assert held.name == f"online_two_crowns_2026-12-07_12-00-05-3{saves.SAVE_SUFFIX}"
    assert (
        saves.rescue_path("two_crowns").name == f"rescued_two_crowns_2026-12-07_12-00-05{saves.SAVE_SUFFIX}"
    )
