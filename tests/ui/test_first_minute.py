"""The first minute of a new player (the app's real loop, its rescue, signals, the window, Esc).

These run ``App.run`` itself with its real clock and idle waits, as a player's session does; the
real-window tour (``tests/window``) does the same in an X window with real input.
"""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pygame
import pygame_gui
import pytest

from crimson_table.play import saves
from crimson_table.play.match import Match, Seat
from crimson_table.ui import app as app_mod
from crimson_table.ui import window as window_mod
from crimson_table.ui.app import App
from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.scene import Scene
from crimson_table.ui.screens.dialog import ConfirmDialog, MessageDialog
from crimson_table.ui.screens.load import LoadScene
from crimson_table.ui.screens.menu import MenuScene
from crimson_table.ui.screens.setup import SetupScene
from crimson_table.ui.tables import scene_class_for
from tests.ui.conftest import key


def _later(seconds: float, then: object) -> threading.Timer:
    timer = threading.Timer(seconds, then)  # type: ignore[arg-type]
    timer.daemon = True
    timer.start()
    return timer


def _quit_later(seconds: float) -> threading.Timer:
    return _later(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))


def test_a_form_left_alone_for_seconds_keeps_working_in_the_real_loop(app: App) -> None:
    """pygame-gui 0.6.14 returns None for an empty focus set: idle seconds on a form must not fail."""
    app.push(SetupScene(app, "two_crowns"))
    _quit_later(2.0)
    _later(8.0, lambda: setattr(app, "running", False))  # a net: the old loop never saw the QUIT
    assert app.run() == 0
    assert app.rescue_count == 0


@pytest.mark.parametrize("focus", [None, set()])
def test_a_form_with_nothing_focused_needs_no_frames(
    app: App, focus: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = app.push(SetupScene(app, "two_crowns"))
    assert isinstance(scene, GuiScene)
    monkeypatch.setattr(scene.ui, "get_focus_set", lambda: focus)
    assert scene.needs_frames() is False and scene.ticking() is False


def test_a_focused_text_field_ticks_at_rest_instead_of_running_frames(app: App) -> None:
    """Its cursor blinks: a redraw twice a second while the app rests, not 60 frames a second."""
    scene = app.push(SetupScene(app, "two_crowns"))
    assert isinstance(scene, GuiScene)
    field = next(
        e for e in scene.ui.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UITextEntryLine)
    )
    field.focus()
    scene.ui.set_focus_set(field)
    assert scene.ticking() and not scene.needs_frames()


def _run_with_a_net(app: App) -> int:
    """``app.run()``, with the close button pressed after 10 s should the app not end by itself."""
    stop = _quit_later(10.0)
    try:
        return app.run()
    finally:
        stop.cancel()


class Broken(Scene):
    """A screen whose every frame fails."""

    def update(self, dt: float) -> None:
        raise RuntimeError("broken on purpose")


class BrokenLater(Scene):
    """A screen that draws once, then fails as time moves on."""

    def update(self, dt: float) -> None:
        if dt > 0:
            raise RuntimeError("broken after a moment")


def test_frames_that_keep_failing_end_the_app_instead_of_looping(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_mod, "FAREWELL_SECONDS", 0.2)
    monkeypatch.setattr(App, "show_error", lambda self, title, message: self.push(BrokenLater(self)))
    app.push(Broken(app))
    assert _run_with_a_net(app) == 1
    assert app.rescue_count == app_mod.RESCUE_LIMIT


def test_a_rescue_whose_error_dialog_fails_closes_the_app_with_the_game_saved(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_mod, "FAREWELL_SECONDS", 0.2)

    def failing_draw(self: MessageDialog, surface: pygame.Surface) -> None:
        raise TypeError("the dialog cannot draw")

    monkeypatch.setattr(MessageDialog, "draw", failing_draw)
    match = Match.new("two_crowns", [Seat("Anna"), Seat("Ben")], 7)
    app.push(scene_class_for("two_crowns")(app, match))
    app.push(Broken(app))
    assert _run_with_a_net(app) == 1
    assert app.rescue_count == 1
    rescued = [p for p in saves.list_saves() if saves.is_rescue(p)]
    assert len(rescued) == 1 and Match.load(rescued[0]).state_hash() == match.state_hash()


def test_the_original_freeze_a_failing_form_and_error_dialog_ends_cleanly(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every pygame-gui screen failing each frame (as with the None focus set) closes the app."""
    monkeypatch.setattr(app_mod, "FAREWELL_SECONDS", 0.2)

    def failing(self: GuiScene) -> bool:
        raise TypeError("'NoneType' object is not iterable")

    monkeypatch.setattr(GuiScene, "needs_frames", failing)
    app.push(SetupScene(app, "two_crowns"))
    assert _run_with_a_net(app) == 1
    assert app.rescue_count == 1


def test_a_rescue_opens_the_menu_and_one_error_dialog(app: App) -> None:
    app.rescue(RuntimeError("x" * 100_000))
    assert isinstance(app.top, MessageDialog) and isinstance(app.stack[0], MenuScene)
    assert len(app.top.message) < 400
    app.render()


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name == "nt", reason="POSIX signals")
@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_signal_ends_the_app_on_any_screen_and_keeps_the_match(app: App, name: str) -> None:
    match = Match.new("two_crowns", [Seat("Anna"), Seat("Ben")], 11)
    match.apply(match.legal_actions()[0])
    app.push(scene_class_for("two_crowns")(app, match))
    app.push(ConfirmDialog(app, "Quit?", "A dialog is up.", "Quit", app.quit))
    before = signal.getsignal(getattr(signal, name))
    _later(1.0, lambda: os.kill(os.getpid(), getattr(signal, name)))
    assert app.run() == 0
    assert signal.getsignal(getattr(signal, name)) is before  # the app's handler is gone again
    kept = [p for p in saves.list_saves() if p.name.startswith("autosave_")]
    assert len(kept) == 1 and Match.load(kept[0]).state_hash() == match.state_hash()


def test_the_close_button_ends_the_app_from_a_dialog(app: App) -> None:
    app.push(ConfirmDialog(app, "Quit?", "A dialog is up.", "Quit", app.quit))
    _quit_later(1.0)
    assert app.run() == 0 and not app.stack


def test_esc_on_the_main_menu_asks_before_quitting(app: App) -> None:
    assert isinstance(app.top, MenuScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ConfirmDialog) and app.top.title == "Quit Crimson Table?"
    assert app.running
    key(app, pygame.K_ESCAPE)  # Esc again: not quitting after all
    assert isinstance(app.top, MenuScene) and app.running
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert not app.running


@pytest.mark.parametrize(
    ("remembered", "desktop"),
    [
        ((1600, 900), (1280, 720)),
        ((3840, 2160), (1920, 1080)),
        ((1600, 900), (1366, 768)),
        ((1024, 576), (1024, 600)),
    ],
)
def test_the_window_fits_the_desktop_it_opens_on(
    remembered: tuple[int, int], desktop: tuple[int, int]
) -> None:
    width, height = window_mod.fit_to_desktop(remembered, desktop)
    assert (
        width <= desktop[0] - window_mod.DESKTOP_MARGIN[0]
        and height <= desktop[1] - window_mod.DESKTOP_MARGIN[1]
    )
    assert abs(width / height - remembered[0] / remembered[1]) < 0.05 or (width, height) != remembered


def test_a_fresh_install_opens_a_window_inside_a_small_desktop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(window_mod, "desktop_size", lambda: (1280, 720))
    small = App(app_mod.settings_mod.Settings(animation_speed="off"), start_menu=False)
    width, height = small.window.get_size()
    assert width <= 1280 - 40 and height <= 720 - 80
    assert small.settings.window_size == (width, height)  # what Settings shows


class FakeWindow:
    def __init__(self) -> None:
        self.position = (123, 45)
        self.minimum_size = (0, 0)


def test_f11_and_back_restore_the_windows_place_and_size(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    window = FakeWindow()
    monkeypatch.setattr(app_mod, "sdl_window", lambda: window)  # where the window was, read there
    monkeypatch.setattr(window_mod, "sdl_window", lambda: window)  # and put back here
    monkeypatch.setattr(app_mod.settings_mod, "save_settings", lambda settings, path=None: Path("x"))
    size = app.window.get_size()
    app.toggle_fullscreen()
    window.position = (0, 0)  # fullscreen moves it to the corner
    app.toggle_fullscreen()
    assert window.position == (123, 45)
    assert app.window.get_size() == size and not app.settings.fullscreen


def test_a_rescue_save_is_marked_in_the_load_list(app: App) -> None:
    match = Match.new("two_crowns", [Seat("Anna"), Seat("Ben")], 5)
    match.save(saves.rescue_path("two_crowns"))
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene)
    (summary,) = scene.summaries
    assert summary.chosen_name == saves.RESCUE_LABEL
    assert saves.RESCUE_LABEL in summary.label
    assert saves.describe_file(summary.path).startswith(saves.RESCUE_LABEL)


def test_a_screen_the_app_opens_by_itself_gets_frames_to_draw_its_buttons(app: App) -> None:
    """The results open after the computer's last move, with no input: pygame-gui draws buttons
    in ``update``, so the app must run frames before it rests (else the buttons never show)."""
    app.clock_time += 10.0  # long after any input
    assert not app.wants_frames()
    app.push(MessageDialog(app, "Results", "Anna wins"))
    assert app.wants_frames()
    app.clock_time += 10.0
    assert not app.wants_frames()
    app.pop()
    assert app.wants_frames()  # the screen below shows again
