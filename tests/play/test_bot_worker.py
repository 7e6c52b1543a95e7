"""The bot worker (issue 10): a real child process decides, is kept warm, and is cancelled cleanly."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Iterator
from multiprocessing.process import BaseProcess

import pytest

from crimson_table.play import bot_worker
from crimson_table.play.bot_worker import BotProcess, BotRequest, BotWorker, HintWorker, decide
from crimson_table.play.match import Match, Seat


@pytest.fixture(scope="module")
def process() -> Iterator[BotProcess]:
    """One real child for the module (spawned: a fresh interpreter, as in the frozen build)."""
    child = BotProcess()
    child.start()
    yield child
    child.close()
    assert not child.is_alive()


def _match(game_id: str = "two_crowns", level: str = "heuristic", moves: int = 3) -> Match:
    match = Match.new(game_id, [Seat("Anna", "bot", level), Seat("Ben", "bot", level)], seed=7)
    for _ in range(moves):
        match.apply(match.legal_actions()[0])
    return match


def test_the_child_answers_as_the_bot_in_this_process_would(process: BotProcess) -> None:
    match = _match()
    worker = BotWorker(match, mode="process", process=process)
    assert worker.wait(60) and worker.error is None
    assert worker.result == match.bot_choose()
    assert worker.result in match.legal_actions()


def test_the_same_child_serves_decision_after_decision(process: BotProcess) -> None:
    match = _match()
    pid = process.pid
    for _ in range(3):
        worker = BotWorker(match, mode="process", process=process)
        assert worker.wait(60) and worker.result is not None
        match.apply(worker.result)
    assert process.pid == pid and process.is_alive()


def test_cancelling_a_master_decision_terminates_its_child_and_a_fresh_one_takes_over(
    process: BotProcess,
) -> None:
    match = _match(level="master")
    worker = BotWorker(match, mode="process", process=process)
    old = process._process
    assert old is not None and not worker.done
    worker.cancel()
    assert worker.done and worker.result is None
    assert not old.is_alive() and old.exitcode is not None  # terminated and reaped: nothing leaks
    assert process.is_alive() and process.pid != old.pid
    again = BotWorker(_match(), mode="process", process=process)
    assert again.wait(60) and again.result is not None


def test_a_position_the_log_cannot_rebuild_is_refused_with_an_error(process: BotProcess) -> None:
    match = _match()
    request = BotRequest.for_match(match)
    with pytest.raises(ValueError, match="state hash"):
        decide(BotRequest(**{**request.__dict__, "state_hash": "0" * 64}))
    match._states[-1] = match.state_at(0)  # a staged position (UI tests do this; they run inline)
    staged = BotWorker(match, mode="process", process=process)
    assert staged.wait(60) and staged.result is None
    assert isinstance(staged.error, RuntimeError) and "state hash" in str(staged.error)


def test_a_failure_in_the_child_is_one_plain_line_and_its_traceback_is_kept_for_the_log(
    process: BotProcess,
) -> None:
    match = _match()
    match._states[-1] = match.state_at(0)  # the child cannot rebuild this position
    staged = BotWorker(match, mode="process", process=process)
    assert staged.wait(60) and isinstance(staged.error, bot_worker.BotFailed)
    assert "\n" not in str(staged.error) and "Traceback" not in str(staged.error)
    assert str(staged.error).startswith("ValueError: the position cannot be rebuilt")
    assert "Traceback" in staged.error.detail


def _from_position(level: str = "heuristic") -> Match:
    """A match set up from a saved position ("Play on from here"): the log starts there."""
    source = _match(moves=4)
    seats = [Seat("Anna", "bot", level), Seat("Ben", "bot", level)]
    match = Match.from_position("two_crowns", seats, 11, source.rules.to_dict(source.state))
    match.apply(match.bot_choose())
    return match


def test_a_match_from_a_start_position_gets_its_bot_move_from_the_child(process: BotProcess) -> None:
    match = _from_position()
    worker = BotWorker(match, mode="process", process=process)
    assert worker.wait(60) and worker.error is None, worker.error
    assert worker.result == match.bot_choose() and worker.result in match.legal_actions()


def test_a_hint_for_a_start_position_comes_from_the_child_too(process: BotProcess) -> None:
    match = _from_position()
    hint = HintWorker(match, mode="process", process=process)
    assert hint.wait(60) and hint.error is None, hint.error
    assert hint.result is not None and hint.result.action in match.legal_actions()


def test_a_second_request_cancels_the_first_one_in_flight(process: BotProcess) -> None:
    first = BotWorker(_match(level="master"), mode="process", process=process)
    second = BotWorker(_match(), mode="process", process=process)
    assert first.done and first.result is None
    assert second.wait(60) and second.result is not None


def test_the_table_never_waits_a_submit_returns_while_the_child_still_thinks(process: BotProcess) -> None:
    match = _match(level="master")
    worker = BotWorker(match, mode="process", process=process)
    assert not worker.done and worker.result is None  # asked, not answered: the caller goes on
    worker.cancel()


def test_inline_mode_decides_in_this_process_before_the_constructor_returns() -> None:
    match = _match()
    worker = BotWorker(match, mode="inline")
    assert worker.done and worker.result == match.bot_choose()


# -- a child that stops answering (POSIX: SIGSTOP) ---------------------------------------------------
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="SIGSTOP is POSIX only")


@pytest.fixture
def stoppable() -> Iterator[tuple[BotProcess, list[BaseProcess]]]:
    """A warm child of its own (it has answered once), and the list of children the test stopped:
    every one is killed at the end, whatever the test did."""
    child = BotProcess()
    warm = BotWorker(_match(), mode="process", process=child)
    stopped: list[BaseProcess] = []
    try:
        assert warm.wait(60) and warm.result is not None and child.warm
        yield child, stopped
    finally:
        child.close()
        for process in stopped:
            if process.is_alive():
                process.kill()
                process.join(1)


def _stop(child: BotProcess, stopped: list[BaseProcess]) -> None:
    """SIGSTOP the running child (it stays alive, reads nothing and never answers)."""
    process = child._process
    assert process is not None and process.pid is not None and process.is_alive()
    os.kill(process.pid, signal.SIGSTOP)
    stopped.append(process)
    time.sleep(0.1)  # the stop has taken hold


@posix_only
def test_a_stopped_child_is_killed_past_the_deadline_and_a_fresh_one_answers(
    stoppable: tuple[BotProcess, list[BaseProcess]], monkeypatch: pytest.MonkeyPatch
) -> None:
    child, stopped = stoppable
    monkeypatch.setitem(bot_worker.DEADLINE_SECONDS, "heuristic", 0.5)
    _stop(child, stopped)
    match = _match(moves=4)
    worker = BotWorker(match, mode="process", process=child)
    assert worker.wait(60) and worker.error is None, worker.error
    assert worker.result == match.bot_choose()
    assert stopped[0].exitcode is not None  # killed and reaped, although it was stopped
    assert child.pid != stopped[0].pid and child.is_alive()


@posix_only
def test_a_child_that_never_answers_gives_up_after_one_retry(
    stoppable: tuple[BotProcess, list[BaseProcess]], monkeypatch: pytest.MonkeyPatch
) -> None:
    child, stopped = stoppable
    monkeypatch.setitem(bot_worker.DEADLINE_SECONDS, "heuristic", 0.3)
    monkeypatch.setattr(bot_worker, "STARTUP_SECONDS", 0.3)
    _stop(child, stopped)
    began = time.monotonic()
    worker = BotWorker(_match(moves=4), mode="process", process=child)
    while not worker.done and time.monotonic() - began < 20:
        if child.pid != stopped[-1].pid and child.is_alive():
            _stop(child, stopped)  # the fresh child is stopped too
        time.sleep(0.01)
    assert worker.done and worker.timed_out and worker.result is None
    assert len(stopped) == 2 and all(p.exitcode is not None for p in stopped)
    assert time.monotonic() - began < 10


@posix_only
def test_closing_a_stopped_child_never_waits_more_than_half_a_second(
    stoppable: tuple[BotProcess, list[BaseProcess]],
) -> None:
    child, stopped = stoppable
    _stop(child, stopped)
    BotWorker(_match(), mode="process", process=child)
    began = time.monotonic()
    child.close()
    assert time.monotonic() - began < 0.75 and stopped[0].exitcode is not None


@posix_only
def test_a_long_request_to_a_stopped_child_never_blocks_the_table(
    stoppable: tuple[BotProcess, list[BaseProcess]],
) -> None:
    child, stopped = stoppable
    _stop(child, stopped)
    request = BotRequest.for_match(_match())
    long_log = tuple(
        {"kind": "roll_first", "padding": "x" * 100} for _ in range(20_000)
    )  # ~2 MB: fills the pipe
    began = time.monotonic()
    child.submit(BotRequest(**{**request.__dict__, "log": long_log}))
    assert time.monotonic() - began < 0.5
    child.close()
    assert time.monotonic() - began < 1.0 and stopped[0].exitcode is not None


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX niceness (Windows uses a priority class)")
def test_the_bot_process_thinks_at_a_lower_priority_than_the_app(process: BotProcess) -> None:
    """The frame loop goes first on a busy machine (bench/bot_frames.py)."""
    worker = BotWorker(_match(), mode="process", process=process)
    assert worker.wait(60) and process.pid is not None
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, process.pid) == min(ours + bot_worker.NICENESS, 19)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the child's /proc/<pid>/maps")
def test_the_bot_process_loads_no_pygame_even_after_reading_the_maps(process: BotProcess) -> None:
    """The child warms up every game, maps included; pytmx would pull in pygame (and SDL) there."""
    worker = BotWorker(_match("crimson_keep"), mode="process", process=process)
    assert worker.wait(60) and worker.error is None and process.pid is not None
    with open(f"/proc/{process.pid}/maps", encoding="utf-8") as maps:
        mapped = maps.read()
    assert "pygame" not in mapped and "libSDL2" not in mapped


def test_what_the_bot_process_runs_imports_no_pygame_and_no_ui() -> None:
    """The child's whole path (the app's entry module, warm-up, a decision on a map game, a hint)
    in a fresh interpreter: pygame, pygame-gui and the UI stay unloaded."""
    import subprocess

    code = (
        "import sys\n"
        "import crimson_table.__main__\n"
        "from crimson_table.play import bot_worker\n"
        "from crimson_table.play.match import Match, Seat\n"
        "bot_worker._warm_up()\n"
        "match = Match.new('crimson_keep', [Seat('A', 'bot'), Seat('B', 'bot')], seed=7)\n"
        "for level in ('heuristic', bot_worker.HINT_LEVEL):\n"
        "    bot_worker.decide(bot_worker.BotRequest.for_match(match, level))\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pygame', 'crimson_table.ui'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    assert done.stderr == ""


class _JumpingClock:
    """A fake clock that moves a minute at every read: a capped search stops at its least share."""

    def __init__(self) -> None:
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return 60.0 * self.reads


def _six_seat_condottiere(level: str) -> Match:
    seats = [Seat(f"Bot {n}", "bot", level) for n in range(6)]
    match = Match.new("condottiere", seats, seed=5)
    while len(match.legal_actions()) < 2:
        match.apply(match.legal_actions()[0])
    return match


def test_with_the_bot_processs_clock_master_stops_at_its_wall_clock_cap() -> None:
    match = _six_seat_condottiere("master")
    request = BotRequest.for_match(match)
    clock = _JumpingClock()
    action = match.rules.action_from_dict(decide(request, clock=clock))
    assert action in match.legal_actions()
    # the end is read once, then one read per boundary from the least share on: it stopped at once
    assert clock.reads == 2


def test_without_a_clock_a_decision_is_the_seeds_and_captain_never_reads_one() -> None:
    match = _six_seat_condottiere("master")
    assert match.rules.action_from_dict(decide(BotRequest.for_match(match))) == match.bot_choose()
    clock = _JumpingClock()
    decide(BotRequest.for_match(_six_seat_condottiere("heuristic")), clock=clock)
    assert clock.reads == 0
