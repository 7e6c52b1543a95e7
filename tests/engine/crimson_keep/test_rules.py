"""One or more tests per rule ID of the supplement (CK2-R1..R47, R96)."""

from __future__ import annotations

import json

import pytest

from crimson_table.engine.core import Action, IllegalAction
from crimson_table.engine.crimson_keep import notation
from crimson_table.engine.crimson_keep.actions import (
    BARRACKS,
    CAVERNS,
    Ability,
    Battle,
    Deploy,
    Done,
    Draw,
    EndTurn,
    ExcludeTactic,
    FireAttack,
    Flip,
    FreeAction,
    KeepCard,
    Move,
    Obliterate,
    PassDragon,
    Place,
    Replace,
    Summon,
    Tactic,
    TakeDrawBonus,
)
from crimson_table.engine.crimson_keep.board import cell
from crimson_table.engine.crimson_keep.cards import OBJECTIVES
from crimson_table.engine.crimson_keep.final import column_total
from crimson_table.engine.crimson_keep.ops import draw_cards
from crimson_table.engine.crimson_keep.queries import find
from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.engine.crimson_keep.state import DRAGON, KEEP, MAIN, MEETING, OVER, SETUP, TACTIC

from .conftest import Dice, play, pos


def legal(s):  # type: ignore[no-untyped-def]
    return RULES.legal_actions(s)


def found(s, seat: int, obj: str) -> int:  # type: ignore[no-untyped-def]
    return s.clans[seat].found[OBJECTIVES.index(obj)]


def test_r1_draw_bonus_comes_before_the_move() -> None:
    s = pos("turn=R L:4,1=7+ L.bonus=1")
    s = play(s, EndTurn())
    assert legal(s) == [TakeDrawBonus(True), TakeDrawBonus(False)]
    s = play(s, TakeDrawBonus(False))
    assert Move(1) in legal(s)


def test_r2_two_actions_then_the_turn_ends() -> None:
    s = pos("turn=L L.hand=1,2,3")
    s = play(s, Place(1, cell(0, 1)), Place(2, cell(1, 1)))
    assert s.current == 1


def test_r2_end_turn_rests_the_remaining_slots() -> None:
    s = pos("turn=L L.hand=1")
    s = play(s, EndTurn())
    assert s.current == 1


def test_r3_a_track_advances_once_per_turn() -> None:
    s = pos("turn=L L.hand=1,2,3")
    s = play(s, Place(1, cell(0, 1)), Place(2, cell(1, 1)))
    assert s.clans[0].tracks[0] == 1


def test_r4_free_action_saved_for_a_later_turn() -> None:
    s = pos("turn=L L.tracks=0,4,0,0")
    assert FreeAction(1) in legal(s)
    s = play(s, EndTurn(), EndTurn(), TakeDrawBonus(False))
    assert FreeAction(1) in legal(s)


def test_r4_move_dragon_needs_the_tracker_above_the_summon_tracker() -> None:
    s = pos("turn=L L.tracks=4,0,0,0 L.dragons=-1,15,21")
    assert FreeAction(0) not in legal(s)


def test_r4_war_chest_fills_the_caverns_pool() -> None:
    s = pos("turn=L L.tracks=0,0,0,4")
    s = play(s, FreeAction(3))
    assert s.clans[0].pool == [1, -1] and s.clans[0].tracks[3] == 0


def test_r5_grand_free_action_replaces_the_singles() -> None:
    s = pos("turn=L L.tracks=4,4,5,4")
    s = play(s, FreeAction(6))
    assert s.clans[0].dragons[2] == 19 and s.clans[0].tracks == [0, 0, 0, 0]


def test_r6_place_matches_set_icons_and_capacity() -> None:
    s = pos("turn=L L.hand=7,12 L.barracks=8,9,10")
    assert Place(7, BARRACKS) not in legal(s) and Place(12, CAVERNS) in legal(s)
    s = play(s, Place(12, CAVERNS))
    assert found(s, 0, "K1") == 1


def test_r7_building_needs_support_and_the_gate_level_one() -> None:
    s = pos("turn=L L:0,1=1- L.hand=36,2")
    places = {a for a in legal(s) if isinstance(a, Place)}
    assert Place(2, cell(0, 2)) in places and Place(36, cell(0, 2)) not in places
    assert Place(2, cell(0, 3)) not in places


def test_r7_destroyed_columns_cannot_be_built() -> None:
    s = pos("turn=L L.hand=2 L.ruined=1,0,0 dragon=R stage=2 injuries=0 dice=4 obliterate=0 actions=1")
    assert Place(2, cell(0, 1)) not in legal(s)


def test_r8_deploy_to_the_gate_pushing_an_enemy() -> None:
    s = pos("turn=L L.barracks=7 R:3,1=8-")
    s = play(s, Deploy(7))
    assert find(s, 0, 7) == cell(3, 1) and find(s, 1, 8) == cell(4, 1) and not s.clans[0].active[7]
    assert not [a for a in legal(s) if isinstance(a, Deploy)]


def test_r9_a_push_does_not_advance_march() -> None:
    s = pos("turn=L L.barracks=7 R:3,1=8-")
    s = play(s, Deploy(7))
    assert s.clans[0].tracks[3] == 0


def test_r10_replace_causes_no_collapse() -> None:
    s = pos("turn=L L:0,1=1- L:0,2=2- L.hand=3")
    s = play(s, Replace(3, 1))
    assert find(s, 0, 3) == cell(0, 1) and find(s, 0, 2) == cell(0, 2) and 1 in s.clans[0].discard


def test_r10_battlefield_card_replaced_from_barracks_at_the_gate() -> None:
    s = pos("turn=L L:5,1=7+ L.barracks=8")
    s = play(s, Replace(8, 7))
    assert find(s, 0, 8) == cell(3, 1) and 7 in s.clans[0].discard


def test_r10_black_gate_replaces_only_level_one() -> None:
    s = pos("turn=L L:0,1=1- L:0,2=2- L.hand=36")
    assert Replace(36, 1) in legal(s) and Replace(36, 2) not in legal(s)


def test_r11_barracks_never_flip_and_used_cards_stay_inactive() -> None:
    s = pos("turn=L L.barracks=7 L:0,1=1-u")
    assert Flip(7) not in legal(s) and Flip(1) not in legal(s)


def test_r12_draw_reshuffles_the_discard_pile() -> None:
    s = pos("turn=L")
    c = s.clans[0]
    c.deck, c.discard = c.deck[:1], c.deck[1:]
    out = draw_cards(s, 0, 5)
    assert len(out) == 5 and c.discard == [] and len(c.deck) == 37 - 5


def test_r12_draw_keeps_three_of_five() -> None:
    s = pos("turn=L L.hand=1")
    s = play(s, Draw())
    assert s.phase == KEEP and len(s.ctx["offer"]) == 5
    for _ in range(3):
        s = play(s, KeepCard(s.ctx["offer"][0]))
    assert len(s.clans[0].hand) == 3 and 1 in s.clans[0].discard


def test_r13_draw_bonus_after_ending_with_an_empty_hand() -> None:
    s = pos("turn=L")
    s = play(s, EndTurn())
    assert s.clans[0].draw_bonus


def test_r14_move_only_before_the_first_action_and_not_blocked() -> None:
    s = pos("turn=L L:4,1=7+ R:5,1=8-")
    assert Move(1) not in legal(s)
    s = pos("turn=L L:3,1=7+ L.hand=1")
    s = play(s, Place(1, cell(0, 1)))
    assert Move(1) not in legal(s)


def test_r15_ability_needs_a_target() -> None:
    s = pos("turn=L L:4,1=17+")
    assert not [a for a in legal(s) if isinstance(a, Ability)]


def test_r16_no_storing_by_the_dragon_clan() -> None:
    s = pos("turn=R dragon=L stage=1 injuries=0 dice=4 obliterate=0 L:0,1=30+")
    assert s.clans[0].tokens[30] == 0


def test_r17_protection_returns_to_the_box_when_the_card_flips() -> None:
    s = pos("turn=L L:4,1=7+ L.protection=7 L.caverns=15-")
    s = play(s, Flip(7))
    assert s.clans[0].protection == 0


def test_r18_battle_needs_an_active_adjacent_card() -> None:
    s = pos("turn=L L:4,1=7- R:5,1=8+")
    assert not [a for a in legal(s) if isinstance(a, Battle)]
    s = pos("turn=L L:3,1=7+ R:5,1=8+")
    assert not [a for a in legal(s) if isinstance(a, Battle)]


def test_r19_defender_chooses_its_tactic_during_the_attackers_turn() -> None:
    s = pos("turn=L L:4,1=7+ R:5,1=8+")
    s = play(s, Battle(7, 8), Tactic(1))
    assert s.phase == TACTIC and s.actor == 1 and s.current == 0


def test_r20_own_tokens_always_used_others_optional(dice: Dice) -> None:
    s = pos("turn=L L:4,1=7+t2 R:5,1=17+ R:7,1=1- R:7,2=31+t-2")
    dice.set(1, 1)
    s = play(s, Battle(7, 17), Tactic(3), Tactic(3))
    assert s.phase == "tokens" and s.actor == 1
    s = play(s, Done())
    s, events = RULES.apply_action(s, Done()) if s.phase == "tokens" else (s, [])
    assert s.clans[1].active[31]


def test_r21_inactive_defender_rolls_and_buildings_may_roll_two(dice: Dice) -> None:
    s = pos("turn=L L:5,1=7+ R:6,1=36-")
    dice.set(6, 1, 1)
    s, events = RULES.apply_action(play(s, Battle(7, 36), Tactic(3)), Tactic(3))
    roll = [e for e in events if e.kind == "roll"][0]
    assert len(roll.data["dice"][1]) == 2


def test_r22_tactics_return_after_all_four_are_used() -> None:
    from crimson_table.engine.crimson_keep.battle import reveal_tactic

    s = pos("turn=L L.tactics=4 L.used=1,2,3")
    s.clans[0].tactics = []
    reveal_tactic(s, 0, 4)
    assert s.clans[0].tactics == [1, 2, 3, 4] and s.clans[0].tactics_used == []


def test_r23_ties_are_rerolled(dice: Dice) -> None:
    s = pos("turn=L L:4,1=7+ R:5,1=8+")
    dice.set(5, 3, 2, 1)
    s, events = RULES.apply_action(play(s, Battle(7, 8), Tactic(3)), Tactic(3))
    ties = [e for e in events if e.kind == "roll" and "tie" in e.data]
    assert len(ties) >= 1


def test_r24_winning_building_flips_inactive(dice: Dice) -> None:
    s = pos("turn=L L:2,1=1+ R:3,1=8+")
    dice.set(6, 1)
    s = play(s, Battle(1, 8), Tactic(3), Tactic(3))
    assert find(s, 0, 1) >= 0 and not s.clans[0].active[1] and 8 in s.clans[1].destroyed
    assert found(s, 0, "C1") == 1


def test_r25_summoning_cards_are_removed_not_destroyed(dice: Dice) -> None:
    s = pos("turn=L L:5,1=7+ R:6,1=37-")
    dice.set(6, 1, 1)
    s = play(s, Battle(7, 37), Tactic(3), Tactic(3))
    assert 37 in s.clans[1].discard and found(s, 0, "C2") == 1


def test_r26_r27_collapse_credits_the_opponent_even_in_its_own_turn(dice: Dice) -> None:
    s = pos("turn=R R:6,1=1+ R:6,2=2- L:5,1=7+")
    dice.set(1, 6)
    s = play(s, Battle(1, 7), Tactic(3), Tactic(3))
    assert found(s, 0, "C3") == 1 and found(s, 0, "C2") == 1 and len(s.clans[0].hand) == 2


def test_r28_building_runes() -> None:
    s = pos("turn=L L:0,1=1- L:0,2=2- L:1,1=3- L:1,2=4- L:2,1=5- L.hand=6")
    s = play(s, Place(6, cell(2, 2)))
    assert found(s, 0, "B2") == 1 and found(s, 0, "B1") == 0


def test_r28_clan_runes_k2_k3() -> None:
    s = pos("turn=L L.barracks=7,8 L.hand=9 L:0,1=30- L:1,1=31- L.slots=37")
    s = play(s, Place(9, BARRACKS))
    assert found(s, 0, "K2") == 1
    s = play(s, Place(37, cell(2, 1)))
    assert found(s, 0, "K3") == 1


def test_r29_combat_repeats_flip_then_nothing() -> None:
    from crimson_table.engine.crimson_keep.ops import gain

    s = pos("turn=L")
    for _ in range(3):
        gain(s, 0, "C1", [])
    assert found(s, 0, "C1") == 2 and s.clans[0].summon == 4


def test_r29_ability_removals_are_not_battles() -> None:
    s = pos("turn=L L:4,1=17+ R:5,1=7-")
    s = play(s, Ability(17, "club_crush", 7))
    assert found(s, 0, "C1") == 0


def test_r30_horizontal_alignment_and_no_stair_stair_pair() -> None:
    from crimson_table.engine.crimson_keep.queries import alignments

    s = pos("turn=L L:0,1=22+ L:1,1=1+ L:2,1=23+")
    assert alignments(s, 0) == [(cell(0, 1), cell(1, 1))]


def test_r31_r32_r33_meeting_in_the_opponents_turn_resolves_at_its_end(dice: Dice) -> None:
    text = ("turn=R L:0,1=30+ L:1,1=31+ L:0,2=37+ L:2,1=1+ R:3,1=8+ L.summon=13 L.dragons=-1,15,21 "
            "L.found=B1:1,A1:1,K3:1")  # fmt: skip
    s = pos(text)
    dice.set(1, 6)
    s = play(s, Battle(8, 1), Tactic(3), Tactic(3))
    while s.phase != MAIN:
        s = play(s, Done())
    assert s.clans[0].pending[1] and Summon(1) not in legal(s)
    s = play(s, EndTurn())
    assert s.phase == MEETING and s.actor == 0


def test_r34_dragon_trackers_may_overtake() -> None:
    s = pos("turn=L L.tracks=0,4,0,0 L.dragons=9,10,21 L.summon=5")
    s = play(s, FreeAction(1))
    assert s.clans[0].dragons[1] == 9


def test_r35_no_trackers_left_allows_a_weak_dragon() -> None:
    text = "turn=L L:0,1=30+ L:1,1=31+ L:2,1=37+ L.dragons=-1,-1,-1 L.found=B1:1,A1:1,K3:1,C1:1 L.summon=25"
    s = pos(text)
    s = play(s, EndTurn())
    assert s.phase == MEETING and legal(s) == [Summon(0), PassDragon()]
    s = play(s, Summon(0))
    assert s.dragon == 0 and s.obliterate == 0


def test_r36_setup_of_the_final_battle() -> None:
    text = ("turn=L L:0,1=30+ L:1,1=31+ L:2,1=37+ L:1,2=2- L:4,1=7+ L.hand=5 L.pool=1 L.summon=15 "
            "L.dragons=-1,15,21 L.pending=0,1,0 L.found=B1:1,A1:1,K3:1")  # fmt: skip
    s = pos(text)
    s = play(s, Summon(1))
    c = s.clans[0]
    assert c.hand == [] and 5 in c.discard and c.pool == [] and all(t == 0 for t in c.tokens)
    assert c.active[2] and 7 in c.discard and s.obliterate == 1 and s.current == 1 and s.actions_left == 2


def test_r37_purchase_and_choice() -> None:
    s = pos("turn=R dragon=L stage=1 injuries=0 dice=4 obliterate=0 R.pool=2,2,2,-2")
    s = play(s, EndTurn())
    assert s.ctx["left"] == 2
    from crimson_table.engine.crimson_keep.actions import BuyKeepDefence

    s = play(s, BuyKeepDefence(2), BuyKeepDefence(3))
    assert s.clans[1].kd == [2, 3] and s.phase == DRAGON


def test_r38_alignment_counts_for_both_columns() -> None:
    s = pos("turn=L R:6,1=1+ R:7,1=22+")
    assert column_total(s, 1, 2) == 3 and column_total(s, 1, 1) == 3


def test_r39_the_dragon_may_not_rest() -> None:
    s = pos("turn=L dragon=L stage=2 injuries=0 dice=4 obliterate=1 R:6,1=1+")
    s.phase, s.actor = DRAGON, 0
    assert EndTurn() not in legal(s) and Obliterate(0) in legal(s) and FireAttack() in legal(s)


def test_r40_obliterate_destroys_a_column_without_dice() -> None:
    s = pos("turn=L dragon=L stage=2 injuries=0 dice=4 obliterate=1 R:8,1=37+ R:6,1=1+")
    s.phase, s.actor = DRAGON, 0
    s = play(s, Obliterate(0))
    assert s.clans[1].ruined[0] and 37 in s.clans[1].destroyed and s.obliterate == 0


def test_r41_fire_attack_failure_injures(dice: Dice) -> None:
    s = pos("turn=L dragon=L stage=2 injuries=0 dice=4 obliterate=0 R:6,1=37+ R:6,2=30+ R:6,3=31+ R:6,4=1+")
    s.phase, s.actor = DRAGON, 0
    dice.set(1, 1, 1, 1)
    s = play(s, FireAttack())
    assert s.injuries == 1 and s.current == 1 and s.actions_left == 1


def test_r42_an_active_fire_wraith_survives_a_destroyed_column(dice: Dice) -> None:
    s = pos("turn=L dragon=L stage=2 injuries=0 dice=4 obliterate=0 R:6,1=1- R:4,1=19+")
    s.phase, s.actor = DRAGON, 0
    dice.set(6, 6, 6, 6)
    s = play(s, FireAttack())
    assert find(s, 1, 19) >= 0


def test_r43_death_roll_one_to_five_defender_wins(dice: Dice) -> None:
    s = pos("turn=L dragon=L stage=2 injuries=3 dice=4 obliterate=0 R:6,1=37+ R:6,2=30+ R:6,3=31+ R:6,4=1+")
    s.phase, s.actor = DRAGON, 0
    dice.set(1, 1, 1, 1, 3)
    s = play(s, FireAttack())
    assert s.phase == OVER and s.winners == [1]


def test_r44_hard_mode_removes_a_die_on_failure(dice: Dice) -> None:
    s = pos("turn=L hard=1 dragon=L stage=2 injuries=0 dice=4 obliterate=0 R:6,1=37+ R:6,2=30+ R:6,3=31+")
    s.phase, s.actor = DRAGON, 0
    dice.set(1, 1, 1, 1)
    s = play(s, FireAttack())
    assert s.dice == 3


def test_r45_all_three_columns_destroyed_wins(dice: Dice) -> None:
    s = pos("turn=L dragon=L stage=2 injuries=0 dice=4 obliterate=0 R.ruined=1,1,0 R:6,1=1-")
    s.phase, s.actor = DRAGON, 0
    dice.set(1, 1, 1, 1)
    s = play(s, FireAttack())
    assert s.phase == OVER and s.winners == [0] and RULES.outcome(s).winners == (0,)  # type: ignore[union-attr]


def test_r46_rune_tiles_follow_the_option() -> None:
    s = RULES.new_game(2, 3, {"tiles_left": "quickest", "tiles_right": "epic"})
    assert s.clans[0].tiles == [2, 2, 2, 2] and s.clans[1].tiles == [1, 1, 1, 1]


def test_r47_engine_guard_ends_in_a_draw() -> None:
    s = pos("turn=L")
    s.round_limit, s.rounds = 1, 1
    s = play(s, EndTurn())
    assert s.phase == OVER and RULES.outcome(s).winners == ()  # type: ignore[union-attr]


def test_r96_setup_tactic_then_draw_for_both_clans() -> None:
    s = RULES.new_game(2, 9, {})
    first = s.actor
    assert s.phase == SETUP and len(legal(s)) == 5
    s = play(s, ExcludeTactic(5))
    assert s.phase == KEEP and s.actor == first
    for _ in range(3):
        s = play(s, legal(s)[0])
    assert s.phase == SETUP and s.actor == 1 - first
    s = play(s, ExcludeTactic(1))
    for _ in range(3):
        s = play(s, legal(s)[0])
    assert s.phase == MAIN and s.current == first and len(s.clans[0].hand) == 3
    assert sorted(s.clans[0].slots) == [30, 31, 37] and len(s.clans[0].tactics) == 4


def test_illegal_actions_are_refused_with_a_rule_id() -> None:
    s = pos("turn=L L.hand=1")
    with pytest.raises(IllegalAction) as err:
        RULES.apply_action(s, Place(1, cell(0, 3)))
    assert err.value.rule_id == "CK2-R6"


@pytest.mark.parametrize(
    "text",
    [
        "turn=L L:2,1=36+ L.hand=3,33",
        "turn=R actions=1 L:4,1=7-u R:6,1=1+t1 L.barracks=8 L.caverns=14+t-2,12- L.summon=13 L.dragons=-1,15,21",
        "turn=L dragon=R stage=2 injuries=2 dice=3 obliterate=1 L.kd=1,3 L.kd_spent=2 L.ruined=0,1,0 R.found=B1:1,C1:2",
        "turn=L solo=1 L.pool=1,-1 L.tactics=1,2 L.used=3,4 L.protection=-1 L.bonus=1 R.hand=36 R.tracks=1,2,0,3",
    ],
)
def test_notation_round_trips(text: str) -> None:
    assert notation.write(notation.parse(text)) == text


def test_notation_position_round_trip_from_a_played_game() -> None:
    from crimson_table.engine.rng import Rng

    s = RULES.new_game(2, 4, {})
    pick = Rng.from_seed(4)
    for _ in range(120):
        legal_now = legal(s)
        s, _ = RULES.apply_action(s, legal_now[pick.below(len(legal_now))])
        if s.phase == MAIN and not s.resume and not s.ctx:
            text = notation.write(s)
            assert notation.write(notation.parse(text)) == text


def test_view_hides_the_opponents_keep_defence_cards_and_determinize_resamples_them() -> None:
    s = pos("turn=L dragon=L stage=2 injuries=0 dice=4 obliterate=0 R:6,1=1+ R.kd=1 R.kd_spent=3")
    v = RULES.player_view(s, 0)
    assert v["clans"][1]["kd"] == 1 and v["clans"][1]["kd_spent"] == [3]
    seen = {tuple(RULES.determinize(s, 0, seed).clans[1].kd) for seed in range(20)}
    assert seen == {(1,), (2,)}


def test_view_hides_the_opponents_hand_and_a_face_down_tactic() -> None:
    s = pos("turn=L L:4,1=7+ R:5,1=8+ R.hand=1,2")
    s = play(s, Battle(7, 8), Tactic(2))
    v = RULES.player_view(s, 1)
    assert v["ctx"]["tac"][0] == "?" and v["clans"][0]["deck"] == len(s.clans[0].deck)
    assert RULES.player_view(s, 0)["clans"][1]["hand"] == 2
    json.dumps(v)


# -- decided in the supplement: CK2-R36 step 5, CK2-R47 solo, the most specific refusal ---------------

FINAL_DEFENDER = "turn=R dragon=L stage=2 injuries=0 dice=4 obliterate=0 actions=1"


def test_r36_war_council_offers_no_extra_actions_from_step_5() -> None:
    """CK2-R36 step 5: every turn has exactly 1 action, so War Council (CK2-R53) has neither option; in
    the defender's full turn (step 3) it still has both."""
    s = pos(f"{FINAL_DEFENDER} R:6,1=28+ R:6,2=1-")
    assert not [a for a in legal(s) if isinstance(a, Ability) and a.card == 28]
    assert RULES.refusal(s, Ability(28, "council")) is not None
    s = pos("turn=R dragon=L stage=1 injuries=0 dice=4 obliterate=0 R:6,1=28+ R:6,2=1-")
    assert Ability(28, "council") in legal(s)


def test_r36_the_defender_may_still_move_before_its_single_action() -> None:
    """CK2-R36 step 5 / CK2-R14: the optional Move is not the turn's action, so after it the action is left."""
    s = pos(f"{FINAL_DEFENDER} R:8,1=1- R:4,1=7+")
    s = play(s, Move(1))
    assert find(s, 1, 7) == cell(3, 1) and s.actions_left == 1 and (s.phase, s.current) == (MAIN, 1)
    assert Flip(1) in legal(s)


def test_r47_the_guard_ends_a_solo_game_in_defeat() -> None:
    """CK2-R47: against Kai no Summon in time is a defeat for the player (rewards 0), not half a point."""
    s = pos("turn=L solo=1 R.tiles=0,0,0,0 R.dragons=-1,-1,-1")
    s.round_limit, s.rounds = 1, 1
    s = play(s, EndTurn())
    outcome = RULES.outcome(s)
    assert s.phase == OVER and outcome is not None
    assert outcome.winners == () and outcome.rewards == (0.0,) and outcome.scores == (0.0,)


def test_r7_a_place_in_a_destroyed_column_is_refused_citing_r7() -> None:
    s = pos("turn=L L.hand=2 L.ruined=1,0,0 dragon=R stage=2 injuries=0 dice=4 obliterate=0 actions=1")
    refused = RULES.refusal(s, Place(2, cell(0, 1)))
    assert refused is not None and refused.rule_id == "CK2-R7"


@pytest.mark.parametrize("action", [Battle(32, 8), Ability(32, "burn", 8), Ability(32, "singe", 8)])
def test_r62_a_firelancer_against_an_active_lava_wyrm_is_refused_citing_r62(action: Action) -> None:
    s = pos("turn=L L:2,1=32+ R:3,1=8+")
    refused = RULES.refusal(s, action)
    assert refused is not None and refused.rule_id == "CK2-R62"


def test_r39_the_dragon_resting_is_refused_citing_r39() -> None:
    s = pos("turn=L dragon=L stage=2 injuries=0 dice=4 obliterate=1 R:6,1=1+")
    s.phase, s.actor = DRAGON, 0
    refused = RULES.refusal(s, EndTurn())
    assert refused is not None and refused.rule_id == "CK2-R39"
    with pytest.raises(IllegalAction, match="CK2-R39"):
        RULES.apply_action(s, EndTurn())
