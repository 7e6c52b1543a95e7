"""The supplement's test scenarios CK2-T1 .. CK2-T14 (2-player ones; Kai's are in test_kai.py)."""

from __future__ import annotations

from crimson_table.engine.crimson_keep import abilities
from crimson_table.engine.crimson_keep.actions import (
    Ability,
    Battle,
    Done,
    EndTurn,
    FireAttack,
    Flip,
    FreeAction,
    PassDragon,
    Place,
    PlayKeepDefence,
    Replace,
    StoreToken,
    Summon,
    Tactic,
    TakeToken,
)
from crimson_table.engine.crimson_keep.board import cell
from crimson_table.engine.crimson_keep.cards import OBJECTIVES
from crimson_table.engine.crimson_keep.final import kd_count
from crimson_table.engine.crimson_keep.ops import advance
from crimson_table.engine.crimson_keep.queries import alignments, find
from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.engine.crimson_keep.state import DRAGON, MAIN, MEETING, OVER, STORE
from crimson_table.engine.crimson_keep.turn import start_turn

from .conftest import Dice, play, pos


def found(s, seat: int, obj: str) -> int:  # type: ignore[no-untyped-def]
    return s.clans[seat].found[OBJECTIVES.index(obj)]


def test_ck2_t1_keep_collapse_with_attackers_bonus() -> None:
    s = pos("turn=L L:5,1=18+ R:6,1=36- R:6,2=22+t1 R:6,3=28-")
    s = play(s, Ability(18, "rage", 36))
    assert sorted(s.clans[1].discard) == [22, 28, 36]
    assert s.clans[1].tokens[22] == 0
    assert 18 in s.clans[0].discard and find(s, 0, 18) < 0
    assert found(s, 0, "C3") == 1 and s.clans[0].summon == 2
    assert len(s.clans[0].hand) == 3
    assert s.clans[0].tracks[2] == 1


def test_ck2_t2_runic_alignment_detection() -> None:
    s = pos("turn=L L:2,1=1+ L:2,2=22- L:1,1=23+")
    s = play(s, Flip(22))
    assert alignments(s, 0) == [(cell(2, 1), cell(2, 2))]
    assert found(s, 0, "A1") == 1 and s.clans[0].summon == 1
    assert s.phase == STORE
    s = play(s, StoreToken(int(s.ctx["card"]), True))
    assert s.phase == STORE
    s = play(s, StoreToken(int(s.ctx["card"]), False))
    assert sorted([s.clans[0].tokens[1], s.clans[0].tokens[22]]) == [-1, 1]
    assert s.clans[0].tokens[23] == 0
    r = pos("turn=R R:6,1=1+ R:6,2=22- R:7,1=23+")
    r = play(r, Flip(22))
    assert r.clans[1].summon == 0 and r.phase == STORE


T3 = "turn=L L:0,1=30+ L:1,1=31+ L:2,1=37+ L:4,1=7+ R:5,1=8+ L.summon=13 L.dragons=-1,15,21 L.found=B1:1,A1:1,K3:1"


def _t3_win(dice: Dice, text: str = T3):  # type: ignore[no-untyped-def]
    s = pos(text)
    dice.set(6, 1)
    s = play(s, Battle(7, 8), Tactic(3), Tactic(3))
    if s.phase != MAIN:
        s = play(s, Done())
    return s


def test_ck2_t3_summon_pass(dice: Dice) -> None:
    s = _t3_win(dice)
    assert found(s, 0, "C1") == 1 and s.clans[0].summon == 15 and s.clans[0].pending[1]
    assert Summon(1) in RULES.legal_actions(s)
    s = play(s, EndTurn())
    assert s.phase == MEETING
    s = play(s, PassDragon())
    assert s.clans[0].dragons[1] == -1 and s.clans[0].summon == 16


def test_ck2_t3_miss_when_the_sorceress_is_inactive_at_the_end(dice: Dice) -> None:
    s = _t3_win(dice)
    s = play(s, Flip(37))
    assert s.phase == MAIN and s.current == 1
    assert s.clans[0].dragons[1] == -1 and s.clans[0].summon == 15


def test_ck2_t3_late_completion_allows_summon(dice: Dice) -> None:
    s = _t3_win(dice, T3.replace("L:2,1=37+", "L:2,1=37-"))
    assert s.clans[0].pending[1] and Summon(1) not in RULES.legal_actions(s)
    s = play(s, Flip(37), Summon(1))
    assert s.dragon == 0 and s.obliterate == 1 and s.current == 1


T4 = "turn=L dragon=L stage=2 injuries=0 dice=4 obliterate=0 R:6,1=37+ R:6,2=31- R:6,3=2+ R:6,4=23+"


def _dragon(text: str):  # type: ignore[no-untyped-def]
    s = pos(text)
    s.phase, s.actor = DRAGON, s.dragon
    return s


def test_ck2_t4_fire_attack_tie_succeeds(dice: Dice) -> None:
    s = _dragon(T4 + " R:4,1=7+")
    dice.set(3, 3, 3, 3)
    s = play(s, FireAttack())
    assert s.clans[1].ruined[2] and sorted(s.clans[1].destroyed) == [2, 23, 31, 37]
    assert find(s, 1, 7) < 0 and 7 in s.clans[1].discard
    assert not any(a for a in RULES.legal_actions(s) if isinstance(a, Place) and a.dest // 5 == 6)


def test_ck2_t4_fortify_fails_the_attack(dice: Dice) -> None:
    s = _dragon(T4 + " R.kd=1")
    dice.set(3, 3, 3, 3)
    s = play(s, FireAttack(), PlayKeepDefence(1, 0))
    assert s.injuries == 1 and s.clans[1].kd == [] and not s.clans[1].ruined[2]


def test_ck2_t4_death_roll_six_with_columns_left_defender_wins(dice: Dice) -> None:
    s = _dragon(T4.replace("injuries=0", "injuries=3") + " R.kd=1")
    dice.set(3, 3, 3, 3, 6)
    s = play(s, FireAttack(), PlayKeepDefence(1, 0))
    assert s.phase == OVER and s.winners == [1] and s.clans[1].ruined[2] and 37 in s.clans[1].destroyed


def test_ck2_t4_death_roll_six_on_the_last_column_dragon_wins(dice: Dice) -> None:
    text = "turn=L dragon=L stage=2 injuries=3 dice=4 obliterate=0 R:8,1=37+ R:8,2=31- R:8,3=2+ R:8,4=23+"
    s = _dragon(text + " R.kd=1 R.ruined=0,1,1")
    dice.set(3, 3, 3, 3, 6)
    s = play(s, FireAttack(), PlayKeepDefence(1, 0))
    assert s.phase == OVER and s.winners == [0]


def test_ck2_t5_keep_defence_thresholds() -> None:
    assert [kd_count(v) for v in (3, 4, 7, 8, 11, 12, 19)] == [0, 1, 1, 2, 2, 3, 3]


def test_ck2_t5_purchase_takes_every_token_without_flipping() -> None:
    s = pos("turn=R dragon=L stage=1 injuries=0 dice=4 obliterate=0 R:6,1=31+t-1 R:4,1=9+t3 R.pool=1,-1,2")
    s = play(s, EndTurn())
    c = s.clans[1]
    assert s.phase == "kd_buy" and s.ctx["left"] == 2  # 1 + 3 + 4 = 8
    assert c.active[31] and c.active[9] and c.tokens[31] == 0 and c.pool == []


def test_ck2_t6_action_track_free_action() -> None:
    s = pos("turn=L L.tracks=3,0,0,0 L.summon=5 L.hand=1,2")
    s = play(s, Place(1, cell(0, 1)))
    assert s.clans[0].tracks[0] == 4
    s = play(s, Replace(2, 1))
    assert s.clans[0].tracks[0] == 4
    s = play(s, FreeAction(0))
    assert s.clans[0].dragons[0] == 8 and s.clans[0].tracks[0] == 0
    t = s.clone()
    advance(t, 0, 0, [])
    assert t.clans[0].tracks[0] == 0
    start_turn(t, 0, [])
    advance(t, 0, 0, [])
    assert t.clans[0].tracks[0] == 1


def test_ck2_t7_grand_free_action_causes_a_meeting() -> None:
    s = pos("turn=L L.tracks=4,4,5,4 L.summon=12 L.dragons=-1,13,21")
    s = play(s, FreeAction(5))
    c = s.clans[0]
    assert c.dragons[1] == 12 and c.pending[1] and c.tracks == [0, 0, 0, 0]
    assert not [a for a in RULES.legal_actions(s) if isinstance(a, FreeAction)]


T9 = ("turn=L L:4,1=17+ R:5,1=8+ L:0,1=1- L:0,2=2- L:0,3=30+t3 L.barracks=9,10 L.caverns=12- "
      "R:7,1=3- R:7,2=31+t-2")  # fmt: skip


def test_ck2_t9_battle_steps_token_access_and_tie(dice: Dice) -> None:
    s = pos(T9)
    dice.set(2, 5, 4, 1)
    s = play(s, Battle(17, 8), Tactic(1), Tactic(3))
    assert s.phase == "tokens" and s.actor == 0  # R's step 2 was skipped (no D icon)
    assert TakeToken(0, -2) not in RULES.legal_actions(s)
    s = play(s, TakeToken(30, 3))
    s, events = RULES.apply_action(s, Done())
    result = [e for e in events if e.kind == "battle_result"][0]
    assert result.data["totals"] == [12, 9]  # 2+3+3 = 8 vs 5+3 = 8, then +4 / +1
    c0, c1 = s.clans
    assert not c0.active[30]
    assert 17 in c0.discard and 8 in c1.destroyed
    assert found(s, 0, "C1") == 1
    assert c0.tactics_used == [1] and c1.tactics_used == [3]


T10 = "turn=L L:5,1=20+ R:6,1=35- R:7,1=32+ R:7,2=2-"


def test_ck2_t10_dragon_cannon_blitz_and_the_card_behind(dice: Dice) -> None:
    s = pos(T10)
    dice.set(6, 3, 4)
    s = play(s, Ability(20, "blitz", 35), Tactic(3))
    s, events = RULES.apply_action(s, Tactic(3))
    assert [e for e in events if e.kind == "battle_result"][0].data["totals"] == [10, 7]
    c1 = s.clans[1]
    assert 35 in c1.destroyed and not c1.active[32] and find(s, 1, 32) >= 0
    assert 20 in s.clans[0].discard
    assert found(s, 0, "C2") == 1 and s.clans[0].summon == 2


def test_ck2_t10_variant_card_behind_already_inactive(dice: Dice) -> None:
    s = pos(T10.replace("R:7,1=32+", "R:7,1=32-") + " R:3,1=7-")
    dice.set(6, 3, 4)
    s = play(s, Ability(20, "blitz", 35), Tactic(3), Tactic(3))
    c1 = s.clans[1]
    assert 32 in c1.discard and 2 in c1.discard and 7 in c1.discard
    assert found(s, 0, "C2") == 1 and found(s, 0, "C3") == 1 and s.clans[0].summon == 4
    assert len(s.clans[0].hand) == 2


def test_ck2_t11_firelancer_lines_and_lava_wyrm() -> None:
    base = "turn=L L:2,1=1- L:2,2=2- L:2,3=32+ R:6,1=3- R:6,2=4- R:6,3=28+"
    s = pos(base + " R:4,1=7+")
    t = abilities.firelancer_targets(s, 0, cell(2, 3))
    assert ("singe", 7) in t and ("scorch", 28) in t
    s = pos(base + " R:4,1=8+")
    assert ("singe", 8) not in abilities.firelancer_targets(s, 0, cell(2, 3))
    s = pos(base + " L:1,1=5- L:1,2=6- L:1,3=33+")
    assert not [m for m in abilities.firelancer_targets(s, 0, cell(1, 3)) if m[0] == "scorch"]


def test_ck2_t13_deep_foundations_and_an_empty_column(dice: Dice) -> None:
    s = _dragon("turn=L dragon=L stage=2 injuries=0 dice=4 obliterate=0 R:6,1=2+ R:6,2=22- R:4,1=7+ R.kd=3")
    dice.set(1, 1, 1, 1)
    s = play(s, FireAttack(), PlayKeepDefence(3, 1))
    c = s.clans[1]
    assert sorted(c.destroyed) == [2, 22] and not c.ruined[2] and find(s, 1, 7) >= 0
    assert s.injuries == 0 and c.kd == [] and s.phase == MAIN and s.current == 1
    s = play(s, EndTurn())
    assert s.phase == DRAGON
    dice.set(1, 1, 1, 1)
    s = play(s, FireAttack())
    assert s.clans[1].ruined[2]


def test_ck2_t14_dragon_cannon_inside_the_enemy_keep() -> None:
    s = pos("turn=L L:7,1=20+ R:6,1=1- R:8,1=22-")
    assert abilities.nearest_building(s, 0, cell(7, 1)) == 22
    s = pos("turn=L L:7,1=20+ R:6,1=1-")
    assert abilities.nearest_building(s, 0, cell(7, 1)) == 1
