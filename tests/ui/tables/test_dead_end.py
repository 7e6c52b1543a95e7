"""A position with no legal move that is not over: the table says so and offers the ways on
(undo, the backup, the main menu), never a frozen table that waits for a move that cannot come."""

from __future__ import annotations

import pygame

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.screens.dialog import ChoiceDialog
from crimson_table.ui.screens.menu import MenuScene
from crimson_table.ui.tables.base import BaseGameScene
from tests.ui.conftest import click_button, key, top_is


def _stuck_table(app: App) -> BaseGameScene:
    """Ben (a bot) plays, Anna plays, then nobody has a move in Dead End Cards (Ben to act)."""
    match = Match.new("dead_end_cards", [Seat("Ben", "bot", "random"), Seat("Anna", "human")], seed=3)
    table = app.start_match(match)
    assert isinstance(table, BaseGameScene)
    assert app.run_until(lambda: table.awaiting_human, 300)
    assert table.try_action(match.legal_actions()[0])
    assert app.run_until(lambda: top_is(app, ChoiceDialog), 300), "the table froze with no move"
    return table


def _choice(app: App, label: str) -> object:
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog)
    return next(b for b in dialog.buttons if b.text == label)


def test_a_position_with_no_legal_move_opens_a_dialog_naming_the_game(app: App, fake_games: None) -> None:
    table = _stuck_table(app)
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog)
    assert "This game cannot go on: Dead End Cards reached a position with no legal move" in dialog.message
    assert [b.text for b in dialog.buttons] == ["Undo", "Open the backup", "Main menu"]
    assert table.worker is None and not table.bot_thinking  # no bot is asked for a move that cannot be


def test_undo_from_the_dialog_takes_back_the_move_and_the_game_goes_on(app: App, fake_games: None) -> None:
    table = _stuck_table(app)
    click_button(app, _choice(app, "Undo"))
    app.step()
    assert top_is(app, BaseGameScene) and table.match.step == 1 and table.interactive


def test_the_backup_reopens_the_game_one_move_earlier(app: App, fake_games: None) -> None:
    _stuck_table(app)
    click_button(app, _choice(app, "Open the backup"))
    app.step()
    reopened = app.top
    assert isinstance(reopened, BaseGameScene) and reopened.match.step == 1
    assert reopened.match.cannot_go_on() is None


def test_the_main_menu_is_always_a_way_on(app: App, fake_games: None) -> None:
    _stuck_table(app)
    click_button(app, _choice(app, "Main menu"))
    assert top_is(app, MenuScene)


def test_escape_keeps_the_dialog_until_a_way_on_is_chosen(app: App, fake_games: None) -> None:
    _stuck_table(app)
    key(app, pygame.K_ESCAPE)
    app.step()
    assert top_is(app, ChoiceDialog)
