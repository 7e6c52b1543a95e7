"""Autosave (issue 8): one file per match, rewritten after every action, never a named save."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crimson_table.play import autosave, saves
from crimson_table.play.match import Match, Seat


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CRIMSON_TABLE_HOME", str(tmp_path))
    return tmp_path


def _match(seed: int = 3) -> Match:
    return Match.new("two_crowns", [Seat("Anna"), Seat("Ben")], seed=seed)


def test_each_write_keeps_the_exact_position_in_one_file_per_match() -> None:
    match = _match()
    paths = set()
    for _ in range(6):
        match.apply(match.bot_choose())
        path = autosave.write(match)
        assert path is not None
        paths.add(path)
        assert Match.load(path).state_hash() == match.state_hash()
    assert len(paths) == 1 and autosave.is_autosave(paths.pop())


def test_two_matches_keep_two_files_and_continue_picks_the_newest() -> None:
    first, second = _match(1), _match(2)
    for match in (first, second, first):
        match.apply(match.bot_choose())
        autosave.write(match)
    assert len(autosave.list_autosaves()) == 2
    assert saves.last_save() == autosave.path_for(first)


def test_a_named_save_is_not_an_autosave_and_a_match_loaded_from_one_keeps_its_own() -> None:
    match = _match()
    match.apply(match.bot_choose())
    named = match.save(saves.saves_dir() / f"two_crowns_mine{saves.SAVE_SUFFIX}")
    assert not autosave.is_autosave(named)
    loaded = Match.load(named)
    autosave.attach(loaded, named)
    loaded.apply(loaded.bot_choose())
    kept = autosave.write(loaded)
    assert kept is not None and kept != named and Match.load(named).step == 1


def test_a_match_loaded_from_its_autosave_goes_on_writing_that_file() -> None:
    match = _match()
    match.apply(match.bot_choose())
    path = autosave.write(match)
    assert path is not None
    again = Match.load(path)
    autosave.attach(again, path)
    again.apply(again.bot_choose())
    assert autosave.write(again) == path and Match.load(path).step == 2


def test_only_the_newest_autosaves_are_kept() -> None:
    for seed in range(autosave.KEEP + 3):
        match = _match(seed)
        match.apply(match.bot_choose())
        path = autosave.write(match)
        assert path is not None
        os.utime(path, (1_000_000 + seed, 1_000_000 + seed))
    autosave.prune()
    assert len(autosave.list_autosaves()) == autosave.KEEP


def test_a_failed_write_tells_the_player_once_and_does_not_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    match, heard = _match(), []

    def broken(path: object) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(match, "save", broken)
    match.apply(match.bot_choose())
    assert autosave.write(match, heard.append) is None
    assert autosave.write(match, heard.append) is None
    assert len(heard) == 1 and "No space left" in heard[0]
