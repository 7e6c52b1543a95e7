"""What a player sees when one game's map is broken: that game's tile and dialogs name the map
file, the object and the problem; its saves are listed as needing the map (not as damaged);
every other game opens as before.  (Crimson Keep's map loses one ``keep_column`` property: before,
its setup showed "Something went wrong" and its saves turned red as damaged.)
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from crimson_table.play import saves
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.screens.dialog import MessageDialog
from crimson_table.ui.screens.load import LoadScene
from crimson_table.ui.screens.menu import MenuScene
from crimson_table.ui.screens.setup import SetupScene
from tests.maps.hostile import broken_keep_map
from tests.ui.conftest import top_is


def save_game(game_id: str, name: str) -> Path:
    match = Match.new(game_id, [Seat("Anna"), Seat("Ben", "bot")], seed=3)
    match.apply(match.legal_actions()[0])
    return match.save(saves.saves_dir() / f"{name}{saves.SAVE_SUFFIX}")


@pytest.fixture
def keep_saves(
    user_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Path, Path]]:
    keep, crowns = save_game("crimson_keep", "Keep"), save_game("two_crowns", "Crowns")
    with broken_keep_map(tmp_path, monkeypatch):
        yield keep, crowns


def assert_map_dialog(app: App) -> None:
    """The top is the map dialog: which game, which file, which object, what is wrong."""
    dialog = app.top
    assert isinstance(dialog, MessageDialog)
    assert dialog.title == "Crimson Keep needs its map repaired"
    for words in (
        "crimson_keep_board.tmx",
        "space 'cell_0_",
        "'keep_column'",
        "other games are not affected",
    ):
        assert words in dialog.message


def test_the_games_tile_names_its_map_and_never_opens_its_setup(
    app: App, keep_saves: tuple[Path, Path]
) -> None:
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.open_setup("crimson_keep")
    assert_map_dialog(app)
    assert not any(isinstance(scene, SetupScene) for scene in app.stack)
    app.pop(app.top)
    menu.open_tutorial("crimson_keep")
    assert_map_dialog(app)
    app.pop(app.top)
    menu.open_setup("two_crowns")  # the other games open as before
    assert top_is(app, SetupScene)


def test_a_save_of_that_game_is_listed_as_needing_the_map_and_opening_it_names_the_map(
    app: App, keep_saves: tuple[Path, Path], tmp_path: Path
) -> None:
    app.push(LoadScene(app))
    scene = app.top
    assert isinstance(scene, LoadScene)
    rows = {s.path: i for i, s in enumerate(scene.summaries)}
    app.render()
    app.save_screenshot(tmp_path / "load_needs_map.png")
    scene.choose(rows[keep_saves[0]])
    assert_map_dialog(app)
    assert "This save is fine" in app.top.message  # type: ignore[attr-defined]
    app.pop(app.top)
    assert not app.load_match(keep_saves[0])  # Continue and Load say the same
    assert_map_dialog(app)
    app.pop(app.top)
    assert app.load_match(keep_saves[1])  # a Two Crowns save opens its table


def test_the_tile_says_the_map_needs_repair_once_the_problem_is_known(
    app: App, keep_saves: tuple[Path, Path], tmp_path: Path
) -> None:
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.open_setup("crimson_keep")
    app.pop(app.top)
    app.render()
    path = app.save_screenshot(tmp_path / "menu_map_needs_repair.png")
    assert path.is_file()
