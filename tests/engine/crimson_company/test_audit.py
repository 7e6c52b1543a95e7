"""Independent audit against crimson_company_supplement.md: tests named after the rule or card they pin.

They fill the gaps left by test_rules.py, test_cards.py and test_scenarios.py (A = P1 = seat 0).
"""

from __future__ import annotations

import json

import pytest

from crimson_table.engine.core import Action, IllegalAction
from crimson_table.engine.crimson_company.cards import CARDS, IDS
from crimson_table.engine.crimson_company.flow import TASK_KINDS, settle
from crimson_table.engine.crimson_company.ops import Ctx
from crimson_table.engine.crimson_company.state import from_dict
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


def _refused(s: CCState, action: Action) -> str:
    """The rule id of the IllegalAction ``action`` raises; the state must stay unchanged."""
    before = json.dumps(RULES.to_dict(s), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        RULES.apply_action(s, action)
    assert json.dumps(RULES.to_dict(s), sort_keys=True) == before
    return info.value.rule_id


def _discard(s: CCState) -> list[str]:
    return list(RULES.player_view(s, A)["discard"])


def _totals(lanes: dict[int, tuple[str, str]], active: int = A, **kw: object) -> list[list[int]]:
    _, events = position(lanes, active=active, phase="score", **kw)  # type: ignore[arg-type]
    return [e.data["totals"] for e in events_of(events, "score_lane")]


# --------------------------------------------------------------------------- section 2: the card table

SECTION_2 = [
    ("alchemist", "Alchemist", 3, "deployment"),
    ("banshee", "Banshee", 3, "destruction"),
    ("berserker", "Berserker", 7, "score"),
    ("blood_priest", "Blood Priest", 3, "deployment"),
    ("bully", "Bully", 4, "deployment"),
    ("changeling", "Changeling", 4, "deployment"),
    ("clumsy_ogre", "Clumsy Ogre", 7, "income"),
    ("demon", "Demon", 6, "deployment"),
    ("dodgy_dealer", "Dodgy Dealer", 2, "income"),
    ("fairy", "Fairy", 1, "score"),
    ("fanatic", "Fanatic", 2, "destruction"),
    ("fortune_teller", "Fortune Teller", 2, "recruitment"),
    ("griffin_rider", "Griffin Rider", 6, "none"),
    ("haggler", "Haggler", 2, "recruitment"),
    ("illusionist", "Illusionist", 2, "deployment"),
    ("ironclad_knight", "Ironclad Knight", 7, "none"),
    ("martyr", "Martyr", 1, "destruction"),
    ("monk", "Monk", 3, "deployment"),
    ("outrider", "Outrider", 4, "income"),
    ("pikeman", "Pikeman", 5, "none"),
    ("plague_doctor", "Plague Doctor", 2, "score"),
    ("quartermaster", "Quartermaster", 3, "recruitment"),
    ("sellsword", "Sellsword", 6, "score"),
    ("siren", "Siren", 3, "deployment"),
    ("slinger", "Slinger", 2, "deployment"),
    ("standard_bearer", "Standard Bearer", 2, "score"),
    ("stone_giant", "Stone Giant", 8, "none"),
    ("summoner", "Summoner", 2, "deployment"),
    ("undead", "Undead", 3, "destruction"),
    ("war_drummer", "War Drummer", 3, "deployment"),
]


def test_section_2_every_card_has_its_printed_name_strength_and_effect_type() -> None:
    assert [(c.id, c.name, c.strength, c.kind) for c in CARDS] == SECTION_2


# --------------------------------------------------------------------------- section 0: views and P1


def _seed_where_seat_one_starts() -> int:
    return next(seed for seed in range(100) if RULES.new_game(2, seed).first == 1)


def test_section_0_p1_sees_l0_first_even_when_p1_is_seat_one() -> None:
    s = RULES.new_game(2, _seed_where_seat_one_starts())
    assert RULES.player_view(s, 1)["lane_order"] == [0, 1, 2]
    assert RULES.player_view(s, 0)["lane_order"] == [2, 1, 0]


def test_cc_r30_income_order_follows_p1s_view_when_seat_one_is_p1() -> None:
    """Seat 1 is P1 here, so it resolves L0 (ogre: nothing below) before L2 (outrider moves under it)."""
    base, _ = position(
        {0: ("", "clumsy_ogre"), 2: ("", "outrider")}, phase="deploy", waiting=(["pikeman"], [])
    )
    data = RULES.to_dict(base)
    data.update(first=1, active=1, waiting=[[], []], discard=data["discard"] + ["pikeman"], pending=None)
    data["tasks"] = [
        ["end_turn"],
        ["score_phase"],
        ["deploy_step", 1],
        ["bid", 1],
        ["recruit_fx"],
        ["income_base"],
        ["income_fx"],
    ]
    s = from_dict(data, TASK_KINDS)  # a mid-turn state: work queued, no decision yet
    settle(Ctx(s))
    assert decision(s) == (B, "outrider")
    s, _ = act(s, lane(0))
    assert side(s, 0, B) == ["clumsy_ogre", "outrider"] and not is_down(s, "outrider")


# --------------------------------------------------------------------------- information (CC-R3, CC-R13)


def test_cc_r3_views_do_not_depend_on_the_deck_order_below_its_top() -> None:
    kw = {"offer": "pikeman fairy monk demon", "phase": "bid"}
    one, _ = position({}, deck="bully stone_giant griffin_rider siren", **kw)  # type: ignore[arg-type]
    two, _ = position({}, deck="bully siren griffin_rider stone_giant", **kw)  # type: ignore[arg-type]
    for seat in (A, B):
        assert RULES.player_view(one, seat) == RULES.player_view(two, seat)
    assert RULES.player_view(one, A)["deck_top"] == "bully"


def test_cc_r13_after_a_refill_the_view_shows_the_next_deck_card_on_top() -> None:
    s, _ = position({}, offer="pikeman fairy monk demon", deck="bully stone_giant")
    s, events = act(s, Bid("fairy", 1), Pass())
    view = RULES.player_view(s, B)
    assert offer(s) == ["pikeman", "monk", "demon", "bully"]
    assert view["deck_top"] == "stone_giant" and view["deck_count"] == 1 and view["deck_unseen"] == []
    assert events_of(events, "refill_offer")[0].data["deck_top"] == "stone_giant"


def test_cc_r13_a_matched_deck_top_bid_keeps_four_offer_cards_and_shows_the_next_card() -> None:
    s, _ = position({0: ("fortune_teller", "")}, offer="pikeman fairy monk demon", deck="bully stone_giant")
    s, _ = act(s, Bid("bully", 1), Match())
    assert waiting(s, B) == ["bully"] and offer(s) == ["pikeman", "fairy", "monk", "demon"]
    assert RULES.player_view(s, A)["deck_top"] == "stone_giant"


# --------------------------------------------------------------------------- bidding (CC-R8 .. CC-R12)


def test_cc_r8_a_face_down_fortune_teller_adds_no_deck_bid() -> None:
    s, _ = position({0: ("fortune_teller:fd", "")}, offer="pikeman fairy monk demon", deck_top="bully")
    assert {a.card for a in RULES.legal_actions(s) if isinstance(a, Bid)} == {
        "pikeman",
        "fairy",
        "monk",
        "demon",
    }
    assert _refused(s, Bid("bully", 1)) == "CC-R8"


def test_cc_r8_the_opponents_fortune_teller_adds_no_deck_bid_for_me() -> None:
    s, _ = position({0: ("", "fortune_teller")}, offer="pikeman fairy monk demon", deck_top="bully")
    assert "bully" not in {a.card for a in RULES.legal_actions(s) if isinstance(a, Bid)}


def test_cc_r14_a_fortune_teller_with_an_empty_deck_adds_no_bid() -> None:
    s, _ = position({0: ("fortune_teller", "")}, coins=(1, 4), offer="pikeman fairy", deck=[])
    assert RULES.legal_actions(s) == [Bid("fairy", 1), Bid("pikeman", 1)]


def test_section_4_the_deck_top_bid_is_ordered_by_card_id_among_the_offer() -> None:
    s, _ = position(
        {0: ("fortune_teller", "")}, coins=(1, 4), offer="pikeman fairy monk demon", deck_top="bully"
    )
    assert RULES.legal_actions(s) == [Bid(c, 1) for c in ("bully", "demon", "fairy", "monk", "pikeman")]


def test_cc_r10_a_face_down_haggler_adds_nothing_to_the_match_price() -> None:
    s, _ = position({0: ("haggler:fd", "")}, coins=(6, 4), offer="pikeman fairy monk demon")
    s, _ = act(s, Bid("monk", 4))
    assert RULES.legal_actions(s) == [Match(), Pass()]
    s, _ = act(s, Match())
    assert coins(s) == (10, 0 + 3, 30 - 3) and waiting(s, B) == ["monk"]


def test_cc_r10_the_responders_own_haggler_does_not_raise_the_price() -> None:
    s, _ = position({0: ("", "haggler")}, coins=(6, 4), offer="pikeman fairy monk demon")
    s, _ = act(s, Bid("monk", 4))
    assert RULES.legal_actions(s) == [Match(), Pass()]
    s, events = act(s, Match())
    assert coins_before_next_turn((2, 4, 30), events) == (10, 0, 30)


def test_cc_r10_refusing_a_match_that_is_not_offered_cites_cc_r10() -> None:
    s, _ = position(
        {0: ("haggler", "")}, coins=(6, 5), offer="pikeman fairy monk demon", waiting=(["griffin_rider"], [])
    )
    s, _ = act(s, Bid("monk", 4))
    assert _refused(s, Deploy("monk", 0)) == "CC-R10"


def test_cc_r7_a_face_down_quartermaster_swaps_nothing() -> None:
    s, _ = position({0: ("quartermaster:fd pikeman", "")}, phase="recruit")
    assert side(s, 0, A) == ["quartermaster", "pikeman"] and decision(s) == (A, "bid")


# --------------------------------------------------------------------------- deployment and targeting


def test_cc_r16_a_bid_during_deployment_is_refused_citing_cc_r16() -> None:
    s, _ = position({}, phase="deploy", waiting=(["pikeman"], ["stone_giant"]))
    assert _refused(s, Bid("fairy", 1)) == "CC-R16"
    assert _refused(s, Deploy("stone_giant", 0)) == "CC-R16", "B's waiting card is not A's to play"


def test_cc_r18_a_siren_with_only_its_own_lane_active_moves_nothing() -> None:
    s, _ = position({1: ("", "pikeman fairy")}, phase="deploy", waiting=(["siren"], []), won={0: A, 2: B})
    s, _ = act(s, Deploy("siren", 1))
    assert side(s, 1, B) == ["pikeman", "fairy"] and s.active == B


def test_cc_r18_an_undead_with_no_other_active_lane_stays_in_the_discard_pile() -> None:
    s, _ = position({1: ("", "undead")}, phase="deploy", waiting=(["bully"], []), won={0: A, 2: B})
    s, _ = act(s, Deploy("bully", 1))
    assert "undead" in _discard(s) and side(s, 1, B) == []


def test_cc_r18_a_war_drummer_with_no_other_active_lane_moves_nothing() -> None:
    s, events = position(
        {1: ("pikeman", "")}, phase="deploy", waiting=(["war_drummer"], []), won={0: A, 2: B}
    )
    s, events = act(s, Deploy("war_drummer", 1))
    assert side(s, 1, A) == ["pikeman", "war_drummer"] and events_of(events, "move") == []


def test_cc_r19_a_summoned_card_goes_below_the_cards_already_there() -> None:
    s, _ = position({0: ("pikeman", "")}, phase="deploy", waiting=(["summoner"], []), deck_top="monk")
    s, _ = act(s, Deploy("summoner", 0), lane(0))
    assert side(s, 0, A) == ["pikeman", "summoner", "monk"] and is_down(s, "monk")


def test_cc_r19_the_undead_returns_below_the_cards_already_there() -> None:
    s, _ = position({0: ("", "undead"), 2: ("", "fairy")}, phase="deploy", waiting=(["bully"], []))
    s, _ = act(s, Deploy("bully", 0), lane(2))
    assert side(s, 2, B) == ["fairy", "undead"] and not is_down(s, "undead")


def test_cc_r23_a_face_down_undead_stays_in_the_discard_pile() -> None:
    s, _ = position({0: ("", "undead:fd")}, phase="deploy", waiting=(["bully"], []))
    s, _ = act(s, Deploy("bully", 0))
    assert "undead" in _discard(s) and all(not side(s, x, B) for x in range(3))


def test_cc_r22_a_blood_priest_turned_face_up_by_the_opponent_makes_the_flipper_choose() -> None:
    """A's demon turns B's blood_priest up; its owner is B, so A destroys one of A's cards in L0."""
    s, _ = position(
        {0: ("pikeman griffin_rider", "blood_priest:fd")}, phase="deploy", waiting=(["demon"], [])
    )
    s, _ = act(s, Deploy("demon", 0), card("blood_priest"))
    assert decision(s) == (A, "blood_priest")
    assert RULES.legal_actions(s) == [card("pikeman"), card("griffin_rider"), card("demon")]


def test_cc_r29_a_monk_destroyed_by_the_alchemist_it_turned_up_still_flips_an_opponents_card() -> None:
    lanes = {0: ("alchemist:fd", "pikeman"), 1: ("", "stone_giant")}
    s, _ = position(lanes, phase="deploy", waiting=(["monk"], []))
    s, _ = act(s, Deploy("monk", 2), card("alchemist"), card("monk"))
    assert "monk" in _discard(s) and decision(s) == (A, "monk_opp")
    s, _ = act(s, card("stone_giant"))
    assert is_down(s, "stone_giant")


# --------------------------------------------------------------------------- cards


def test_alchemist_destroying_the_undead_returns_it_before_its_owner_gains_three() -> None:
    s, _ = position({0: ("", "undead")}, phase="deploy", waiting=(["alchemist"], []), coins=(6, 4))
    s, _ = act(s, Deploy("alchemist", 1), card("undead"))
    assert decision(s) == (B, "undead") and coins(s) == (6, 4, 30)
    s, events = act(s, lane(2))
    assert side(s, 2, B) == ["undead"]
    assert coins_before_next_turn((6, 4, 30), events) == (6, 7, 27)


def test_bully_with_no_opposing_card_in_its_lane_destroys_nothing() -> None:
    s, events = position({1: ("", "fairy")}, phase="deploy", waiting=(["bully"], []))
    s, events = act(s, Deploy("bully", 0))
    assert events_of(events, "destroy") == [] and side(s, 1, B) == ["fairy"]


def test_changeling_alone_swaps_nothing() -> None:
    s, events = position({0: ("", "pikeman")}, phase="deploy", waiting=(["changeling"], []))
    s, events = act(s, Deploy("changeling", 1))
    assert events_of(events, "swap") == [] and side(s, 1, A) == ["changeling"]


def test_clumsy_ogre_turns_a_face_up_card_below_it_face_down() -> None:
    s, _ = position({2: ("clumsy_ogre pikeman", "")}, phase="income")
    assert is_down(s, "pikeman") and not is_down(s, "clumsy_ogre")


def test_dodgy_dealer_pays_the_opponent_when_the_opponent_is_ahead() -> None:
    _, events = position({0: ("dodgy_dealer", "pikeman")}, coins=(0, 0), phase="income")
    assert coins_before_next_turn((0, 0, 40), events) == (3, 2, 35)


def test_demon_flipping_a_face_down_card_up_resolves_its_effect_at_once() -> None:
    s, _ = position({0: ("slinger:fd", "pikeman")}, phase="deploy", waiting=(["demon"], []))
    s, _ = act(s, Deploy("demon", 0), card("slinger"))
    assert not is_down(s, "slinger") and is_down(s, "demon") and is_down(s, "pikeman")


def test_fairy_picks_the_highest_scoring_strength_after_earlier_score_effects() -> None:
    """plague_doctor makes monk 3 before the fairy resolves, so monk (not plague_doctor) doubles."""
    lanes = {1: ("plague_doctor fairy monk:fd", "pikeman griffin_rider stone_giant ironclad_knight")}
    assert _totals(lanes) == [[2 + 1 + 6, 5 + 6 + 16 + 7]]


def test_fairy_skips_a_side_with_no_cards() -> None:
    assert _totals({1: ("fairy pikeman monk slinger", "")}) == [[1 + 10 + 3 + 2, 0]]


def test_fanatic_with_no_opposing_card_in_another_lane_destroys_nothing() -> None:
    s, _ = position({0: ("", "fanatic")}, phase="deploy", waiting=(["alchemist"], []))
    s, events = act(s, Deploy("alchemist", 0), card("fanatic"))
    assert side(s, 0, A) == ["alchemist"] and [e.data["card"] for e in events_of(events, "destroy")] == [
        "fanatic"
    ]


def test_illusionist_facing_a_single_card_swaps_nothing() -> None:
    s, events = position({0: ("", "pikeman")}, phase="deploy", waiting=(["illusionist"], []))
    s, events = act(s, Deploy("illusionist", 1))
    assert events_of(events, "swap") == [] and side(s, 0, B) == ["pikeman"]


def test_plague_doctor_gives_a_face_down_sellsword_three_but_it_does_not_pay() -> None:
    lanes = {1: ("plague_doctor sellsword:fd monk slinger", "stone_giant")}
    _, events = position(lanes, phase="score", coins=(5, 4))
    assert [e.data["totals"] for e in events_of(events, "score_lane")] == [[2 + 3 + 3 + 2, 8]]
    assert [e for e in events_of(events, "coins") if e.data["from"] == A] == []


def test_quartermaster_alone_swaps_nothing() -> None:
    s, _ = position({0: ("quartermaster", "pikeman")}, phase="recruit")
    assert decision(s) == (A, "bid") and side(s, 0, A) == ["quartermaster"]


def test_sellsword_short_of_coins_above_a_standard_bearer_scores_one() -> None:
    lanes = {1: ("sellsword standard_bearer monk slinger", "stone_giant")}
    assert _totals(lanes, coins=(1, 4)) == [[0 + 1 + 2 + 4 + 3, 8]]


def test_berserker_face_down_changes_nothing() -> None:
    assert _totals({0: ("pikeman stone_giant", "berserker:fd monk slinger fairy:fd")}) == [[13, 5]]


def test_siren_against_a_single_card_asks_only_for_its_destination() -> None:
    s, _ = position({1: ("", "pikeman")}, phase="deploy", waiting=(["siren"], []))
    s, _ = act(s, Deploy("siren", 1))
    assert decision(s) == (A, "siren_dest") and RULES.legal_actions(s) == [lane(0), lane(2)]
    assert _refused(s, lane(1)) == "CC-R20"


def test_slinger_tied_for_the_highest_strength_flips_itself_too() -> None:
    s, _ = position({0: ("fairy haggler", "")}, phase="deploy", waiting=(["slinger"], []))
    s, _ = act(s, Deploy("slinger", 0))
    assert is_down(s, "haggler") and is_down(s, "slinger") and not is_down(s, "fairy")


def test_undead_cannot_return_to_the_lane_it_was_destroyed_in() -> None:
    s, _ = position({0: ("", "undead")}, phase="deploy", waiting=(["bully"], []))
    s, _ = act(s, Deploy("bully", 0))
    assert _refused(s, lane(0)) == "CC-R18"


def test_fairy_choice_refuses_a_card_that_is_not_tied_for_highest_citing_cc_r34() -> None:
    s, _ = position({2: ("fairy outrider bully changeling", "stone_giant")}, phase="score")
    assert _refused(s, card("fairy")) == "CC-R34"


# --------------------------------------------------------------------------- Score phase and the end


def test_cc_r38_a_summoner_turned_up_by_the_banshee_cannot_use_the_won_lane() -> None:
    lanes = {1: ("stone_giant pikeman griffin_rider ironclad_knight", "banshee"), 2: ("", "summoner:fd")}
    s, _ = position(lanes, phase="score", deck_top="monk")
    assert s.won_by[1] == A and not is_down(s, "summoner")
    assert decision(s) == (B, "summoner") and RULES.legal_actions(s) == [lane(0), lane(2)]


def test_cc_r39_a_tied_lane_that_gains_a_card_later_in_the_phase_is_not_scored_again() -> None:
    """L0 ties 5-5; L2 is won and the undead returns to L0 (5 cards), but L0 is skipped until next phase."""
    lanes = {
        0: ("pikeman monk:fd slinger:fd fairy:fd", "outrider martyr"),
        2: ("stone_giant undead griffin_rider ironclad_knight", ""),
    }
    s, events = position(lanes, phase="score")
    assert [(e.data["lane"], e.data["winner"]) for e in events_of(events, "score_lane")] == [
        (0, None),
        (2, A),
    ]
    s, events = act(s, lane(0))
    assert events_of(events, "score_lane") == [] and s.won_by[0] == -1
    assert len(s.sides[0][A]) == 5


def test_cc_r43_more_castles_win_before_strength_and_coins() -> None:
    s, _ = position({1: ("stone_giant", "fairy")}, phase="end", offer=[], deck=[], won={0: B}, coins=(20, 1))
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == (B,) and "castles" in outcome.reason


def test_cc_r43_the_reason_quotes_the_winners_count_first() -> None:
    s, _ = position(
        {1: ("griffin_rider", "pikeman fairy")},
        phase="end",
        offer=[],
        deck=[],
        won={0: A, 2: B},
        coins=(9, 12),
    )
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == (B,)
    assert outcome.reason.endswith("{p1} has more coins (12 to 9)")


def test_cc_r44_a_game_stopped_at_turn_two_hundred_does_not_claim_the_cards_ran_out() -> None:
    s, _ = position({1: ("pikeman", "")}, phase="end", turn=200)
    assert s.deck and s.offer
    outcome = RULES.outcome(s)
    assert outcome is not None and "ran out" not in outcome.reason and "200" in outcome.reason


def test_cc_r42_the_second_castle_can_go_to_the_player_who_is_not_active() -> None:
    lanes = {1: ("fairy", "stone_giant pikeman griffin_rider ironclad_knight")}
    s, _ = position(lanes, active=A, phase="score", won={0: B})
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == (B,) and outcome.scores == (0.0, 2.0)


def test_cc_r1_every_card_id_round_trips_as_a_bid_action() -> None:
    """Card ids are the action vocabulary (CC-R1): each survives the action codec."""
    for card_id in IDS:
        assert RULES.action_from_dict(Bid(card_id, 1).to_dict()) == Bid(card_id, 1)
