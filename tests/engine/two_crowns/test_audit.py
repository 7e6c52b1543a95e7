"""Independent rules audit of Two Crowns: one test per behaviour, named after its supplement rule.

The first group pins the defects the audit found (each failed before its fix); the rest pin
rules and edge cases that no other test covered.
"""

from __future__ import annotations

import pytest

from crimson_table.engine.core import Action, Event, IllegalAction
from crimson_table.engine.rng import Rng
from crimson_table.engine.two_crowns.actions import (
    AddToAttack,
    ChooseAttack,
    DeclinePayment,
    DiscardForDraw,
    KeepDrawn,
    LargeDraw,
    PayWith,
    PreciseDraw,
    UndoSelection,
    UseDiceOfDestiny,
)
from crimson_table.engine.two_crowns.cards import NUM_CARDS, card_name, owner
from crimson_table.engine.two_crowns.state import PAY, PRECISE_KEEP, TURN, TwoCrownsState
from tests.engine.two_crowns.util import (
    RULES,
    A,
    B,
    act,
    attack,
    card,
    decline,
    defend,
    first,
    kinds,
    pay,
    position,
    shorts,
)


def _refused_rule(state: TwoCrownsState, action: Action) -> str:
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(state, action)
    return refused.value.rule_id


# -- defects found by the audit -------------------------------------------------------------------


def test_tc_r10_an_unpayable_special_does_not_tell_the_other_seat_how_much_gold_is_in_hand() -> None:
    """The rulebook's "can't (or won't) pay" looks the same to the opponent: only the owner reads why."""
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 C G2 G1 deck 5 | hand K1 deck 5")
    s, _ = attack(s, "K1", "C")
    _s, events = defend(s)
    cancel = first(events, "cancel_special")
    assert "cannot pay" not in cancel.text_for(B)
    assert not cancel.visible_to(B)
    assert "cannot pay 4 gold" in cancel.text_for(A)


def test_tc_r10_an_unpayable_special_reads_like_a_declined_one_to_the_other_seat() -> None:
    unpayable = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 C G1 deck 5 | hand K1 deck 5")
    unpayable, _ = attack(unpayable, "K1", "C")
    _s, events = defend(unpayable)
    declined = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 C G2 G2 deck 5 | hand K1 deck 5")
    declined, _ = attack(declined, "K1", "C")
    declined, _ = defend(declined)
    _s, declined_events = decline(declined)
    assert first(events, "cancel_special").text_for(B) == first(declined_events, "cancel_special").text_for(B)


def test_tc_r10_paying_shows_a_gold_card_from_the_hidden_hand_so_it_is_an_undo_barrier() -> None:
    """ARCHITECTURE: events that make hidden information visible set ``reveals`` (undo never crosses them)."""
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 V G1 G1 deck 5 | hand K3 deck 5")
    s, _ = attack(s, "K1", "V")
    s, _ = defend(s)
    _s, events = act(s, PayWith(card(s.hands[A], "G1")))
    assert first(events, "pay").reveals


def test_tc_r10_cancelling_an_unpayable_special_is_an_undo_barrier() -> None:
    """Whether a special could be paid depends on the hidden hand, so its cancellation reveals."""
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 V G2 deck 5 | hand K3 V G1 deck 5")
    s, _ = attack(s, "K1", "V")
    s, _ = defend(s, "K3", "V")
    _s, events = act(s, DeclinePayment())
    unpayable = [e for e in events if e.kind == "cancel_special" and e.data["seat"] == B]
    assert unpayable and unpayable[0].reveals


def test_tc_r8_taking_back_after_the_two_cards_are_drawn_is_refused_under_tc_r8() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F deck 5 | hand K1 deck 5")
    s, _ = act(s, PreciseDraw(), DiscardForDraw(card(s.hands[A], "F")))
    assert s.phase == PRECISE_KEEP
    assert _refused_rule(s, UndoSelection()) == "TC-R8"


def test_tc_r10_taking_back_cards_after_the_reveal_is_refused_under_tc_r10() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 C G2 G2 deck 5 | hand K1 deck 5")
    s, _ = attack(s, "K1", "C")
    s, _ = defend(s)
    assert s.phase == PAY
    assert _refused_rule(s, UndoSelection()) == "TC-R10"


# -- TC-R4 / R7 / R8: the hand limit counts resting cards ----------------------------------------


def test_tc_r4_r8_a_precise_draw_is_allowed_with_five_in_hand_and_two_resting() -> None:
    s = position("turn 5 seat 0 castles 20 20 destiny - | hand K1 K1 K1 F G1 rest K2@4 K3@4 deck 5 | hand K1")
    assert PreciseDraw() in RULES.legal_actions(s)


def test_tc_r4_r8_a_precise_draw_is_refused_with_six_in_hand_and_two_resting() -> None:
    s = position(
        "turn 5 seat 0 castles 20 20 destiny - | hand K1 K1 K1 F G1 K2' rest K2@4 K3@4 deck 5 | hand K1"
    )
    assert _refused_rule(s, PreciseDraw()) == "TC-R8"


def test_tc_r4_r7_a_large_draw_with_four_in_hand_and_two_resting_draws_exactly_one() -> None:
    s = position("turn 5 seat 0 castles 20 20 destiny - | hand K1 K1 F G1 rest K2@4 K3@4 deck 5 | hand K1")
    _s, events = act(s, LargeDraw())
    assert first(events, "draw").data["count"] == 1


def test_tc_r4_a_resting_knight_cannot_be_discarded_for_a_precise_draw() -> None:
    s = position("turn 5 seat 0 castles 20 20 destiny - | hand K1 rest K3@4 deck 5 | hand K1 deck 5")
    s, _ = act(s, PreciseDraw())
    assert DiscardForDraw(s.rest_cards(A)[0]) not in RULES.legal_actions(s)


# -- TC-R5: rest lasts until the end of the next turn --------------------------------------------


def test_tc_r5_a_knight_rested_on_turn_t_is_still_resting_at_the_start_of_turn_t_plus_1() -> None:
    s = position("turn 4 seat 0 castles 20 20 destiny - | hand K3 K1 deck 10 | hand K1 K1 deck 10")
    s, events = attack(s, "K3")
    s, events = defend(s)
    assert (s.turn, s.phase, shorts(s.rest_cards(A))) == (5, TURN, ["K3"])
    assert "unrest" not in kinds(events)


def test_tc_r5_both_seats_resting_knights_return_at_the_end_of_the_next_turn_whoever_plays_it() -> None:
    s = position("turn 4 seat 0 castles 20 20 destiny - | hand K2 F deck 10 | hand K3 K1 deck 10")
    s, _ = attack(s, "K2", "F")
    s, _ = defend(s, "K3", "K1")  # the Feint rests B's K3; A wins 2-1 and rests its K2
    assert (shorts(s.rest_cards(A)), shorts(s.rest_cards(B))) == (["K2"], ["K3"])
    s, events = act(s, LargeDraw())
    returned = {e.data["seat"] for e in events if e.kind == "unrest"}
    assert returned == {A, B} and s.rests == [[], []]


# -- TC-R8: precise draw edge cases ------------------------------------------------------------------


def test_tc_r8_with_one_card_left_only_the_card_from_hand_is_discarded() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F deck K2 | hand K1 deck 5")
    s, events = act(s, PreciseDraw(), DiscardForDraw(card(s.hands[A], "F")))
    assert first(events, "draw").data["count"] == 1
    assert shorts(s.discards[A]) == ["F"] and s.decks[A] == []


def test_tc_r8_the_kept_card_is_named_only_to_the_drawer() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 F deck K3 C | hand K1 deck 5")
    s, _ = act(s, PreciseDraw(), DiscardForDraw(card(s.hands[A], "F")))
    _s, events = act(s, KeepDrawn(card(s.drawn, "K3")))
    kept = first(events, "keep")
    assert "Knight" not in kept.text_for(B) and "Knight 3" in kept.text_for(A)


# -- TC-R10: payment --------------------------------------------------------------------------------


def test_tc_r10_overpaying_a_vassal_with_1_then_2_gold_gives_no_change() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K2 V G1 G2 deck 5 | hand K1 deck 5")
    s, _ = attack(s, "K2", "V")
    s, _ = defend(s)
    s, events = pay(s, "G1", "G2")
    assert first(events, "battle_result").data["attack"] == 4
    assert shorts(s.discards[A]) == ["G1", "G2", "V"] and shorts(s.hands[A]) == []


def test_tc_r10_r14_a_second_vassal_is_offered_when_the_first_was_declined() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 V V G2 deck 5 | hand K1 deck 5")
    s, _ = attack(s, "K3", "V", "V")
    s, _ = defend(s)
    s, _ = decline(s)
    assert s.phase == PAY
    s, events = pay(s, "G2")
    assert first(events, "battle_result").data["attack"] == 6


def test_tc_r10_gold_spent_on_one_special_is_not_available_for_the_next() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 B V G2 G1 deck 5 | hand K3 K1 deck 5")
    s, _ = attack(s, "K1", "B", "V")
    s, _ = defend(s, "K3", "K1")
    s, events = pay(s, "G2", "G1")  # the Bishop takes the K3; only the Vassal is left, with no gold
    assert first(events, "cancel_special").data["reason"] == "cannot pay 2 gold"
    assert first(events, "battle_result").data["attack"] == 1


# -- TC-R11..R13: Catapult, Bishop, Feint --------------------------------------------------------------


def test_tc_r11_r17_a_defenders_catapult_that_destroys_the_attackers_castle_ends_the_game() -> None:
    s = position("turn 3 seat 0 castles 9 20 destiny - | hand K3 deck 5 | hand K1 C G2 G2 deck 5")
    s, _ = attack(s, "K3")
    s, _ = defend(s, "K1", "C")
    s, events = pay(s, "G2", "G2")
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == (B,)
    assert "battle_result" not in kinds(events)


def test_tc_r12_a_defenders_bishop_takes_the_attackers_strongest_knight_into_the_defenders_hand() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 K2 deck 5 | hand K1 B G2 G1 deck 5")
    s, _ = attack(s, "K3", "K2")
    s, _ = defend(s, "K1", "B")
    s, events = pay(s, "G2", "G1")
    taken = first(events, "bishop_take").data["card"]
    assert shorts([taken]) == ["K3"] and taken in s.hands[B]
    assert first(events, "battle_result").data["attack"] == 2


def test_tc_r12_a_taken_knight_played_and_lost_goes_to_its_new_holders_discard_pile() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1' deck 5 | hand K3 deck 5")
    taken = s.hands[A][0]
    assert owner(taken) == B
    s, _ = attack(s, "K1")
    s, _ = defend(s, "K3")
    assert s.discards[A] == [taken] and s.discards[B] == []


def test_tc_r13_a_feint_counts_every_card_of_the_opposing_group_specials_included() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 F deck 5 | hand K3 V deck 5")
    s, _ = attack(s, "K1", "F")
    s, events = defend(s, "K3", "V")
    assert first(events, "feint").data["target"] in s.rest_cards(B)


def test_tc_r13_a_feint_against_no_defence_is_cancelled() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 F deck 5 | hand K3 deck 5")
    s, _ = attack(s, "K1", "F")
    _s, events = defend(s)
    assert first(events, "cancel_special").data["reason"] == "the opposing group has fewer cards"


# -- TC-R15: who discards what ------------------------------------------------------------------------


def test_tc_r15_each_seat_discards_its_own_specials_whoever_wins() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 F deck 5 | hand K1 F deck 5")
    s, _ = attack(s, "K3", "F")
    s, _ = defend(s, "K1", "F")
    assert "F" in shorts(s.discards[A]) and "F" in shorts(s.discards[B])


# -- TC-R16: the Dice of Destiny ---------------------------------------------------------------------


def test_tc_r16_the_dice_of_destiny_is_refused_to_the_second_player_in_the_same_game() -> None:
    s = position("turn 2 seat 1 castles 20 20 destiny 0 | hand K1 deck 5 | hand K1 deck 5")
    assert UseDiceOfDestiny() not in RULES.legal_actions(s)
    assert _refused_rule(s, UseDiceOfDestiny()) == "TC-R16"


def test_tc_r16_the_dice_of_destiny_is_refused_after_the_precise_draw_has_begun() -> None:
    s = position("turn 1 seat 0 castles 5 20 destiny - | hand K1 F deck 5 | hand K1 deck 5")
    s, _ = act(s, PreciseDraw())
    assert _refused_rule(s, UseDiceOfDestiny()) == "TC-R16"


# -- TC-R17: the end is checked at the start of a turn ---------------------------------------------


def test_tc_r17_a_player_who_cannot_act_does_not_lose_during_the_other_players_turn() -> None:
    s = position("turn 2 seat 1 castles 20 20 destiny - | hand F G1 | hand K1 deck 5")
    assert not RULES.is_over(s) and RULES.current_player(s) == B
    s, _ = act(s, LargeDraw())
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == (B,)


def test_tc_r17_knights_returning_from_rest_before_the_turn_starts_keep_the_player_in_the_game() -> None:
    s = position("turn 5 seat 1 castles 20 20 destiny - | hand F rest K2@4 | hand K1 deck 5")
    s, events = act(s, LargeDraw())
    assert not RULES.is_over(s) and s.current == A and "game_over" not in kinds(events)
    assert ChooseAttack() in RULES.legal_actions(s)


def test_tc_r17_a_player_whose_only_knights_rest_into_their_turn_loses() -> None:
    s = position("turn 5 seat 1 castles 20 20 destiny - | hand F rest K2@5 | hand K1 deck 5")
    s, events = act(s, LargeDraw())
    assert first(events, "game_over").data["loser"] == A


def test_tc_r17_a_player_who_empties_the_deck_without_knights_loses_at_their_next_turn_not_before() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand F deck G1 | hand K1 deck 5")
    s, _ = act(s, LargeDraw())
    assert not RULES.is_over(s) and s.current == B
    s, events = act(s, LargeDraw())
    assert first(events, "game_over").data["loser"] == A


# -- TC-R3: best of three --------------------------------------------------------------------------


def test_tc_r3_a_game_ended_by_a_catapult_mid_battle_starts_the_next_with_clean_battle_zones() -> None:
    s = position(
        "turn 3 seat 0 castles 9 20 destiny - bestof 3 won - | hand K3 deck 5 | hand K1 C G2 G2 deck 5"
    )
    s, _ = attack(s, "K3")
    s, _ = defend(s, "K1", "C")
    s, _ = pay(s, "G2", "G2")
    assert (s.game_number, s.current, s.phase, s.turn) == (2, A, TURN, 1)
    assert s.groups == [[], []] and s.queue == [] and s.paying == [] and not s.revealed
    assert RULES.from_dict(RULES.to_dict(s)) is not None


# -- hidden information in event texts ----------------------------------------------------------------


CARD_NAMES = frozenset(card_name(c) for c in range(NUM_CARDS))


def _public_text_names_a_hidden_card(event: Event, other: int) -> bool:
    """True if the text ``other`` reads names a card, apart from a revealed special being cancelled."""
    shown = {card_name(event.data["card"])} if event.kind == "cancel_special" else set()
    return any(name in event.text_for(other) for name in CARD_NAMES - shown)


def test_no_private_event_names_a_card_in_the_text_the_other_seat_reads() -> None:
    for seed in range(8):
        state = RULES.new_game(2, seed, {"best_of": 3})
        picker = Rng.from_seed(seed + 77)
        while not RULES.is_over(state):
            legal = RULES.legal_actions(state)
            state, events = RULES.apply_action(state, legal[picker.below(len(legal))])
            for event in events:
                assert event.private_to is None or len(event.private_to) == 1
                if event.private_to is not None:
                    assert not _public_text_names_a_hidden_card(event, 1 - event.private_to[0]), event


def test_a_face_down_card_is_never_named_before_the_reveal() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 F deck 5 | hand K1 V deck 5")
    s, events = act(s, ChooseAttack(), AddToAttack(card(s.hands[A], "K3")))
    for event in events:
        assert not any(name in event.text_for(B) for name in CARD_NAMES)
