"""Corrupt saves never crash the app; settings persist and survive a corrupt file."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from crimson_table.play import saves
from crimson_table.ui import settings as settings_mod
from crimson_table.ui.app import App
from crimson_table.ui.screens.dialog import MessageDialog
from crimson_table.ui.screens.load import LoadScene
from crimson_table.ui.screens.settings import SettingsScene
from crimson_table.ui.settings import Settings
from tests.ui.conftest import click, click_button, quiet_match, top_is


def _write_corrupt_save() -> Path:
    path = saves.saves_dir() / f"broken{saves.SAVE_SUFFIX}"
    path.write_text("{ this is not json", encoding="utf-8")
    return path


def test_the_load_list_shows_a_corrupt_save_with_its_problem(app: App) -> None:
    _write_corrupt_save()
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene)
    assert not scene.summaries[0].usable and "not valid JSON" in (scene.summaries[0].problem or "")


def test_choosing_a_corrupt_save_shows_an_error_and_the_app_keeps_running(app: App) -> None:
    path = _write_corrupt_save()
    scene = app.push(LoadScene(app))
    click(app, scene.row_rect(0).center)  # type: ignore[attr-defined]
    assert top_is(app, MessageDialog) and path.name in app.top.message  # type: ignore[union-attr]
    app.run_frames(3)
    click_button(app, app.top.ok)  # type: ignore[union-attr]
    assert top_is(app, LoadScene) and app.running


def test_a_save_whose_moves_do_not_replay_shows_an_error(app: App, fake_games: None) -> None:
    match = quiet_match("human", "bot")
    match.apply(match.legal_actions()[0])
    path = match.save(saves.saves_dir() / f"tampered{saves.SAVE_SUFFIX}")
    data = json.loads(path.read_text())
    data["log"][0]["value"] = 99
    path.write_text(json.dumps(data))
    assert app.load_match(path) is False
    assert top_is(app, MessageDialog) and "tampered" in app.top.message  # type: ignore[union-attr]


def test_continue_loads_the_most_recent_save(app: App, fake_games: None) -> None:
    match = quiet_match("human", "bot")
    match.save(saves.saves_dir() / f"latest{saves.SAVE_SUFFIX}")
    app.go_to_menu()
    click_button(app, app.top.buttons["Continue"])  # type: ignore[union-attr]
    assert app.top.match.state_hash() == match.state_hash()  # type: ignore[union-attr]


def test_settings_are_saved_and_read_back() -> None:
    wanted = Settings(animation_speed="fast", volume=0.25, colour_blind=False)
    settings_mod.save_settings(wanted)
    assert settings_mod.load_settings() == wanted


def test_a_change_in_the_settings_scene_is_persisted(app: App) -> None:
    scene = app.push(SettingsScene(app))
    assert isinstance(scene, SettingsScene)
    click_button(app, scene.colour_button)
    assert settings_mod.load_settings().colour_blind is False


def test_a_corrupt_settings_file_falls_back_to_defaults_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    saves.settings_path().write_text("{ broken", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        loaded = settings_mod.load_settings()
    assert loaded == Settings() and "unusable" in caplog.text


def test_a_corrupt_settings_file_is_replaced_by_the_defaults() -> None:
    saves.settings_path().write_text(json.dumps({"animation_speed": "warp"}), encoding="utf-8")
    settings_mod.load_settings()
    assert json.loads(saves.settings_path().read_text()) == Settings().to_dict()


def test_animation_off_means_zero_duration() -> None:
    assert Settings(animation_speed="off").duration_factor == 0.0


def test_an_unexpected_error_saves_the_game_and_returns_to_the_menu(app: App) -> None:
    from crimson_table.play import saves
    from crimson_table.play.match import Match, Seat
    from crimson_table.ui.screens.dialog import MessageDialog
    from crimson_table.ui.screens.menu import MenuScene

    match = Match.new("two_crowns", [Seat("Anna"), Seat("Ben", "bot")], seed=5)
    app.start_match(match)
    app.rescue(RuntimeError("boom"))
    assert top_is(app, MessageDialog) and isinstance(app.stack[0], MenuScene)
    rescued = [p for p in saves.list_saves() if p.name.startswith("rescued_two_crowns")]
    assert len(rescued) == 1 and rescued[0].name in app.top.message  # type: ignore[union-attr]
    assert Match.load(rescued[0]).state_hash() == match.state_hash()
