"""Illegal actions are refused with the rule that forbids them, and change nothing."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar

import pytest

from crimson_table.engine.condottiere.notation import position
from crimson_table.engine.condottiere.rules import RULES
from crimson_table.engine.condottiere.state import CondottiereState
from crimson_table.engine.core import Action, IllegalAction

from .helpers import DISMISS, DONE, P1, P2, PASS, fight, fight_for, keep, play, pope_to, run, take_back


@dataclass(frozen=True)
class Shout(Action):
    KIND: ClassVar[str] = "shout"


def _refused(s: CondottiereState, action: Action) -> str:
    before = json.dumps(RULES.to_dict(s), sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, action)
    assert json.dumps(RULES.to_dict(s), sort_keys=True) == before
    return refused.value.rule_id


def _battle() -> CondottiereState:
    return position(2, hands={P1: "1 Bi Sc", P2: "2"}, region="roma", lines={P1: "6"}, control={"torino": P2})


def _keeping() -> CondottiereState:
    s, _ = fight(2, {P1: "10"}, hands={P1: "1 2 He", P2: ""})
    return s


def test_playing_a_card_not_in_hand_is_refused_under_co_r13() -> None:
    assert _refused(_battle(), play("10")) == "CO-R13"


def test_playing_during_region_choice_is_refused_under_co_r11() -> None:
    assert _refused(position(2, hands={P1: "1"}), play("1")) == "CO-R11"


def test_choosing_a_controlled_region_is_refused_under_co_r11() -> None:
    s = position(2, hands={P1: "1"}, control={"roma": P2})
    assert _refused(s, fight_for("roma")) == "CO-R11"


def test_choosing_an_unknown_region_is_refused_under_co_r11() -> None:
    assert _refused(position(2, hands={P1: "1"}), fight_for("atlantis")) == "CO-R11"


def test_choosing_a_region_during_a_battle_is_refused_under_co_r13() -> None:
    assert _refused(_battle(), fight_for("milano")) == "CO-R13"


def test_dismissing_with_a_mercenary_is_refused_under_co_r17() -> None:
    assert _refused(_battle(), DISMISS) == "CO-R17"


def test_passing_before_placing_the_favor_is_refused_under_co_r28() -> None:
    s, _ = run(_battle(), play("Bi"))
    assert _refused(s, PASS) == "CO-R28"


@pytest.mark.parametrize("region", ["roma", "torino", "atlantis"])
def test_favor_on_contested_controlled_or_unknown_region_is_refused_under_co_r28(region: str) -> None:
    s, _ = run(_battle(), play("Bi"))
    assert _refused(s, pope_to(region)) == "CO-R28"


def test_placing_the_favor_without_a_bishop_is_refused() -> None:
    assert _refused(_battle(), pope_to("siena")) == "CO-R13"


def test_scarecrow_taking_back_a_card_not_in_the_own_line_is_refused_under_co_r29() -> None:
    s, _ = run(_battle(), play("Sc"))
    assert _refused(s, take_back("10")) == "CO-R29"


def test_scarecrow_taking_back_a_special_card_is_refused_under_co_r29() -> None:
    s, _ = run(_battle(), play("Sc"))
    assert _refused(s, take_back("He")) == "CO-R29"


def test_playing_before_the_scarecrow_choice_is_refused_under_co_r29() -> None:
    s, _ = run(_battle(), play("Sc"))
    assert _refused(s, play("1")) == "CO-R29"


def test_keeping_a_card_not_in_hand_is_refused_under_co_r42() -> None:
    assert _refused(_keeping(), keep("10")) == "CO-R42"


def test_playing_while_keeping_is_refused_under_co_r42() -> None:
    assert _refused(_keeping(), play("1")) == "CO-R42"


def test_keep_done_outside_a_round_end_is_refused() -> None:
    assert _refused(_battle(), DONE) == "CO-R13"


def test_any_action_after_the_game_is_over_is_refused_under_co_r47() -> None:
    control = {r: P1 for r in ("torino", "venezia", "siena", "ancona", "lucca")}
    s, _ = fight(2, {P1: "10"}, control=control)
    assert _refused(s, PASS) == "CO-R47"


def test_a_foreign_action_type_is_refused() -> None:
    assert _refused(_battle(), Shout()) == "CO-R13"
