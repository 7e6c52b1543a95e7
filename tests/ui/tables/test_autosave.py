"""Never lose progress (issue 8): the table keeps the match after every move; Continue resumes it."""

from __future__ import annotations

import pygame

from crimson_table.play import autosave
from crimson_table.ui.app import App
from crimson_table.ui.screens.menu import MenuScene
from crimson_table.ui.settings import Settings
from crimson_table.ui.tables.base import BaseGameScene
from tests.ui.conftest import click_button, key, quiet_match, top_is


def _table(app: App) -> BaseGameScene:
    scene = app.top
    assert isinstance(scene, BaseGameScene)
    return scene


def _play_a_round(app: App) -> BaseGameScene:
    app.start_match(quiet_match("human", "bot"))
    table = _table(app)
    assert table.try_action(table.match.legal_actions()[0])
    app.run_until(lambda: table.awaiting_human, 300)
    return table


def test_every_move_is_kept_on_disk(app: App, fake_games: None) -> None:
    table = _play_a_round(app)
    (kept,) = autosave.list_autosaves()
    assert table.match.step == 2
    from crimson_table.play.match import Match

    assert Match.load(kept).state_hash() == table.match.state_hash()


def test_quit_to_menu_says_the_game_is_kept_and_continue_resumes_it(app: App, fake_games: None) -> None:
    expected = _play_a_round(app).match.state_hash()
    key(app, pygame.K_ESCAPE)
    click_button(app, app.top.buttons["Quit to main menu"])  # type: ignore[union-attr]
    assert top_is(app, MenuScene) and "kept" in app.toasts.texts()[-1]
    click_button(app, app.top.buttons["Continue"])  # type: ignore[union-attr]
    assert _table(app).match.state_hash() == expected


def test_after_closing_the_window_continue_resumes_the_exact_position(app: App, fake_games: None) -> None:
    table = _play_a_round(app)
    expected, step = table.match.state_hash(), table.match.step
    app.clear()
    again = App(Settings(animation_speed="off"))
    try:
        click_button(again, again.top.buttons["Continue"])  # type: ignore[union-attr]
        resumed = _table(again)
        assert resumed.match.state_hash() == expected and resumed.match.step == step
        assert resumed.try_action(resumed.match.legal_actions()[0])
        assert len(autosave.list_autosaves()) == 1
    finally:
        again.clear()


def test_an_undo_is_kept_too(app: App, fake_games: None) -> None:
    from crimson_table.play.match import Match

    app.start_match(quiet_match("human", "bot"))
    table = _table(app)
    assert table.try_action(table.match.legal_actions()[0])
    (kept,) = autosave.list_autosaves()
    assert Match.load(kept).step == 1
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.match.step == 0 and Match.load(kept).step == 0
