"""Every tutorial plays through with its own expected moves (issue 14).

Each step's expected move must be legal at its step, and match exactly one legal move (so the
script's path is the one the words describe); every scripted opponent move must be legal too.
A rules change that breaks a tutorial fails here.  Step counts stay within 15-30 and the word
counts are printed (``pytest -s``) for the closing note.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crimson_table.play import tutorial as tut
from crimson_table.ui.tutorials import TUTORIAL_GAMES, available, load


def test_every_game_has_a_tutorial() -> None:
    assert available() == TUTORIAL_GAMES


@pytest.mark.parametrize("game_id", available())
def test_tutorial_plays_through(game_id: str) -> None:
    tutorial = load(game_id)
    assert tutorial.game == game_id
    assert tut.MIN_STEPS <= len(tutorial.steps) <= tut.MAX_STEPS
    run = tut.TutorialRun(tutorial, tutorial.new_match())
    for number, step in enumerate(tutorial.steps, 1):
        tut.advance_script(run)
        assert run.waiting_for_learner, f"step {number}: the learner is not to move"
        legal = run.match.legal_actions()
        matching = [a for a in legal if step.matches(a)]
        assert len(matching) == 1, f"step {number}: {dict(step.expect)} matches {len(matching)} of {legal}"
        assert step.say and len(step.say.split()) <= 60, f"step {number}: say something short"
        wrong = next((a for a in legal if not step.matches(a)), None)
        if wrong is not None:
            assert run.judge(wrong), f"step {number}: a wrong move must be refused"
        assert run.judge(matching[0]) is None
        run.match.apply(matching[0])
        run.learner_moved()
        tut.advance_script(run)
        assert run.showing_explanation
        run.proceed()
    tut.advance_script(run)
    assert run.finished
    print(f"{game_id}: {len(tutorial.steps)} steps, {tutorial.words()} words")


def test_refusal_is_friendly_and_names_no_rule() -> None:
    tutorial = load("two_crowns")
    run = tut.resume(tutorial, 1)
    wrong = next(a for a in run.match.legal_actions() if not run.step.matches(a))  # type: ignore[union-attr]
    text = run.judge(wrong)
    assert text is not None and text.startswith("Not that one yet.")
    assert "TC-R" not in text


@pytest.mark.parametrize("index", [0, 5, 21])
def test_resume_reaches_the_same_position_as_playing(index: int) -> None:
    tutorial = load("two_crowns")
    resumed = tut.resume(tutorial, index)
    assert resumed.index == index and resumed.waiting_for_learner
    assert resumed.expected() is not None


def test_progress_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "tutorials.json"
    assert tut.load_progress(path) == {}
    tut.save_progress("two_crowns", 4, False, path)
    tut.save_progress("condottiere", 2, True, path)
    assert tut.load_progress(path) == {
        "two_crowns": {"step": 4, "finished": False},
        "condottiere": {"step": 2, "finished": True},
    }
    path.write_text("{not json", encoding="utf-8")
    assert tut.load_progress(path) == {}


def test_parse_rejects_a_move_without_kind() -> None:
    with pytest.raises(tut.TutorialError):
        tut.parse(
            {"game": "x", "title": "t", "seed": 1, "seats": ["a"], "steps": [{"say": "s", "expect": {}}]}
        )
