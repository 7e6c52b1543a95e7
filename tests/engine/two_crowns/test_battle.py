"""Battle resolution: reveal and payments (TC-R10), the specials (TC-R11..R14), totals (TC-R15)."""

from __future__ import annotations

from crimson_table.engine.two_crowns.actions import DeclinePayment, LargeDraw, PayWith
from crimson_table.engine.two_crowns.cards import KIND
from crimson_table.engine.two_crowns.state import PAY
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


def test_tc_r10_the_attack_is_revealed_before_the_defence() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K2 deck 5 | hand K1 deck 5")
    s, _ = attack(s, "K2")
    _s, events = defend(s, "K1")
    reveals = [e.data["seat"] for e in events if e.kind == "reveal"]
    assert reveals == [A, B]


def test_tc_r10_specials_resolve_catapult_bishop_feint_vassal_attacker_first_within_a_kind() -> None:
    s = position(
        "turn 3 seat 0 castles 30 30 destiny - | hand K3 K1 V B G2 G2 G2 G1 G1 G1 deck 5 "
        "| hand K3 K2 F C G2 G2 G1 G1 deck 5"
    )
    s, _ = attack(s, "K3", "K1", "V", "B")
    s, _ = defend(s, "K3", "K2", "F", "C")
    order = []
    while s.phase == PAY:
        seat, special = s.queue[0]
        order.append((seat, KIND[special]))
        s, _ = act(s, DeclinePayment())
    assert order == [(B, "catapult"), (A, "bishop"), (A, "vassal")]


def test_tc_r10_feints_resolve_between_bishops_and_vassals_in_seat_order() -> None:
    s = position(
        "turn 3 seat 0 castles 30 30 destiny - | hand K3 K1 F B G2 G1 deck 5 | hand K3 K2 F V G1 G1 deck 5"
    )
    s, _ = attack(s, "K3", "K1", "F", "B")
    s, _ = defend(s, "K3", "K2", "F", "V")
    s, events = pay(s, "G2", "G1")  # attacker's Bishop
    effects = [
        (e.kind, e.data.get("seat")) for e in events if e.kind in ("bishop_take", "feint", "cancel_special")
    ]
    assert effects[:3] == [("bishop_take", A), ("feint", A), ("feint", B)]


def test_tc_r10_any_combination_of_gold_at_least_the_cost_pays_and_no_change_is_given() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 B G2 G2 deck 5 | hand K3 K1 deck 5")
    s, _ = attack(s, "K1", "B")
    s, _ = defend(s, "K3", "K1")
    s, events = pay(s, "G2", "G2")
    assert first(events, "bishop_take").data["seat"] == A
    assert shorts(s.discards[A]).count("G2") == 2
    assert "G2" not in shorts(s.hands[A])


def test_tc_r10_declining_returns_the_gold_already_offered_to_hand() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 C G2 G2 deck 5 | hand K1 deck 5")
    s, _ = attack(s, "K1", "C")
    s, _ = defend(s)
    s, _ = act(s, PayWith(card(s.hands[A], "G2")), DeclinePayment())
    assert shorts(s.hands[A]) == ["G2", "G2"]
    assert s.castles[B] == 19


def test_tc_r10_an_unpayable_special_is_cancelled_without_asking() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 C G2 G1 deck 5 | hand K1 deck 5")
    s, _ = attack(s, "K1", "C")
    s, events = defend(s)
    assert first(events, "cancel_special").data["reason"] == "cannot pay 4 gold"
    assert s.castles[B] == 19 and s.current == B


def test_tc_r10_a_special_in_a_group_without_a_knight_is_cancelled() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K2 deck 5 | hand V F G2 K1 deck 5")
    s, _ = attack(s, "K2")
    s, events = defend(s, "V", "F")
    reasons = [e.data["reason"] for e in events if e.kind == "cancel_special"]
    assert reasons == ["no Knight in its group", "no Knight in its group"]
    assert s.castles[B] == 18


def test_tc_r10_every_special_and_every_gold_used_is_discarded() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 V F G1 G1 deck 5 | hand K3 deck 5")
    s, _ = attack(s, "K1", "V", "F")
    s, _ = defend(s)
    s, _ = pay(s, "G1", "G1")
    assert shorts(s.discards[A]) == ["F", "G1", "G1", "V"]


def test_tc_r10_the_payer_is_the_owner_of_the_special() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 deck 5 | hand K1 V G2 deck 5")
    s, _ = attack(s, "K1")
    s, _ = defend(s, "K1", "V")
    assert s.phase == PAY and RULES.current_player(s) == B
    assert RULES.legal_actions(s) == [PayWith(card(s.hands[B], "G2")), DeclinePayment()]


def test_tc_r11_a_paid_catapult_deals_10_even_when_the_attack_fails() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 C G2 G2 deck 5 | hand K3 deck 5")
    s, _ = attack(s, "K1", "C")
    s, _ = defend(s, "K3")
    s, events = pay(s, "G2", "G2")
    assert first(events, "battle_result").data["winner"] == B
    assert s.castles[B] == 10


def test_tc_r11_a_defenders_catapult_hits_the_attackers_castle() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 deck 5 | hand K2 C G2 G2 deck 5")
    s, _ = attack(s, "K1")
    s, _ = defend(s, "K2", "C")
    s, _ = pay(s, "G2", "G2")
    assert s.castles == [10, 20]


def test_tc_r12_a_bishop_takes_the_strongest_opposing_knight_into_hand() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 B G1 G2 deck 5 | hand K3 K1 deck 5")
    s, _ = attack(s, "K1", "B")
    s, _ = defend(s, "K1", "K3")
    s, events = pay(s, "G1", "G2")
    taken = first(events, "bishop_take").data["card"]
    assert shorts([taken]) == ["K3"] and taken in s.hands[A]
    assert first(events, "battle_result").data["defence"] == 1


def test_tc_r12_the_hand_limit_may_be_exceeded_after_a_bishop() -> None:
    s = position(
        "turn 3 seat 1 castles 20 20 destiny - | hand K1 K1 K1 K1 K1 K1 K1 B G1 G2 deck 5 | hand K3 deck 5"
    )
    s, _ = attack(s, "K3")
    s, _ = defend(s, "K1", "B")
    s, _ = pay(s, "G1", "G2")
    assert len(s.hands[A]) == 8 and s.current == A
    assert [a.label for a in RULES.legal_actions(s)] == ["Roll the Dice of Destiny", "Attack"]


def test_tc_r12_a_bishop_with_no_opposing_knight_is_cancelled_without_asking() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 B G2 G2 deck 5 | hand K3 deck 5")
    s, _ = attack(s, "K1", "B")
    s, events = defend(s)
    assert first(events, "cancel_special").data["reason"] == "no opposing Knight to take"
    assert s.castles[B] == 19


def test_tc_r13_a_feint_works_against_a_group_of_the_same_size() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 F deck 5 | hand K2 K2 deck 5")
    s, _ = attack(s, "K1", "F")
    s, events = defend(s, "K2", "K2")
    assert first(events, "feint").data["target_seat"] == B
    assert first(events, "battle_result").data["defence"] == 2


def test_tc_r13_a_defenders_feint_rests_the_attackers_strongest_knight() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 K1 deck 5 | hand K1 F deck 5")
    s, _ = attack(s, "K3", "K1")
    s, events = defend(s, "K1", "F")
    assert shorts(s.rest_cards(A)) == ["K3"]
    assert first(events, "battle_result").data["winner"] == B


def test_tc_r14_a_vassal_doubles_the_knight_total() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 K2 V G2 deck 5 | hand K1 deck 5")
    s, _ = attack(s, "K3", "K2", "V")
    s, _ = defend(s)
    s, events = pay(s, "G2")
    assert first(events, "battle_result").data["attack"] == 10 and s.castles[B] == 10


def test_tc_r14_two_vassals_do_not_stack() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 V V G2 G2 deck 5 | hand K1 deck 5")
    s, _ = attack(s, "K3", "V", "V")
    s, _ = defend(s)
    s, events = pay(s, "G2")
    assert first(events, "cancel_special").data["reason"] == "nothing to double"
    assert first(events, "battle_result").data["attack"] == 6


def test_tc_r15_the_winning_attacker_deals_the_difference() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 K3 K2 deck 5 | hand K2 K1 deck 5")
    s, _ = attack(s, "K3", "K3", "K2")
    s, _ = defend(s, "K2", "K1")
    assert s.castles[B] == 15


def test_tc_r15_the_defender_wins_ties_and_keeps_its_knights() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 deck 5 | hand K2 K1 deck 5")
    s, _ = attack(s, "K3")
    s, events = defend(s, "K2", "K1")
    assert first(events, "battle_result").data["winner"] == B
    assert shorts(s.hands[B]) == ["K1", "K2"] and shorts(s.discards[A]) == ["K3"]


def test_tc_r17_a_catapult_that_destroys_the_castle_ends_the_game_before_other_specials() -> None:
    s = position("turn 3 seat 0 castles 20 8 destiny - | hand K1 C G2 G2 deck 5 | hand K3 C G2 G2 deck 5")
    s, _ = attack(s, "K1", "C")
    s, _ = defend(s, "K3", "C")
    s, events = pay(s, "G2", "G2")
    assert RULES.outcome(s) is not None and s.castles == [20, -2]
    assert "battle_result" not in kinds(events)


def test_tc_r10_a_vassal_can_be_declined_by_the_defender() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K2 deck 5 | hand K1 V G2 deck 5")
    s, _ = attack(s, "K2")
    s, _ = defend(s, "K1", "V")
    s, _ = decline(s)
    assert s.castles[B] == 19 and "G2" in shorts(s.hands[B])


def test_the_log_says_one_knight_returns_and_two_knights_return_to_hand() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 deck 5 | hand K3 K2 deck 5")
    s, _ = attack(s, "K1")
    _s, events = defend(s, "K3")
    assert first(events, "return_to_hand").text == "{p1}'s Knight 3 returns to hand"
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 deck 5 | hand K3 K2 deck 5")
    s, _ = attack(s, "K1")
    _s, events = defend(s, "K3", "K2")
    assert first(events, "return_to_hand").text.endswith("Knight 2 return to hand")


def test_the_log_says_one_knight_goes_into_rest_and_comes_back_from_it() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 deck 5 | hand K1 deck 5")
    s, _ = attack(s, "K3")
    s, events = defend(s, "K1")
    assert first(events, "rest").text == "{p0}'s Knight 3 goes into rest until the end of turn 4"
    _s, events = act(s, LargeDraw())  # the end of turn 4: back from rest
    assert first(events, "unrest").text == "{p0}'s Knight 3 returns from rest"
