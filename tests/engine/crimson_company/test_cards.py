"""At least one test per card effect (supplement sections 2 and 3), named after the card id."""

from __future__ import annotations

import pytest

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
    cards,
    coins,
    coins_before_next_turn,
    decision,
    events_of,
    is_down,
    lane,
    offer,
    pair,
    position,
    side,
    waiting,
)


def _deploy(lanes: dict[int, tuple[str, str]], card_id: str, into: int, **kw: object) -> tuple:  # type: ignore[type-arg]
    s, _ = position(lanes, phase="deploy", waiting=([card_id], []), **kw)  # type: ignore[arg-type]
    return act(s, Deploy(card_id, into))


def _totals(lanes: dict[int, tuple[str, str]], active: int = A, **kw: object) -> list[list[int]]:
    _, events = position(lanes, active=active, phase="score", **kw)  # type: ignore[arg-type]
    return [e.data["totals"] for e in events_of(events, "score_lane")]


def test_alchemist_pays_the_owner_of_the_destroyed_card_its_strength() -> None:
    s, events = _deploy({1: ("", "pikeman")}, "alchemist", 0, coins=(6, 4))
    s, more = act(s, card("pikeman"))
    assert coins_before_next_turn((6, 4, 30), events + more) == (6, 9, 25)
    assert side(s, 1, B) == []


def test_banshee_flips_a_card_of_its_owners_choice_when_destroyed() -> None:
    s, _ = _deploy({0: ("", "banshee"), 2: ("pikeman", "")}, "alchemist", 1)
    s, _ = act(s, card("banshee"))
    assert decision(s) == (B, "banshee")
    assert RULES.legal_actions(s) == [card("alchemist"), card("pikeman")]
    s, _ = act(s, card("pikeman"))
    assert is_down(s, "pikeman")


def test_berserker_takes_one_from_every_other_card_in_its_lane() -> None:
    assert _totals({0: ("pikeman stone_giant", "berserker slinger griffin_rider monk")}) == [
        [4 + 7, 7 + 1 + 5 + 2]
    ]


def test_blood_priest_makes_the_opponent_destroy_one_of_their_cards_in_its_lane() -> None:
    s, _ = _deploy({1: ("", "pikeman fairy"), 2: ("", "stone_giant")}, "blood_priest", 1)
    assert decision(s) == (B, "blood_priest")
    assert RULES.legal_actions(s) == [card("pikeman"), card("fairy")]
    s, _ = act(s, card("fairy"))
    assert side(s, 1, B) == ["pikeman"]


def test_blood_priest_does_nothing_when_the_opponent_has_no_card_there() -> None:
    s, events = _deploy({2: ("", "stone_giant")}, "blood_priest", 1)
    assert events_of(events, "destroy") == [] and side(s, 2, B) == ["stone_giant"]


def test_bully_destroys_a_face_down_card_before_any_face_up_card() -> None:
    s, _ = _deploy({0: ("", "fairy griffin_rider:fd")}, "bully", 0)
    assert side(s, 0, B) == ["fairy"]


def test_changeling_swaps_with_another_of_its_owners_cards() -> None:
    s, _ = _deploy({0: ("pikeman", "fairy"), 1: ("stone_giant", "")}, "changeling", 2)
    assert decision(s) == (A, "changeling")
    assert RULES.legal_actions(s) == [card("pikeman"), card("stone_giant")]
    s, _ = act(s, card("stone_giant"))
    assert side(s, 1, A) == ["changeling"] and side(s, 2, A) == ["stone_giant"]


def test_clumsy_ogre_flips_the_card_directly_below_it_in_income() -> None:
    s, _ = position({0: ("pikeman clumsy_ogre fairy:fd slinger", "")}, phase="income")
    assert not is_down(s, "fairy") and not is_down(s, "pikeman") and not is_down(s, "slinger")


def test_clumsy_ogre_at_the_bottom_flips_nothing() -> None:
    s, events = position({0: ("pikeman clumsy_ogre", "")}, phase="income")
    assert events_of(events, "flip") == []


def test_demon_flips_a_card_of_either_side_in_its_lane() -> None:
    s, _ = _deploy({0: ("pikeman", "stone_giant"), 1: ("fairy", "")}, "demon", 0)
    assert RULES.legal_actions(s) == [card("pikeman"), card("stone_giant"), card("demon")]
    s, _ = act(s, card("stone_giant"))
    assert is_down(s, "stone_giant")


def test_dodgy_dealer_pays_its_owner_when_ahead_and_nothing_when_level() -> None:
    _, events = position({0: ("dodgy_dealer pikeman", "griffin_rider")}, coins=(0, 0), phase="income")
    assert coins_before_next_turn((0, 0, 40), events) == (5, 0, 35)
    _, events = position({0: ("dodgy_dealer monk", "pikeman")}, coins=(0, 0), phase="income")
    assert coins_before_next_turn((0, 0, 40), events) == (3, 0, 37)


def test_fairy_doubles_the_strongest_card_on_each_side() -> None:
    assert _totals({2: ("fairy pikeman monk slinger", "stone_giant griffin_rider")}) == [
        [1 + 10 + 3 + 2, 16 + 6]
    ]


def test_fairy_owner_picks_among_tied_strongest_cards() -> None:
    s, _ = position({2: ("fairy outrider bully changeling", "stone_giant")}, phase="score")
    assert decision(s) == (A, "fairy")
    assert RULES.legal_actions(s) == [card("outrider"), card("bully"), card("changeling")]
    s, events = act(s, card("bully"))
    assert [e.data["totals"] for e in events_of(events, "score_lane")] == [[1 + 4 + 8 + 4, 16]]


def test_fanatic_destroys_the_top_opposing_card_in_another_lane_when_destroyed() -> None:
    s, _ = _deploy({0: ("", "fanatic"), 2: ("pikeman stone_giant", "")}, "alchemist", 1)
    s, _ = act(s, card("fanatic"))
    assert decision(s) == (B, "fanatic") and RULES.legal_actions(s) == [lane(1), lane(2)]
    s, _ = act(s, lane(2))
    assert side(s, 2, A) == ["stone_giant"] and side(s, 1, A) == ["alchemist"]


def test_fortune_teller_lets_its_owner_bid_on_the_deck_top() -> None:
    s, _ = position({0: ("fortune_teller", "")}, offer="pikeman fairy monk demon", deck_top="bully")
    assert Bid("bully", 1) in RULES.legal_actions(s)
    s, _ = act(s, Bid("bully", 2), Match())
    assert waiting(s, B) == ["bully"] and offer(s) == ["pikeman", "fairy", "monk", "demon"]
    assert s.active == B and Bid("bully", 1) not in RULES.legal_actions(s)


@pytest.mark.parametrize("card_id", ["griffin_rider", "ironclad_knight", "pikeman", "stone_giant"])
def test_vanilla_cards_only_bring_their_printed_strength(card_id: str) -> None:
    s, events = _deploy({}, card_id, 0)
    assert side(s, 0, A) == [card_id] and events_of(events, "effect") == []
    strength = {"griffin_rider": 6, "ironclad_knight": 7, "pikeman": 5, "stone_giant": 8}[card_id]
    assert _totals({0: (f"{card_id} monk slinger fairy:fd", "")}) == [[strength + 3 + 2, 0]]


def test_haggler_makes_a_match_cost_one_more_and_pays_it_to_its_owner() -> None:
    s, _ = position(
        {2: ("", "haggler")},
        active=B,
        coins=(3, 6),
        offer="pikeman fairy monk demon",
        waiting=([], ["stone_giant"]),
    )
    s, _ = act(s, Bid("monk", 2))
    assert RULES.legal_actions(s) == [Match(), Pass()]
    s, _ = act(s, Match())
    assert coins(s) == (0, 9, 31)


def test_illusionist_swaps_two_opposing_cards() -> None:
    s, _ = _deploy({0: ("", "pikeman fairy"), 2: ("", "stone_giant")}, "illusionist", 1)
    assert RULES.legal_actions(s) == [
        pair("pikeman", "fairy"),
        pair("pikeman", "stone_giant"),
        pair("fairy", "stone_giant"),
    ]
    s, _ = act(s, pair("pikeman", "stone_giant"))
    assert side(s, 0, B) == ["stone_giant", "fairy"] and side(s, 2, B) == ["pikeman"]


def test_martyr_gains_three_when_destroyed() -> None:
    s, events = _deploy({0: ("", "martyr pikeman")}, "bully", 0, coins=(6, 4))
    assert coins_before_next_turn((6, 4, 30), events) == (6, 7, 27)


def test_monk_flips_one_own_card_then_one_opposing_card() -> None:
    s, _ = _deploy({0: ("pikeman", "stone_giant griffin_rider")}, "monk", 1)
    assert RULES.legal_actions(s) == [card("pikeman"), card("monk")]
    s, _ = act(s, card("pikeman"), card("griffin_rider"))
    assert is_down(s, "pikeman") and is_down(s, "griffin_rider") and not is_down(s, "monk")


def test_outrider_moves_itself_to_another_lane_each_income() -> None:
    s, _ = position({1: ("outrider pikeman", "")}, phase="income")
    assert RULES.legal_actions(s) == [lane(0), lane(2)]
    s, _ = act(s, lane(2))
    assert side(s, 1, A) == ["pikeman"] and side(s, 2, A) == ["outrider"]


def test_plague_doctor_gives_every_face_down_card_strength_three() -> None:
    assert _totals({1: ("plague_doctor pikeman:fd", "monk:fd slinger stone_giant fairy:fd")}) == [
        [2 + 3, 3 + 2 + 8 + 3]
    ]


def test_quartermaster_swaps_two_of_its_owners_cards_at_recruitment() -> None:
    s, _ = position({0: ("quartermaster", ""), 1: ("pikeman", ""), 2: ("fairy", "")}, phase="recruit")
    assert decision(s) == (A, "quartermaster")
    assert RULES.legal_actions(s) == [
        pair("quartermaster", "pikeman"),
        pair("quartermaster", "fairy"),
        pair("pikeman", "fairy"),
    ]
    s, _ = act(s, pair("pikeman", "fairy"))
    assert side(s, 1, A) == ["fairy"] and side(s, 2, A) == ["pikeman"] and decision(s) == (A, "bid")


def test_sellsword_pays_two_and_keeps_its_strength() -> None:
    _, events = position({1: ("sellsword monk slinger fairy:fd", "stone_giant")}, phase="score", coins=(5, 4))
    assert [e.data["totals"] for e in events_of(events, "score_lane")] == [[11, 8]]
    assert coins_before_next_turn((5, 4, 31), events) == (3, 4, 33)


def test_siren_lets_the_opponent_pick_and_the_owner_place_two_cards() -> None:
    s, _ = _deploy({1: ("", "pikeman fairy stone_giant")}, "siren", 1)
    assert decision(s) == (B, "siren_pick")
    assert RULES.legal_actions(s) == [
        cards("pikeman", "fairy"),
        cards("pikeman", "stone_giant"),
        cards("fairy", "stone_giant"),
    ]
    s, _ = act(s, cards("fairy", "stone_giant"))
    assert decision(s) == (A, "siren_dest")
    s, _ = act(s, lane(0), lane(2))
    assert side(s, 1, B) == ["pikeman"] and side(s, 0, B) == ["fairy"] and side(s, 2, B) == ["stone_giant"]


def test_slinger_flips_the_strongest_face_up_cards_on_each_side() -> None:
    s, _ = _deploy({0: ("pikeman monk", "griffin_rider demon fairy")}, "slinger", 0)
    assert is_down(s, "pikeman") and not is_down(s, "monk") and not is_down(s, "slinger")
    assert is_down(s, "griffin_rider") and is_down(s, "demon") and not is_down(s, "fairy")


def test_slinger_alone_flips_itself() -> None:
    s, _ = _deploy({}, "slinger", 0)
    assert is_down(s, "slinger")


def test_standard_bearer_adds_one_to_every_other_face_up_card_on_its_side() -> None:
    assert _totals({0: ("standard_bearer pikeman monk:fd slinger", "stone_giant")}) == [[2 + 6 + 0 + 3, 8]]


def test_summoner_puts_the_deck_top_face_down_into_a_chosen_lane() -> None:
    s, events = _deploy({}, "summoner", 0, deck_top="stone_giant")
    assert RULES.legal_actions(s) == [lane(0), lane(1), lane(2)]
    s, more = act(s, lane(2))
    assert side(s, 2, A) == ["stone_giant"] and is_down(s, "stone_giant")
    assert "stone_giant" not in RULES.player_view(s, A)["deck_unseen"]
    assert any(e.reveals for e in events_of(more, "deck_top"))


def test_summoner_does_nothing_with_an_empty_deck() -> None:
    s, events = _deploy({}, "summoner", 0, deck=[])
    assert side(s, 0, A) == ["summoner"] and len(events_of(events, "deploy")) == 1


def test_undead_returns_face_up_to_another_lane_when_destroyed() -> None:
    s, _ = _deploy({0: ("", "undead")}, "bully", 0)
    assert decision(s) == (B, "undead") and RULES.legal_actions(s) == [lane(1), lane(2)]
    s, _ = act(s, lane(2))
    assert side(s, 2, B) == ["undead"] and not is_down(s, "undead")


def test_war_drummer_calls_one_of_its_owners_cards_into_its_lane() -> None:
    s, _ = _deploy({0: ("pikeman", ""), 2: ("stone_giant", "fairy")}, "war_drummer", 1)
    assert RULES.legal_actions(s) == [card("pikeman"), card("stone_giant")]
    s, _ = act(s, card("stone_giant"))
    assert side(s, 1, A) == ["war_drummer", "stone_giant"] and side(s, 2, A) == []


def test_a_pair_may_be_named_in_either_order() -> None:
    s, _ = _deploy({0: ("", "pikeman fairy"), 2: ("", "stone_giant")}, "illusionist", 1)
    s, _ = act(s, pair("fairy", "pikeman"))
    assert side(s, 0, B) == ["fairy", "pikeman"]
