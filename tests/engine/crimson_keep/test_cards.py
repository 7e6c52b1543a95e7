"""Every card's Special Ability (CK2-R48..R71) with its exact targets."""

from __future__ import annotations

from crimson_table.engine.crimson_keep.actions import (
    Ability,
    Choose,
    Done,
    Flip,
    KeepCard,
    Move,
    Protect,
    StoreToken,
    Tactic,
)
from crimson_table.engine.crimson_keep.board import cell
from crimson_table.engine.crimson_keep.queries import find
from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.engine.crimson_keep.state import KEEP, MAIN, SORCERESS, STORE

from .conftest import Dice, play, pos


def abilities_of(s, card: int) -> list[Ability]:  # type: ignore[no-untyped-def]
    return [a for a in RULES.legal_actions(s) if isinstance(a, Ability) and a.card == card]


def test_r48_dragon_crystal_stores_defence_equal_to_its_level() -> None:
    s = pos("turn=L L:0,1=1- L:0,2=2- L:0,3=31-")
    s = play(s, Flip(31))
    assert s.clans[0].tokens[31] == -3


def test_r49_clan_leader_stores_attack_equal_to_its_level() -> None:
    s = pos("turn=L L:1,1=1- L:1,2=30-")
    s = play(s, Flip(30))
    assert s.clans[0].tokens[30] == 2


def test_r50_sorceress_flips_up_to_her_level_one_at_a_time() -> None:
    s = pos("turn=L L:0,1=1- L:0,2=37+ L:1,1=2- L:2,1=3-")
    s = play(s, Ability(37))
    assert s.phase == SORCERESS and not s.clans[0].active[37]
    assert Choose(37) not in RULES.legal_actions(s)
    s = play(s, Choose(1), Choose(2))
    assert s.phase == MAIN and s.clans[0].active[1] and s.clans[0].active[2] and not s.clans[0].active[3]


def test_r50_sorceress_may_stop_early() -> None:
    s = pos("turn=L L:0,1=1- L:0,2=37+ L:1,1=2-")
    s = play(s, Ability(37), Choose(2), Done())
    assert s.phase == MAIN and not s.clans[0].active[1]


def test_r51_warlock_removes_an_inactive_sorceress_when_the_roll_beats_her_level(dice: Dice) -> None:
    s = pos("turn=L L:0,1=35+ R:8,1=1- R:8,2=2- R:8,3=3- R:8,4=37-")
    assert abilities_of(s, 35) == [Ability(35, "cunning", 37)]
    dice.set(5)
    s = play(s, Ability(35, "cunning", 37))
    assert 37 in s.clans[1].discard


def test_r51_warlock_fails_on_a_low_roll(dice: Dice) -> None:
    s = pos("turn=L L:0,1=35+ R:8,1=1- R:8,2=2- R:8,3=3- R:8,4=37-")
    dice.set(4)
    s = play(s, Ability(35, "cunning", 37))
    assert find(s, 1, 37) >= 0 and not s.clans[0].active[35]


def test_r51_warlock_ignores_an_active_sorceress() -> None:
    s = pos("turn=L L:0,1=35+ R:8,1=37+")
    assert abilities_of(s, 35) == []


def test_r52_firelancer_burn_moves_the_enemy_back() -> None:
    s = pos("turn=L L:2,1=32+ R:4,1=7-")
    assert Ability(32, "burn", 7) in abilities_of(s, 32)
    s = play(s, Ability(32, "burn", 7))
    assert find(s, 1, 7) == cell(5, 1)


def test_r52_firelancer_burn_needs_a_legal_space_behind() -> None:
    s = pos("turn=L L:2,1=32+ R:5,1=7- R:6,1=1-")
    assert Ability(32, "burn", 7) not in abilities_of(s, 32)


def test_r52_firelancer_singe_flips_an_active_combat_card() -> None:
    s = pos("turn=L L:2,1=1- L:2,2=32+ R:3,1=7+")
    s = play(s, Ability(32, "singe", 7))
    assert not s.clans[1].active[7]


def test_r52_firelancer_scorch_flips_an_active_building() -> None:
    s = pos("turn=L L:2,1=32+ R:6,1=28+")
    s = play(s, Ability(32, "scorch", 28))
    assert not s.clans[1].active[28]


def test_r53_great_hall_advances_a_track_but_never_power() -> None:
    s = pos("turn=L L:0,1=28+")
    opts = abilities_of(s, 28)
    assert Ability(28, "advance", 3) not in opts and Ability(28, "advance", 1) in opts
    s = play(s, Ability(28, "advance", 1))
    assert s.clans[0].tracks == [1, 0, 1, 0]


def test_r53_great_hall_war_council_gives_two_extra_actions() -> None:
    s = pos("turn=L L:0,1=28+")
    s = play(s, Ability(28, "council"))
    assert s.actions_left == 3 and s.clans[0].tracks[2] == 0


def test_r54_black_mirror_swaps_adjacent_buildings_keeping_sides() -> None:
    s = pos("turn=L L:0,1=29+ L:1,1=1+t1")
    s = play(s, Ability(29, "swap", 29, 1))
    assert find(s, 0, 1) == cell(0, 1) and find(s, 0, 29) == cell(1, 1)
    assert s.clans[0].active[1] and s.clans[0].tokens[1] == 1 and not s.clans[0].active[29]


def test_r54_black_gate_must_stay_on_level_one() -> None:
    s = pos("turn=L L:0,1=36- L:0,2=29+")
    assert all(36 not in (a.target, a.extra) for a in abilities_of(s, 29))


def test_r55_black_gate_iron_will_deploys_active() -> None:
    s = pos("turn=L L:2,1=36+ L.barracks=7,17 R:3,1=8-")
    s = play(s, Ability(36, "iron_will", 17))
    assert find(s, 0, 17) == cell(3, 1) and s.clans[0].active[17] and find(s, 1, 8) == cell(4, 1)


def test_r56_runic_alignment_stores_one_token_per_card() -> None:
    s = pos("turn=L L:0,1=3+ L:1,1=24-")
    s = play(s, Flip(24))
    assert s.phase == STORE
    s = play(s, StoreToken(int(s.ctx["card"]), True))
    s = play(s, StoreToken(int(s.ctx["card"]), True))
    assert s.clans[0].tokens[3] == 1 and s.clans[0].tokens[24] == 1


def test_r57_dragusa_fury_flips_a_summoning_card_and_removes_the_champion(dice: Dice) -> None:
    s = pos("turn=L L:4,1=21+ R:5,1=7- R:8,1=37+")
    assert abilities_of(s, 21) == [Ability(21, "fury", 37)]
    dice.set(5)
    s = play(s, Ability(21, "fury", 37))
    assert not s.clans[1].active[37] and 7 in s.clans[1].discard
    assert find(s, 0, 21) >= 0 and not s.clans[0].active[21]


def test_r57_dragusa_is_destroyed_on_a_low_roll(dice: Dice) -> None:
    s = pos("turn=L L:4,1=21+ R:5,1=7-")
    dice.set(2)
    s = play(s, Ability(21, "fury"))
    assert 21 in s.clans[0].destroyed


def test_r58_fire_falcon_removes_the_crystal_on_an_exact_roll_and_returns(dice: Dice) -> None:
    s = pos("turn=L L:4,1=10+ R:8,1=1- R:8,2=31-")
    dice.set(2)
    s = play(s, Ability(10, "air_assault"))
    assert 31 in s.clans[1].discard and find(s, 0, 10) == cell(3, 1) and not s.clans[0].active[10]


def test_r58_fire_falcon_is_swept_away_by_the_collapse_it_causes(dice: Dice) -> None:
    s = pos("turn=L L:4,1=10+ R:8,1=31- R:8,2=1-")
    dice.set(1)
    s = play(s, Ability(10, "air_assault"))
    assert 10 in s.clans[0].discard and find(s, 0, 10) < 0


def test_r59_fire_wraith_sacrifice_only_in_the_final_battle() -> None:
    s = pos("turn=L L:4,1=19+")
    assert abilities_of(s, 19) == []
    s = pos("turn=L dragon=R stage=2 injuries=1 dice=4 obliterate=0 actions=1 L:4,1=19+ L:0,1=1-")
    s = play(s, Ability(19, "sacrifice"))
    assert s.injuries == 2 and 19 in s.clans[0].destroyed


def test_r60_winged_tyvern_targets_the_clan_leader(dice: Dice) -> None:
    s = pos("turn=L L:4,1=11+ R:8,1=30-")
    dice.set(1)
    s = play(s, Ability(11, "territorial"))
    assert 30 in s.clans[1].discard and find(s, 0, 11) == cell(3, 1)


def test_r61_scorch_knights_store_attack_3_used_only_when_attacking(dice: Dice) -> None:
    s = pos("turn=L L:4,1=9- R:5,1=8+")
    s = play(s, Flip(9))
    assert s.clans[0].tokens[9] == 3
    dice.set(6, 1)
    s, events = RULES.apply_action(play(s, Battle(9, 8), Tactic(3)), Tactic(3))
    result = [e for e in events if e.kind == "battle_result"][0]
    assert result.data["totals"] == [10, 4]  # 6 + Attack(3) + Shield Wall 1 against 1 + 3
    assert 9 in s.clans[0].discard and 8 in s.clans[1].destroyed


def test_r62_lava_wyrm_is_immune_to_firelancers_but_blocks() -> None:
    s = pos("turn=L L:2,1=32+ R:3,1=8+")
    assert abilities_of(s, 32) == []
    assert not [a for a in RULES.legal_actions(s) if isinstance(a, Battle) and a.card == 32]


def test_r63_morgulth_troll_removes_an_adjacent_combat_card() -> None:
    s = pos("turn=L L:4,1=17+ R:5,1=7-")
    s = play(s, Ability(17, "club_crush", 7))
    assert 7 in s.clans[1].discard and not s.clans[0].active[17]


def test_r64_dragon_cannon_blitz_targets_the_nearest_building() -> None:
    s = pos("turn=L L:3,1=20+ R:6,1=1- R:6,2=2-")
    assert abilities_of(s, 20) == [Ability(20, "blitz", 1)]


def test_r65_dragon_ram_rage_and_extra_move() -> None:
    s = pos("turn=L L:5,1=18+ R:6,1=1-")
    s = play(s, Ability(18, "rage", 1))
    assert 1 in s.clans[1].discard
    s = pos("turn=L L:3,1=18+ L:2,1=32+ L:1,1=33+")
    assert Move(2) in RULES.legal_actions(s)
    s = play(s, Move(2))
    assert find(s, 0, 18) == cell(5, 1)


def test_r66_minox_horn_dash_moves_next_to_the_enemy_and_battles(dice: Dice) -> None:
    s = pos("turn=L L:3,1=7+ R:5,1=17+ R.barracks=8")
    dice.set(6, 1)
    s = play(s, Ability(7, "horn_dash", 17), Tactic(3), Tactic(3))
    if s.phase != MAIN:
        s = play(s, Done())
    assert find(s, 0, 7) == cell(4, 1) and not s.clans[0].active[7] and 17 in s.clans[1].destroyed


def test_r67_fire_stallions_draw_8_keep_4() -> None:
    s = pos("turn=L L.caverns=13+ L.hand=1,2")
    s = play(s, Ability(13, "recruit"))
    assert s.phase == KEEP and len(s.ctx["offer"]) == 8 and s.ctx["left"] == 4
    for _ in range(4):
        s = play(s, KeepCard(s.ctx["offer"][0]))
    assert len(s.clans[0].hand) == 4 and 1 in s.clans[0].discard


def test_r68_kragars_place_an_active_building_without_a_build_advance() -> None:
    s = pos("turn=L L.caverns=16+ L.hand=28")
    s = play(s, Ability(16, "master", 28, cell(0, 1) + 1))
    assert find(s, 0, 28) == cell(0, 1) and s.clans[0].active[28] and s.clans[0].tracks[0] == 0


def test_r69_blacksmith_stores_a_2_token_of_the_chosen_type() -> None:
    s = pos("turn=L L.caverns=14-")
    s = play(s, Flip(14), StoreToken(14, False))
    assert s.clans[0].tokens[14] == -2


def test_r70_black_armoury_protection_keeps_a_winner_on_the_field(dice: Dice) -> None:
    s = pos("turn=L L.caverns=15- L:4,1=17+ R:5,1=7+")
    s = play(s, Flip(15))
    assert s.clans[0].protection == -1
    s = play(s, Protect())
    assert s.clans[0].protection == 17 and not s.clans[0].active[15]
    dice.set(6, 1)
    s = play(s, Battle(17, 7), Tactic(3), Tactic(3))
    while s.phase != MAIN:
        s = play(s, Done())
    assert find(s, 0, 17) == cell(4, 1) and s.clans[0].active[17] and s.clans[0].protection == 0


def test_r71_food_cellar_moves_the_champion_forward_or_back() -> None:
    s = pos("turn=L L.caverns=12+ L:4,1=7+")
    assert {a.mode for a in abilities_of(s, 12)} == {"forward", "back"}
    s = play(s, Ability(12, "back"))
    assert find(s, 0, 7) == cell(3, 1)


from crimson_table.engine.crimson_keep.actions import Battle  # noqa: E402
