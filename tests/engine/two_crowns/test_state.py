"""Serialization, validation, determinism, the notation, and that games always end."""

from __future__ import annotations

import json
import random

import pytest

from crimson_table.engine.core import StateError
from crimson_table.engine.two_crowns.notation import NotationError, from_notation, to_notation
from crimson_table.engine.two_crowns.state import TwoCrownsState
from tests.engine.playouts import random_positions
from tests.engine.two_crowns.util import RULES, attack, position


def _canon(state: TwoCrownsState) -> str:
    return json.dumps(RULES.to_dict(state), sort_keys=True)


def _random_states(seed: int, best_of: int = 1) -> list[TwoCrownsState]:
    return random_positions("two_crowns", 2, seed, seed + 500, {"best_of": best_of})


def test_every_state_of_a_playout_round_trips_through_json() -> None:
    for state in _random_states(11, best_of=3):
        data = json.loads(json.dumps(RULES.to_dict(state)))
        assert _canon(RULES.from_dict(data)) == _canon(state)


def test_the_round_tripped_state_has_the_same_legal_actions() -> None:
    for state in _random_states(12)[::7]:
        assert RULES.legal_actions(RULES.from_dict(RULES.to_dict(state))) == RULES.legal_actions(state)


def test_same_seed_and_actions_give_identical_states_even_if_global_random_is_used() -> None:
    first = [_canon(s) for s in _random_states(13)]
    random.seed(99)
    random.random()
    second = [_canon(s) for s in _random_states(13)]
    assert first == second


def test_different_seeds_deal_different_hands() -> None:
    assert RULES.new_game(2, 1).hands != RULES.new_game(2, 2).hands


def test_random_playouts_from_50_seeds_all_finish() -> None:
    lengths = [len(_random_states(seed, best_of=1 + 2 * (seed % 2))) for seed in range(50)]
    assert max(lengths) < 5000


def test_from_dict_rejects_a_card_in_two_places() -> None:
    data = RULES.to_dict(RULES.new_game(2, 3))
    data["discards"][0].append(data["hands"][0][0])
    with pytest.raises(StateError, match="more than one place"):
        RULES.from_dict(data)


def test_from_dict_rejects_gold_in_a_battle_group() -> None:
    s, _ = attack(position("turn 1 seat 0 castles 20 20 destiny - | hand K1 G1 | hand K1"), "K1")
    data = RULES.to_dict(s)
    data["groups"][0].append(data["hands"][0].pop())
    with pytest.raises(StateError, match="TC-R9"):
        RULES.from_dict(data)


@pytest.mark.parametrize(
    ("key", "bad"),
    [("phase", "lunch"), ("best_of", 2), ("castles", [20]), ("hands", [[999], []]), ("rests", [[[1]], []])],
)
def test_from_dict_rejects_malformed_fields(key: str, bad: object) -> None:
    data = RULES.to_dict(RULES.new_game(2, 3))
    data[key] = bad
    with pytest.raises(StateError):
        RULES.from_dict(data)


def test_from_dict_rejects_a_state_of_another_game() -> None:
    data = RULES.to_dict(RULES.new_game(2, 3))
    data["game"] = "condottiere"
    with pytest.raises(StateError):
        RULES.from_dict(data)


NOTATION = (
    "turn 4 seat 1 castles 20 17 destiny 0 | hand K3 K2 G1 K1' rest K1@3 deck K1 C discard F "
    "| hand K1 K1 rest - deck K2 discard -"
)


def test_the_notation_round_trips() -> None:
    assert to_notation(from_notation(NOTATION)) == NOTATION


def test_the_notation_builds_the_described_position() -> None:
    s = from_notation(NOTATION)
    assert (s.turn, s.current, s.castles, s.destiny_used_by) == (4, 1, [20, 17], 0)
    assert s.hands[0][-1] >= 53
    assert [len(d) for d in s.decks] == [2, 1]


def test_the_notation_fills_decks_with_unused_cards_beneath_the_listed_ones() -> None:
    s = from_notation("turn 1 seat 0 castles 20 20 destiny - | hand K3 deck C +10 | hand K1 deck 46")
    assert [len(d) for d in s.decks] == [11, 46]
    assert s.decks[0][-1] == 51


def test_the_notation_refuses_unknown_cards() -> None:
    with pytest.raises(NotationError):
        from_notation("turn 1 seat 0 castles 20 20 destiny - | hand K4 | hand K1")


def test_the_notation_refuses_more_copies_than_a_deck_holds() -> None:
    with pytest.raises(NotationError):
        from_notation("turn 1 seat 0 castles 20 20 destiny - | hand C C C | hand K1")


def test_a_position_from_notation_is_a_valid_state() -> None:
    s = from_notation(NOTATION)
    assert _canon(RULES.from_dict(RULES.to_dict(s))) == _canon(s)


def test_tc_r3_a_best_of_three_position_writes_the_games_won_and_loads() -> None:
    """TC-R3: the crowns and the game number follow from the games won, so the notation writes those
    winners in order and the position it reads is one ``from_dict`` accepts (no crowns without games)."""
    text = (
        "turn 3 seat 1 castles 3 20 destiny - bestof 3 won 0 1 | hand K1 rest - deck K2 discard - "
        "| hand K3 rest - deck - discard G1"
    )
    s = from_notation(text)
    assert (s.game_winners, s.crowns, s.game_number) == ([0, 1], [1, 1], 3)
    assert to_notation(RULES.from_dict(RULES.to_dict(s))) == text
