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
    _write_corrupt_save()
    scene = app.push(LoadScene(app))
    click(app, scene.row_rect(0).center)  # type: ignore[attr-defined]
    message = app.top.message  # type: ignore[union-attr]
    assert top_is(app, MessageDialog) and "not valid JSON" in message and ".ctsave" not in message
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


def test_a_corrupt_settings_file_gives_the_defaults_and_is_kept_aside() -> None:
    saves.settings_path().write_text(json.dumps({"animation_speed": "warp"}), encoding="utf-8")
    settings, notice = settings_mod.load_settings_with_notice()
    assert settings == Settings() and notice and "kept beside it" in notice and ".json" not in notice
    broken = saves.settings_path().with_name("settings.json.broken")
    assert json.loads(broken.read_text()) == {"animation_speed": "warp"}
    assert not saves.settings_path().exists()


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
    assert len(rescued) == 1 and "Your game was saved" in app.top.message  # type: ignore[union-attr]
    assert rescued[0].name not in app.top.message  # type: ignore[union-attr]
    assert Match.load(rescued[0]).state_hash() == match.state_hash()


# -- issue 9: nothing a file can do takes the app down ----------------------------------------------
HOSTILE_TEXTS = {
    "deep": "[" * 3000 + "]" * 3000,
    "huge_int": '{"window_width": ' + "9" * 5000 + "}",
    "latin1": '{"x": "caf\xe9"}',
    "nan": '{"volume": NaN}',
}


@pytest.mark.parametrize("kind", sorted(HOSTILE_TEXTS))
def test_a_hostile_settings_file_lets_the_app_start_with_a_notice(kind: str) -> None:
    encoding = "latin-1" if kind == "latin1" else "utf-8"
    saves.settings_path().write_text(HOSTILE_TEXTS[kind], encoding=encoding)
    app = App()
    try:
        assert app.settings == Settings() and app.running
        assert any("kept beside it" in t.text for t in app.toasts.toasts)
        assert saves.settings_path().with_name("settings.json.broken").is_file()
        app.run_frames(2)
    finally:
        app.clear()


def _write_save(name: str, text: str, encoding: str = "utf-8") -> Path:
    path = saves.saves_dir() / f"{name}{saves.SAVE_SUFFIX}"
    path.write_text(text, encoding=encoding)
    return path


def test_the_load_list_survives_every_kind_of_bad_file_and_still_lists_the_good_save(
    app: App, fake_games: None
) -> None:
    good = quiet_match("human", "bot").save(saves.saves_dir() / f"good{saves.SAVE_SUFFIX}")
    data = json.loads(good.read_text())
    for kind, text in HOSTILE_TEXTS.items():
        _write_save(kind, text, "latin-1" if kind == "latin1" else "utf-8")
    _write_save("game_list", json.dumps({**data, "game": ["x"]}))
    _write_save(
        "godlike", json.dumps({**data, "seats": [data["seats"][0], {**data["seats"][1], "level": "godlike"}]})
    )
    _write_save(
        "surrogate",
        json.dumps({**data, "seats": [{**data["seats"][0], "name": "Ann\ud800"}, data["seats"][1]]}),
    )
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene)
    by_name = {s.path.name.split(".")[0]: s for s in scene.summaries}
    assert by_name["good"].usable and by_name["surrogate"].usable
    assert "\ud800" not in by_name["surrogate"].seats[0][0]
    for bad in ("deep", "huge_int", "latin1", "nan", "game_list", "godlike"):
        assert not by_name[bad].usable and by_name[bad].problem, bad
    assert "godlike" in (by_name["godlike"].problem or "")
    app.run_frames(2)  # every row draws


def test_a_file_name_the_system_cannot_decode_still_draws(app: App) -> None:
    import os

    raw = os.fsencode(str(saves.saves_dir())) + b"/bad\xff" + saves.SAVE_SUFFIX.encode()
    try:
        with open(raw, "w", encoding="utf-8") as handle:
            handle.write("{}")
    except OSError:
        pytest.skip("this file system refuses undecodable names")
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene) and "\ufffd" in scene.summaries[0].name
    app.run_frames(2)
    click(app, scene.row_rect(0).center)
    assert top_is(app, MessageDialog)
    app.run_frames(2)


def test_a_damaged_save_offers_its_backup(app: App, fake_games: None) -> None:
    match = quiet_match("human", "bot")
    path = saves.saves_dir() / f"kept{saves.SAVE_SUFFIX}"
    match.save(path)
    match.apply(match.legal_actions()[0])
    match.save(path)  # the first version is now the backup
    path.write_text("{ damaged", encoding="utf-8")
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene)
    summary = scene.summaries[0]
    assert not summary.usable and summary.backup == saves.backup_path(path)
    app.run_frames(1)
    click(app, scene.row_rect(0).center)
    assert app.top.match.step == 0  # type: ignore[union-attr]
    assert path.read_text(encoding="utf-8") == "{ damaged"  # the damaged file is kept as it was


def test_loading_a_damaged_save_names_it_and_mentions_the_backup(app: App, fake_games: None) -> None:
    match = quiet_match("human", "bot")
    path = saves.saves_dir() / f"named{saves.SAVE_SUFFIX}"
    match.save(path)
    match.save(path)
    path.write_text("[" * 5000, encoding="utf-8")
    assert app.load_match(path) is False
    message = app.top.message  # type: ignore[union-attr]
    assert path.name not in message and "nested too deeply" in message and "backup" in message


def test_settings_that_cannot_be_written_still_apply_with_a_notice(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves, "atomic_write_json", refuse)
    app.toggle_fullscreen()
    assert app.settings.fullscreen and any("could not be saved" in t.text for t in app.toasts.toasts)
    app.toggle_fullscreen()


def test_a_closed_dialog_is_freed_within_a_second(app: App) -> None:
    import weakref

    dialog = app.push(MessageDialog(app, "Title", "Message"))
    app.run_frames(2)
    app.pop(dialog)
    gone = weakref.ref(dialog)
    del dialog
    app.run_frames(61)
    assert gone() is None  # its pygame-gui manager is a web of cycles holding surfaces
