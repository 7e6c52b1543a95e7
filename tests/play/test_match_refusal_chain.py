"""Match.refusal with follow-up decisions: a gesture that makes two small decisions is judged whole."""

from __future__ import annotations

from crimson_table.engine.two_crowns.actions import AddToAttack, ChooseAttack, LargeDraw, RollForFirst
from crimson_table.engine.two_crowns.cards import IS_GOLD, IS_KNIGHT
from crimson_table.play.match import Match, Seat


def _turn_with_gold_and_knight() -> Match:
    for seed in range(1, 80):
        match = Match.new("two_crowns", [Seat("Anna"), Seat("Ben")], seed)
        match.apply(RollForFirst())
        hand = match.state.hands[match.current_seat()]
        if any(IS_GOLD[c] for c in hand) and any(IS_KNIGHT[c] for c in hand):
            return match
    raise AssertionError("no seed deals Gold and a Knight to the first player")


def test_the_second_decision_is_judged_on_the_position_after_the_first() -> None:
    match = _turn_with_gold_and_knight()
    hand = match.state.hands[match.current_seat()]
    knight = next(c for c in hand if IS_KNIGHT[c])
    gold = next(c for c in hand if IS_GOLD[c])
    step, before = match.step, match.state_hash()
    assert match.refusal(ChooseAttack(), AddToAttack(knight)) is None
    refused = match.refusal(ChooseAttack(), AddToAttack(gold))
    assert refused is not None and refused.rule_id == "TC-R9"
    assert match.step == step and match.state_hash() == before  # nothing was applied


def test_a_refused_first_decision_is_the_answer() -> None:
    match = _turn_with_gold_and_knight()
    refused = match.refusal(LargeDraw(), ChooseAttack())
    assert refused is not None and refused.rule_id == "TC-R7"
