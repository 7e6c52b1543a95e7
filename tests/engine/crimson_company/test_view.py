"""CC-R3: the player view and determinization."""

from __future__ import annotations

import json

import pytest

from crimson_table.engine.crimson_company.cards import IDS, NAME
from crimson_table.engine.rng import Rng
from tests.engine.crimson_company.util import RULES, A, B, Bid, Deploy, Pass, act, position


def test_the_view_is_json_and_the_same_for_both_seats_except_the_seat_itself() -> None:
    s = RULES.new_game(2, 8)
    a, b = RULES.player_view(s, A), RULES.player_view(s, B)
    json.dumps(a)
    assert a["seat"] == A and b["seat"] == B
    assert {k: v for k, v in a.items() if k not in ("seat", "lane_order")} == {
        k: v for k, v in b.items() if k not in ("seat", "lane_order")
    }


def test_each_seat_sees_the_lanes_in_its_own_left_to_right_order() -> None:
    s, _ = position({})
    assert RULES.player_view(s, A)["lane_order"] == [0, 1, 2]
    assert RULES.player_view(s, B)["lane_order"] == [2, 1, 0]


def test_the_view_names_the_pending_decision_and_its_chooser() -> None:
    s, _ = position({}, coins=(6, 4), offer="pikeman fairy monk demon")
    s, _ = act(s, Bid("monk", 2))
    assert RULES.player_view(s, A)["decision"] == {
        "chooser": B,
        "kind": "respond",
        "prompt": "Match the bid or pass",
        "card": None,
    }
    assert RULES.player_view(s, A)["bid"] == {"card": "monk", "amount": 2, "bidder": A, "price": 2}


def test_the_view_prices_a_match_against_a_face_up_haggler_one_coin_higher_cc_r10() -> None:
    s, _ = position({0: ("haggler", "")}, coins=(6, 4), offer="pikeman fairy monk demon")
    s, _ = act(s, Bid("monk", 2))
    assert RULES.player_view(s, B)["bid"]["price"] == 3


def test_determinize_only_reorders_the_deck_below_its_top() -> None:
    s = RULES.new_game(2, 4)
    s, _ = act(s, Bid(IDS[s.offer[0]], 1), Pass())
    sample = RULES.determinize(s, A, 99)
    full, other = RULES.to_dict(s), RULES.to_dict(sample)
    assert other["deck"][0] == full["deck"][0] and sorted(other["deck"]) == sorted(full["deck"])
    assert other["deck"] != full["deck"]
    for key in full:
        if key not in ("deck", "rng"):
            assert other[key] == full[key], key


def test_determinize_hides_the_prng_state_that_dealt_the_deck() -> None:
    s = RULES.new_game(2, 4)
    assert RULES.determinize(s, A, 1).rng != s.rng


def test_determinize_is_repeatable_for_one_seed() -> None:
    s = RULES.new_game(2, 4)
    assert RULES.determinize(s, B, 5).deck == RULES.determinize(s, B, 5).deck


def test_an_effect_decision_names_the_card_it_is_about() -> None:
    s, _ = position({1: ("", "pikeman fairy")}, phase="deploy", waiting=(["demon"], []))
    s, _ = act(s, Deploy("demon", 1))
    assert RULES.player_view(s, A)["decision"]["card"] == "demon"


def test_a_siren_destination_decision_names_the_card_being_moved() -> None:
    s, _ = position({1: ("", "pikeman fairy")}, phase="deploy", waiting=(["siren"], []))
    s, _ = act(s, Deploy("siren", 1))
    decision = RULES.player_view(s, A)["decision"]
    assert decision["kind"] == "siren_dest" and decision["card"] == "pikeman"


@pytest.mark.parametrize("seed", [1, 2])
def test_every_event_is_public_and_names_no_card_of_the_hidden_deck_cc_r3(seed: int) -> None:
    s, rng = RULES.new_game(2, seed), Rng.from_seed(seed)
    while not RULES.is_over(s):
        legal = RULES.legal_actions(s)
        s, events = RULES.apply_action(s, legal[rng.below(len(legal))])
        hidden = s.deck[1:]
        for event in events:
            assert event.private_to is None and event.for_seat(0) is event
            ids = set(json.dumps(dict(event.data)).replace('"', " ").split())
            assert not ids & {IDS[c] for c in hidden}, event
            assert not [NAME[c] for c in hidden if NAME[c] in event.text], event
