"""One or more tests per supplement rule CC-R1 .. CC-R44 (scenario-covered rules point to CC-T*)."""

from __future__ import annotations

import json

import pytest

from crimson_table.engine.core import IllegalAction, StateError
from crimson_table.engine.crimson_company.cards import IDS
from tests.engine.crimson_company.util import (
    RULES,
    A,
    B,
    Bid,
    CCState,
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


def _all_zone_ids(s: CCState) -> list[str]:
    view = RULES.player_view(s, A)
    ids: list[str] = list(view["offer"]) + list(view["discard"]) + view["waiting"][0] + view["waiting"][1]
    ids += [view["deck_top"]] if view["deck_top"] else []
    ids += list(view["deck_unseen"])
    for lane_view in view["lanes"]:
        ids += [c["card"] for side_cards in lane_view["sides"] for c in side_cards]
    return ids


def _refused(s: CCState, action: object) -> IllegalAction:
    before = json.dumps(RULES.to_dict(s), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        RULES.apply_action(s, action)  # type: ignore[arg-type]
    assert json.dumps(RULES.to_dict(s), sort_keys=True) == before, "a refused action changed the state"
    return info.value


# --------------------------------------------------------------------------- setup and information


def test_cc_r1_a_new_game_has_thirty_unique_cards_forty_coins_and_three_open_castles() -> None:
    s = RULES.new_game(2, seed=3)
    assert sorted(_all_zone_ids(s)) == sorted(IDS) and len(IDS) == 30
    assert sum(s.coins) + s.supply == 40
    assert s.won_by == [-1, -1, -1]


def test_cc_r2_setup_deals_four_offer_cards_and_three_and_four_coins_before_p1s_income() -> None:
    firsts = set()
    for seed in range(20):
        s = RULES.new_game(2, seed=seed)
        firsts.add(s.first)
        assert len(s.offer) == 4 and len(s.deck) == 26
        assert s.coins[s.first] == 6 and s.coins[1 - s.first] == 4 and s.supply == 30
        assert s.active == s.first and decision(s) == (s.first, "bid")
    assert firsts == {0, 1}, "the starting player is drawn at random"


def test_cc_r3_the_view_shows_the_deck_top_but_never_the_order_below_it() -> None:
    s = RULES.new_game(2, seed=5)
    view = RULES.player_view(s, A)
    assert view["deck_top"] == IDS[s.deck[0]] and view["deck_count"] == 26
    assert view["deck_unseen"] == sorted(IDS[c] for c in s.deck[1:])
    assert "rng" not in view and "deck" not in view
    other = RULES.determinize(s, A, seed=11)
    assert other.deck[0] == s.deck[0] and sorted(other.deck) == sorted(s.deck) and other.deck != s.deck
    assert RULES.player_view(other, A) == view


def test_cc_r3_face_down_cards_in_play_are_visible_to_both_players() -> None:
    s, _ = position({0: ("monk:fd", "")})
    for seat in (A, B):
        assert RULES.player_view(s, seat)["lanes"][0]["sides"][A] == [{"card": "monk", "face_up": False}]


def test_cc_r4_gains_stop_when_the_supply_runs_dry() -> None:
    s, events = position({0: ("dodgy_dealer pikeman", "fairy")}, coins=(20, 19), phase="income")
    assert coins_before_next_turn((20, 19, 1), events) == (21, 19, 0)


def test_cc_r4_a_short_payer_pays_everything_it_holds() -> None:
    _, events = position({1: ("sellsword monk slinger fanatic", "")}, coins=(1, 4), phase="score")
    paid = [e.data["amount"] for e in events_of(events, "coins") if e.data["from"] == A]
    assert paid == [1]


# --------------------------------------------------------------------------- turn structure


def test_cc_r5_after_the_score_phase_the_other_player_starts_a_turn() -> None:
    s = RULES.new_game(2, seed=1)
    p1 = s.first
    s, _ = act(s, Bid(IDS[s.offer[0]], 1), Pass())
    s, events = act(s, RULES.legal_actions(s)[0])
    turn = events_of(events, "turn")
    assert turn and turn[0].data == {"turn": 2, "seat": 1 - p1}
    assert s.active == 1 - p1


def test_cc_r6_income_effects_resolve_before_the_base_three_coins() -> None:
    s, events = position({0: ("dodgy_dealer", "pikeman")}, coins=(0, 37), phase="income")
    assert coins_before_next_turn((0, 37, 3), events) == (1, 39, 0)


def test_cc_r7_the_quartermaster_swaps_even_when_the_bid_step_is_skipped() -> None:
    s, _ = position({0: ("quartermaster pikeman", "")}, coins=(0, 40), phase="recruit")
    assert side(s, 0, A) == ["pikeman", "quartermaster"]
    assert s.active == B, "A had no coins, so the bid step was skipped and the turn ended"


def test_cc_r8_bidding_is_mandatory_when_possible() -> None:
    s = RULES.new_game(2, seed=2)
    legal = RULES.legal_actions(s)
    assert legal and all(isinstance(a, Bid) for a in legal)


def test_cc_r8_no_biddable_card_skips_the_bid_step() -> None:
    s, _ = position({}, offer=[], deck=[], waiting=(["pikeman"], []))
    assert decision(s) == (A, "deploy")


def test_cc_r9_a_bid_must_be_one_to_all_coins_on_a_biddable_card() -> None:
    s, _ = position({}, coins=(6, 4), offer="pikeman fairy monk demon")
    assert sorted({a.amount for a in RULES.legal_actions(s)}) == [1, 2, 3, 4, 5, 6]  # type: ignore[attr-defined]
    assert _refused(s, Bid("pikeman", 7)).rule_id == "CC-R9"
    assert _refused(s, Bid("stone_giant", 1)).rule_id == "CC-R8"


def test_cc_r9_bid_options_are_ordered_by_card_id_then_amount() -> None:
    s, _ = position({}, coins=(2, 4), offer="pikeman fairy monk demon")
    assert RULES.legal_actions(s) == [
        Bid(c, x) for c in ("demon", "fairy", "monk", "pikeman") for x in (1, 2)
    ]


def test_cc_r10_match_is_offered_when_the_responder_holds_exactly_the_bid() -> None:
    s, _ = position({}, coins=(6, 4), offer="pikeman fairy monk demon")
    s, _ = act(s, Bid("monk", 4))
    assert RULES.legal_actions(s) == [Match(), Pass()]
    assert _refused(s, Bid("monk", 1)).rule_id == "CC-R10"


def test_cc_r10_match_is_refused_when_the_pass_is_forced() -> None:
    s, _ = position({}, coins=(6, 4), offer="pikeman fairy monk demon", waiting=(["griffin_rider"], []))
    s, _ = act(s, Bid("monk", 5))
    assert decision(s) == (A, "deploy"), "B could not pay 5: no decision was asked"
    assert waiting(s, A) == ["griffin_rider", "monk"]


def test_cc_r11_a_match_leaves_the_supply_untouched() -> None:
    s, _ = position({}, coins=(6, 4), offer="pikeman fairy monk demon", waiting=(["griffin_rider"], []))
    s, _ = act(s, Bid("monk", 2), Match())
    assert coins(s) == (8, 2, 30)
    assert waiting(s, B) == ["monk"]


def test_cc_r12_a_pass_sends_the_bid_to_the_supply() -> None:
    s, _ = position({}, coins=(6, 4), offer="pikeman fairy monk demon")
    s, _ = act(s, Bid("fairy", 2), Pass())
    assert coins(s) == (4, 4, 32) and waiting(s, A) == ["fairy"]


def test_cc_r13_the_offer_refills_from_the_deck_top_at_once() -> None:
    s, _ = position({}, offer="pikeman fairy monk demon", deck_top="bully")
    s, events = act(s, Bid("fairy", 1), Pass())
    assert offer(s) == ["pikeman", "monk", "demon", "bully"]
    refill = events_of(events, "refill_offer")
    assert len(refill) == 1 and refill[0].reveals and refill[0].data["card"] == "bully"


def test_cc_r13_recruiting_the_deck_top_leaves_the_offer_alone() -> None:
    s, _ = position({0: ("fortune_teller", "")}, offer="pikeman fairy monk demon", deck_top="bully")
    s, events = act(s, Bid("bully", 1), Pass())
    assert offer(s) == ["pikeman", "fairy", "monk", "demon"] and waiting(s, A) == ["bully"]
    assert events_of(events, "deck_top")[0].reveals


def test_cc_r14_with_an_empty_deck_the_offer_shrinks() -> None:
    s, _ = position({}, offer="pikeman fairy monk demon", deck=[])
    s, _ = act(s, Bid("fairy", 1), Pass())
    assert offer(s) == ["pikeman", "monk", "demon"]


def test_cc_r15_a_state_with_three_waiting_cards_does_not_load() -> None:
    s, _ = position({})
    data = RULES.to_dict(s)
    data["waiting"][B] = ["pikeman", "stone_giant", "bully"]
    for card_id in ("pikeman", "stone_giant", "bully"):
        for zone in ("offer", "deck", "discard"):
            if card_id in data[zone]:
                data[zone].remove(card_id)
    with pytest.raises(StateError, match="CC-R15"):
        RULES.from_dict(data)


def test_cc_r16_each_card_resolves_its_effect_before_the_next_card_is_played() -> None:
    s, _ = position({0: ("griffin_rider", "")}, phase="deploy", waiting=(["demon", "pikeman"], []))
    s, _ = act(s, Deploy("demon", 0))
    assert decision(s) == (A, "demon")
    s, _ = act(s, card("griffin_rider"))
    assert decision(s) == (A, "deploy") and waiting(s, A) == ["pikeman"]


def test_cc_r16_a_player_may_play_waiting_cards_in_any_order_and_lane() -> None:
    s, _ = position({}, phase="deploy", waiting=(["stone_giant", "pikeman"], []))
    assert RULES.legal_actions(s) == [Deploy(c, x) for c in ("pikeman", "stone_giant") for x in (0, 1, 2)]


def test_cc_r17_every_active_lane_is_offered_for_deployment() -> None:
    s, _ = position({}, phase="deploy", waiting=(["pikeman"], []), won={1: B})
    assert RULES.legal_actions(s) == [Deploy("pikeman", 0), Deploy("pikeman", 2)]


def test_cc_r17_defensive_rule_discards_a_card_with_no_active_lane() -> None:
    s, _ = position({}, phase="deploy", waiting=(["pikeman"], []), won={0: A, 1: B, 2: B})
    assert waiting(s, A) == [] and "pikeman" in RULES.player_view(s, A)["discard"]


# --------------------------------------------------------------------------- lanes and verbs


def test_cc_r18_a_won_lane_takes_no_cards() -> None:
    s, _ = position({}, phase="deploy", waiting=(["pikeman"], []), won={1: B})
    assert _refused(s, Deploy("pikeman", 1)).rule_id == "CC-R18"


def test_cc_r18_effects_cannot_choose_a_won_lane() -> None:
    s, _ = position({0: ("outrider", "")}, phase="income", won={1: B})
    assert side(s, 2, A) == ["outrider"], "the only other active lane was chosen automatically"


def test_cc_r19_every_card_enters_at_the_bottom_of_its_owners_side() -> None:
    s, _ = position({0: ("pikeman griffin_rider", "stone_giant")}, phase="deploy", waiting=(["fairy"], []))
    s, events = act(s, Deploy("fairy", 0))
    assert side(s, 0, A) == ["pikeman", "griffin_rider", "fairy"]
    assert events_of(events, "deploy")[0].data["position"] == 2


def test_cc_r20_a_card_cannot_move_when_only_its_own_lane_is_active() -> None:
    s, _ = position({1: ("outrider", "")}, phase="income", won={0: A, 2: B})
    assert side(s, 1, A) == ["outrider"] and decision(s) == (A, "bid")


def test_cc_r21_a_swap_exchanges_lane_and_index_and_keeps_side_sizes() -> None:
    lanes = {0: ("pikeman griffin_rider", ""), 2: ("stone_giant", "")}
    s, _ = position(lanes, phase="deploy", waiting=(["changeling"], []))
    s, _ = act(s, Deploy("changeling", 2), card("pikeman"))
    assert side(s, 0, A) == ["changeling", "griffin_rider"]
    assert side(s, 2, A) == ["stone_giant", "pikeman"]


def test_cc_r22_a_face_down_card_has_no_strength_and_no_effect() -> None:
    s, events = position({1: ("dodgy_dealer:fd ironclad_knight", "pikeman")}, coins=(0, 10), phase="income")
    assert coins_before_next_turn((0, 10, 30), events) == (3, 10, 27)


def test_cc_r22_the_owner_chooses_for_a_card_the_opponent_turned_face_up() -> None:
    """B's alchemist destroys A's banshee; A flips B's face-down demon; B then chooses for the demon."""
    lanes = {0: ("banshee", "demon:fd fairy"), 1: ("pikeman", "")}
    s, _ = position(lanes, active=B, phase="deploy", waiting=([], ["alchemist"]))
    s, _ = act(s, Deploy("alchemist", 2), card("banshee"))
    assert decision(s) == (A, "banshee")
    s, _ = act(s, card("demon"))
    assert not is_down(s, "demon")
    assert decision(s) == (B, "demon") and RULES.legal_actions(s) == [card("demon"), card("fairy")]


def test_cc_r23_destroyed_cards_go_to_the_public_discard_pile() -> None:
    s, _ = position({0: ("", "pikeman")}, phase="deploy", waiting=(["alchemist"], []))
    s, _ = act(s, Deploy("alchemist", 1), card("pikeman"))
    assert RULES.player_view(s, B)["discard"][-1] == "pikeman"


def test_cc_r24_a_summoned_card_does_not_resolve_its_deployment_effect() -> None:
    s, _ = position({}, phase="deploy", waiting=(["summoner"], []), deck_top="demon")
    s, events = act(s, Deploy("summoner", 0), lane(1))
    assert side(s, 1, A) == ["demon"] and is_down(s, "demon")
    assert decision(s) != (A, "demon") and events_of(events, "deploy")[1].data["source"] == "deck"


def test_cc_r25_income_effects_work_only_in_their_owners_income() -> None:
    s, events = position({0: ("pikeman", "dodgy_dealer")}, coins=(0, 0), phase="income")
    assert coins_before_next_turn((0, 0, 40), events) == (3, 0, 37), "B's dealer is idle in A's Income"
    s, events = position({0: ("pikeman", "dodgy_dealer")}, coins=(0, 0), active=B, phase="income")
    assert coins_before_next_turn((0, 0, 40), events) == (2, 3, 35)


def test_cc_r26_an_effect_with_one_option_must_take_it_even_to_its_owners_cost() -> None:
    s, _ = position({}, phase="deploy", waiting=(["demon"], []))
    s, _ = act(s, Deploy("demon", 0))
    assert is_down(s, "demon")


def test_cc_r26_a_part_without_options_is_skipped_and_the_rest_resolves() -> None:
    s, _ = position({0: ("pikeman:fd", "")}, phase="deploy", waiting=(["monk"], []))
    s, _ = act(s, Deploy("monk", 1), card("pikeman"))
    assert not is_down(s, "pikeman") and not is_down(s, "monk")
    assert s.active == B, "part 2 had no opponent card and was skipped"


def test_cc_r27_the_blood_priests_victim_is_chosen_by_the_opponent() -> None:
    s, _ = position({1: ("", "pikeman fairy")}, phase="deploy", waiting=(["blood_priest"], []))
    s, _ = act(s, Deploy("blood_priest", 1))
    assert decision(s) == (B, "blood_priest")


def test_cc_r28_waiting_and_offer_cards_are_never_targets() -> None:
    s, _ = position({0: ("pikeman:fd", "fairy")}, phase="deploy", waiting=(["alchemist"], ["griffin_rider"]))
    s, _ = act(s, Deploy("alchemist", 2))
    assert RULES.legal_actions(s) == [card("fairy"), card("pikeman"), card("alchemist")]


def test_cc_r29_the_monk_that_flipped_itself_still_flips_an_opponents_card() -> None:
    s, _ = position({2: ("", "pikeman")}, phase="deploy", waiting=(["monk"], []))
    s, _ = act(s, Deploy("monk", 0))
    assert is_down(s, "monk") and is_down(s, "pikeman")


# --------------------------------------------------------------------------- resolution order


def test_cc_r30_income_order_follows_the_owners_left_to_right_view() -> None:
    """B sees L2 first: the outrider moves under B's ogre in L0, then the ogre flips it."""
    s, _ = position({0: ("", "clumsy_ogre"), 2: ("", "outrider")}, active=B, phase="income")
    assert decision(s) == (B, "outrider")
    s, _ = act(s, lane(0))
    assert side(s, 0, B) == ["clumsy_ogre", "outrider"] and is_down(s, "outrider")


R31_LANES = {1: ("stone_giant ironclad_knight pikeman undead", "martyr")}


def test_cc_r31_the_active_players_destruction_effects_resolve_first() -> None:
    """B active: B's martyr pays before A is asked where the undead returns."""
    s, _ = position(R31_LANES, active=B, phase="score", coins=(5, 5))
    assert decision(s) == (A, "undead") and coins(s) == (5, 8, 27)


def test_cc_r31_the_opponents_destruction_effects_wait_for_the_active_players() -> None:
    """A active: A's undead is placed first; B's martyr has not paid yet."""
    s, _ = position(R31_LANES, active=A, phase="score", coins=(5, 5))
    assert decision(s) == (A, "undead") and coins(s) == (5, 5, 30)
    s, events = act(s, lane(0))
    assert coins_before_next_turn((5, 5, 30), events) == (5, 8, 27)


def test_cc_r32_a_destruction_effect_resolves_before_the_alchemists_coins() -> None:
    s, _ = position({0: ("", "banshee pikeman")}, phase="deploy", waiting=(["alchemist"], []))
    s, events = act(s, Deploy("alchemist", 1), card("banshee"))
    assert decision(s) == (B, "banshee")
    s, events = act(s, card("pikeman"))
    kinds_in_order = [e.kind for e in events if e.kind in ("flip", "coins")]
    assert kinds_in_order[:2] == ["flip", "coins"]


def test_cc_r33_scoring_strength_never_drops_below_zero() -> None:
    _, events = position({1: ("pikeman:fd slinger stone_giant griffin_rider", "berserker")}, phase="score")
    assert events_of(events, "score_lane")[0].data["totals"] == [0 + 1 + 7 + 5, 7]


def test_cc_r34_tied_weakest_cards_are_chosen_by_the_bully_owner() -> None:
    s, _ = position({0: ("", "slinger fanatic pikeman")}, phase="deploy", waiting=(["bully"], []))
    s, _ = act(s, Deploy("bully", 0))
    assert decision(s) == (A, "bully")
    assert RULES.legal_actions(s) == [card("slinger"), card("fanatic")]


# --------------------------------------------------------------------------- Score phase


def test_cc_r35_face_down_cards_count_towards_the_four() -> None:
    _, events = position({2: ("pikeman monk:fd slinger:fd fairy:fd", "griffin_rider")}, phase="score")
    assert events_of(events, "score_lane")[0].data == {"lane": 2, "totals": [5, 6], "winner": B}


def test_cc_r35_a_lane_with_three_cards_a_side_does_not_qualify() -> None:
    _, events = position({2: ("pikeman monk slinger", "griffin_rider fairy bully")}, phase="score")
    assert events_of(events, "score_lane") == []


def test_cc_r36_a_lane_made_to_qualify_earlier_in_the_order_is_scored_in_the_next_pass() -> None:
    """See CC-T8: L0 qualifies only after L2 was won; it is scored in pass 2."""
    s, _ = position(
        {0: ("bully monk slinger", "demon"), 2: ("stone_giant undead pikeman griffin_rider", "")},
        phase="score",
    )
    s, events = act(s, lane(0))
    assert [e.data["lane"] for e in events_of(events, "score_lane")] == [0]


def test_cc_r37_both_sides_add_their_scoring_strengths() -> None:
    _, events = position({0: ("pikeman stone_giant griffin_rider ironclad_knight", "monk")}, phase="score")
    assert events_of(events, "score_lane")[0].data["totals"] == [26, 3]


def test_cc_r38_a_second_castle_ends_the_game_before_any_destruction_effect() -> None:
    lanes = {1: ("stone_giant ironclad_knight pikeman griffin_rider", "martyr")}
    s, events = position(lanes, won={0: A}, phase="score", coins=(5, 5))
    assert RULES.is_over(s) and RULES.outcome(s).winners == (A,)  # type: ignore[union-attr]
    assert coins(s) == (5, 5, 30), "the martyr's coins were never paid"
    assert events[-1].kind == "game_over"


def test_cc_r38_the_won_lane_is_empty_and_closed() -> None:
    s, _ = position({1: ("stone_giant ironclad_knight pikeman griffin_rider", "fairy")}, phase="score")
    assert s.won_by[1] == A and s.sides[1] == [[], []]


def test_cc_r39_a_tied_lane_keeps_its_cards_and_is_not_rescored_in_the_phase() -> None:
    s, events = position({0: ("griffin_rider fairy:fd monk:fd slinger:fd", "demon")}, phase="score")
    assert [e.data["winner"] for e in events_of(events, "score_lane")] == [None]
    assert len(s.sides[0][A]) == 4 and s.won_by[0] == -1


def test_cc_r40_destruction_can_complete_a_later_lane_in_the_same_pass() -> None:
    lanes = {0: ("stone_giant undead pikeman griffin_rider", "fairy"), 2: ("bully monk slinger", "demon")}
    s, events = position(lanes, phase="score")
    s, events = act(s, lane(2))
    assert [e.data["lane"] for e in events_of(events, "score_lane")] == [2]
    assert RULES.is_over(s)


def test_cc_r41_a_fourth_card_during_deployment_waits_for_the_score_phase() -> None:
    s, _ = position(
        {0: ("pikeman monk slinger", "demon")}, phase="deploy", waiting=(["stone_giant", "fairy"], [])
    )
    s, events = act(s, Deploy("stone_giant", 0))
    assert events_of(events, "score_lane") == [] and decision(s) == (A, "deploy")
    s, events = act(s, Deploy("fairy", 1))
    assert [e.data["lane"] for e in events_of(events, "score_lane")] == [0]


# --------------------------------------------------------------------------- end of the game


def test_cc_r42_two_castles_win_at_once() -> None:
    s, _ = position({2: ("stone_giant pikeman griffin_rider ironclad_knight", "")}, won={0: A}, phase="score")
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == (A,) and outcome.scores == (2.0, 0.0)
    assert RULES.current_player(s) is None and RULES.legal_actions(s) == []


def test_cc_r43_equal_castles_strength_and_coins_are_a_draw() -> None:
    s, _ = position(
        {1: ("pikeman", "outrider fairy")},
        active=B,
        phase="end",
        offer=[],
        deck=[],
        won={0: A, 2: B},
        coins=(5, 5),
    )
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == () and "draw" in outcome.reason


def test_cc_r44_the_game_stops_after_turn_two_hundred() -> None:
    s, _ = position({1: ("pikeman", "")}, phase="end", turn=200)
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == (A,) and "strength" in outcome.reason


def test_cc_r11_the_log_counts_a_one_coin_match_in_the_singular() -> None:
    s, _ = position({}, coins=(6, 4), offer="pikeman fairy monk demon")
    s, _ = act(s, Bid("monk", 1))
    _s, events = act(s, Match())
    assert next(e for e in events if e.kind == "match").text == "{p1} matches (1 coin)"
