"""A turn: hand limit and rest (TC-R4, TC-R5), the one action (TC-R6..R9), Dice of Destiny and the end
(TC-R16..R18)."""

from __future__ import annotations

import pytest

from crimson_table.engine.core import IllegalAction
from crimson_table.engine.two_crowns.actions import (
    AddToAttack,
    AddToDefence,
    ChooseAttack,
    CommitAttack,
    CommitDefence,
    DiscardForDraw,
    KeepDrawn,
    LargeDraw,
    PreciseDraw,
    UndoSelection,
    UseDiceOfDestiny,
)
from crimson_table.engine.two_crowns.state import DEFEND, PRECISE_KEEP, TURN
from tests.engine.two_crowns.util import (
    RULES,
    A,
    B,
    act,
    attack,
    card,
    defend,
    first,
    kinds,
    position,
    shorts,
)


def _refused_rule(state: object, action: object) -> str:
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(state, action)  # type: ignore[arg-type]
    return refused.value.rule_id


def test_tc_r4_resting_cards_count_toward_the_hand_limit_of_a_large_draw() -> None:
    s = position("turn 5 seat 0 castles 20 20 destiny - | hand K1 K1 rest K2@4 deck 10 | hand K1 deck 5")
    _s, events = act(s, LargeDraw())
    assert first(events, "draw").data["count"] == 4


def test_tc_r4_a_resting_knight_cannot_join_an_attack() -> None:
    s = position("turn 5 seat 0 castles 20 20 destiny - | hand K1 rest K3@4 deck 10 | hand K1 deck 5")
    s, _ = act(s, ChooseAttack())
    assert _refused_rule(s, AddToAttack(s.rest_cards(A)[0])) == "TC-R4"


def test_tc_r5_a_knight_rested_by_a_feint_returns_at_the_end_of_its_owners_next_turn() -> None:
    s = position("turn 4 seat 0 castles 20 20 destiny - | hand K1 F deck 10 | hand K3 K1 deck 10")
    s, _ = attack(s, "K1", "F")
    s, _ = defend(s, "K3", "K1")
    assert shorts(s.rest_cards(B)) == ["K3"] and s.current == B
    s, events = act(s, LargeDraw())
    assert s.rests[B] == []
    assert first(events, "unrest").data["seat"] == B


def test_tc_r6_the_turn_offers_dice_attack_large_draw_and_precise_draw() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F deck 10 | hand K1 deck 10")
    assert RULES.legal_actions(s) == [UseDiceOfDestiny(), ChooseAttack(), LargeDraw(), PreciseDraw()]


def test_tc_r6_one_draw_ends_the_turn() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F deck 10 | hand K1 deck 10")
    s, events = act(s, LargeDraw())
    assert (s.current, s.turn, s.phase) == (B, 2, TURN)
    assert kinds(events)[-1] == "turn"


def test_tc_r7_a_large_draw_fills_hand_and_rest_up_to_seven() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F deck 10 | hand K1 deck 10")
    s, events = act(s, LargeDraw())
    assert len(s.hands[A]) == 7
    assert first(events, "draw").data["count"] == 5


def test_tc_r7_a_large_draw_stops_when_the_deck_runs_out() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 deck K2 K3 | hand K1 deck 10")
    s, _ = act(s, LargeDraw())
    assert shorts(s.hands[A]) == ["K1", "K2", "K3"] and s.decks[A] == []


def test_tc_r7_a_large_draw_is_refused_with_seven_cards() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 K1 K1 K1 K1 K1 K1 deck 5 | hand K1 deck 5")
    assert _refused_rule(s, LargeDraw()) == "TC-R7"


def test_tc_r8_a_precise_draw_discards_one_draws_two_and_keeps_the_chosen_one() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F deck K3 C +5 | hand K1 deck 5")
    feint = card(s.hands[A], "F")
    s, _ = act(s, PreciseDraw(), DiscardForDraw(feint))
    assert s.phase == PRECISE_KEEP and shorts(s.drawn) == ["C", "K3"]
    s, _ = act(s, KeepDrawn(card(s.drawn, "K3")))
    assert shorts(s.hands[A]) == ["K1", "K3"]
    assert shorts(s.discards[A]) == ["C", "F"]
    assert s.current == B


def test_tc_r8_a_precise_draw_with_one_card_left_keeps_it() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F deck K2 | hand K1 deck 5")
    s, _ = act(s, PreciseDraw(), DiscardForDraw(card(s.hands[A], "F")))
    assert shorts(s.hands[A]) == ["K1", "K2"] and s.current == B


def test_tc_r8_a_precise_draw_is_allowed_with_seven_cards() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 K1 K1 K1 K1 K1 K1 deck 5 | hand K1 deck 5")
    assert PreciseDraw() in RULES.legal_actions(s)


def test_tc_r8_a_precise_draw_is_refused_above_seven_cards() -> None:
    s = position(
        "turn 1 seat 0 castles 20 20 destiny - | hand K1 K1 K1 K1 K1 K1 K1 K2' deck 5 | hand K1 deck 5"
    )
    assert _refused_rule(s, PreciseDraw()) == "TC-R8"


def test_tc_r8_a_precise_draw_is_refused_with_an_empty_deck() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F | hand K1 deck 5")
    assert _refused_rule(s, PreciseDraw()) == "TC-R8"


def test_tc_r8_the_precise_draw_can_be_taken_back_before_the_discard() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F deck 5 | hand K1 deck 5")
    s, _ = act(s, PreciseDraw(), UndoSelection())
    assert s.phase == TURN and len(s.hands[A]) == 2


def test_tc_r9_an_attack_needs_a_knight_in_hand() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand F V G1 deck 5 | hand K1 deck 5")
    assert _refused_rule(s, ChooseAttack()) == "TC-R9"


def test_tc_r9_an_attack_without_a_knight_cannot_be_launched() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F deck 5 | hand K1 deck 5")
    s, _ = act(s, ChooseAttack(), AddToAttack(card(s.hands[A], "F")))
    assert _refused_rule(s, CommitAttack()) == "TC-R9"


def test_tc_r9_the_fourth_place_of_a_knightless_attack_is_kept_for_a_knight() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F F V B deck 5 | hand K1 deck 5")
    s, _ = act(s, ChooseAttack(), *(AddToAttack(c) for c in s.hands[A][1:4]))
    assert _refused_rule(s, AddToAttack(card(s.hands[A], "B"))) == "TC-R9"
    assert AddToAttack(card(s.hands[A], "K1")) in RULES.legal_actions(s)


def test_tc_r9_an_attack_holds_at_most_four_cards() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 K1 K1 K1 K1 deck 5 | hand K1 deck 5")
    s, _ = act(s, ChooseAttack(), *(AddToAttack(c) for c in s.hands[A][:4]))
    assert _refused_rule(s, AddToAttack(s.hands[A][0])) == "TC-R9"


def test_tc_r9_gold_is_never_laid_in_a_battle_group() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 G2 deck 5 | hand K1 deck 5")
    s, _ = act(s, ChooseAttack())
    assert _refused_rule(s, AddToAttack(card(s.hands[A], "G2"))) == "TC-R9"


def test_tc_r9_the_defender_may_lay_no_card_at_all() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K2 deck 5 | hand K3 deck 5")
    s, _ = attack(s, "K2")
    assert s.phase == DEFEND and CommitDefence() in RULES.legal_actions(s)
    s, _ = act(s, CommitDefence())
    assert s.castles[B] == 18


def test_tc_r9_the_defender_may_lay_any_card_type_except_gold() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K2 deck 5 | hand F V B C G1 deck 5")
    s, _ = attack(s, "K2")
    addable = [a for a in RULES.legal_actions(s) if isinstance(a, AddToDefence)]
    assert shorts([a.card for a in addable]) == ["B", "C", "F", "V"]


def test_tc_r9_an_attack_selection_can_be_taken_back_to_the_turn_choice() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K2 F deck 5 | hand K3 deck 5")
    s, _ = act(s, ChooseAttack(), AddToAttack(card(s.hands[A], "K2")), UndoSelection())
    assert (s.phase, s.groups[A], shorts(s.hands[A])) == (TURN, [], ["F", "K2"])


def test_tc_r9_a_defence_selection_can_be_taken_back() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K2 deck 5 | hand K3 deck 5")
    s, _ = attack(s, "K2")
    s, _ = act(s, AddToDefence(card(s.hands[B], "K3")), UndoSelection())
    assert (s.phase, s.groups[B], len(s.hands[B])) == (DEFEND, [], 1)


def test_tc_r16_the_dice_of_destiny_sets_the_castle_to_the_roll_and_keeps_the_turn() -> None:
    s = position("turn 1 seat 0 castles 4 20 destiny - | hand K2 deck 5 | hand K3 deck 5", seed=3)
    s, events = act(s, UseDiceOfDestiny())
    roll = first(events, "roll").data
    assert s.castles[A] == roll["value"] and roll["purpose"] == "destiny"
    assert (s.phase, s.current, s.destiny_used_by) == (TURN, A, A)


def test_tc_r16_the_dice_of_destiny_is_used_once_per_game() -> None:
    s = position("turn 1 seat 0 castles 4 20 destiny - | hand K2 deck 5 | hand K3 deck 5")
    s, _ = act(s, UseDiceOfDestiny())
    assert _refused_rule(s, UseDiceOfDestiny()) == "TC-R16"


def test_tc_r16_the_dice_of_destiny_is_only_before_the_action() -> None:
    s = position("turn 1 seat 0 castles 4 20 destiny - | hand K2 deck 5 | hand K3 deck 5")
    s, _ = act(s, ChooseAttack())
    assert _refused_rule(s, UseDiceOfDestiny()) == "TC-R16"


def test_tc_r17_a_castle_at_zero_loses_at_once() -> None:
    s = position("turn 3 seat 0 castles 20 2 destiny - | hand K2 deck 5 | hand K3 deck 5")
    s, _ = attack(s, "K2")
    s, events = defend(s)
    assert s.castles[B] == 0 and RULES.outcome(s) is not None
    assert first(events, "game_over").data["reason"] == "castle destroyed"


def test_tc_r17_a_player_without_knights_who_can_still_draw_plays_on() -> None:
    s = position("turn 2 seat 1 castles 20 20 destiny - | hand F G1 deck 3 | hand K1 deck 5")
    s, _ = act(s, LargeDraw())
    assert not RULES.is_over(s) and s.current == A


def test_tc_r17_a_player_with_a_knight_and_an_empty_deck_plays_on() -> None:
    s = position("turn 2 seat 1 castles 20 20 destiny - | hand K1 | hand K1 deck 5")
    s, _ = act(s, LargeDraw())
    assert RULES.legal_actions(s) == [UseDiceOfDestiny(), ChooseAttack()]


def test_tc_r18_discards_are_never_reshuffled_into_an_empty_deck() -> None:
    s = position("turn 2 seat 1 castles 20 20 destiny - | hand K1 discard K3 K3 K2 F | hand K1 deck 5")
    s, _ = act(s, LargeDraw())
    assert s.decks[A] == [] and len(s.discards[A]) == 4
    assert _refused_rule(s, LargeDraw()) == "TC-R7"
