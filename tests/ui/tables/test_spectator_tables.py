"""Replays seen by a spectator and with all hands open, for every table (issue 14).

A spectator's table is built from ``player_view(state, None)`` and advanced by the events redacted
for no seat: whatever it shows is what every seat may know (the engine's own tests check that
view).  The model advanced event by event must equal a model built afresh from the spectator's
view after every move, so no card identity can reach the table but through the view.  "All hands
open" is offered only once the recorded match is over; it shows every hand.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.screens.game_over import INPUT_SETTLE, GameOverScene
from crimson_table.ui.screens.stats import StatsScene
from crimson_table.ui.sight import ALL_OPEN, SEAT_SIGHT, SPECTATOR
from crimson_table.ui.tables import TABLE_GAMES, scene_class_for, shown_model_for
from crimson_table.ui.tables.replay import ReplayScene, open_replay
from tests.ui.conftest import click_button, key

MAX_STEPS = 400


def _players(game_id: str) -> list[int]:
    info = GAMES.info(game_id)
    return sorted({info.min_players, info.max_players})


def _played(game_id: str, players: int, seed: int, moves: int = 10_000) -> Match:
    match = Match.new(game_id, [Seat(f"P{i}", "bot", "random") for i in range(players)], seed)
    rng = Rng.from_seed(seed)
    while not match.is_over() and match.step < moves:
        match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_the_spectators_shown_model_follows_the_public_view(game_id: str) -> None:
    model_class = shown_model_for(game_id)
    for players in _players(game_id):
        match = Match.new(game_id, [Seat(f"P{i}", "bot", "random") for i in range(players)], 5)
        model = model_class.from_view(match.view(None), 0)
        rng = Rng.from_seed(5)
        for step in range(MAX_STEPS):
            if match.is_over():
                break
            events = match.apply(rng.choice(match.legal_actions()))
            model.apply(match.events_for(None, events))
            want = model_class.from_view(match.view(None), 0).mirror()
            assert model.mirror() == want, f"{players}p step {step}: the spectator's table left its view"


def _step_through(replay: Any, steps: int) -> list[int | None]:
    """Step the replay on, recording the seat every batch of events is redacted for."""
    table = replay.table
    asked: list[int | None] = []
    real = table.match.events_for

    def spy(seat: int | None, events: list[Any]) -> list[Any]:
        asked.append(seat)
        return real(seat, events)

    table.match.events_for = spy  # type: ignore[method-assign]
    rules = replay.cursor.source.rules
    for _ in range(steps):
        if replay.cursor.at_end:
            break
        replay.forward()
        table.settle()
        table.draw(pygame.Surface((1600, 900)))
        state = replay.cursor.source.state_at(replay.cursor.step)
        assert table.view == rules.player_view(state, None), "the table holds more than the public view"
        assert table.shown.mirror() == type(table.shown).from_view(table.view, table.viewer_seat).mirror()
    return asked


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_a_replay_seen_by_a_spectator_shows_only_the_public_view(app: App, game_id: str) -> None:
    source = _played(game_id, _players(game_id)[-1], 3, moves=40)
    replay = open_replay(app, source, step=0, sight=SPECTATOR)
    assert replay.table.sight == SPECTATOR and replay.table.knows is None
    assert replay.controls.viewer_button.text == "Spectator"
    asked = _step_through(replay, 25)
    assert asked and all(seat is None for seat in asked), "events reached the table unredacted"


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_all_hands_open_shows_every_hand_of_a_finished_match(app: App, game_id: str) -> None:
    source = _played(game_id, _players(game_id)[-1], 4)
    assert source.is_over()
    replay = open_replay(app, source, sight=ALL_OPEN)
    table = replay.table
    assert replay.controls.viewer_button.text == "All hands open"
    assert table.view == source.rules.open_view(source.state)
    replay.jump(source.step // 2)  # every step of a finished match may be seen open
    assert table.view == source.rules.open_view(source.state_at(source.step // 2), source.state)
    assert table.log_panel.open_all
    table.draw(pygame.Surface((1600, 900)))


def test_the_viewer_button_cycles_seats_spectator_and_all_hands_open(app: App) -> None:
    source = _played("two_crowns", 2, 6)
    replay = open_replay(app, source, step=10, viewer=0)
    seen = []
    for _ in range(4):
        seen.append((replay.table.viewer_seat, replay.table.sight, replay.controls.viewer_button.text))
        click_button(app, replay.controls.viewer_button)
    assert seen == [
        (0, SEAT_SIGHT, "Seen by P0"),
        (1, SEAT_SIGHT, "Seen by P1"),
        (0, SPECTATOR, "Spectator"),
        (0, ALL_OPEN, "All hands open"),
    ]
    assert (replay.table.viewer_seat, replay.table.sight) == (0, SEAT_SIGHT)  # around again


def test_all_hands_open_is_not_offered_for_an_unfinished_match(app: App) -> None:
    source = _played("two_crowns", 2, 6, moves=30)
    replay = open_replay(app, source, viewer=0)
    assert [sight for _seat, sight in replay.sights()] == [SEAT_SIGHT, SEAT_SIGHT, SPECTATOR]
    for _ in range(5):
        click_button(app, replay.controls.viewer_button)
        assert replay.table.sight != ALL_OPEN
    with pytest.raises(ValueError, match="finished match"):
        replay.set_viewer(0, ALL_OPEN)


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_the_results_show_the_final_table_with_all_hands_open(app: App, game_id: str) -> None:
    source = _played(game_id, _players(game_id)[0], 9)
    source.seats[0] = Seat("Anna", "human")
    app.start_match(source)
    assert app.run_until(lambda: isinstance(app.top, GameOverScene), 600)
    app.step(INPUT_SETTLE)  # the results take keys and clicks once up a moment
    over = app.top
    assert isinstance(over, GameOverScene)
    click_button(app, over.buttons["Show all hands"])
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.cursor.at_end and replay.table.sight == ALL_OPEN
    assert replay.table.view == source.rules.open_view(source.state)
    app.render()
    key(app, pygame.K_ESCAPE)
    assert app.top is over
    key(app, pygame.K_a)  # the same by its key
    assert isinstance(app.top, ReplayScene) and app.top.table.sight == ALL_OPEN


def test_the_statistics_of_a_spectators_replay_are_a_spectators(app: App) -> None:
    source = _played("condottiere", 3, 6, moves=60)
    replay = open_replay(app, source, step=30, sight=SPECTATOR)
    click_button(app, replay.controls.stats_button)
    page = app.top
    assert isinstance(page, StatsScene) and page.viewer is None and page.charts
    app.render()


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_a_local_table_of_computers_only_is_watched_through_the_public_view(app: App, game_id: str) -> None:
    """Nobody plays at this screen, so nobody's hand may show: the table is the public view (every
    hand face down, public log lines) all game long, as an online spectator's is."""
    players = GAMES.info(game_id).min_players
    match = Match.new(game_id, [Seat(f"P{i}", "bot", "random") for i in range(players)], 7)
    table = scene_class_for(game_id)(app, match)
    rng = Rng.from_seed(7)
    for _ in range(40):
        assert table.sight == SPECTATOR and table.knows is None
        assert table.view == match.view(None), "a computer's hidden cards reached the table"
        table.draw(pygame.Surface((1600, 900)))
        if match.is_over():
            break
        match.apply(rng.choice(match.legal_actions()))
        table.resync()


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_a_table_with_a_person_seated_shows_that_seats_knowledge(app: App, game_id: str) -> None:
    players = GAMES.info(game_id).min_players
    kinds = ["bot"] * (players - 1) + ["human"]
    match = Match.new(game_id, [Seat(f"P{i}", kind, "random") for i, kind in enumerate(kinds)], 7)
    table = scene_class_for(game_id)(app, match)
    assert (table.sight, table.viewer_seat) == (SEAT_SIGHT, players - 1)
    assert table.view == match.view(players - 1)
