"""Hints, keyboard focus and the help overlay on every table (issue 14), with injected events.

Bots run inline here (``tests/conftest.py``); one test asks a hint through the real bot process.
"""

from __future__ import annotations

import time

import pygame
import pytest

from crimson_table.play import bot_worker
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.tables import TABLE_GAMES, scene_class_for
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.tables.hinting import THINKING
from crimson_table.ui.widgets.help_overlay import HelpOverlay
from tests.ui.conftest import click, key
from tests.ui.tables.test_action_targets import open_for_current, players, sampled_positions

MAX_DECISIONS = 120  # Crimson Keep takes ~320 for a whole game: the others finish


def _table(app: App, game_id: str, seed: int = 1) -> BaseGameScene:
    match = sampled_positions(game_id, seed)[0]
    return open_for_current(app, match)


def _press(app: App, keycode: int, mod: int = 0, unicode: str = "") -> None:
    app.dispatch(
        pygame.event.Event(pygame.KEYDOWN, {"key": keycode, "mod": mod, "unicode": unicode, "scancode": 0})
    )


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_the_hint_button_glows_the_suggested_move_with_its_line(app: App, game_id: str) -> None:
    table = _table(app, game_id)
    seat = table.viewer_seat
    click(app, table.hint_button.rect.center)
    glow = table.glows.get("hint")
    assert glow is not None and len(glow.actions) == 1
    assert glow.actions[0] in table.match.legal_actions()
    assert "% to win" in glow.caption or "no estimate" in glow.caption
    assert table.match.hints_used[seat] == 1
    _press(app, pygame.K_h)  # the same decision again: counted once
    assert table.match.hints_used[seat] == 1
    table.draw(pygame.Surface((1600, 900)))


def test_a_hint_is_only_for_ones_own_decision(app: App) -> None:
    table = _table(app, "two_crowns")
    table.match.seats = [Seat(s.name, "bot") for s in table.match.seats]
    assert not table.hinter.ask()
    assert table.glows.get("hint") is None and not any(table.match.hints_used)


def test_the_hint_thinks_in_the_bot_process_and_the_frames_run_on(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(bot_worker.MODE_ENV, "process")
    try:
        match = Match.new("two_crowns", [Seat("Anna"), Seat("Bot", "bot")], 3)
        table = app.start_match(match)
        assert isinstance(table, BaseGameScene)
        table.settle()
        started = time.monotonic()
        _press(app, pygame.K_h)
        assert table.hinter.thinking and table.needs_frames()
        glow = table.glows.get("hint")
        assert glow is not None and glow.caption == THINKING
        frames = 0
        while table.hinter.thinking and time.monotonic() - started < 60:
            app.step()
            frames += 1
        glow = table.glows.get("hint")
        assert glow is not None and glow.actions and "% to win" in glow.caption
        assert frames > 0
    finally:
        bot_worker.shutdown()


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_the_help_overlay_opens_and_closes_on_every_table(app: App, game_id: str) -> None:
    table = _table(app, game_id)
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpOverlay)
    assert any("Tab" in k for k, _ in app.top.keys) and any(k == "H" for k, _ in app.top.keys)
    app.top.draw(pygame.Surface((1600, 900)))
    key(app, pygame.K_F1)
    assert app.top is table
    _press(app, pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
    assert isinstance(app.top, HelpOverlay)
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_tab_focuses_the_legal_moves_in_turn_and_esc_clears(app: App) -> None:
    table = _table(app, "two_crowns")
    legal = table.match.legal_actions()
    key(app, pygame.K_TAB)
    assert table.key_focus.focused == legal[0]
    glow = table.glows.get("focus")
    assert glow is not None and glow.actions == (legal[0],)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert table.key_focus.focused == legal[-1]  # Shift+Tab from the first: the last
    key(app, pygame.K_ESCAPE)
    assert table.key_focus.focused is None and app.top is table  # Esc cleared, no pause menu
    key(app, pygame.K_ESCAPE)
    assert app.top is not table  # then the pause menu


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_a_whole_game_by_keyboard_alone_against_bots(app: App, game_id: str) -> None:
    """Seat 1 human, the others Captain; every human decision is Tab presses then Enter."""
    n = players(game_id)
    seats = [Seat("Anna")] + [Seat(f"Bot {i}", "bot", "random") for i in range(1, n)]
    match = Match.new(game_id, seats, 7)
    app.clear()
    table = scene_class_for(game_id)(app, match)
    app.push(table)
    decisions, kinds = 0, set()
    for _ in range(MAX_DECISIONS * 4):
        if match.is_over() or decisions >= MAX_DECISIONS:
            break
        table.settle()
        table.update(0.0)
        if app.top is not table:  # a dice tray or the curtain: Enter moves it on
            key(app, pygame.K_RETURN)
            continue
        if not table.interactive:
            continue
        legal = match.legal_actions()
        wanted = legal[(decisions * 7) % len(legal)]
        before = match.step
        index = legal.index(wanted)
        if index < len(legal) // 2:
            for _ in range(index + 1):
                key(app, pygame.K_TAB)
        else:  # Shift+Tab walks back from the last
            for _ in range(len(legal) - index):
                key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        assert table.key_focus.focused == wanted
        key(app, pygame.K_RETURN)
        if app.top is not table:  # a confirmation (the Dice of Destiny): Enter accepts
            key(app, pygame.K_RETURN)
        assert match.step > before, f"{game_id}: Enter did not play {wanted!r}"
        decisions += 1
        kinds.add(wanted.KIND)
    assert decisions >= 10 and len(kinds) >= 2, (decisions, kinds)


def test_the_hint_button_looks_usable_as_soon_as_the_computer_has_moved(app: App) -> None:
    """The app draws only when something changes: the frame that shows the player's turn after a
    computer's move must already draw the Hint button enabled, with no mouse move to wake it."""
    match = Match.new("two_crowns", [Seat("Bot", "bot", "random"), Seat("Anna")], 3)
    table = app.start_match(match)
    assert isinstance(table, BaseGameScene)
    assert app.run_until(lambda: table.interactive, max_frames=600)
    assert match.step > 0  # the computer moved first
    assert table.hint_button.enabled and table.undo_button.enabled == match.can_undo()
