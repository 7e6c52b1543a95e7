"""Layout and words of the setup and settings screens (issue 8)."""

from __future__ import annotations

from typing import Any

import pytest

from crimson_table.ui.app import App
from crimson_table.ui.screens.settings import SettingsScene
from crimson_table.ui.screens.setup import SetupScene
from crimson_table.ui.widgets import fonts


def test_a_fixed_seat_count_is_said_once(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    original = fonts.blit_text

    def spy(surface: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(fonts, "blit_text", spy)
    app.push(SetupScene(app, "two_crowns"))
    app.run_frames(1)
    assert not any("fixed for this game" in t for t in drawn)
    assert drawn.count("2 players") == 1 and "Seats" not in drawn


def test_the_window_size_list_offers_the_smallest_window(app: App) -> None:
    scene = app.push(SettingsScene(app))
    assert isinstance(scene, SettingsScene)
    labels = [option[0] for option in scene.window_menu.options_list]
    assert any(label.startswith("1024") and "576" in label for label in labels)


def test_every_dropdown_list_shows_its_lines_uncut(app: App) -> None:
    import pygame
    import pygame_gui

    for screen in (SetupScene(app, "crimson_keep"), SettingsScene(app)):
        app.push(screen)
        app.run_frames(1)
        menus = [
            e
            for e in screen.ui.get_root_container().elements
            if isinstance(e, pygame_gui.elements.UIDropDownMenu)
        ]
        assert menus
        for menu in menus:
            centre = menu.rect.center
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                app.dispatch(pygame.event.Event(kind, {"pos": centre, "button": 1}))
            app.run_frames(1)
            listing = menu.current_state.options_selection_list
            assert listing is not None
            needed = fonts.font(fonts.BODY).get_linesize()
            assert listing.list_item_height >= needed, "a row shorter than its text cuts it"
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                app.dispatch(pygame.event.Event(kind, {"pos": centre, "button": 1}))
            app.run_frames(1)
        app.pop(screen)
