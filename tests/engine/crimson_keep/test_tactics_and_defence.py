"""Every Battle Tactics card (BT1-BT5), both sides of every Keep Defence card (KD1-KD3;
Deep Foundations in CK2-T13 and tests/ui/tables/crimson_keep/test_engine_events.py), and Kai's
turn order and choices (CK2-R74, R77, R79, R84): one test each (CK2 s.4.1, s.4.2, s.6.6)."""

from __future__ import annotations

import pytest

from crimson_table.engine.crimson_keep import kai_ops
from crimson_table.engine.crimson_keep.actions import (
    Battle,
    Done,
    FireAttack,
    PlayKeepDefence,
    Reroll,
    Tactic,
)
from crimson_table.engine.crimson_keep.board import cell
from crimson_table.engine.crimson_keep.notation import parse
from crimson_table.engine.crimson_keep.queries import find
from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.engine.crimson_keep.solo_deck import rank_targets
from crimson_table.engine.crimson_keep.state import DRAGON, REROLL

from .conftest import Dice, play, pos

DUEL = "turn=L L:4,1=7+ R:5,1=8+"  # Left's Minox attacks Right's Lava Wyrm: one die each, no tokens


def _totals(s, att: int, deff: int) -> list[int]:  # type: ignore[no-untyped-def]
    """Play the Battle with these tactics to its result; the totals [attacker, defender]."""
    s = play(s, Battle(7, 8), Tactic(att))
    s, events = RULES.apply_action(s, Tactic(deff))
    result = [e for e in events if e.kind == "battle_result"]
    assert result, [e.kind for e in events]
    return [int(v) for v in result[0].data["totals"]]


def test_bt1_reserve_troops_adds_the_barracks_and_caverns(dice: Dice) -> None:
    dice.set(2, 6)
    # Left: 2 Barracks cards + 1 Cavern card = +3; Right (also Reserve Troops) has neither
    assert _totals(pos(DUEL + " L.barracks=9,10 L.caverns=12-"), 1, 1) == [2 + 3, 6 + 0]


def test_bt2_hidden_weapon_rolls_one_more_die(dice: Dice) -> None:
    dice.set(2, 5, 6)  # attacker, defender, then the Hidden Weapon die
    assert _totals(pos(DUEL), 2, 1) == [2 + 6, 5]


def test_bt3_shield_wall_gives_three_defending_and_one_attacking(dice: Dice) -> None:
    dice.set(5, 1)
    assert _totals(pos(DUEL), 3, 3) == [5 + 1, 1 + 3]


def test_bt4_second_wind_rerolls_one_of_your_dice(dice: Dice) -> None:
    dice.set(1, 4)
    s = play(pos(DUEL), Battle(7, 8), Tactic(4), Tactic(1))
    assert s.phase == REROLL and RULES.legal_actions(s) == [Reroll(0), Done()]
    dice.set(6)
    s, events = RULES.apply_action(s, Reroll(0))
    assert [e.data["totals"] for e in events if e.kind == "battle_result"] == [[6, 4]]


def test_bt4_second_wind_may_keep_the_roll(dice: Dice) -> None:
    dice.set(5, 4)
    s = play(pos(DUEL), Battle(7, 8), Tactic(4), Tactic(1))
    s, events = RULES.apply_action(s, Done())
    assert [e.data["totals"] for e in events if e.kind == "battle_result"] == [[5, 4]]


@pytest.mark.parametrize(
    ("keep", "bonus"),
    [("", 1), (" R:8,1=37+", 1), (" R:8,1=37+ R:8,2=30+", 2), (" R:8,1=37+ R:8,2=30+ R:8,3=31+", 3),
     (" R:8,1=37- R:8,2=30- R:8,3=31-", 1)],
)  # fmt: skip
def test_bt5_ancestral_banner_counts_active_summoning_cards_one_to_three(
    dice: Dice, keep: str, bonus: int
) -> None:
    dice.set(6, 2)
    assert _totals(pos(DUEL + keep + " R.tactics=1,2,3,5"), 1, 5) == [6, 2 + bonus]


# -- Keep Defence (CK2 s.4.2) -----------------------------------------------------------------------------------

# Right's column C: Sorceress ACTIVE 4 + Crystal INACTIVE 3 + Arch ACTIVE 2 + Stair ACTIVE 2 + the Fang alignment 1
T4 = "turn=L dragon=L stage=2 injuries=0 dice=4 obliterate=0 R:6,1=37+ R:6,2=31- R:6,3=2+ R:6,4=23+"


def _fire(dice: Dice, kd: int, side: int, rolls: tuple[int, ...]):  # type: ignore[no-untyped-def]
    s = pos(T4 + f" R.kd={kd}")
    s.phase, s.actor = DRAGON, s.dragon
    dice.set(*rolls)
    s = play(s, FireAttack())
    s, events = RULES.apply_action(s, PlayKeepDefence(kd, side))
    fire = next(e for e in events if e.kind == "fire")
    assert s.clans[1].kd == [] and kd in s.clans[1].kd_spent  # played and DESTROYED
    return s, fire.data


def test_kd1_fortify_adds_four(dice: Dice) -> None:
    s, fire = _fire(dice, 1, 0, (4, 4, 4, 3))
    assert (fire["attack"], fire["defence"]) == (15, 16) and s.injuries == 1


def test_kd1_buttress_adds_one_per_card_in_the_column(dice: Dice) -> None:
    s, fire = _fire(dice, 1, 1, (4, 4, 4, 3))
    assert (fire["attack"], fire["defence"]) == (15, 12 + 4) and s.injuries == 1


def test_kd2_pierce_the_wing_takes_away_the_highest_die(dice: Dice) -> None:
    s, fire = _fire(dice, 2, 0, (6, 3, 3, 3))
    assert (fire["attack"], fire["defence"]) == (9, 12) and s.injuries == 1


def test_kd2_barbed_net_injures_twice_on_a_failure(dice: Dice) -> None:
    s, fire = _fire(dice, 2, 1, (2, 2, 2, 2))
    assert fire["attack"] == 8 and s.injuries == 2
    s, fire = _fire(dice, 2, 1, (6, 6, 2, 2))
    assert fire["attack"] == 16 and s.injuries == 0 and s.clans[1].ruined[2]  # a success: no net


def test_kd3_turn_the_flame_rerolls_every_dragon_die(dice: Dice) -> None:
    s, fire = _fire(dice, 3, 0, (6, 6, 6, 6, 1, 1, 2, 1))
    assert fire["dice"] == [1, 1, 2, 1] and fire["attack"] == 5 and s.injuries == 1


# -- Kai (CK2-R74, R77, R79, R84) -------------------------------------------------------------------------------


def _kpos(text: str, mode: str = "H"):  # type: ignore[no-untyped-def]
    s = parse("solo=1 turn=R " + text)
    s.mode = mode
    return s


def test_r74_kai_turn_tosses_moves_places_then_plays_the_solo_deck() -> None:
    s = RULES.new_game(1, 12, {})
    for _ in range(200):
        s, events = RULES.apply_action(s, RULES.legal_actions(s)[0])
        kinds = [e.kind for e in events]
        if "kai_toss" in kinds and "solo_card" in kinds:
            toss, solo = kinds.index("kai_toss"), kinds.index("solo_card")
            placed = [i for i, k in enumerate(kinds) if k in ("place", "replace", "draw")]
            assert toss < solo and any(toss < i < solo for i in placed)  # Action 1 between toss and deck
            return
    raise AssertionError("no full Kai turn came up")


def test_r77_kai_places_her_pick_a_combat_card_in_the_barracks() -> None:
    for mode, pick in (("H", 9), ("L", 1)):  # HIGH: the highest number, LOW: the lowest
        s = _kpos("R.hand=1,9", mode)
        kai_ops.action1(s, [])
        c = s.clans[1]
        assert pick not in c.hand and (pick in c.barracks or find(s, 1, pick) >= 0) and c.tracks[0] == 1


def test_r79_kai_puts_the_black_gate_on_1c() -> None:
    s = _kpos("R:8,1=1- R.hand=36")
    assert kai_ops.build_spot(s, 36) == ("place", cell(6, 1))
    s = _kpos("R:6,1=1- R.hand=36")
    assert kai_ops.build_spot(s, 36) == ("replace", cell(6, 1))
    assert kai_ops.build_spot(s, 2) == ("place", cell(8, 1))  # others follow the order A, B, C (CK2-R78)


def test_r84_kai_targets_summoning_cards_then_the_most_cards_above_then_the_highest_number() -> None:
    s = _kpos("L:0,1=1- L:1,1=37-")
    assert rank_targets(s, [1, 37]) == [37, 1]
    s = _kpos("L:0,1=1- L:0,2=2- L:1,1=3-")
    assert rank_targets(s, [1, 3]) == [1, 3]
    s = _kpos("L:0,1=1- L:1,1=3-")
    assert rank_targets(s, [1, 3]) == [3, 1]
    assert find(s, 0, 3) == cell(1, 1)
