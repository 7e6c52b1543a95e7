"""The generic contract every registered game must keep (DESIGN.md, "Engine contract").

Random playouts from fixed seeds; at every step the state round-trips, legal
actions are stable, views are consistent with determinization, and illegal
actions are refused without changing anything.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from crimson_table.engine import GAMES, IllegalAction
from crimson_table.engine.rng import Rng

SEEDS = (1, 2, 3)
MAX_STEPS = 4000


def _player_counts(game_id: str) -> list[int]:
    info = GAMES[game_id].INFO
    counts = sorted({info.min_players, info.max_players, min(info.max_players, info.min_players + 1)})
    return counts


CASES = [(g, n, seed) for g in GAMES for n in _player_counts(g) for seed in SEEDS]


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def _playout(game_id: str, players: int, seed: int, *, disturb: bool = False) -> list[str]:
    rules = GAMES[game_id]
    state = rules.new_game(players, seed, {})
    picker = Rng.from_seed(seed + 99)
    trace = [_canon(rules.to_dict(state))]
    for _ in range(MAX_STEPS):
        if rules.is_over(state):
            break
        if disturb:
            random.seed(12345)
            random.random()
        legal = rules.legal_actions(state)
        state, _events = rules.apply_action(state, legal[picker.below(len(legal))])
        trace.append(_canon(rules.to_dict(state)))
    return trace


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_random_playout_keeps_the_contract_at_every_step(game_id: str, players: int, seed: int) -> None:
    rules = GAMES[game_id]
    state = rules.new_game(players, seed, {})
    picker = Rng.from_seed(seed)
    foreign = None
    for step in range(MAX_STEPS):
        if rules.is_over(state):
            break
        legal = rules.legal_actions(state)
        assert legal, f"step {step}: no legal action but the game is not over"
        assert rules.current_player(state) is not None
        snapshot = _canon(rules.to_dict(state))
        clone = rules.from_dict(json.loads(snapshot))
        assert _canon(rules.to_dict(clone)) == snapshot, f"step {step}: round trip changed the state"
        assert rules.legal_actions(clone) == legal, f"step {step}: legal actions differ after round trip"
        for action in legal[:3]:
            assert rules.action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
            assert action.label
        if foreign is not None and foreign not in legal:
            with pytest.raises(IllegalAction) as refused:
                rules.apply_action(state, foreign)
            assert refused.value.rule_id
            assert _canon(rules.to_dict(state)) == snapshot, f"step {step}: refused action changed the state"
        action = legal[picker.below(len(legal))]
        foreign = legal[0] if len(legal) > 1 and legal[0] != action else foreign
        state, events = rules.apply_action(state, action)
        assert _canon(rules.to_dict(state)) != snapshot or events, f"step {step}: action changed nothing"
        assert _canon(rules.to_dict(clone)) == snapshot, f"step {step}: apply_action mutated its input"
    assert rules.is_over(state), f"no end after {MAX_STEPS} actions"
    outcome = rules.outcome(state)
    assert outcome is not None and rules.current_player(state) is None
    assert all(0 <= w < players for w in outcome.winners)


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_same_seed_and_actions_give_identical_states_despite_global_random(
    game_id: str, players: int, seed: int
) -> None:
    assert _playout(game_id, players, seed) == _playout(game_id, players, seed, disturb=True)


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_player_view_holds_nothing_that_determinization_can_change(
    game_id: str, players: int, seed: int
) -> None:
    """A view equal across determinizations cannot contain another seat's hidden cards."""
    rules = GAMES[game_id]
    state = rules.new_game(players, seed, {})
    picker = Rng.from_seed(seed * 7)
    changed_hidden = False
    for step in range(300):
        if rules.is_over(state):
            break
        for seat in range(players):
            view = _canon(rules.player_view(state, seat))
            json.loads(view)
            for k in (1, 2):
                sampled = rules.determinize(state, seat, seed * 1000 + step * 10 + k)
                assert _canon(rules.player_view(sampled, seat)) == view, (
                    f"step {step}: seat {seat}'s view changes under determinization (it leaks hidden cards)"
                )
                changed_hidden |= _canon(rules.to_dict(sampled)) != _canon(rules.to_dict(state))
        legal = rules.legal_actions(state)
        state, _ = rules.apply_action(state, legal[picker.below(len(legal))])
    assert changed_hidden, "determinize never changed anything: hidden information is not being resampled"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_bad_options_and_player_counts_are_refused(game_id: str) -> None:
    rules = GAMES[game_id]
    with pytest.raises(ValueError):
        rules.new_game(rules.INFO.max_players + 1, 1, {})
    with pytest.raises(ValueError):
        rules.new_game(rules.INFO.min_players, 1, {"no_such_option": 1})


@pytest.mark.parametrize("game_id", list(GAMES))
def test_from_dict_rejects_garbage_with_a_state_error(game_id: str) -> None:
    from crimson_table.engine import StateError

    rules = GAMES[game_id]
    for junk in ({}, {"game": game_id}, {"rng": "x"}):
        with pytest.raises(StateError):
            rules.from_dict(junk)
