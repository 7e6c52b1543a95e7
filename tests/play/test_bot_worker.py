"""The bot worker (issue 10): a real child process decides, is kept warm, and is cancelled cleanly."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from crimson_table.play.bot_worker import BotProcess, BotRequest, BotWorker, decide
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
