"""The tutorial mode on a real table: the coach speaks, wrong moves get a friendly word, the
script plays the opponent, progress is kept and resumed, and the end offers to play on."""

from __future__ import annotations

import pytest

from crimson_table.play import tutorial as tut
from crimson_table.ui.app import App
from crimson_table.ui.tables.tutorial_mode import TutorialMode, resume_label, start_tutorial
from crimson_table.ui.tutorials import available


def drive(app: App, mode: TutorialMode, until_step: int | None = None, frames: int = 4000) -> None:
    """Play the tutorial as a learner would: the asked-for move, Continue after each note."""
    scene = mode.scene
    for _ in range(frames):
        app.step()
        if scene.tutorial is None or mode.run.finished:
            return
        if until_step is not None and mode.run.index >= until_step and mode.shown[:1] == ("do",):
            return
        if mode.shown[:1] == ("explain",):
            mode.proceed()
        elif mode.shown[:1] == ("do",):
            expected = mode.run.expected()
            assert expected is not None
            assert scene.try_action(expected)
    raise AssertionError(f"the tutorial did not finish (step {mode.run.index + 1}, {mode.shown})")


@pytest.mark.parametrize("game_id", available())
def test_tutorial_plays_through_on_its_table(app: App, game_id: str) -> None:
    scene = start_tutorial(app, game_id, restart=True)
    mode = scene.tutorial
    assert mode is not None
    drive(app, mode)
    app.step()
    assert mode.coach.mood == "done" and mode.coach.text == mode.tutorial.outro
    assert tut.load_progress()[mode.tutorial.id]["finished"]
    mode.play_on()
    assert scene.tutorial is None


def test_a_wrong_move_is_refused_with_a_friendly_word(app: App) -> None:
    scene = start_tutorial(app, "two_crowns", restart=True)
    mode = scene.tutorial
    assert mode is not None
    drive(app, mode, until_step=2)
    wrong = next(a for a in scene.match.legal_actions() if not mode.run.step.matches(a))  # type: ignore[union-attr]
    before = scene.match.step
    assert not scene.try_action(wrong)
    assert scene.match.step == before
    text = app.toasts.texts()[-1]
    assert text.startswith("Not that one yet.") and "TC-R" not in text
    app.step()
    assert mode.shown[:1] == ("do",)
    assert not scene.undo()
    assert not scene.needs_frames(), "a step waiting for the learner keeps the table idle"
    assert scene.help_keys()[0][1].startswith("Tutorial")
    assert not scene.hint_button.enabled


def test_leaving_keeps_the_step_and_resuming_returns_to_it(app: App) -> None:
    scene = start_tutorial(app, "two_crowns", restart=True)
    mode = scene.tutorial
    assert mode is not None
    drive(app, mode, until_step=4)
    mode.leave()
    assert tut.load_progress()["two_crowns"] == {"step": 4, "finished": False}
    assert resume_label("two_crowns") == "Resume tutorial (5)"
    again = start_tutorial(app, "two_crowns")
    assert again.tutorial is not None and again.tutorial.run.index == 4
    assert again.match.step == scene.match.step
    again.tutorial.start_over()
    fresh = app.top
    assert fresh is not again and fresh.tutorial is not None and fresh.tutorial.run.index == 0  # type: ignore[attr-defined]
