"""The supplement's test scenarios CC-T1 .. CC-T12 (A = P1 = seat 0, B = P2 = seat 1)."""

from __future__ import annotations

from tests.engine.crimson_company.util import (
    RULES,
    A,
    B,
    Bid,
    Deploy,
    Match,
    Pass,
    act,
    card,
    coins,
    coins_before_next_turn,
    decision,
    events_of,
    is_down,
    lane,
    offer,
    position,
    side,
    waiting,
)

T1_OFFER = "pikeman fairy monk demon"


def test_cc_t1_match_pays_the_bidder_double_and_gives_the_card_to_the_responder() -> None:
    """CC-T1 (a): A bids 3 on demon, B Matches: 9/1/30, demon waits for B, bully refills the offer."""
    s, _ = position({}, coins=(6, 4), offer=T1_OFFER, deck_top="bully")
    s, _ = act(s, Bid("demon", 3))
    assert decision(s) == (B, "respond")
    s, events = act(s, Match())
    assert coins_before_next_turn((3, 4, 30), events) == (9, 1, 30)
    assert waiting(s, B) == ["demon"]
    assert offer(s) == ["pikeman", "fairy", "monk", "bully"]
    assert s.active == B and coins(s) == (9, 4, 27)  # A had nothing to deploy; B's Income followed


def test_cc_t1_pass_sends_the_bid_to_the_supply_and_the_card_to_the_bidder() -> None:
    """CC-T1 (b): B Passes: 3/4/33, demon waits for A and is played in A's Deployment; bully refills."""
    s, _ = position({}, coins=(6, 4), offer=T1_OFFER, deck_top="bully")
    s, _ = act(s, Bid("demon", 3), Pass())
    assert coins(s) == (3, 4, 33)
    assert waiting(s, A) == ["demon"]
    assert offer(s) == ["pikeman", "fairy", "monk", "bully"]
    assert decision(s) == (A, "deploy")


def test_cc_t2_a_responder_who_cannot_pay_must_pass() -> None:
    """CC-T2 (a): A bids 5 with B holding 4: no decision is asked, coins 1/4/35, A recruits."""
    s, _ = position({}, coins=(6, 4), offer=T1_OFFER)
    s, _ = act(s, Bid("pikeman", 5))
    assert coins(s) == (1, 4, 35)
    assert waiting(s, A) == ["pikeman"]
    assert decision(s) == (A, "deploy")


def test_cc_t2_haggler_raises_the_match_price_beyond_the_responders_purse() -> None:
    """CC-T2 (b): with A's haggler face-up, a bid of 4 needs 5 to Match; B has 4, so Pass: 2/4/34."""
    s, _ = position({0: ("haggler", "")}, coins=(6, 4), offer=T1_OFFER)
    s, _ = act(s, Bid("pikeman", 4))
    assert coins(s) == (2, 4, 34)
    assert waiting(s, A) == ["pikeman"]


def test_cc_t2_matching_against_a_haggler_pays_the_bidder_one_extra() -> None:
    """CC-T2 (c): coins 6/5/29, B Matches for 5, A receives 9: 11/0/29 and B recruits."""
    s, _ = position({0: ("haggler", "")}, coins=(6, 5), offer=T1_OFFER, waiting=(["griffin_rider"], []))
    s, _ = act(s, Bid("pikeman", 4))
    assert set(RULES.legal_actions(s)) == {Match(), Pass()}
    s, _ = act(s, Match())
    assert coins(s) == (11, 0, 29)
    assert waiting(s, B) == ["pikeman"]


def test_cc_t3_a_player_with_one_waiting_card_bids_again_and_deploys_both() -> None:
    """CC-T3: B (1 waiting) must bid on turn 6; after A Passes B plays both cards, in B's order."""
    s, _ = position({}, coins=(8, 5), turn=5, offer="pikeman stone_giant fairy monk")
    s, events = act(s, Bid("pikeman", 2), Match())
    assert coins_before_next_turn((8, 5, 27), events) == (10, 3, 27)
    assert waiting(s, B) == ["pikeman"]
    assert s.turn == 6 and coins(s) == (10, 6, 24)
    assert decision(s) == (B, "bid")
    s, _ = act(s, Bid("stone_giant", 3), Pass())
    assert coins(s) == (10, 3, 27)
    assert sorted(waiting(s, B)) == ["pikeman", "stone_giant"]
    s, _ = act(s, Deploy("stone_giant", 2), Deploy("pikeman", 0))
    assert waiting(s, B) == [] and side(s, 2, B) == ["stone_giant"] and side(s, 0, B) == ["pikeman"]


def test_cc_t3_guard_two_waiting_cards_skip_the_bid_and_forbid_a_match() -> None:
    """CC-T3 guard: 2 waiting cards skip one's own bid step and make Match illegal."""
    s, _ = position({}, waiting=(["pikeman", "stone_giant"], []))
    assert decision(s) == (A, "deploy")
    s, _ = position({}, coins=(6, 4), waiting=([], ["pikeman", "stone_giant"]))
    s, _ = act(s, Bid("alchemist", 1))
    assert waiting(s, A) == ["alchemist"], "B could not Match, so the Pass was forced"


def test_cc_t4_an_empty_supply_pays_nothing_and_a_player_without_coins_skips_the_bid() -> None:
    """CC-T4: dodgy_dealer gives B the last coin (0/40/0), A gains 0 and skips; B bids 1: 0/39/1."""
    s, events = position({1: ("dodgy_dealer", "pikeman")}, coins=(0, 39), phase="income")
    assert coins_before_next_turn((0, 39, 1), events) == (0, 40, 0)
    assert events_of(events, "bid") == [] and events_of(events, "score_lane") == []
    assert s.active == B and coins(s) == (0, 40, 0)
    s, _ = act(s, Bid("alchemist", 1))
    assert coins(s) == (0, 39, 1)
    assert waiting(s, B) == ["alchemist"]


def test_cc_t5_a_card_turned_face_up_resolves_its_effect_before_the_monks_second_flip() -> None:
    """CC-T5: Monk flips bully up; bully destroys fairy at once; then ironclad_knight goes face-down."""
    lanes = {0: ("pikeman bully:fd", "fairy griffin_rider"), 1: ("", "ironclad_knight")}
    s, _ = position(lanes, phase="deploy", waiting=(["monk"], []))
    s, _ = act(s, Deploy("monk", 1), card("bully"))
    assert RULES.player_view(s, A)["discard"] == ["fairy"]
    assert decision(s) == (A, "monk_opp")
    s, _ = act(s, card("ironclad_knight"))
    assert side(s, 0, A) == ["pikeman", "bully"] and not is_down(s, "bully")
    assert side(s, 0, B) == ["griffin_rider"]
    assert side(s, 1, A) == ["monk"] and side(s, 1, B) == ["ironclad_knight"]
    assert is_down(s, "ironclad_knight")
    assert RULES.player_view(s, A)["discard"] == ["fairy"]


def test_cc_t5_the_fairy_dies_whatever_the_monks_second_target() -> None:
    """CC-T5: picking griffin_rider for part 2 still leaves griffin_rider alive (face-down)."""
    lanes = {0: ("pikeman bully:fd", "fairy griffin_rider"), 1: ("", "ironclad_knight")}
    s, _ = position(lanes, phase="deploy", waiting=(["monk"], []))
    s, _ = act(s, Deploy("monk", 1), card("bully"), card("griffin_rider"))
    assert side(s, 0, B) == ["griffin_rider"] and is_down(s, "griffin_rider")
    assert RULES.player_view(s, A)["discard"] == ["fairy"]


T6 = {
    0: ("clumsy_ogre dodgy_dealer pikeman", "stone_giant"),
    1: ("", "griffin_rider"),
    2: ("outrider", ""),
}


def test_cc_t6_a_card_flipped_down_by_the_ogre_loses_its_income_entry() -> None:
    """CC-T6: ogre turns dodgy_dealer down (skipped), outrider moves, A gains 3: 5/5/30."""
    s, events = position(T6, coins=(2, 5), phase="income")
    assert is_down(s, "dodgy_dealer")
    assert decision(s) == (A, "outrider")
    assert RULES.legal_actions(s) == [lane(0), lane(1)]
    s, _ = act(s, lane(0))
    assert side(s, 0, A) == ["clumsy_ogre", "dodgy_dealer", "pikeman", "outrider"]
    assert coins(s) == (5, 5, 30)
    assert decision(s) == (A, "bid")


def test_cc_t6_variant_a_flipped_up_demon_resolves_before_the_next_income_entry() -> None:
    """CC-T6 variant: the ogre turns demon up; demon flips dodgy_dealer down, so it is skipped."""
    lanes = dict(T6)
    lanes[0] = ("clumsy_ogre demon:fd dodgy_dealer pikeman", "stone_giant")
    s, _ = position(lanes, coins=(2, 5), phase="income")
    assert decision(s) == (A, "demon")
    s, _ = act(s, card("dodgy_dealer"), lane(1))
    assert is_down(s, "dodgy_dealer") and not is_down(s, "demon")
    assert coins(s) == (5, 5, 30), "dodgy_dealer would have given A 2 (18 against 8)"


T7 = {1: ("sellsword monk slinger fanatic", "ironclad_knight")}


def test_cc_t7_a_short_sellsword_scores_zero_and_the_tied_lane_stays() -> None:
    """CC-T7: sellsword pays 1 (all A has), counts 0; 7 to 7 is a tie; 0/5/35; pass 2 skips L1."""
    s, events = position(T7, active=B, phase="score", coins=(1, 5))
    scored = events_of(events, "score_lane")
    assert [(e.data["lane"], e.data["totals"], e.data["winner"]) for e in scored] == [(1, [7, 7], None)]
    assert coins_before_next_turn((1, 5, 34), events) == (0, 5, 35)
    assert side(s, 1, A) == ["sellsword", "monk", "slinger", "fanatic"] and side(s, 1, B) == [
        "ironclad_knight"
    ]
    assert s.won_by[1] == -1


def test_cc_t7_the_tied_lane_is_scored_again_in_the_next_score_phase() -> None:
    """CC-T7: in A's next Score phase, with 2+ coins, sellsword keeps 6 and A wins 13 to 7."""
    s, _ = position(T7, active=B, phase="score", coins=(1, 5))
    s, events = act(s, Bid("alchemist", 1), Match())
    scored = events_of(events, "score_lane")
    assert [(e.data["totals"], e.data["winner"]) for e in scored] == [([13, 7], A)]
    assert s.won_by[1] == A


T8 = {
    0: ("bully monk slinger", "demon"),
    2: ("stone_giant undead pikeman griffin_rider", "ironclad_knight"),
}


def test_cc_t8_the_undead_returning_as_a_fourth_card_wins_a_second_lane_at_once() -> None:
    """CC-T8: L2 22-7 for A; undead returns to L0 (4 cards); pass 2 wins L0 12-6: A wins."""
    s, events = position(T8, phase="score")
    assert [e.data["totals"] for e in events_of(events, "score_lane")] == [[22, 7]]
    assert decision(s) == (A, "undead")
    assert RULES.legal_actions(s) == [lane(0), lane(1)]
    s, events = act(s, lane(0))
    assert [e.data["totals"] for e in events_of(events, "score_lane")] == [[12, 6]]
    assert RULES.is_over(s)
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == (A,)


def test_cc_t8_returning_the_undead_to_the_empty_lane_scores_nothing_more() -> None:
    """CC-T8: choosing L1 instead leaves A with one castle and the game going on."""
    s, _ = position(T8, phase="score")
    s, events = act(s, lane(1))
    assert events_of(events, "score_lane") == []
    assert not RULES.is_over(s) and s.won_by == [-1, -1, A]
    assert side(s, 1, A) == ["undead"]


def test_cc_t9_scoring_runs_left_to_right_from_the_active_players_view() -> None:
    """CC-T9: B checks L2 first; A wins it; B's fanatic kills ironclad_knight; L0 no longer qualifies."""
    lanes = {
        0: ("ironclad_knight pikeman monk slinger", "stone_giant griffin_rider"),
        2: ("demon changeling war_drummer summoner", "fanatic bully"),
    }
    s, events = position(lanes, active=B, phase="score")
    assert [(e.data["lane"], e.data["totals"]) for e in events_of(events, "score_lane")] == [(2, [15, 6])]
    assert s.won_by == [-1, -1, A]
    assert not RULES.is_over(s)
    assert side(s, 0, A) == ["pikeman", "monk", "slinger"]
    assert side(s, 0, B) == ["stone_giant", "griffin_rider"]
    assert sorted(RULES.player_view(s, A)["discard"]) == sorted(
        ["demon", "changeling", "war_drummer", "summoner", "fanatic", "bully", "ironclad_knight"]
    )


T10 = {1: ("plague_doctor stone_giant monk:fd slinger:fd", "berserker outrider summoner:fd")}


def test_cc_t10_plague_doctor_first_then_berserker_ties_at_twelve() -> None:
    """CC-T10 (a): A active: face-down cards become 3, then berserker takes 1 from each: 12-12."""
    _, events = position(T10, active=A, phase="score")
    assert [(e.data["totals"], e.data["winner"]) for e in events_of(events, "score_lane")] == [
        ([12, 12], None)
    ]


def test_cc_t10_berserker_first_then_plague_doctor_replaces_the_clamped_values() -> None:
    """CC-T10 (b): B active: berserker first, plague_doctor sets face-down cards to 3: A wins 14-13."""
    s, events = position(T10, active=B, phase="score")
    assert [(e.data["totals"], e.data["winner"]) for e in events_of(events, "score_lane")] == [([14, 13], A)]
    assert s.won_by[1] == A


def test_cc_t11_a_lonely_alchemist_destroys_itself_and_pays_three() -> None:
    """CC-T11 (a): alchemist is the only target; it is destroyed and A gains 3."""
    s, _ = position({}, phase="deploy", waiting=(["alchemist"], []), coins=(6, 4))
    s, events = act(s, Deploy("alchemist", 0))
    assert coins_before_next_turn((6, 4, 30), events) == (9, 4, 27)
    assert "alchemist" in RULES.player_view(s, A)["discard"]


def test_cc_t11_martyrs_coins_come_before_the_alchemists() -> None:
    """CC-T11 (b): destroying B's martyr gives B 3 (martyr) then 1 (alchemist): +4."""
    s, _ = position({2: ("", "martyr")}, phase="deploy", waiting=(["alchemist"], []), coins=(6, 4))
    s, events = act(s, Deploy("alchemist", 0), card("martyr"))
    gains = [e.data["amount"] for e in events_of(events, "coins") if e.data["to"] == B]
    assert gains[:2] == [3, 1]
    assert coins_before_next_turn((6, 4, 30), events) == (6, 8, 26)


def test_cc_t11_a_short_supply_pays_the_martyr_first() -> None:
    """CC-T11 (b): with 2 coins in the supply, B gains 2 and then 0."""
    s, _ = position({2: ("", "martyr")}, phase="deploy", waiting=(["alchemist"], []), coins=(6, 32))
    s, events = act(s, Deploy("alchemist", 0), card("martyr"))
    gains = [e.data["amount"] for e in events_of(events, "coins") if e.data["to"] == B]
    assert gains[:2] == [2, 0]


def test_cc_t11_a_face_down_target_pays_nothing_and_triggers_nothing() -> None:
    """CC-T11 (c): destroying a face-down martyr: nobody gains and no Destruction effect."""
    s, _ = position({2: ("", "martyr:fd")}, phase="deploy", waiting=(["alchemist"], []), coins=(6, 4))
    s, events = act(s, Deploy("alchemist", 0), card("martyr"))
    assert coins_before_next_turn((6, 4, 30), events) == (6, 4, 30)


T12 = {1: ("griffin_rider monk:fd", "pikeman fairy")}


def test_cc_t12_when_the_cards_run_out_coins_break_the_tie() -> None:
    """CC-T12: castles 1-1, strength 6-6 (monk face-down), coins 12 to 9: A wins."""
    s, _ = position(T12, active=B, phase="end", offer=[], deck=[], won={0: A, 2: B}, coins=(12, 9))
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == (A,)
    assert "coins" in outcome.reason


def test_cc_t12_variant_a_waiting_card_keeps_the_game_going_one_more_turn() -> None:
    """CC-T12 variant: A still has a waiting card; A plays it, then the game ends on strength."""
    s, _ = position(
        T12,
        active=B,
        phase="end",
        offer=[],
        deck=[],
        won={0: A, 2: B},
        coins=(12, 9),
        waiting=(["stone_giant"], []),
    )
    assert not RULES.is_over(s) and decision(s) == (A, "deploy")
    s, _ = act(s, Deploy("stone_giant", 1))
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == (A,) and "strength" in outcome.reason
