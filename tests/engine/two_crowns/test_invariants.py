"""A loaded Two Crowns position that breaks a rule is refused, naming the rule (issue 9)."""

from __future__ import annotations

from typing import Any

import pytest

from crimson_table.engine.core import StateError
from crimson_table.engine.two_crowns.cards import IS_GOLD
from crimson_table.engine.two_crowns.notation import from_notation
from crimson_table.engine.two_crowns.rules import RULES

START = "turn 4 seat 0 castles 20 17 destiny - | hand K3 K2 G1 rest K1@3 deck K1 K2 +20 discard F | hand K1 K1 rest - deck 30 discard -"


def _data() -> dict[str, Any]:
    return RULES.to_dict(from_notation(START))


def _refused(data: dict[str, Any], rule: str) -> None:
    with pytest.raises(StateError, match=rule):
        RULES.from_dict(data)


def test_a_legal_position_loads() -> None:
    assert RULES.to_dict(RULES.from_dict(_data())) == _data()


def test_a_castle_at_zero_in_a_running_game_is_refused_tc_r17() -> None:
    _refused({**_data(), "castles": [0, 17]}, "TC-R17")


def test_a_castle_above_twenty_is_refused() -> None:
    _refused({**_data(), "castles": [21, 17]}, "TC-R2")


def test_a_knight_resting_two_turns_is_refused_tc_r5() -> None:
    data = _data()
    data["rests"][0][0][1] = 1
    _refused(data, "TC-R5")


def test_a_non_knight_in_rest_is_refused_tc_r5() -> None:
    data = _data()
    gold = next(c for c in data["hands"][0] if IS_GOLD[c])
    data["hands"][0].remove(gold)
    data["rests"][0].append([gold, 4])
    _refused(data, "TC-R5")


def test_crowns_that_do_not_match_the_games_won_are_refused_tc_r3() -> None:
    _refused({**_data(), "crowns": [1, 0]}, "TC-R3")


def test_drawn_cards_outside_a_precise_draw_are_refused_tc_r8() -> None:
    data = _data()
    data["drawn"] = [data["decks"][0].pop()]
    _refused(data, "TC-R8")


def test_battle_groups_outside_a_battle_are_refused_tc_r9() -> None:
    data = _data()
    data["groups"][0] = [data["hands"][0].pop(0)]
    _refused(data, "TC-R9")


def test_a_card_in_two_zones_is_refused() -> None:
    data = _data()
    data["discards"][1].append(data["hands"][0][0])
    _refused(data, "more than one place")


def test_a_foreign_card_in_a_deck_is_refused_tc_r1() -> None:
    data = _data()
    data["decks"][1].append(data["decks"][0].pop())
    _refused(data, "TC-R1")
