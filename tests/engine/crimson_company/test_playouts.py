"""Invariants over many random games, round trips, determinism and refusals."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from crimson_table.engine.core import Action, IllegalAction, StateError
from crimson_table.engine.crimson_company.actions import Bid, Deploy, Match, PickCard, PickLane
from crimson_table.engine.crimson_company.cards import MAX_TURNS, NUM_CARDS
from crimson_table.engine.crimson_company.state import check_state
from crimson_table.engine.rng import Rng
from tests.engine.crimson_company.util import RULES, CCState

SEEDS = range(50)


def _playout(seed: int) -> Iterator[tuple[CCState, Action]]:
    """Yield (state, action chosen) along a random game; the final state is yielded with no action."""
    state = RULES.new_game(2, seed)
    picker = Rng.from_seed(seed + 777)
    while not RULES.is_over(state):
        legal = RULES.legal_actions(state)
        action = legal[picker.below(len(legal))]
        yield state, action
        state, _ = RULES.apply_action(state, action)
    yield state, Match()


def _canon(state: CCState) -> str:
    return json.dumps(RULES.to_dict(state), sort_keys=True)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_from_fifty_seeds_always_end(seed: int) -> None:
    states = [s for s, _ in _playout(seed)]
    final = states[-1]
    assert RULES.is_over(final) and RULES.outcome(final) is not None
    assert final.turn <= MAX_TURNS


def test_forty_coins_are_always_in_supply_players_and_bid() -> None:
    for seed in range(20):
        for state, _ in _playout(seed):
            on_bid = state.bid.amount if state.bid is not None else 0
            assert state.supply + sum(state.coins) + on_bid == 40


def test_every_card_is_always_in_exactly_one_zone() -> None:
    for seed in range(20):
        for state, _ in _playout(seed):
            zones = state.deck + state.offer + state.discard + state.waiting[0] + state.waiting[1]
            zones += [c for pair in state.sides for side in pair for c in side]
            assert sorted(zones) == list(range(NUM_CARDS))


def test_won_lanes_take_no_cards_while_the_game_runs_and_nobody_waits_with_more_than_two() -> None:
    for seed in range(20):
        for state, _ in _playout(seed):
            for lane in range(3):
                if state.won_by[lane] != -1 and not RULES.is_over(state):
                    assert state.sides[lane] == [[], []]
            assert all(len(w) <= 2 for w in state.waiting)
            check_state(state)


def test_the_chooser_of_every_decision_is_the_current_player() -> None:
    for state, _ in _playout(4):
        if state.pending is not None:
            assert RULES.current_player(state) == state.pending.chooser
            assert RULES.legal_actions(state) == list(state.pending.options)


def test_every_state_round_trips_through_json() -> None:
    for seed in range(5):
        for state, _ in _playout(seed):
            text = _canon(state)
            back = RULES.from_dict(json.loads(text))
            assert _canon(back) == text
            assert RULES.legal_actions(back) == RULES.legal_actions(state)


def test_same_seed_and_actions_give_the_same_states_despite_global_random() -> None:
    first = [_canon(s) for s, _ in _playout(9)]
    random.seed(1)
    second = []
    for s, _ in _playout(9):
        random.random()
        second.append(_canon(s))
    assert first == second


def test_different_seeds_deal_different_decks() -> None:
    assert RULES.new_game(2, 1).deck != RULES.new_game(2, 2).deck


def test_apply_action_never_changes_its_input_state() -> None:
    for state, action in _playout(3):
        if RULES.is_over(state):
            break
        before = _canon(state)
        RULES.apply_action(state, action)
        assert _canon(state) == before


FOREIGN: tuple[Action, ...] = (
    Bid("pikeman", 99),
    Deploy("stone_giant", 1),
    Match(),
    PickCard("fairy"),
    PickLane(7),
)


def test_illegal_actions_are_refused_with_a_rule_id_and_change_nothing() -> None:
    refused = 0
    for seed in range(5):
        for state, _ in _playout(seed):
            legal = RULES.legal_actions(state)
            for action in FOREIGN:
                if action in legal:
                    continue
                before = _canon(state)
                with pytest.raises(IllegalAction) as info:
                    RULES.apply_action(state, action)
                assert info.value.rule_id.startswith("CC-R")
                assert _canon(state) == before
                refused += 1
    assert refused > 100


def test_actions_after_the_game_ends_are_refused_citing_cc_r42() -> None:
    final = [s for s, _ in _playout(0)][-1]
    with pytest.raises(IllegalAction) as info:
        RULES.apply_action(final, Match())
    assert info.value.rule_id == "CC-R42"


def test_from_dict_refuses_a_state_that_loses_a_coin() -> None:
    data = RULES.to_dict(RULES.new_game(2, 1))
    data["supply"] -= 1
    with pytest.raises(StateError, match="40 coins"):
        RULES.from_dict(data)


def test_from_dict_refuses_an_unknown_card() -> None:
    data = RULES.to_dict(RULES.new_game(2, 1))
    data["offer"][0] = "dragon"
    with pytest.raises(StateError, match="dragon"):
        RULES.from_dict(data)


def test_actions_round_trip_through_their_dicts() -> None:
    for state, action in _playout(2):
        if not RULES.is_over(state):
            assert RULES.action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
            assert action.label
