"""The table toolkit's choreography: a table from event kind to beats, narrated as the beats start."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from crimson_table.engine.core import Event
from crimson_table.play.match import Match
from crimson_table.ui.app import App
from crimson_table.ui.tables.choreography import Choreography
from crimson_table.ui.widgets.anim import Animator, Beat
from tests.ui.conftest import quiet_match
from tests.ui.generic_table import GenericGameScene


def _hold(seconds: float) -> Beat:
    return Beat(hold=seconds)


def test_each_event_s_log_line_is_narrated_when_its_beat_starts_not_before() -> None:
    told: list[str] = []
    choreo = Choreography[None]({"slow": lambda stage, e: _hold(1.0)})
    animator = Animator()
    choreo.play(None, [Event("slow"), Event("quick")], animator, lambda evs: told.extend(e.kind for e in evs))
    assert told == []
    animator.update(0.0)
    assert told == ["slow"]
    animator.update(0.5)
    assert told == ["slow"]
    animator.update(0.6)
    assert told == ["slow", "quick"] and not animator.busy


def test_a_run_of_grouped_kinds_goes_to_one_handler_and_is_narrated_at_its_first_beat() -> None:
    runs: list[list[str]] = []
    told: list[list[str]] = []

    def on_rolls(stage: None, events: Sequence[Event]) -> list[Beat]:
        runs.append([e.kind for e in events])
        return [_hold(0.1), _hold(0.1)]

    choreo = Choreography[None]({}, runs={("roll", "tie"): on_rolls})
    animator = Animator()
    events = [Event("roll"), Event("tie"), Event("roll"), Event("turn"), Event("roll")]
    choreo.play(None, events, animator, lambda evs: told.append([e.kind for e in evs]))
    animator.finish_all()
    assert runs == [["roll", "tie", "roll"], ["roll"]]
    assert told == [["roll", "tie", "roll"], ["turn"], ["roll"]]


def test_unhandled_events_still_reach_the_model_in_their_turn() -> None:
    model: list[str] = []
    choreo = Choreography[list[str]](
        {"fly": lambda m, e: Beat(lambda b: m.append("fly"), hold=1.0)},
        unhandled=lambda m, evs: m.extend(e.kind for e in evs),
    )
    animator = Animator()
    choreo.play(model, [Event("fly"), Event("score")], animator, lambda evs: None)
    animator.update(0.0)
    assert model == ["fly"]
    animator.update(1.0)
    assert model == ["fly", "score"]


def test_with_animations_off_every_beat_plays_at_once() -> None:
    model: list[str] = []
    choreo = Choreography[list[str]]({"fly": lambda m, e: Beat(lambda b: m.append("fly"), hold=1.0)})
    animator = Animator(lambda: 0.0)
    choreo.play(model, [Event("fly"), Event("fly")], animator, lambda evs: None)
    assert model == ["fly", "fly"] and not animator.busy


class _Recording(GenericGameScene):
    """The generic table, remembering the event data its choreography was given."""

    seen: list[dict[str, object]] = []
    choreography = Choreography[None]({"play": lambda stage, e: _Recording.seen.append(dict(e.data))})


@pytest.fixture
def recording(app: App, fake_games: None) -> type[_Recording]:
    _Recording.seen = []
    return _Recording


def test_the_table_receives_only_the_viewer_s_redacted_events(app: App, recording: type[_Recording]) -> None:
    match: Match = quiet_match("bot", "human")
    scene = recording(app, match)
    app.push(scene)
    match.apply(match.legal_actions()[0])
    scene.pending_events.append(list(match.events))
    scene.settle()
    assert recording.seen == [{}]  # seat 0's private play: seat 1 sees no value
    assert scene.log_panel.visible_texts()[-1] == "Seat 1 played a card face down"


def test_settle_catches_the_table_up_with_the_match(app: App, recording: type[_Recording]) -> None:
    scene = recording(app, quiet_match("human", "bot"))
    app.push(scene)
    assert scene.try_action(scene.match.legal_actions()[0])
    scene.settle()
    assert scene.settled and scene.view == scene.match.view(scene.viewer_seat)
    assert scene.current_caption() == ""
