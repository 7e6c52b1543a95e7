"""The Load screen (issue 8): autosaves apart from named saves, saves named by game, players and
date, delete (with the backup) and rename."""

from __future__ import annotations

import pygame
import pytest

from crimson_table.play import autosave, saves
from crimson_table.ui.app import App
from crimson_table.ui.screens.dialog import ConfirmDialog
from crimson_table.ui.screens.load import LoadScene, RenameDialog
from crimson_table.ui.widgets import fonts
from tests.ui.conftest import click, key, quiet_match


def _saved(name: str) -> None:
    match = quiet_match("human", "bot")
    match.apply(match.legal_actions()[0])
    match.save(saves.saves_dir() / f"{name}{saves.SAVE_SUFFIX}")


def test_autosaves_are_listed_after_the_named_saves_under_their_own_heading(
    app: App, fake_games: None
) -> None:
    match = quiet_match("human", "bot")
    autosave.write(match)
    _saved("quiet_cards_2026-12-01_06-50-01")
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene)
    assert [s.is_autosave for s in scene.summaries] == [False, True]
    assert scene.heading_before(0) == "Your saves"
    assert scene.heading_before(1) is not None and scene.heading_before(1).startswith("Autosaves")
    assert scene.row_rect(1).y > scene.row_rect(0).bottom + 20, "a heading sits between the sections"


def test_a_save_is_named_by_game_players_and_date_never_by_its_file(app: App, fake_games: None) -> None:
    _saved("quiet_cards_2026-12-01_06-50-01")
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene)
    label = scene.summaries[0].label
    assert label.startswith("Quiet Cards: Anna vs Ben (") and ".ctsave" not in label


def test_deleting_a_save_asks_then_removes_it_and_its_backup(app: App, fake_games: None) -> None:
    _saved("duel")
    _saved("duel")  # the second write keeps the first as duel.ctsave.json.bak
    path = saves.saves_dir() / f"duel{saves.SAVE_SUFFIX}"
    assert saves.backup_path(path).exists()
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene)
    app.run_frames(1)
    click(app, scene.action_rects(0)[1].center)
    assert isinstance(app.top, ConfirmDialog) and path.exists()
    key(app, pygame.K_RETURN)
    assert not path.exists() and not saves.backup_path(path).exists()
    assert scene.summaries == [] and "Deleted duel" in app.toasts.texts()[-1]


def test_renaming_a_save_moves_it_with_its_backup_and_an_autosave_becomes_a_named_save(
    app: App, fake_games: None
) -> None:
    match = quiet_match("human", "bot")
    old = autosave.write(match)
    autosave.write(match)
    assert old is not None and saves.backup_path(old).exists()
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene)
    app.run_frames(1)
    click(app, scene.action_rects(0)[0].center)
    dialog = app.top
    assert isinstance(dialog, RenameDialog)
    dialog.entry.set_text("Friday duel")
    key(app, pygame.K_RETURN)
    new = saves.saves_dir() / f"Friday duel{saves.SAVE_SUFFIX}"
    assert new.exists() and saves.backup_path(new).exists() and not old.exists()
    assert [s.is_autosave for s in scene.summaries] == [False]
    assert scene.summaries[0].chosen_name == "Friday duel"


def test_the_keyboard_alone_chooses_and_opens_a_save(app: App, fake_games: None) -> None:
    from crimson_table.ui.tables.base import BaseGameScene

    _saved("first")
    _saved("second")
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene) and len(scene.summaries) == 2
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # stays on the last row
    assert scene.hovered == 1
    key(app, pygame.K_UP)
    assert scene.hovered == 0
    key(app, pygame.K_r)
    assert isinstance(app.top, RenameDialog)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    chosen = scene.summaries[0].path
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, BaseGameScene) and table.match.step == 1
    assert chosen.exists()


def test_delete_by_key_asks_first(app: App, fake_games: None) -> None:
    _saved("duel")
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene)
    key(app, pygame.K_RETURN)  # nothing chosen yet: Enter does nothing
    assert app.top is scene
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DELETE)
    assert isinstance(app.top, ConfirmDialog)


def test_the_window_report_names_each_saves_buttons_as_continue_names_its_remove_buttons(
    app: App, fake_games: None
) -> None:
    """The shared row list (``ui/screens/row_list.py``) reports a row's buttons, so a test driving
    the real window can click Delete or Watch on a save by name."""
    _saved("duel")
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene)
    app.run_frames(1)
    targets = dict(scene.report_targets())
    rename, delete = scene.action_rects(0)
    assert targets["row:duel"] == scene.row_rect(0)
    assert (targets["delete:duel"], targets["rename:duel"]) == (delete, rename)
    assert targets["watch:duel"] == scene.watch_rect(0)


def test_a_save_of_one_move_says_1_move(app: App, fake_games: None, monkeypatch: pytest.MonkeyPatch) -> None:
    _saved("one_move")  # one action applied
    scene = app.push(LoadScene(app))
    said: list[str] = []
    draw = fonts.blit_text
    monkeypatch.setattr(
        fonts, "blit_text", lambda surface, text, *a, **k: said.append(text) or draw(surface, text, *a, **k)
    )
    scene.draw(pygame.Surface((1600, 900)))
    assert "1 move" in said and "1 moves" not in said
