"""A loaded Crimson Keep position that breaks a rule is refused, naming the rule (issue 9)."""

from __future__ import annotations

from typing import Any

import pytest

from crimson_table.engine.core import StateError
from crimson_table.engine.crimson_keep.actions import Battle, Flip
from crimson_table.engine.crimson_keep.notation import parse
from crimson_table.engine.crimson_keep.rules import RULES, settle


def _dict(text: str) -> dict[str, Any]:
    return RULES.to_dict(parse(text))


def _refused(data: dict[str, Any], rule: str) -> None:
    with pytest.raises(StateError, match=rule):
        RULES.from_dict(data)


BASE = "turn=L L:2,1=1+ L:2,2=22+ L:1,1=31+t-1 L.caverns=14+t2 L.barracks=7 R:6,1=36- R:4,1=9+t3"


def test_a_legal_position_loads() -> None:
    data = _dict(BASE)
    assert RULES.to_dict(RULES.from_dict(data)) == data


def test_an_active_barracks_card_is_refused_ck2_r11() -> None:
    data = _dict(BASE)
    data["clans"][0]["active"][7] = True
    _refused(data, "CK2-R11")


def test_an_active_card_in_hand_is_refused_ck2_r6() -> None:
    data = _dict("turn=L L.hand=3")
    data["clans"][0]["active"][3] = True
    _refused(data, "CK2-R6")


def test_a_summoning_card_destroyed_before_the_final_battle_is_refused_ck2_r25() -> None:
    data = _dict("turn=L L.slots=30,31 L.destroyed=37")
    _refused(data, "CK2-R25")


def test_a_token_on_an_inactive_card_is_refused_ck2_r16() -> None:
    data = _dict(BASE)
    data["clans"][0]["active"][31] = False
    _refused(data, "CK2-R16")


def test_a_token_on_a_card_off_the_board_is_refused_ck2_r16() -> None:
    data = _dict("turn=L L.hand=30")
    data["clans"][0]["tokens"][30] = 2
    _refused(data, "CK2-R16")


@pytest.mark.parametrize(
    ("card", "token", "rule"),
    [(31, 1, "CK2-R48"), (14, 1, "CK2-R69"), (9, 2, "CK2-R61"), (22, 2, "CK2-R30")],
)
def test_a_token_a_card_cannot_store_is_refused(card: int, token: int, rule: str) -> None:
    data = _dict(BASE)
    seat = 1 if card == 9 else 0
    data["clans"][seat]["tokens"][card] = token
    _refused(data, rule)


def test_a_clan_leader_defence_token_is_refused_ck2_r49() -> None:
    data = _dict("turn=L L:0,1=30+t-1")
    _refused(data, "CK2-R49")


def test_a_token_on_a_card_that_never_stores_is_refused_ck2_r30() -> None:
    data = _dict("turn=L L:2,1=28+")
    data["clans"][0]["tokens"][28] = 1
    _refused(data, "CK2-R30")


def test_protection_on_no_active_battlefield_card_is_refused_ck2_r17() -> None:
    data = _dict("turn=L L:4,1=7- L.caverns=15-")
    data["clans"][0]["protection"] = 7
    _refused(data, "CK2-R17")
    data["clans"][0]["protection"] = -1
    _refused(data, "CK2-R17")


def test_an_objective_completed_too_often_is_refused_ck2_r29() -> None:
    data = _dict("turn=L L.summon=2")
    data["clans"][0]["found"][0] = 2  # B1 has no bonus side
    _refused(data, "CK2-R29")


def test_a_summon_tracker_that_does_not_fit_the_runes_is_refused_ck2_r29() -> None:
    _refused(_dict("turn=L L.summon=5"), "CK2-R29")
    _refused(_dict("turn=L L.found=C1:1 L.summon=0"), "CK2-R29")


def test_a_met_dragon_tracker_without_a_meeting_is_refused_ck2_r32() -> None:
    data = _dict("turn=L L.found=B1:1,C1:1,C2:1,C3:1,A1:1,K1:1 L.summon=10")
    _refused(data, "CK2-R32")
    data = _dict("turn=L L.pending=0,1,0")
    _refused(data, "CK2-R32")


def test_a_black_gate_above_level_one_is_refused_ck2_r7() -> None:
    data = _dict("turn=L L:2,1=1- L:2,2=22-")
    data["board"][2 * 5 + 1] = 36
    data["clans"][0]["deck"].remove(36)
    data["clans"][0]["deck"].append(22)
    _refused(data, "CK2-R7")


def test_final_battle_pieces_before_a_summon_are_refused_ck2_r36() -> None:
    data = _dict("turn=L")
    data["injuries"] = 2
    _refused(data, "CK2-R36")
    data = _dict("turn=L")
    data["clans"][1]["ruined"] = [False, False, True]
    _refused(data, "CK2-R42")
    data = _dict("turn=L")
    data["clans"][1]["kd"] = [1]
    _refused(data, "CK2-R37")


def test_the_dragon_clan_keeping_a_hand_or_tokens_is_refused_ck2_r36() -> None:
    final = "turn=R dragon=L stage=2 R:8,1=1+"
    data = _dict(final)
    assert RULES.from_dict(data) is not None
    data["clans"][0]["hand"] = [data["clans"][0]["deck"].pop()]
    _refused(data, "CK2-R36")
    data = _dict(final)
    data["clans"][0]["pool"] = [1]
    _refused(data, "CK2-R36")


def test_the_defender_keeping_tokens_after_its_purchase_is_refused_ck2_r37() -> None:
    data = _dict("turn=R dragon=L stage=2 R:8,1=1+")
    data["clans"][1]["pool"] = [1, -1]
    _refused(data, "CK2-R37")


def test_dice_lost_outside_hard_mode_are_refused_ck2_r44() -> None:
    data = _dict("turn=R dragon=L stage=2 injuries=1 dice=3 R:8,1=1+")
    _refused(data, "CK2-R44")
    data["hard"] = True
    RULES.from_dict(data)


def test_a_destroyed_column_with_cards_is_refused_ck2_r41() -> None:
    data = _dict("turn=R dragon=L stage=2 R:6,1=1+ R.ruined=0,0,1")
    _refused(data, "CK2-R41")


def test_kai_with_a_summon_board_or_caverns_is_refused_ck2_r72() -> None:
    solo = RULES.new_game(1, 3, {})
    data = RULES.to_dict(solo)
    RULES.from_dict(data)
    data["clans"][1]["summon"] = 2
    _refused(data, "CK2-R72")


def test_kai_storing_on_other_cards_is_refused_ck2_r87() -> None:
    solo = RULES.new_game(1, 3, {})
    data = RULES.to_dict(solo)
    kai = data["clans"][1]
    n = kai["deck"].pop()
    kai["deck"].append(n)
    # Kai's Firelancer ACTIVE in her Keep with a token: she never stores there
    kai["deck"].remove(32)
    data["board"][8 * 5] = 100 + 32
    kai["active"][32] = True
    kai["tokens"][32] = 1
    _refused(data, "CK2-R30|CK2-R87")


def test_every_position_of_played_games_loads() -> None:
    """The invariants hold in real play (a sample; bench/soak.py plays many more)."""
    from crimson_table.engine.rng import Rng

    pick = Rng.from_seed(11)
    for seed in range(4):
        s = RULES.new_game(1 if seed == 3 else 2, seed, {"round_limit": 50})
        while not RULES.is_over(s):
            legal = RULES.legal_actions(s)
            s, _ = RULES.apply_action(s, legal[pick.below(len(legal))])
            RULES.from_dict(RULES.to_dict(s))


@pytest.mark.parametrize("tactics", [[1, 2, 3, 4, 5], [], [1, 2, 3]])
def test_a_clan_without_exactly_four_battle_tactics_after_setup_is_refused_ck2_r96(
    tactics: list[int],
) -> None:
    """CK2-R96: each clan sets one of its 5 Battle Tactics aside; with none at all a battle would dead-end."""
    data = _dict("turn=L")
    data["clans"][0]["tactics"] = tactics
    _refused(data, "CK2-R96")


def test_a_clan_still_to_set_a_tactic_aside_holds_all_five_ck2_r96() -> None:
    s = RULES.new_game(2, 5, {})
    data = RULES.to_dict(s)
    RULES.from_dict(data)
    data["clans"][s.actor]["tactics"] = [1, 2, 3, 4]
    _refused(data, "CK2-R96")


def test_kai_holding_fewer_than_four_tactics_is_refused_ck2_r86() -> None:
    data = RULES.to_dict(RULES.new_game(1, 3, {}))
    data["clans"][1]["tactics"] = data["clans"][1]["tactics"][:3]
    _refused(data, "CK2-R86")


def test_an_inactive_building_in_the_dragon_clans_keep_is_refused_ck2_r36() -> None:
    """CK2-R36 step 1 flips every Building card of the Dragon Clan's keep ACTIVE, and nothing flips it back."""
    final = "turn=R dragon=L stage=2 L:2,1=1+ R:8,1=1+"
    data = _dict(final)
    RULES.from_dict(data)
    data["clans"][0]["active"][1] = False
    _refused(data, "CK2-R36")


def test_a_fourth_injury_while_the_game_goes_on_is_refused_ck2_r43() -> None:
    data = _dict("turn=R dragon=L stage=2 injuries=3 R:8,1=1+")
    RULES.from_dict(data)
    data["injuries"] = 4
    _refused(data, "CK2-R43")


def test_a_kai_tracker_on_its_final_space_is_refused_ck2_r85() -> None:
    data = RULES.to_dict(RULES.new_game(1, 3, {}))
    data["clans"][1]["tracks"] = [3, 0, 4, 0]
    RULES.from_dict(data)
    data["clans"][1]["tracks"] = [4, 0, 0, 0]
    _refused(data, "CK2-R85")


def test_a_players_rune_value_tile_of_zero_is_refused_ck2_r46() -> None:
    data = _dict("turn=L")
    data["clans"][1]["tiles"] = [1, 0, 2, 2]
    _refused(data, "CK2-R46")


# -- found by tests/engine/test_mutated_saves.py: saves that loaded, then could not be played on ----------


def test_an_interrupted_decision_of_no_seat_is_refused_ck2_r1() -> None:
    s = RULES.new_game(2, 5, {})
    s = RULES.apply_action(s, RULES.legal_actions(s)[0])[0]  # a tactic set aside: the draw interrupts setup
    data = RULES.to_dict(s)
    assert data["phase"] == "keep" and data["resume"][0]["phase"] == "setup"
    RULES.from_dict(data)
    data["resume"][0]["actor"] = -2
    _refused(data, "CK2-R1")


@pytest.mark.parametrize(("players", "order"), [(1, [0, 0]), (1, [1]), (2, [0, 0]), (2, [1, 1]), (2, [0])])
def test_a_setup_order_that_is_not_each_clan_once_is_refused_ck2_r96(players: int, order: list[int]) -> None:
    """CK2-R96: each player clan sets a tactic aside and draws once (solo: the player only, CK2-R72)."""
    data = RULES.to_dict(RULES.new_game(players, 5, {}))
    RULES.from_dict(data)
    data["ctx"]["order"] = order
    _refused(data, "CK2-R96")


def test_a_draw_that_interrupts_nothing_is_refused_ck2_r1() -> None:
    """A draw to keep from returns to the decision it interrupted (here the setup); without it the game stops."""
    s = RULES.new_game(1, 5, {})
    s = RULES.apply_action(s, RULES.legal_actions(s)[0])[0]
    data = RULES.to_dict(s)
    assert data["phase"] == "keep" and data["resume"]
    data["resume"] = []
    _refused(data, "CK2-R1")


@pytest.mark.parametrize(("card", "value"), [(12, 1), (3, 2), (7, 1)])
def test_a_store_on_a_card_that_cannot_take_the_token_is_refused_ck2_r16(card: int, value: int) -> None:
    """CK2-R16 / R30 / R69: a store waits for an ACTIVE Runic Alignment card (1) or the Blacksmith (2)."""
    s = parse("turn=L L:0,1=3+ L:1,1=24- L.caverns=12- L.barracks=7")
    settle(s, [])
    s = RULES.apply_action(s, Flip(24))[0]
    data = RULES.to_dict(s)
    assert data["phase"] == "store"
    RULES.from_dict(data)
    data["ctx"] = {"card": card, "value": value}
    _refused(data, "CK2-R16")


@pytest.mark.parametrize(("key", "value"), [("d", 22), ("a", 8), ("att", 1)])
def test_a_battle_between_cards_not_on_the_board_is_refused_ck2_r19(key: str, value: int) -> None:
    """CK2-R19: Left's Minox battles Right's Lava Wyrm; a battle naming a card in a deck (or the sides
    swapped) would destroy a card that is not there."""
    s = parse("turn=L L:4,1=7+ R:5,1=8+")
    settle(s, [])
    s = RULES.apply_action(s, Battle(7, 8))[0]
    data = RULES.to_dict(s)
    assert data["phase"] == "tactic"
    RULES.from_dict(data)
    data["ctx"][key] = value
    _refused(data, "CK2-R19")


def test_a_normal_turn_of_the_dragon_clan_in_the_final_battle_is_refused_ck2_r39() -> None:
    """CK2-R36 steps 3-5 / R39: after the Summon only the defender takes normal turns; the Dragon Clan's
    are its single attacks (phase ``dragon``). Found by the mutated-save test: it drew a hand and broke."""
    data = _dict("turn=R dragon=L stage=2 R:8,1=1+")
    RULES.from_dict(data)
    data["current"] = data["actor"] = 0
    _refused(data, "CK2-R39")
