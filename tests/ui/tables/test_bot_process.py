"""The table's bots think in a real child process (issue 10): the frame loop runs on, menu cancels."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Iterator
from multiprocessing.process import BaseProcess

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


posix_only = pytest.mark.skipif(sys.platform == "win32", reason="SIGSTOP is POSIX only")


@pytest.fixture
def stopped_children() -> Iterator[list[BaseProcess]]:
    """The children a test stopped; each is killed at the end, whatever happened."""
    stopped: list[BaseProcess] = []
    yield stopped
    for process in stopped:
        if process.is_alive():
            process.kill()
            process.join(1)


def _stop_any_fresh_child(stopped: list[BaseProcess]) -> None:
    """SIGSTOP the app's bot child if it is one not stopped yet (it then never answers)."""
    process = bot_worker.shared_process()._process
    if process is not None and process.pid is not None and process not in stopped and process.is_alive():
        os.kill(process.pid, signal.SIGSTOP)
        stopped.append(process)


@posix_only
def test_a_bot_process_that_never_answers_is_replaced_by_captain_with_a_notice(
    app: App, in_process: None, stopped_children: list[BaseProcess], monkeypatch: pytest.MonkeyPatch
) -> None:
    for level in ("random", "heuristic", "master"):
        monkeypatch.setitem(bot_worker.DEADLINE_SECONDS, level, 0.3)
    monkeypatch.setattr(bot_worker, "STARTUP_SECONDS", 0.3)
    table = _master_first(app)
    began = time.monotonic()
    while table.match.step == 0 and time.monotonic() - began < 20:
        _stop_any_fresh_child(stopped_children)
        app.step()
    assert table.match.step == 1 and table.match.actor_of(0) == 0, "the table kept thinking"
    assert "The computer player did not answer; Captain played for Bot." in app.toasts.texts()
    assert len(stopped_children) == 2 and all(p.exitcode is not None for p in stopped_children)


def test_a_failing_bot_process_is_told_in_one_sentence_and_captain_plays(app: App, in_process: None) -> None:
    match = Match.new("two_crowns", [Seat("Bot", "bot", "master"), Seat("Anna", "human")], seed=2)
    match._states[-1] = match.rules.new_game(2, 99, {})  # a position the child cannot rebuild
    table = app.start_match(match)
    assert isinstance(table, BaseGameScene)
    _frames_until(app, lambda: table.match.step >= 1)
    assert "The computer player failed; Captain played for Bot." in app.toasts.texts()
    assert not any("Traceback" in text or "\n" in text for text in app.toasts.texts())


def test_a_match_from_a_start_position_gets_its_bot_moves_from_the_process(
    app: App, in_process: None
) -> None:
    source = Match.new("two_crowns", [Seat("Bot", "bot", "heuristic"), Seat("Anna", "human")], seed=2)
    source.apply(source.bot_choose())
    match = Match.from_position("two_crowns", source.seats, 5, source.rules.to_dict(source.state))
    table = app.start_match(match)
    assert isinstance(table, BaseGameScene)
    _frames_until(app, lambda: table.match.step >= 1)
    assert table.match.actor_of(0) == 0 and app.toasts.texts() == []


@posix_only
def test_quitting_while_the_bot_child_is_stopped_takes_only_a_moment(
    app: App, in_process: None, stopped_children: list[BaseProcess]
) -> None:
    table = _master_first(app)
    _frames_until(app, lambda: table.worker is not None)  # a decision is asked of the child
    _stop_any_fresh_child(stopped_children)
    time.sleep(0.1)  # the stop has taken hold
    began = time.monotonic()
    app.clear()  # the window closes: every scene shuts down
    bot_worker.shutdown()  # what cli.main does last
    assert time.monotonic() - began < 1.0
    assert stopped_children[0].exitcode is not None and not bot_worker._SHARED
