"""One broken map sets its own game aside, named; the other games, their bots and every save are
untouched, and no save is blamed for a map's fault.

Crimson Keep's board map loses one ``keep_column`` property (a copy in a temporary folder, made the
app's maps folder): before, loading a Crimson Keep save raised KeyError, every Crimson Keep save in
the Load list turned red as if damaged, and the bot process died at start for every game.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from crimson_table.engine import GAMES
from crimson_table.engine.tiled import MapError
from crimson_table.play import saves
from crimson_table.play.bot_worker import BotProcess, BotRequest
from crimson_table.play.match import Match, Seat
from tests.maps.hostile import broken_keep_map


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CRIMSON_TABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def save_game(game_id: str, name: str) -> Path:
    match = Match.new(game_id, [Seat("Anna"), Seat("Ben", "bot")], seed=3)
    match.apply(match.legal_actions()[0])
    return match.save(saves.saves_dir() / f"{name}{saves.SAVE_SUFFIX}")


@pytest.fixture
def keep_saves(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    """A Crimson Keep save and a Two Crowns save, written while the maps were sound; then the
    Crimson Keep map breaks."""
    keep, crowns = save_game("crimson_keep", "Keep"), save_game("two_crowns", "Crowns")
    with broken_keep_map(tmp_path, monkeypatch):
        yield keep, crowns


def assert_names_the_keep_map(error: BaseException) -> None:
    assert isinstance(error, MapError)
    assert error.file_name == "crimson_keep_board.tmx"
    assert error.obj.startswith("space 'cell_0_")
    assert "'keep_column'" in error.problem


def test_the_registry_sets_the_game_aside_with_its_map_error_and_loads_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with broken_keep_map(tmp_path, monkeypatch):
        with pytest.raises(MapError) as caught:
            GAMES["crimson_keep"]
        assert_names_the_keep_map(caught.value)
        assert_names_the_keep_map(GAMES.known_map_problem("crimson_keep"))
        assert all(GAMES.map_problem(g) is None for g in GAMES if g != "crimson_keep")
        assert GAMES.info("crimson_keep").title == "Crimson Keep"  # the menu still lists it


def test_a_deleted_map_file_sets_its_game_aside_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with broken_keep_map(tmp_path, monkeypatch, delete_file=True):
        problem = GAMES.map_problem("crimson_keep")
        assert problem is not None and problem.brief == "crimson_keep_board.tmx: map file not found"
        assert GAMES.map_problem("condottiere") is None


def test_loading_a_save_of_that_game_raises_the_map_error_not_a_save_error(
    keep_saves: tuple[Path, Path],
) -> None:
    keep, crowns = keep_saves
    with pytest.raises(MapError) as caught:
        Match.load(keep)
    assert_names_the_keep_map(caught.value)
    assert not isinstance(caught.value, (saves.SaveError, KeyError, ValueError))
    assert Match.load(crowns).game_id == "two_crowns"


def test_the_load_list_marks_that_games_saves_as_needing_the_map_not_as_damaged(
    keep_saves: tuple[Path, Path],
) -> None:
    from crimson_table.ui.screens.load import summarize

    keep, crowns = (summarize(path) for path in keep_saves)
    assert keep.problem is None and keep.backup is None  # not a damaged save
    assert keep.needs_map is not None
    assert_names_the_keep_map(keep.needs_map)
    assert keep.title == "Crimson Keep" and [name for name, _ in keep.seats] == ["Anna", "Ben"]
    assert crowns.usable and crowns.needs_map is None


def test_the_bot_process_keeps_serving_the_other_games(keep_saves: tuple[Path, Path]) -> None:
    child = BotProcess()  # spawned fresh: it reads the broken map through CRIMSON_TABLE_MAPS
    try:
        crowns = Match.load(keep_saves[1])
        answer = _ask(child, BotRequest.for_match(crowns))
        assert answer[0], answer[1]
        assert crowns.rules.action_from_dict(answer[1]) in crowns.legal_actions()
        keep = BotRequest("crimson_keep", 2, 3, {}, (), "heuristic", 1, "")
        ok, text = _ask(child, keep)
        assert not ok and "crimson_keep_board.tmx" in text and "keep_column" in text
        assert child.is_alive()  # the refusal of one game left the process serving
    finally:
        child.close()


def _ask(child: BotProcess, request: BotRequest) -> tuple[bool, object]:
    import time

    ticket = child.submit(request)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        answer = child.poll(ticket)
        if answer is not None:
            return answer
        time.sleep(0.02)
    raise AssertionError("the bot process did not answer")
