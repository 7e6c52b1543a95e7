"""The shared game-table behaviour: curtain, bots, undo, save/load, keys, toasts, log privacy."""

from __future__ import annotations

import pygame

from crimson_table.play import saves
from crimson_table.ui.app import App
from crimson_table.ui.screens.game_over import GameOverScene
from crimson_table.ui.screens.load import LoadScene
from crimson_table.ui.screens.pause import PauseScene
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.widgets.curtain import CurtainScene
from tests.ui.conftest import click, click_button, key, quiet_match, top_is
from tests.ui.fake_game import PlayCard


def _table(app: App) -> BaseGameScene:
    for scene in reversed(app.stack):
        if isinstance(scene, BaseGameScene):
            return scene
    raise AssertionError("no game table on the stack")


def _play_first(app: App) -> None:
    table = _table(app)
    assert table.try_action(table.match.legal_actions()[0])
    app.step()


def test_two_humans_start_behind_the_curtain(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("human", "human"))
    assert top_is(app, CurtainScene) and app.top.name == "Anna"  # type: ignore[union-attr]


def test_the_curtain_hides_the_table_completely(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("human", "human"))
    assert not CurtainScene.transparent and app.top is app.stack[-1]


def test_the_curtain_appears_between_two_human_seats(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("human", "human"))
    click(app, (800, 450))
    assert top_is(app, BaseGameScene) and _table(app).viewer_seat == 0
    _play_first(app)
    assert top_is(app, CurtainScene) and app.top.name == "Ben"  # type: ignore[union-attr]


def test_lifting_the_curtain_hands_the_view_to_the_next_human(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("human", "human"))
    click(app, (800, 450))
    _play_first(app)
    click(app, (800, 450))
    table = _table(app)
    assert table.viewer_seat == 1 and table.view == table.match.view(1)


def test_no_curtain_between_a_human_and_a_bot(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("human", "bot"))
    seen_curtain = False
    for _ in range(3):
        _play_first(app)
        app.run_until(lambda: _table(app).awaiting_human or _table(app).match.is_over(), 300)
        seen_curtain = seen_curtain or any(isinstance(s, CurtainScene) for s in app.stack)
    assert not seen_curtain and _table(app).match.step >= 5


def test_the_hand_over_is_announced_even_when_the_game_hides_nothing(app: App, fake_games: None) -> None:
    from crimson_table.play.match import Match, Seat

    app.start_match(Match.new("open_cards", [Seat("Anna", "human"), Seat("Ben", "human")], 1))
    click(app, (800, 450))
    _play_first(app)
    assert top_is(app, CurtainScene) and not app.top.private  # type: ignore[union-attr]
    click(app, (800, 450))
    assert top_is(app, BaseGameScene) and _table(app).viewer_seat == 1


def test_bots_play_in_a_worker_and_the_game_reaches_its_end(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("bot", "bot"))
    assert app.run_until(lambda: top_is(app, GameOverScene), 600)
    assert _table(app).match.is_over()


def test_bots_wait_a_moment_between_moves_at_normal_speed(app: App, fake_games: None) -> None:
    app.apply_settings(app.settings.with_changes(animation_speed="normal"), persist=False)
    app.start_match(quiet_match("bot", "bot"))
    table = _table(app)
    app.run_until(lambda: table.match.step == 1, 100, dt=0.05)
    app.run_frames(8, dt=0.05)
    assert table.match.step == 1
    assert app.run_until(lambda: table.match.step == 2, 100, dt=0.05)


def test_a_refused_action_shows_the_reason_and_rule_id(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("human", "bot"))
    assert not _table(app).try_action(PlayCard(99))
    assert "(QC-R1)" in app.toasts.texts()[-1]


def test_escape_opens_the_pause_menu_and_closes_it_again(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("human", "bot"))
    key(app, pygame.K_ESCAPE)
    assert top_is(app, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert top_is(app, BaseGameScene)


def test_ctrl_z_takes_back_the_last_human_move_while_the_bot_has_not_answered(
    app: App, fake_games: None
) -> None:
    app.start_match(quiet_match("human", "bot"))
    table = _table(app)
    assert table.try_action(table.match.legal_actions()[0])
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.match.step == 0 and table.worker is None
    app.step()
    assert table.awaiting_human and table.match.step == 0


def test_ctrl_z_never_takes_back_the_bot_reply(app: App, fake_games: None) -> None:
    """Issue 8: undo never crosses another seat's decision, a computer's included."""
    app.start_match(quiet_match("human", "bot"))
    table = _table(app)
    _play_first(app)
    app.run_until(lambda: table.awaiting_human, 300)
    assert table.match.step == 2
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.match.step == 2 and "Ben has moved since" in app.toasts.texts()[-1]


def test_ctrl_s_writes_a_save(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("human", "bot"))
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    assert len(saves.list_saves()) == 1 and app.toasts.texts()[-1].startswith("Saved Quiet")
    assert ".ctsave" not in app.toasts.texts()[-1], "a notice names a save by game, players and date"


def test_save_from_the_pause_menu_then_load_restores_the_same_position(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("human", "bot"))
    table = _table(app)
    _play_first(app)
    app.run_until(lambda: table.awaiting_human, 300)
    expected = table.match.state_hash()
    key(app, pygame.K_ESCAPE)
    click_button(app, app.top.buttons["Save game"])  # type: ignore[union-attr]
    click_button(app, app.top.buttons["Load game"])  # type: ignore[union-attr]
    assert top_is(app, LoadScene)
    click(app, app.top.row_rect(0).center)  # type: ignore[union-attr]
    loaded = _table(app)
    assert loaded is not table and loaded.match.state_hash() == expected and loaded.match.step == 2


def test_the_log_shows_private_lines_only_to_their_seat(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("human", "human"))
    click(app, (800, 450))
    table = _table(app)
    value = table.match.legal_actions()[0].value  # type: ignore[attr-defined]
    _play_first(app)
    assert f"played a {value}" in table.log_panel.visible_texts()[-1]
    click(app, (800, 450))
    assert table.log_panel.visible_texts()[-1] == "Seat 1 played a card face down"


def test_the_results_offer_a_rematch_with_the_same_seats(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("bot", "bot"))
    app.run_until(lambda: top_is(app, GameOverScene), 600)
    old = _table(app).match
    app.top.rematch()  # type: ignore[union-attr]
    new = _table(app).match
    assert new is not old and new.seats == old.seats and new.step == 0


def test_the_results_list_turns_and_moves(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("bot", "bot"))
    app.run_until(lambda: top_is(app, GameOverScene), 600)
    stats = dict(app.top.stats)  # type: ignore[union-attr]
    assert stats["Moves"] == "6" and stats["Turns"] == "6"


def test_a_collapsed_log_keeps_undo_and_menu_inside_its_strip(app: App, fake_games: None) -> None:
    app.start_match(quiet_match("human", "bot"))
    table = _table(app)
    click(app, table.log_panel.toggle_rect.center)
    assert table.log_panel.collapsed
    app.run_frames(1)
    strip = table.log_panel.rect
    for button in (table.undo_button, table.menu_button):
        assert strip.contains(button.rect), "the button stays on the strip, clear of the table"
        assert not button.rect.colliderect(table.table_rect)
    assert not table.undo_button.rect.colliderect(table.menu_button.rect)
    _play_first(app)  # the bot has not answered yet: the move may be taken back
    assert table.undo_button.enabled
    click(app, table.undo_button.rect.center)
    assert table.match.step == 0 and any(t.startswith("Took back") for t in app.toasts.texts())
