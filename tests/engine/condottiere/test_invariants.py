"""A loaded Condottiere position that breaks a rule is refused, naming the rule (issue 9)."""

from __future__ import annotations

from typing import Any

import pytest

from crimson_table.engine.condottiere.notation import position
from crimson_table.engine.condottiere.rules import RULES
from crimson_table.engine.condottiere.state import KEEP, to_dict
from crimson_table.engine.core import StateError


def _refused(data: dict[str, Any], rule: str) -> None:
    with pytest.raises(StateError, match=rule):
        RULES.from_dict(data)


def test_a_legal_battle_position_loads() -> None:
    s = position(2, region="milano", hands={0: "Sc Bi Co"}, lines={0: "Wi", 1: "4 Dr"})
    assert RULES.to_dict(RULES.from_dict(to_dict(s))) == to_dict(s)


def test_winter_and_spring_both_in_play_are_refused_co_r26() -> None:
    _refused(to_dict(position(2, region="milano", hands={0: "5"}, lines={0: "Wi", 1: "Sp"})), "CO-R26")


def test_the_favor_of_the_pope_on_the_region_fought_over_is_refused_co_r28() -> None:
    _refused(to_dict(position(2, region="milano", pope="milano", hands={0: "5"})), "CO-R28")


@pytest.mark.parametrize("card", ["Bi", "Sc", "Su"])
def test_a_one_shot_card_lying_in_a_line_is_refused_co_r6(card: str) -> None:
    _refused(to_dict(position(2, region="milano", hands={0: "5"}, lines={1: card})), "CO-R6")


def test_cards_in_lines_outside_a_battle_are_refused_co_r4() -> None:
    _refused(to_dict(position(2, hands={0: "5"}, lines={1: "4"})), "CO-R4")


def test_a_pass_outside_a_battle_is_refused() -> None:
    _refused(to_dict(position(2, hands={0: "5"}, passed=[1])), "CO-R14")


def test_the_player_to_act_must_not_have_passed() -> None:
    _refused(to_dict(position(2, region="milano", hands={0: "5"}, passed=[0])), "CO-R14")


def test_a_region_chosen_by_someone_other_than_the_holder_is_refused() -> None:
    _refused(to_dict(position(2, holder=0, actor=1, hands={0: "5"})), "CO-R11")


def test_a_game_already_won_that_goes_on_is_refused_co_r47() -> None:
    names = ["milano", "venezia", "genova", "firenze", "roma", "napoli"]
    s = position(2, hands={0: "5"}, control={n: 0 for n in names})
    _refused(to_dict(s), "CO-R4[79]")


def test_an_oversized_hand_is_refused_co_r44() -> None:
    _refused(to_dict(position(2, hands={0: "1 1 1 1 1 1 1 1 1 1 2 2 2"})), "CO-R44")


def test_a_round_end_with_two_players_holding_cards_is_refused_co_r41() -> None:
    s = position(2, hands={0: "5", 1: "6"})
    s.phase = KEEP
    _refused(to_dict(s), "CO-R41")


def test_a_card_in_two_zones_is_refused() -> None:
    data = to_dict(position(2, region="milano", hands={0: "5"}))
    data["hands"][1].append(data["draw"][0])  # a copy too many
    _refused(data, "110 cards")
