"""The help overlay (F1 or ?) lists the keys of the current screen, on every screen (issue 14)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.scene import Scene
from crimson_table.ui.screens.dialog import ConfirmDialog, MessageDialog
from crimson_table.ui.screens.load import LoadScene
from crimson_table.ui.screens.pause import PauseScene
from crimson_table.ui.screens.rules import RulesScene
from crimson_table.ui.screens.settings import SettingsScene
from crimson_table.ui.screens.setup import SetupScene
from crimson_table.ui.widgets.help_overlay import COMMON, HelpOverlay
from tests.ui.conftest import click, key


def _table(app: App) -> Scene:
    table = app.start_match(Match.new("two_crowns", [Seat("Anna"), Seat("Ben", "bot")], 3))
    assert app.top is table
    return table


SCREENS: dict[str, Callable[[App], Scene]] = {
    "menu": lambda app: app.top,  # type: ignore[return-value, arg-type]
    "setup": lambda app: app.push(SetupScene(app, "two_crowns")),
    "load": lambda app: app.push(LoadScene(app)),
    "settings": lambda app: app.push(SettingsScene(app)),
    "rules": lambda app: app.push(RulesScene(app, "condottiere")),
    "message": lambda app: app.push(MessageDialog(app, "Note", "Something to say.")),
    "confirm": lambda app: app.push(ConfirmDialog(app, "Sure?", "Really?", "Yes", lambda: None)),
    "table": _table,
    "pause": lambda app: app.push(PauseScene(app, _table(app))),  # type: ignore[arg-type]
}


def _type(app: App, keycode: int, unicode: str, mod: int = 0) -> None:
    app.dispatch(
        pygame.event.Event(pygame.KEYDOWN, {"key": keycode, "mod": mod, "unicode": unicode, "scancode": 0})
    )


@pytest.mark.parametrize("name", list(SCREENS))
def test_f1_and_question_mark_open_and_close_the_keys_of_the_screen(app: App, name: str) -> None:
    app.go_to_menu()
    screen = SCREENS[name](app)
    app.step()
    key(app, pygame.K_F1)
    overlay = app.top
    assert isinstance(overlay, HelpOverlay)
    assert overlay.keys[-len(COMMON) :] == list(COMMON)
    assert overlay.keys == [*screen.help_keys(), *COMMON]
    app.step()  # drawn over the screen
    key(app, pygame.K_F1)
    assert app.top is screen
    _type(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    assert isinstance(app.top, HelpOverlay)
    click(app, (800, 450))
    assert app.top is screen


def test_every_screen_declares_its_keys(app: App) -> None:
    app.go_to_menu()
    for name, make in SCREENS.items():
        screen = make(app)
        if name != "pause":
            assert screen.help_keys(), f"{name} declares no keys"
        assert screen.help_title, name


def test_a_question_mark_typed_in_a_name_field_is_a_character(app: App) -> None:
    setup = app.push(SetupScene(app, "two_crowns"))
    app.step()
    entries = [e for e in vars(setup).values() if type(e).__name__ == "UITextEntryLine"]
    entries += [
        e
        for v in vars(setup).values()
        if isinstance(v, list)
        for e in v
        if type(e).__name__ == "UITextEntryLine"
    ]
    if not entries:
        pytest.skip("the setup screen has no text field to type in")
    entry = entries[0]
    setup.ui.set_focus_set(entry)
    _type(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    assert app.top is setup


def test_from_the_menu_to_a_first_move_by_keyboard_alone(app: App) -> None:
    from crimson_table.ui.screens.menu import MenuScene
    from crimson_table.ui.tables.base import BaseGameScene

    app.go_to_menu()
    menu = app.top
    assert isinstance(menu, MenuScene)
    key(app, pygame.K_1)
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.game_id == menu.tiles[0].game_id
    app.step()
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, BaseGameScene)
    for _ in range(50):
        table.settle()
        table.update(0.0)
        if table.interactive:
            break
        if app.top is not table:
            key(app, pygame.K_RETURN)  # a curtain between two humans: Enter takes the screen
    before = table.match.step
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    if app.top is not table:
        key(app, pygame.K_RETURN)
    assert table.match.step > before


def test_the_pause_menu_answers_its_letters(app: App) -> None:
    from crimson_table.ui.screens.menu import MenuScene

    table = _table(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_r)
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_q)
    assert isinstance(app.top, MenuScene)
