"""Replays with time travel (issue 14): the cursor, branching and decision times in saves."""

from __future__ import annotations

import json
import random

import pytest

from crimson_table.play.match import Match, Seat
from crimson_table.play.replay import ReplayCursor

BOTS = [Seat("Anna", "bot"), Seat("Ben", "bot"), Seat("Clara", "bot")]


def played(game_id: str = "condottiere", seats: int = 3, moves: int = 80, seed: int = 5) -> Match:
    match = Match.new(game_id, BOTS[:seats], seed)
    rnd = random.Random(seed)
    while not match.is_over() and match.step < moves:
        match.apply(rnd.choice(match.legal_actions()), seconds=rnd.random())
    return match


def test_the_cursor_goes_back_and_forth_over_the_recorded_states_without_recomputing() -> None:
    source = played()
    cursor = ReplayCursor(source, step=0)
    assert cursor.at_start and cursor.match.state is source.state_at(0)
    events = cursor.forward()
    assert cursor.step == 1 and list(source.events_of(0)) == events
    assert cursor.seek(10_000) == source.step and cursor.at_end
    assert cursor.match.state is source.state
    assert cursor.back() == source.step - 1 and cursor.match.state is source.state_at(source.step - 1)
    assert cursor.seek(-3) == 0 and cursor.match.log == []
    assert source.step == 80  # the recorded match is never changed


def test_a_log_line_jumps_to_the_step_after_its_action() -> None:
    source = played()
    cursor = ReplayCursor(source)
    counts = [len(source.events_of(i)) for i in range(source.step)]
    index = sum(counts[:7]) + counts[7] - 1  # the last event of action 8
    assert cursor.step_of_event(index) == 8
    assert cursor.step_of_event(10**6) == source.step


def test_the_cursor_match_shows_each_seat_only_its_own_view() -> None:
    source = played()
    cursor = ReplayCursor(source, step=20)
    state = source.state_at(20)
    for seat in range(3):
        assert cursor.match.view(seat) == source.rules.player_view(state, seat)


def test_a_branch_plays_on_from_the_step_with_new_seats_and_saves_its_prefix_as_its_log() -> None:
    source = played(moves=40)
    cursor = ReplayCursor(source, step=12)
    seats = [Seat("Dario"), BOTS[1], BOTS[2]]
    branch = cursor.branch(seats)
    assert branch.step == 12 and branch.seats == seats and branch.log == source.log[:12]
    branch.apply(branch.legal_actions()[0])
    assert source.step == 40 and branch.step == 13  # separate matches from now on
    reloaded = Match.from_json(json.loads(json.dumps(branch.to_json())))
    assert reloaded.state_hash() == branch.state_hash() and reloaded.seats == seats
    with pytest.raises(ValueError):
        cursor.branch(seats[:2])


def test_decision_times_are_saved_per_step_and_old_saves_without_them_still_load() -> None:
    source = played(moves=20)
    data = source.to_json()
    assert len(data["seconds"]) == 20 and all(isinstance(t, float) for t in data["seconds"])
    reloaded = Match.from_json(data)
    assert reloaded.thinking() == pytest.approx(source.thinking())
    old = {k: v for k, v in data.items() if k != "seconds"}
    assert Match.from_json(old).thinking() == [0.0, 0.0, 0.0]
    odd = {**data, "seconds": ["soon"] * 19}
    assert Match.from_json(odd).thinking() == [0.0, 0.0, 0.0]  # an odd list is ignored
    untimed = Match.new("two_crowns", BOTS[:2], 1)
    untimed.apply(untimed.legal_actions()[0])
    assert "seconds" not in untimed.to_json()  # saves without timing are written as before
