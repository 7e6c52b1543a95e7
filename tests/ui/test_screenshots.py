"""Every shell scene renders headless; the images go to $CRIMSON_SHOTS_DIR (or a temp folder).

Run with ``CRIMSON_SHOTS_DIR=/tmp/shots`` to look at them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from crimson_table.play import saves
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.screens.dialog import MessageDialog
from crimson_table.ui.screens.game_over import GameOverScene
from crimson_table.ui.screens.load import LoadScene
from crimson_table.ui.screens.pause import PauseScene
from crimson_table.ui.screens.rules import RulesScene
from crimson_table.ui.screens.settings import SettingsScene
from crimson_table.ui.screens.setup import SetupScene
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.widgets.dice_tray import DiceTrayScene
from tests.ui.conftest import click, quiet_match, top_is


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where the screenshots go."""
    folder = Path(os.environ.get("CRIMSON_SHOTS_DIR") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _shot(app: App, folder: Path, name: str) -> None:
    app.run_frames(2)
    path = app.save_screenshot(folder / f"{name}.png")
    image = pygame.image.load(str(path))
    assert image.get_size() == (1600, 900)
    colours = {image.get_at((x, y))[:3] for x in range(0, 1600, 97) for y in range(0, 900, 89)}
    assert len(colours) > 3, f"{name} looks blank"


def _two_crowns(app: App, *kinds: str) -> BaseGameScene:
    seats = [Seat(name, kind, "random") for name, kind in zip(("Anna", "Ben"), kinds, strict=False)]
    table = app.start_match(Match.new("two_crowns", seats, 11))
    assert isinstance(table, BaseGameScene)
    return table


def test_the_menu_setup_settings_and_rules_render(app: App, shots: Path) -> None:
    _shot(app, shots, "menu")
    app.push(SetupScene(app, "two_crowns"))
    _shot(app, shots, "setup")
    app.push(SettingsScene(app))
    _shot(app, shots, "settings")
    app.push(RulesScene(app, "two_crowns"))
    _shot(app, shots, "rules")


def test_the_rules_of_the_other_games_render(app: App, shots: Path, fake_games: None) -> None:
    for game_id in ("crimson_company", "condottiere"):
        from crimson_table.engine import GAMES

        if game_id in GAMES:
            app.push(RulesScene(app, game_id))
            _shot(app, shots, f"rules_{game_id}")
            app.pop()


def test_the_load_list_renders_good_and_corrupt_saves(app: App, shots: Path, fake_games: None) -> None:
    quiet_match("human", "bot").save(saves.saves_dir() / f"quiet{saves.SAVE_SUFFIX}")
    (saves.saves_dir() / f"broken{saves.SAVE_SUFFIX}").write_text("{", encoding="utf-8")
    app.push(LoadScene(app))
    _shot(app, shots, "load")
    click(app, app.top.row_rect(0).center if not app.top.summaries[0].usable else app.top.row_rect(1).center)  # type: ignore[union-attr]
    assert top_is(app, MessageDialog)
    _shot(app, shots, "error_dialog")


def test_the_table_pause_and_dice_render(app: App, shots: Path) -> None:
    _two_crowns(app, "human", "bot")
    _shot(app, shots, "table_generic")
    app.push(DiceTrayScene(app, [17, 4], title="Who goes first?", labels=("Anna", "Ben")))
    app.apply_settings(app.settings.with_changes(animation_speed="normal"), persist=False)
    app.top.tray.tumble, app.top.tray.elapsed = 0.85, 0.4  # type: ignore[union-attr]
    app.render()
    app.save_screenshot(shots / "dice_rolling.png")
    app.pop()
    app.push(PauseScene(app, app.top))  # type: ignore[arg-type]
    _shot(app, shots, "pause")


def test_the_curtain_and_game_over_render(app: App, shots: Path, fake_games: None) -> None:
    app.start_match(quiet_match("human", "human"))
    _shot(app, shots, "curtain")
    app.start_match(quiet_match("bot", "bot", "bot"))
    app.run_until(lambda: top_is(app, GameOverScene), 900)
    _shot(app, shots, "game_over")
