"""The window (issue 8, DESIGN.md): resizable from 1024×576 up, hit tests in logical coordinates;
Esc on the privacy curtain reaches the menu."""

from __future__ import annotations

import pygame

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import MIN_WINDOW, App, clamp_window_size
from crimson_table.ui.screens.pause import PauseScene
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.widgets.curtain import CurtainScene
from tests.ui.conftest import key


def _resize(app: App, size: tuple[int, int]) -> None:
    app.handle_raw_event(pygame.event.Event(pygame.VIDEORESIZE, {"w": size[0], "h": size[1], "size": size}))


def test_window_sizes_stay_between_1024x576_and_4k() -> None:
    assert clamp_window_size((800, 400)) == MIN_WINDOW == (1024, 576)
    assert clamp_window_size((1300, 731)) == (1300, 731)
    assert clamp_window_size((9000, 5000)) == (3840, 2160)


def test_a_window_dragged_smaller_than_the_minimum_is_put_back(app: App) -> None:
    _resize(app, (700, 400))
    assert app.window.get_size() == MIN_WINDOW
    assert app.settings.window_size == MIN_WINDOW


def test_the_size_a_player_resizes_to_is_remembered(app: App) -> None:
    _resize(app, (1111, 640))
    assert app.settings.window_size == (1111, 640)


def test_hit_tests_stay_in_logical_coordinates_at_any_window_size(app: App) -> None:
    for size in (MIN_WINDOW, (1100, 900), (2560, 1080), (3840, 2160)):
        app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        scale, view = app._viewport()
        assert app.to_logical(view.center) in {(800, 450), (799, 450), (800, 449), (799, 449)}
        assert app.to_logical(view.topleft) == (0, 0)
        assert app.to_logical(view.bottomright) in {(1600, 900), (1599, 900), (1600, 899), (1599, 899)}
        app.step()


def test_escape_on_the_curtain_opens_the_menu_and_keeps_the_table_hidden(app: App) -> None:
    app.start_match(Match.new("two_crowns", [Seat("Anna"), Seat("Ben")], seed=3))
    assert isinstance(app.top, CurtainScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    assert isinstance(app.stack[-2], CurtainScene) and not CurtainScene.transparent
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, CurtainScene)
    app.top.handle_event(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0}))
    assert isinstance(app.top, BaseGameScene)
