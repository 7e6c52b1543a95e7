"""Replays (issue 14): the real table in replay mode driven through its controls with injected
events, the seat whose eyes it is seen through, Play on from here, and the statistics page."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from crimson_table.play import saves
from crimson_table.play.match import Match, Seat
from crimson_table.play.thinking import DecisionClock
from crimson_table.ui.app import App
from crimson_table.ui.screens.branch import BranchScene
from crimson_table.ui.screens.game_over import INPUT_SETTLE, GameOverScene
from crimson_table.ui.screens.load import LoadScene
from crimson_table.ui.screens.stats import StatsScene, chart_rects
from crimson_table.ui.tables.replay import ReplayScene, open_replay
from tests.ui.conftest import click, click_button, key, top_is


def played(game_id: str = "two_crowns", seats: int = 2, moves: int = 10_000, seed: int = 7) -> Match:
    names = ["Anna", "Ben", "Clara", "Dario"]
    match = Match.new(game_id, [Seat(names[i], "human" if i == 0 else "bot") for i in range(seats)], seed)
    rnd = random.Random(seed)
    while not match.is_over() and match.step < moves:
        match.apply(rnd.choice(match.legal_actions()), seconds=1.5)
    return match


def replay_on_top(app: App) -> ReplayScene:
    top = app.top
    assert isinstance(top, ReplayScene)
    return top


def seen_is_recorded(replay: ReplayScene) -> bool:
    """The table shows the recorded position at the cursor, as its viewer may see it."""
    table, cursor = replay.table, replay.cursor
    state = cursor.source.state_at(cursor.step)
    return table.view == cursor.source.rules.player_view(state, table.viewer_seat)


def test_the_load_screen_watches_a_save_from_the_deal_and_the_controls_travel_in_time(app: App) -> None:
    source = played(moves=60)
    source.save(saves.saves_dir() / "anna-ben.ctsave.json")
    load = app.push(LoadScene(app))
    assert isinstance(load, LoadScene)
    click(app, load.watch_rect(0).center)
    replay = replay_on_top(app)
    controls = replay.controls
    assert replay.cursor.step == 0 and replay.cursor.length == 60
    click_button(app, controls.transport[3])  # one on
    replay.table.settle()
    assert replay.cursor.step == 1 and seen_is_recorded(replay)
    assert replay.table.log_panel.entries == list(source.events_of(0))
    click(app, (controls.timeline.right, controls.timeline.centery))  # the end of the timeline
    assert replay.cursor.at_end and seen_is_recorded(replay)
    key(app, pygame.K_LEFT)
    assert replay.cursor.step == 59 and seen_is_recorded(replay)
    click_button(app, controls.transport[0])  # to the start
    assert replay.cursor.step == 0 and replay.table.log_panel.entries == []
    key(app, pygame.K_END)
    assert replay.cursor.at_end
    assert source.step == 60 and replay.table.worker is None  # nothing applied, no bot asked
    key(app, pygame.K_ESCAPE)
    assert top_is(app, LoadScene)


def test_a_click_on_a_log_line_jumps_to_just_after_that_move(app: App) -> None:
    source = played(moves=30)
    replay = open_replay(app, source)
    panel = replay.table.log_panel
    pos = (panel.rect.x + 60, 70)  # the first line shown
    index = panel.entry_at(pos)
    assert index is not None
    expected = replay.cursor.step_of_event(index)
    assert expected < 30
    click(app, pos)
    assert replay.cursor.step == expected and seen_is_recorded(replay)
    assert panel.entries[-1] is source.events_of(expected - 1)[-1]


def test_play_runs_the_moves_with_their_animations_and_stops_at_the_end(app: App) -> None:
    source = played(moves=12)
    replay = open_replay(app, source, step=0)
    key(app, pygame.K_SPACE)
    assert replay.playing and replay.needs_frames()
    assert app.run_until(lambda: replay.cursor.at_end and not replay.playing, 300, dt=0.25)
    replay.table.settle()
    assert seen_is_recorded(replay) and not replay.needs_frames()  # idle stays cool
    click_button(app, replay.controls.speed_button)
    assert replay.speed == 2.0 and replay.controls.speed_button.text == "2×"


def test_the_replay_is_seen_through_the_chosen_seats_eyes_only(app: App) -> None:
    source = played(moves=40)
    replay = open_replay(app, source, step=20, viewer=0)
    hand0 = replay.table.view["hand"]
    click_button(app, replay.controls.viewer_button)
    assert replay.table.viewer_seat == 1 and seen_is_recorded(replay)
    assert replay.table.view["hand"] != hand0 and replay.table.log_panel.viewer == 1
    assert "Ben" in replay.controls.viewer_button.text
    texts = replay.table.log_panel.visible_texts()
    assert texts == [e.text_for(1, ("Anna", "Ben")) for e in source.events[: len(texts)]]


def test_play_on_from_here_branches_with_new_seats_and_saves_the_branch(app: App) -> None:
    source = played(moves=30)
    replay = open_replay(app, source, step=14)
    click_button(app, replay.controls.branch_button)
    form = app.top
    assert isinstance(form, BranchScene) and form.count == 2
    form.kinds[1] = "human"
    form._build_rows()
    click_button(app, form.start_button)
    app.step()
    table = next(scene for scene in app.stack if hasattr(scene, "match"))  # under the curtain
    branch = getattr(table, "match", None)
    assert isinstance(branch, Match) and branch is not source
    assert branch.step == 14 and branch.log == source.log[:14]
    assert [s.kind for s in branch.seats] == ["human", "human"] and source.step == 30
    (saved,) = [p for p in saves.list_saves() if "_branch_" in p.name]
    data = json.loads(saved.read_text())
    assert data["step"] == 14 and Match.load(saved).state_hash() == branch.state_hash()


@pytest.mark.parametrize(
    ("game_id", "seats"), [("two_crowns", 2), ("condottiere", 3), ("crimson_company", 2)]
)
def test_the_game_over_screen_opens_the_replay_and_the_statistics(app: App, game_id: str, seats: int) -> None:
    source = played(game_id, seats)
    assert source.is_over()
    app.start_match(source)
    assert app.run_until(lambda: top_is(app, GameOverScene), 600)
    app.step(INPUT_SETTLE)  # the results take keys and clicks once up a moment
    over = app.top
    assert isinstance(over, GameOverScene)
    click_button(app, over.buttons["Statistics"])
    page = app.top
    assert isinstance(page, StatsScene) and page.charts and page.figures.seconds[0] > 0
    app.step()
    key(app, pygame.K_ESCAPE)
    assert app.top is over
    click_button(app, over.buttons["Watch again"])
    replay = replay_on_top(app)
    assert replay.cursor.at_end and replay.cursor.finished and seen_is_recorded(replay)
    click_button(app, replay.controls.close_button)
    assert app.top is over


def test_charts_are_laid_out_without_overlap() -> None:
    for count in range(1, 5):
        rects = chart_rects(count)
        assert len(rects) == count
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_the_table_times_each_decision_for_the_statistics(app: App) -> None:
    ticks = iter(float(t) for t in range(0, 10_000, 2))
    match = Match.new("two_crowns", [Seat("Anna"), Seat("Ben", "bot")], 3)
    table = app.start_match(match)
    table.decision_clock = DecisionClock(lambda: next(ticks))  # type: ignore[attr-defined]
    app.step()  # the decision is put to Anna on the table's first frame
    assert app.run_until(lambda: table.interactive, 600)  # type: ignore[attr-defined]
    before = match.step
    assert table.smoke_human_move()  # type: ignore[attr-defined]
    assert match.step > before and match.seconds_of(before) is not None
    assert all(match.seconds_of(i) is not None for i in range(match.step))  # bots are timed too
    assert "seconds" in match.to_json()


def test_the_statistics_give_the_muslim_bot_a_colour_no_seat_uses(app: App) -> None:
    match = played("crusader_kingdoms", 2, moves=40)
    page = app.push(StatsScene(app, match, 1, lambda seat: (2, 0)[seat]))  # the table's mapping: seats only
    assert isinstance(page, StatsScene)
    app.step()
    assert page.palette_of(2) not in (0, 2) and page.charts[0].series[2].label == "Muslim Bot"


def test_every_seats_log_lines_open_only_once_the_recorded_match_is_over(app: App) -> None:
    unfinished = played(moves=40)
    replay = open_replay(app, unfinished, viewer=0)
    assert not replay.controls.open_button.enabled
    replay.toggle_open_log()
    assert not replay.table.log_panel.open_all
    replay.close()
    finished = played()
    assert finished.is_over()
    replay = open_replay(app, finished, viewer=0)
    panel = replay.table.log_panel
    hidden = [e for e in finished.events if e.private_text and not e.visible_to(0)]
    assert hidden and all(e.text_for(0) != e.private_text for e in hidden)
    click_button(app, replay.controls.open_button)
    assert panel.open_all and replay.controls.open_button.text == "Own log"
    names = ("Anna", "Ben")
    assert all(panel.text_of(e) == e.text_for(1, names) for e in hidden if e.private_to == (1,))
    assert replay.table.view == finished.view(0)  # the table stays Anna's view
    click_button(app, replay.controls.open_button)
    assert not panel.open_all


def test_the_game_over_screen_answers_its_letters(app: App) -> None:
    source = played("two_crowns", 2)
    app.start_match(source)
    assert app.run_until(lambda: top_is(app, GameOverScene), 600)
    app.step(INPUT_SETTLE)  # the results take keys and clicks once up a moment
    over = app.top
    assert isinstance(over, GameOverScene)
    assert {keys for keys, _what in over.help_keys()} >= {"Enter or R", "W", "S", "M"}
    key(app, pygame.K_s)
    assert isinstance(app.top, StatsScene)
    app.step()
    key(app, pygame.K_ESCAPE)
    assert app.top is over
    key(app, pygame.K_w)
    replay = replay_on_top(app)
    click_button(app, replay.controls.close_button)
    assert app.top is over
    key(app, pygame.K_m)
    from crimson_table.ui.screens.menu import MenuScene

    assert isinstance(app.top, MenuScene)


def test_a_key_or_click_meant_for_the_last_move_does_not_start_a_rematch(app: App) -> None:
    """Enter pressed twice on the last move, or a double click, lands on the results as they open:
    it is let go, so the result is read before anything starts again."""
    app.start_match(played("two_crowns", 2))
    assert app.run_until(lambda: top_is(app, GameOverScene), 600)
    over = app.top
    assert isinstance(over, GameOverScene)
    key(app, pygame.K_RETURN)
    click_button(app, over.buttons["Rematch"])
    assert app.top is over, "a rematch began before the result could be read"
    app.step(INPUT_SETTLE)
    key(app, pygame.K_RETURN)
    assert app.top is not over and not isinstance(app.top, GameOverScene), "Enter rematches once settled"
