"""Cool when idle (issue 8): the loop draws only while something moves, and sleeps otherwise."""

from __future__ import annotations

import threading

import pygame
import pytest

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import INPUT_GRACE, App
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.tables.pacing import THINKING_FPS
from tests.ui.conftest import click, quiet_match


def _past_the_grace(app: App) -> None:
    app.step(INPUT_GRACE)
    app.step()


def test_the_menu_at_rest_needs_no_frames(app: App) -> None:
    _past_the_grace(app)
    assert not app.wants_frames()


def test_input_toasts_and_a_held_button_keep_the_frames_coming(app: App) -> None:
    _past_the_grace(app)
    app.toast("Hello", "info", 0.5)
    assert app.wants_frames()
    app.step(0.6)
    assert not app.wants_frames()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (5, 5), "button": 1}))
    app.step()
    _past_the_grace(app)
    assert app.wants_frames(), "a drag (button held) pulses its glow"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": (5, 5), "button": 1}))
    app.step()
    _past_the_grace(app)
    assert not app.wants_frames()


def test_a_table_wants_frames_while_a_bot_is_to_move_and_rests_while_a_human_decides(
    app: App, fake_games: None
) -> None:
    app.start_match(quiet_match("human", "bot"))
    table = app.top
    assert isinstance(table, BaseGameScene)
    _past_the_grace(app)
    assert table.interactive and not table.needs_frames() and not app.wants_frames()
    assert table.try_action(table.match.legal_actions()[0])
    assert table.needs_frames()
    assert app.run_until(lambda: table.interactive, 300)
    _past_the_grace(app)
    assert not app.wants_frames()


class _NeverDone:
    """A bot worker whose answer never comes (the table waits as for a long search)."""

    result = None
    error = None
    done = False

    def __init__(self, step: int, seat: int) -> None:
        self.step, self.seat = step, seat

    def cancel(self) -> None:
        """Nothing to stop."""


def test_a_table_waiting_for_a_bot_ticks_at_full_rate_but_repaints_only_for_its_dots(
    app: App, fake_games: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.start_match(quiet_match("bot", "bot"))
    table = app.top
    assert isinstance(table, BaseGameScene)
    seat = table.match.current_seat()
    assert seat is not None
    table.worker = _NeverDone(table.match.step, seat)  # type: ignore[assignment]
    _past_the_grace(app)
    painted = []
    real_render = app.render
    monkeypatch.setattr(app, "render", lambda: (painted.append(1), real_render()))
    app.run_frames(60)  # one second of frames while the bot thinks
    assert table.needs_frames() and table.bot_thinking
    assert THINKING_FPS - 1 <= len(painted) <= THINKING_FPS + 1, f"{len(painted)} repaints in a second"
    app.toast("Hello", "info", 0.5)
    app.run_frames(10)
    assert len(painted) >= THINKING_FPS + 10, "a toast on screen repaints every frame"


def test_the_curtain_rests(app: App) -> None:
    app.start_match(Match.new("two_crowns", [Seat("Anna"), Seat("Ben")], seed=3))
    _past_the_grace(app)
    assert type(app.top).__name__ == "CurtainScene" and not app.wants_frames()
    click(app, (800, 450))
    assert isinstance(app.top, BaseGameScene)


def test_the_real_loop_draws_almost_nothing_at_rest(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    _past_the_grace(app)
    frames = []
    real_render = app.render
    monkeypatch.setattr(app, "render", lambda: (frames.append(1), real_render()))
    monkeypatch.setattr(pygame, "quit", lambda: None)
    stop = threading.Timer(1.2, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    stop.start()
    assert app.run() == 0
    assert len(frames) <= 3, f"{len(frames)} frames drawn in 1.2 s at rest"


def test_what_a_closed_screen_left_is_collected_as_the_app_goes_to_rest_not_while_it_rests(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CI's real-window tour saw 5% of a core on a replay at rest: the stats screen closed just before
    it had left a full collection pending, run at the resting app's first wake (in the pause)."""
    from crimson_table.ui import app as app_module
    from crimson_table.ui import memory
    from crimson_table.ui.scene import Scene

    collections = []
    real_release = memory.release
    monkeypatch.setattr(memory, "release", lambda **kw: (collections.append(app.rests), real_release(**kw)))
    monkeypatch.setattr(app_module, "IDLE_WAIT_MS", 5)
    app.push(Scene(app))
    app.step()
    app.pop()  # a screen closed: its garbage is pending, inside the half-second pacing
    _past_the_grace(app)  # (a collection here would be paced, not pending at rest)
    app.push(Scene(app))
    app.step()
    app.pop()
    assert app._garbage, "closing a screen leaves a collection to do"
    app._settle()
    assert collections and collections[-1] == app.rests, "collected as the app came to rest"
    done = len(collections)
    clock = pygame.time.Clock()
    for _ in range(5):
        app._rest(clock)  # the resting app wakes: nothing to do
    assert len(collections) == done, "a resting app collects nothing"
