"""A loaded Crusader Kingdoms position that breaks a rule is refused, naming the rule (issue 9)."""

from __future__ import annotations

from typing import Any

import pytest

from crimson_table.engine.core import StateError
from crimson_table.engine.crusader_kingdoms.actions import Attack, ChooseRegion, ChooseSeat, PlayEvent
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.crusader_kingdoms.state import to_dict

from .helpers import attack, pos, respond, run

T7 = (
    "mode=comp4 actor=2 own=harim:3g,aleppo:3g "
    "h2=c_frankish_knights,c_turcopoles,c_siege_engines h3=m_ahdath h0=m_feigned_retreat h1=c_true_cross"
)


def _data(text: str) -> dict[str, Any]:
    return to_dict(pos(text))


def _refused(data: dict[str, Any], rule: str) -> None:
    with pytest.raises(StateError, match=rule):
        RULES.from_dict(data)


def _move(data: dict[str, Any], card: str, source: str, zone: list[str]) -> None:
    """Move one card from a pile to ``zone`` (keeping every card in exactly one zone)."""
    data[source].remove(card)
    zone.append(card)


def _mid_attack() -> dict[str, Any]:
    """CK-T7 after red's commitment and green's response: yellow's window is open."""
    s, _ = attack(pos(T7), "harim", "c_frankish_knights", "c_turcopoles", "c_siege_engines")
    s, _ = run(s, respond("m_ahdath", "DEF"))
    return to_dict(s)


def test_legal_positions_load_unchanged() -> None:
    for data in (_data(T7), _mid_attack(), _data("mode=solo army=m_ghulams,m_leader stack=m_ahdath")):
        assert RULES.to_dict(RULES.from_dict(data)) == data


def test_a_garrison_in_an_independent_region_is_refused_ck_r2() -> None:
    data = _data("mode=comp4")
    data["garrison"][data["owner"].index(-1)] = True
    _refused(data, "CK-R2")


def test_every_castle_on_the_map_while_the_game_goes_on_is_refused_ck_r33() -> None:
    own = ",".join(
        f"{r}:2" for r in ("antioch", "latakia", "harim", "marash", "turbessel", "shaizar", "tortosa")
    )
    _refused(_data(f"mode=comp4 own={own}"), "CK-R33")


def test_more_castles_than_the_supply_are_refused_ck_r1() -> None:
    regions = ("antioch", "latakia", "harim", "marash", "turbessel", "shaizar", "tortosa", "tripoli")
    data = _data("mode=comp4 own=" + ",".join(f"{r}:2" for r in regions))
    data["phase"], data["actor"], data["winners"], data["reason"] = "over", -1, [2], "Sudden victory"
    _refused(data, "CK-R1")


def test_the_bot_without_a_region_while_the_game_goes_on_is_refused_ck_r40() -> None:
    data = _data("mode=solo")
    data["owner"] = [0] * len(data["owner"])
    _refused(data, "CK-R40")


def test_a_hand_out_of_card_order_is_refused_ck_r5() -> None:
    data = _data("mode=comp4 h2=c_pilgrims,c_frankish_knights")
    data["hands"][2].reverse()
    _refused(data, "CK-R5")


def test_an_event_kept_in_play_that_does_not_stay_is_refused_ck_r17() -> None:
    data = _data("mode=comp4")
    _move(data, "m_raid", "draw_m", data["kept"][0])
    _refused(data, "CK-R17")


def test_a_truce_without_its_card_in_play_is_refused_ck_r17() -> None:
    data = _data("mode=comp4")
    data["truces"] = [[0, 1]]
    _refused(data, "CK-R17")


def test_a_player_out_of_the_turn_in_the_competitive_game_is_refused_ck_r12() -> None:
    data = _data("mode=comp4")
    data["passed"][1] = True
    _refused(data, "CK-R12")


def test_every_player_passed_yet_the_turn_goes_on_is_refused_ck_r12() -> None:
    data = _data("mode=comp3")
    data["passes"] = 3
    _refused(data, "CK-R12")


def test_a_passed_christian_taking_a_round_is_refused_ck_r36() -> None:
    _refused(_data("mode=coop actor=1 passed=1"), "CK-R36")


def test_muslim_bot_areas_in_the_competitive_game_are_refused_ck_r7() -> None:
    data = _data("mode=comp4")
    data["bot_bonus"] = 1
    _refused(data, "CK-R7")
    data = _data("mode=comp4")
    _move(data, "m_ghulams", "draw_m", data["bot_army"])
    _refused(data, "CK-R7")


def test_a_leader_attached_to_no_army_is_refused_ck_r54() -> None:
    _refused(_data("mode=solo army=m_leader"), "CK-R54")


def test_a_regrouping_on_the_bot_stack_is_refused_ck_r54() -> None:
    _refused(_data("mode=solo stack=m_regrouping"), "CK-R54")


def test_a_troop_on_the_bot_stack_or_an_event_in_its_army_is_refused_ck_r46() -> None:
    _refused(_data("mode=solo stack=m_ghulams"), "CK-R46")
    _refused(_data("mode=solo army=m_ghulams,m_raid"), "CK-R46")


def test_an_attack_between_the_three_player_christians_is_refused_ck_r32() -> None:
    data = _mid_attack_as("mode=comp3 actor=2 own=tortosa:2,tripoli:1", attacker=2, region="tripoli")
    _refused(data, "CK-R32")


def test_an_attack_between_cooperative_partners_is_refused_ck_r37() -> None:
    data = _mid_attack_as("mode=coop actor=0", attacker=0, region="antioch")
    _refused(data, "CK-R37")


def test_an_attack_on_ones_own_region_is_refused_ck_r15() -> None:
    _refused(_mid_attack_as("mode=comp4 actor=2", attacker=2, region="antioch"), "CK-R15")


def test_an_attack_shown_before_it_is_resolved_is_refused_ck_r19() -> None:
    data = _mid_attack()
    data["attack"]["revealed"] = True
    _refused(data, "CK-R19")


def test_an_attack_outside_the_attack_phases_is_refused_ck_r19() -> None:
    data = _mid_attack()
    data["phase"] = "act"
    _refused(data, "CK-R19")


def test_a_garrison_that_cannot_defend_the_region_is_refused_ck_r28() -> None:
    data = _mid_attack()
    owner = data["owner"]
    far = next(r for r, o in enumerate(owner) if o == 0)  # a yellow region: not green's
    data["garrison"][far] = True
    data["attack"]["garrisons"] = [far]
    _refused(data, "CK-R28")


def test_a_response_window_out_of_turn_is_refused_ck_r26() -> None:
    data = _mid_attack()
    data["actor"] = 1  # blue, while the window is yellow's
    _refused(data, "CK-R26")


def test_a_response_on_a_side_it_cannot_take_is_refused_ck_r27() -> None:
    data = _mid_attack()
    data["attack"]["responses"] = [
        [s, c, "ATT"] for s, c, _side in data["attack"]["responses"]
    ]  # Ahdath: DEF only
    _refused(data, "CK-R27")


def test_winners_while_the_game_goes_on_are_refused_ck_r34() -> None:
    data = _data("mode=comp4")
    data["winners"] = [1]
    _refused(data, "CK-R34")


def test_one_cooperative_partner_winning_alone_is_refused_ck_r37() -> None:
    data = _data("mode=coop")
    data["phase"], data["actor"], data["winners"], data["reason"] = (
        "over",
        -1,
        [0],
        "Victory: 15 victory points.",
    )
    _refused(data, "CK-R37")


def test_a_conquest_reward_in_the_cooperative_game_is_refused_ck_r35() -> None:
    data = _data("mode=solo")
    data["phase"] = "reward"
    _refused(data, "CK-R35")


def _mid_attack_as(text: str, attacker: int, region: str) -> dict[str, Any]:
    """A hand-made commitment step of ``attacker`` against ``region`` (no card committed yet)."""
    data = _data(text)
    s = pos(text)
    data["phase"], data["actor"] = "commit", attacker
    data["attack"] = {
        "attacker": attacker, "region": s.board.index[region], "kind": "normal", "event": "", "troops": [],
        "helper": -9, "helper_troops": [], "responses": [], "window": [], "garrisons": [], "revealed": False,
    }  # fmt: skip
    return data


# -- found by tests/engine/test_mutated_saves.py: saves that loaded, then could not be played on ----------


def test_an_attacks_event_card_also_being_resolved_is_refused_as_not_conserved() -> None:
    """combat.announce: an attack takes the event card into the attack: it cannot also be the event under way."""
    s, _ = run(
        pos("mode=comp4 actor=1 h1=c_pilgrims,c_siege_towers"),
        PlayEvent("c_siege_towers"),
        ChooseRegion("damascus"),
    )
    data = to_dict(s)
    assert data["attack"]["event"] == "c_siege_towers" and data["event"] == ""
    RULES.from_dict(data)
    data["event"] = "c_siege_towers"
    _refused(data, "not conserved")


@pytest.mark.parametrize(
    ("field", "value"),
    [("pick_from", -2), ("pick_from", -1), ("pick_why", "builders"), ("pick_why", "m_raid")],
)
def test_a_pick_from_no_hand_or_for_no_event_is_refused_ck_r17(field: str, value: Any) -> None:
    s, _ = run(
        pos("mode=comp4 actor=1 h1=c_assassins h0=m_ghulams,m_raid"), PlayEvent("c_assassins"), ChooseSeat(0)
    )
    data = to_dict(s)
    assert data["phase"] == "pick"
    RULES.from_dict(data)
    data[field] = value
    _refused(data, "CK-R17")


def test_a_hand_to_pick_from_outside_a_pick_is_refused_ck_r17() -> None:
    data = _data("mode=comp4 actor=1")
    data["pick_from"] = 0
    _refused(data, "CK-R17")


def test_an_attacker_left_with_no_troop_to_commit_is_refused_ck_r15() -> None:
    """CK-R15: an Attack is announced holding a Troop card; one who holds none could never commit."""
    s, _ = run(pos("mode=comp4 actor=1 h1=c_pilgrims,c_militia"), Attack("gaza"))
    data = to_dict(s)
    assert data["phase"] == "commit"
    RULES.from_dict(data)
    data["hands"][1] = ["c_militia"]
    data["draw_c"].append("c_pilgrims")
    _refused(data, "CK-R15")


def test_a_round_taken_by_a_seat_whose_round_it_is_not_is_refused_ck_r12() -> None:
    data = _data("mode=comp4 actor=1")
    data["last"] = 2
    _refused(data, "CK-R12")


def test_a_decision_with_no_legal_option_is_refused() -> None:
    """No invariant names a conquest reward with nothing to take (bonus +2, every region garrisoned), yet no
    game goes on from it: a loaded position must have a legal action (engine.core.playable)."""
    data = _data("mode=comp4 actor=1 bonus=0,2,0,0 own=acre:1g,jerusalem:1g")
    data["phase"] = "reward"
    _refused(data, "no(body| one) has a legal action")


def test_a_face_down_response_its_seat_could_not_place_is_refused_ck_r27() -> None:
    """CK-R27: a Leader ("own") helps the defence only in its player's own region; yellow's on harim cannot be."""
    data = _mid_attack()
    assert data["attack"]["responses"][1] == [3, "m_ahdath", "DEF"]
    RULES.from_dict(data)
    data["attack"]["responses"][1] = [0, "m_leader", "DEF"]
    data["draw_m"][data["draw_m"].index("m_leader")] = "m_ahdath"
    _refused(data, "CK-R27")


def test_an_attack_made_by_no_player_is_refused_ck_r15() -> None:
    data = _mid_attack()
    data["attack"]["attacker"] = -1
    _refused(data, "CK-R15")
