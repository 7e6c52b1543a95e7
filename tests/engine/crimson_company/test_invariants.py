"""A loaded Crimson Company position that breaks a rule is refused, naming the rule (issue 9)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from crimson_table.engine.core import StateError
from crimson_table.engine.crimson_company.rules import RULES


def _data(moves: int = 12) -> dict[str, Any]:
    s = RULES.new_game(2, 4, {})
    rng = random.Random(4)
    for _ in range(moves):
        s, _ = RULES.apply_action(s, rng.choice(RULES.legal_actions(s)))
    return RULES.to_dict(s)


def _refused(data: dict[str, Any], rule: str) -> None:
    with pytest.raises(StateError, match=rule):
        RULES.from_dict(data)


def test_a_reached_position_loads() -> None:
    assert RULES.to_dict(RULES.from_dict(_data())) == _data()


def test_two_castles_in_a_running_game_are_refused_cc_r42() -> None:
    data = _data()
    for lane in (0, 1):
        data["discard"] += data["lanes"][lane][0] + data["lanes"][lane][1]
        data["lanes"][lane] = [[], []]
    data["face_down"] = [c for c in data["face_down"] if c not in data["discard"]]
    data["won_by"] = [0, 0, -1]
    _refused(data, "CC-R42")


def test_a_short_offer_with_cards_in_the_deck_is_refused_cc_r13() -> None:
    data = _data()
    data["discard"].append(data["offer"].pop())
    _refused(data, "CC-R13")


def test_a_face_down_card_out_of_play_is_refused_cc_r22() -> None:
    data = _data()
    data["face_down"].append(data["offer"][0])
    _refused(data, "CC-R22")


def test_a_decision_that_its_task_would_not_ask_is_refused() -> None:
    data = _data()
    data["pending"]["options"] = data["pending"]["options"][:1] * 2
    _refused(data, "CC-R26")


def test_a_prompt_that_is_not_the_rules_own_is_refused() -> None:
    data = _data()
    data["pending"]["prompt"] = "Ann\ud800"
    _refused(data, "CC-R26")


def test_a_task_with_a_card_out_of_range_is_refused() -> None:
    data = _data()
    data["tasks"].append(["destroyed", 99, 0, 0])
    _refused(data, "CC-R32")


def test_a_running_game_without_a_decision_is_refused() -> None:
    _refused({**_data(), "pending": None}, "CC-R44")


# -- found by tests/engine/test_mutated_saves.py: saves that loaded, then could not be played on ----------


def test_the_work_of_a_turn_not_stacked_on_its_end_is_refused_cc_r5() -> None:
    """CC-R5: the turn's steps lie on its end; without it the game would stop waiting for nothing."""
    data = _data()
    assert data["tasks"][0] == ["end_turn"]
    data["tasks"] = data["tasks"][1:]
    _refused(data, "CC-R5")


def test_a_deployment_or_bid_of_the_inactive_player_is_refused_cc_r5() -> None:
    data = _data()
    assert data["pending"]["task"] == ["deploy", data["active"]]
    data["active"] = 1 - data["active"]
    _refused(data, "CC-R5|CC-R9|CC-R10")
