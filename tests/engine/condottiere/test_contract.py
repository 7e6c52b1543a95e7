"""Engine contract for Condottiere: round trips, determinism, hidden information, playouts."""

from __future__ import annotations

import json
import random

import pytest

from crimson_table.engine.condottiere.actions import CODEC, PlacePope, PlayCard, TakeBack
from crimson_table.engine.condottiere.notation import position
from crimson_table.engine.condottiere.rules import RULES
from crimson_table.engine.condottiere.state import CondottiereState
from crimson_table.engine.core import StateError
from crimson_table.engine.rng import Rng

from .helpers import P1, P2, P3, fight, keep, play, run, take_back


def _canon(s: CondottiereState) -> str:
    return json.dumps(RULES.to_dict(s), sort_keys=True)


def _random_game(players: int, seed: int, disturb: bool = False) -> list[str]:
    s = RULES.new_game(players, seed)
    picker = Rng.from_seed(seed + 7)
    trace = [_canon(s)]
    while not RULES.is_over(s):
        if disturb:
            random.seed(99)
            random.random()
        legal = RULES.legal_actions(s)
        s, _ = RULES.apply_action(s, legal[picker.below(len(legal))])
        trace.append(_canon(s))
    return trace


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_terminate_for_every_player_count(players: int) -> None:
    for seed in range(25):
        s = RULES.new_game(players, seed)
        picker = Rng.from_seed(seed)
        for _ in range(5000):
            if RULES.is_over(s):
                break
            legal = RULES.legal_actions(s)
            assert legal
            s, _ = RULES.apply_action(s, legal[picker.below(len(legal))])
        outcome = RULES.outcome(s)
        assert outcome is not None and outcome.winners


def test_state_round_trips_through_json_at_every_step() -> None:
    s = RULES.new_game(4, 2)
    picker = Rng.from_seed(2)
    while not RULES.is_over(s):
        data = json.loads(_canon(s))
        again = RULES.from_dict(data)
        assert _canon(again) == _canon(s)
        assert RULES.legal_actions(again) == RULES.legal_actions(s)
        legal = RULES.legal_actions(s)
        s, _ = RULES.apply_action(s, legal[picker.below(len(legal))])


def test_same_seed_and_actions_give_the_same_game_despite_global_random() -> None:
    assert _random_game(3, 5) == _random_game(3, 5, disturb=True)


def test_different_seeds_give_different_deals() -> None:
    assert RULES.new_game(3, 1).hands != RULES.new_game(3, 2).hands


def test_apply_action_never_changes_its_input() -> None:
    s = position(2, hands={P1: "Bi 1", P2: "1"}, region="roma", lines={P2: "10"})
    before = _canon(s)
    RULES.apply_action(s, play("Bi"))
    assert _canon(s) == before


def test_player_view_never_shows_another_hand() -> None:
    s = position(3, hands={P1: "10 10", P2: "He He", P3: "Co"}, region="roma")
    text = json.dumps(RULES.player_view(s, P1))
    assert "He" not in text and "Co" not in text
    assert RULES.player_view(s, P2)["hand"] == ["He", "He"]


def test_view_is_json_and_has_no_draw_order() -> None:
    s = RULES.new_game(4, 9)
    view = RULES.player_view(s, 0)
    assert json.loads(json.dumps(view)) == view
    assert "draw" not in view and "rng" not in view


def test_determinize_keeps_the_view_and_resamples_hidden_cards() -> None:
    s = RULES.new_game(4, 3)
    samples = [RULES.determinize(s, 1, seed) for seed in range(4)]
    for sample in samples:
        assert RULES.player_view(sample, 1) == RULES.player_view(s, 1)
        assert sample.hands[1] == s.hands[1]
    assert len({json.dumps(sample.hands) for sample in samples}) > 1


def test_determinize_keeps_cards_everyone_saw_a_scarecrow_take_back() -> None:
    s = position(2, hands={P1: "Sc 1", P2: "2"}, region="roma", lines={P1: "10"})
    s, _ = run(s, play("Sc"), take_back("10"))
    for seed in range(5):
        assert "10" in RULES.determinize(s, P2, seed).hands[P1]


def test_determinize_resamples_an_opponents_kept_cards() -> None:
    s, _ = fight(2, {P1: "10"}, hands={P1: "1 2 He", P2: ""})
    s, _ = run(s, keep("He"))
    kept = {tuple(RULES.determinize(s, P2, seed).kept) for seed in range(12)}
    assert len(kept) > 1 and all(len(k) == 1 for k in kept)


def test_determinized_states_are_valid_states() -> None:
    s = RULES.new_game(5, 4)
    RULES.from_dict(RULES.to_dict(RULES.determinize(s, 2, 77)))


def test_actions_round_trip_through_the_codec() -> None:
    for action in (PlayCard("10"), PlacePope(None), PlacePope("roma"), TakeBack(None)):
        assert CODEC.from_dict(json.loads(json.dumps(action.to_dict()))) == action
        assert action.label


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(game="chess"),
        lambda d: d.update(players=9),
        lambda d: d.update(phase="lunch"),
        lambda d: d["hands"][0].append("10"),
        lambda d: d["hands"][0].append("Joker"),
        lambda d: d.update(control={"atlantis": 0}),
        lambda d: d.update(region="atlantis"),
        lambda d: d["hands"][0].reverse(),
        lambda d: d.update(passed=[True]),
    ],
)
def test_from_dict_refuses_inconsistent_states(mutate: object) -> None:
    data = json.loads(_canon(RULES.new_game(3, 1)))
    mutate(data)  # type: ignore[operator]
    with pytest.raises(StateError):
        RULES.from_dict(data)


def test_bad_player_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        RULES.new_game(7, 1)
    with pytest.raises(ValueError):
        RULES.new_game(1, 1)


def test_outcome_scores_are_regions_held() -> None:
    control = {r: P1 for r in ("torino", "venezia", "siena", "ancona", "lucca")}
    s, _ = fight(3, {P1: "10"}, control=control | {"napoli": P2})
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.scores == (6.0, 1.0, 0.0) and outcome.winners == (P1,)
