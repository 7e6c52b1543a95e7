"""The table's bots think in a real child process (issue 10): the frame loop runs on, menu cancels."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from crimson_table.play import bot_worker
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.tables.base import BaseGameScene


@pytest.fixture
def in_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The app's real bot mode for one test; its child is terminated afterwards."""
    monkeypatch.setenv(bot_worker.MODE_ENV, "process")
    yield
    bot_worker.shutdown()


def _master_first(app: App) -> BaseGameScene:
    match = Match.new("two_crowns", [Seat("Bot", "bot", "master"), Seat("Anna", "human")], seed=2)
    table = app.start_match(match)
    assert isinstance(table, BaseGameScene)
    return table


def _frames_until(app: App, condition: object, seconds: float = 60.0) -> int:
    """Run frames until ``condition()`` holds (a wall-clock limit only against hanging)."""
    frames, deadline = 0, time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        app.step()
        frames += 1
    assert condition(), "the bot never answered"  # type: ignore[operator]
    return frames


def test_the_table_draws_frames_and_shows_thinking_while_master_decides(app: App, in_process: None) -> None:
    table = _master_first(app)
    thinking_frames = 0
    for _ in range(2):
        step = table.match.step
        app.step()
        if table.worker is not None:
            assert table.worker.mode == "process"
        thinking_frames += _frames_until(
            app, lambda s=step: table.match.step > s or table.match.current_is_human()
        )
        if table.match.current_is_human():
            break
    assert table.match.step >= 2 and thinking_frames > 0
    assert table.match.actor_of(table.match.step - 1) == 0


def test_leaving_for_the_menu_terminates_the_thinking_child(app: App, in_process: None) -> None:
    table = _master_first(app)
    _frames_until(app, lambda: table.match.step >= 1)  # the roll for the first player
    _frames_until(app, lambda: table.worker is not None and len(table.match.legal_actions()) > 1)
    child = bot_worker.shared_process()._process
    assert child is not None and child.is_alive() and table.bot_thinking
    app.go_to_menu()
    assert not child.is_alive() and child.exitcode is not None
    assert table.worker is None
