"""The ten test scenarios of two_crowns_supplement.md, one test each."""

from __future__ import annotations

import pytest

from crimson_table.engine.core import IllegalAction
from crimson_table.engine.two_crowns.actions import LargeDraw, UseDiceOfDestiny
from tests.engine.two_crowns.util import (
    RULES,
    A,
    B,
    act,
    attack,
    decline,
    defend,
    first,
    pay,
    position,
    shorts,
)


def test_scenario_1_attack_3_2_vs_1_1_attacker_wins_5_2_and_castle_falls_to_17() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 K2 K1 deck 10 | hand K1 K1 K2 deck 10")
    s, _ = attack(s, "K3", "K2")
    s, events = defend(s, "K1", "K1")
    result = first(events, "battle_result").data
    assert (result["attack"], result["defence"], result["winner"]) == (5, 2, A)
    assert s.castles[B] == 17
    assert shorts(s.rest_cards(A)) == ["K2", "K3"]
    assert shorts(s.discards[B]) == ["K1", "K1"]


def test_scenario_2_attack_2_vs_defence_2_is_a_tie_won_by_the_defender() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K2 K1 deck 10 | hand K2 K1 deck 10")
    s, _ = attack(s, "K2")
    s, events = defend(s, "K2")
    assert first(events, "battle_result").data["winner"] == B
    assert shorts(s.hands[B]) == ["K1", "K2"]
    assert shorts(s.discards[A]) == ["K2"]
    assert s.castles == [20, 20]


def test_scenario_3_attack_1_with_a_paid_vassal_totals_2() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 V G1 G1 deck 10 | hand K3 deck 10")
    s, _ = attack(s, "K1", "V")
    s, _ = defend(s)
    s, events = pay(s, "G1", "G1")
    assert first(events, "battle_result").data["attack"] == 2
    assert s.castles[B] == 18


def test_scenario_4_attack_1_with_an_unpaid_catapult_deals_only_1_damage_undefended() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 C G2 G2 deck 10 | hand K3 deck 10")
    s, _ = attack(s, "K1", "C")
    s, _ = defend(s)
    s, events = decline(s)
    assert first(events, "cancel_special").data["card"] in s.discards[A]
    assert s.castles[B] == 19


def test_scenario_5_feint_with_2_cards_rests_the_3_of_a_3_card_defence_leaving_2() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 F deck 10 | hand K3 K1 K1 deck 10")
    s, _ = attack(s, "K1", "F")
    s, events = defend(s, "K3", "K1", "K1")
    assert shorts(s.rest_cards(B)) == ["K3"]
    assert first(events, "battle_result").data["defence"] == 2


def test_scenario_6_feint_with_3_cards_against_a_2_card_defence_is_cancelled() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 K1 F deck 10 | hand K1 K1 deck 10")
    s, _ = attack(s, "K1", "K1", "F")
    s, events = defend(s, "K1", "K1")
    assert first(events, "cancel_special").data["reason"] == "the opposing group has fewer cards"
    assert first(events, "battle_result").data["defence"] == 2
    assert s.rests[B] == []


def test_scenario_7_knight_rested_on_turn_4_is_back_in_hand_at_the_end_of_turn_5_not_before() -> None:
    s = position("turn 4 seat 0 castles 20 20 destiny - | hand K3 K1 deck 10 | hand K1 deck 10")
    s, _ = attack(s, "K3")
    s, _ = defend(s)
    assert (s.turn, shorts(s.rest_cards(A)), shorts(s.hands[A])) == (5, ["K3"], ["K1"])
    s, _ = act(s, LargeDraw())
    assert (s.turn, s.rests[A], shorts(s.hands[A])) == (6, [], ["K1", "K3"])


def test_scenario_8_large_draw_is_refused_with_5_in_hand_and_2_in_rest() -> None:
    s = position(
        "turn 5 seat 0 castles 20 20 destiny - | hand K1 K1 K1 F G1 rest K2@4 K3@4 deck 10 | hand K1"
    )
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, LargeDraw())
    assert refused.value.rule_id == "TC-R7"


def test_scenario_9_after_player_a_uses_the_dice_of_destiny_player_b_cannot() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 deck 10 | hand K1 deck 10")
    s, _ = act(s, UseDiceOfDestiny(), LargeDraw())
    assert s.current == B
    assert UseDiceOfDestiny() not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, UseDiceOfDestiny())
    assert refused.value.rule_id == "TC-R16"


def test_scenario_10_player_with_no_knights_and_an_empty_deck_loses_at_the_start_of_their_turn() -> None:
    s = position("turn 2 seat 1 castles 20 20 destiny - | hand F G1 V | hand K1 deck 5")
    s, events = act(s, LargeDraw())
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == (B,)
    assert first(events, "game_over").data["reason"] == "can neither attack nor draw"
