"""Kai, the solo automaton (CK2-R72..R95): scenarios CK2-T8 and CK2-T12, every Solo Deck card, every branch."""

from __future__ import annotations

import pytest

from crimson_table.engine.core import Event
from crimson_table.engine.crimson_keep import automaton as kai
from crimson_table.engine.crimson_keep import kai_ops, solo_deck
from crimson_table.engine.crimson_keep.actions import Done, EndTurn, FireAttack, Tactic
from crimson_table.engine.crimson_keep.board import cell
from crimson_table.engine.crimson_keep.flow import settle
from crimson_table.engine.crimson_keep.notation import parse
from crimson_table.engine.crimson_keep.ops import end_game
from crimson_table.engine.crimson_keep.queries import champion, find, keep_cards
from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.engine.crimson_keep.state import DRAGON, FIGHT, MAIN, TACTIC, TURN, without
from crimson_table.engine.rng import Rng

from .conftest import Dice, play, pos

K = 1
FULL_KEEP = " ".join(f"R:{c},{lv}={n}+" for (c, lv), n in zip(
    [(c, lv) for lv in range(1, 6) for c in (8, 7, 6)],
    [1, 2, 3, 4, 5, 6, 22, 23, 24, 25, 26, 27, 28, 29, 32], strict=True))  # fmt: skip


def kpos(text: str, mode: str = "H"):  # type: ignore[no-untyped-def]
    s = parse("solo=1 turn=R " + text)
    s.mode = mode
    return s


def entry(s, card: int, i: int) -> bool:  # type: ignore[no-untyped-def]
    events: list[Event] = []
    return solo_deck.SOLO_DECK[card][i](s, events)


# -- scenarios -------------------------------------------------------------------------------------


def test_ck2_t8_kai_builds_and_pushes_the_minox() -> None:
    s = kpos("R:8,1=1- R:7,1=2- L:6,1=7- R.hand=3,33,37")
    kai_ops.action1(s, [])
    assert find(s, K, 37) == cell(6, 1) and find(s, 0, 7) == cell(5, 1)


def test_ck2_t8_variant_push_illegal_goes_to_2a() -> None:
    s = kpos("R:8,1=1- R:7,1=2- L:6,1=7- R:5,1=8- R.hand=3,33,37")
    kai_ops.action1(s, [])
    assert find(s, K, 37) == cell(8, 2)


def test_ck2_t8_variant_black_gate_replaces_1c() -> None:
    s = kpos("R:8,1=1- R:7,1=2- R:6,1=4- R:6,2=5- R.hand=3,33,36")
    kai_ops.action1(s, [])
    assert find(s, K, 36) == cell(6, 1) and 4 in s.clans[K].discard and find(s, K, 5) == cell(6, 2)


def test_ck2_t12_solo_deck_flipping() -> None:
    s = kpos("R:8,1=37-")
    s.solo_deck = [1, 4, 2, 3, 5, 6, 7, 8, 9, 10]
    solo_deck.action2(s, [])
    assert s.solo_up == [1, 4, 2] and s.clans[K].active[37] and s.clans[K].tracks[1] == 1


# -- Kai's turn ------------------------------------------------------------------------------------


def test_r73_kai_keeps_the_three_highest_and_starts() -> None:
    s = RULES.new_game(1, 5, {})
    assert s.actor == 0  # the player's setup decision; Kai's draw is done
    assert len(s.clans[K].hand) == 3
    assert sorted(s.clans[K].hand) == sorted(s.clans[K].hand + s.clans[K].discard)[-3:]


def test_r73_kai_takes_the_first_turn() -> None:
    s = RULES.new_game(1, 5, {})
    while s.phase != MAIN or s.turn < 1:
        s = play(s, RULES.legal_actions(s)[0])
    assert s.current == 0 and s.turn == 2  # Kai's turn 1 ran inside settle


def test_r75_toss_sets_the_mode_and_r82_draws_keep_by_mode() -> None:
    s = kpos("", "L")
    kai_ops.kai_keep(s, [1, 9, 20, 33, 36], 3)
    assert s.clans[K].hand == [1, 9, 20]
    s.mode = "H"
    s.clans[K].hand = []
    kai_ops.kai_keep(s, [1, 9, 20, 33, 36], 3)
    assert s.clans[K].hand == [36, 33, 20]


def test_r76_kai_always_moves_an_active_champion() -> None:
    s = kpos("R:5,1=7+")
    kai._move(s, [])
    assert find(s, K, 7) == cell(4, 1) and s.clans[K].tracks[3] == 1


def test_r76_dragon_ram_takes_its_extra_space() -> None:
    s = kpos("R:5,1=18+ R:6,1=32+ R:7,1=33+")
    kai._move(s, [])
    assert find(s, K, 18) == cell(3, 1)


def test_r78_building_order_lowest_level_a_then_b_then_c() -> None:
    s = kpos("R:8,1=1- R.hand=2")
    kai_ops.action1(s, [])
    assert find(s, K, 2) == cell(7, 1)


def test_r80_full_barracks_high_replaces_the_highest() -> None:
    s = kpos("R.barracks=7,8,9 R.hand=10")
    kai_ops.action1(s, [])
    assert sorted(s.clans[K].barracks) == [7, 8, 10] and 9 in s.clans[K].discard


def test_r80_full_barracks_low_replaces_the_lowest() -> None:
    s = kpos("R.barracks=7,8,9 R.hand=10", "L")
    kai_ops.action1(s, [])
    assert sorted(s.clans[K].barracks) == [8, 9, 10]


def test_r81_unplaceable_pick_falls_back_then_draws() -> None:
    s = kpos(FULL_KEEP + " R.hand=33")
    s.clans[K].active = [False] * 38
    kai_ops.action1(s, [])
    assert s.clans[K].tracks[1] == 1 and 33 in s.clans[K].discard


def test_r83_loop_guard_draws_after_ten_flips() -> None:
    s = kpos("R.hand=9")
    s.clans[K].hand = []
    s.clans[K].deck = []
    s.clans[K].discard = [1]
    events: list[Event] = []
    s.solo_deck = [4] * 10  # no Firelancer: no entry possible
    solo_deck.action2(s, events)
    assert len(s.solo_up) == 10 and s.clans[K].hand == [1]


def test_r83_empty_solo_deck_is_reshuffled_when_a_flip_is_needed() -> None:
    s = kpos("R:8,1=37-")
    s.solo_deck, s.solo_up = [], list(range(1, 11))
    solo_deck.action2(s, [])
    assert len(s.solo_deck) + len(s.solo_up) == 10 and s.solo_up


def test_r85_kai_track_rewards_go_to_her_pool() -> None:
    s = kpos("R.tracks=3,0,0,0 R.hand=1")
    kai_ops.action1(s, [])
    assert s.clans[K].tracks[0] == 0 and s.clans[K].pool == [1, -1]


def test_r86_kai_takes_every_token_and_plays_a_random_tactic(dice: Dice) -> None:
    s = kpos("R:5,1=17+ L:4,1=7+ R.pool=2,-1 R:8,1=1- R:8,2=30+t2")
    dice.set(1, 1)
    s.ctx = {"kai": "end"}
    solo_deck._battle(s, 17, 7, [])
    settle(s, [])  # the battle's steps run until the player's decision
    assert s.phase == TACTIC and s.actor == 0
    s = play(s, Tactic(3))
    while s.phase != MAIN:
        s = play(s, Done())
    assert s.clans[K].pool == [-1] and not s.clans[K].active[30]


def test_r88_kai_gains_no_attackers_bonus_but_the_player_does() -> None:
    s = pos("solo=1 turn=L L:7,1=18+ R:8,1=1- R:8,2=2-")
    s = play(
        s,
        __import__("crimson_table.engine.crimson_keep.actions", fromlist=["Ability"]).Ability(18, "rage", 1),
    )
    assert len(s.clans[0].hand) == 2
    s = kpos("R:3,1=18+ L:2,1=1- L:2,2=2-")
    hand = len(s.clans[K].hand)
    solo_deck._use(s, solo_deck._options(s, (18,)), [])
    assert len(s.clans[K].hand) == hand


def test_r89_activation_mode_flips_two_highest() -> None:
    s = kpos(FULL_KEEP)
    for n in (29, 32, 28):
        s.clans[K].active[n] = False
    s.ctx = {"kai": "draw1"}
    s.clans[K].hand, s.clans[K].deck = [9], without(s.clans[K].deck, 9)  # a card in hand: no free draw
    kai._draw1(s, [])
    assert s.ctx["kai"] == "activate"
    kai._activate(s, [])
    c = s.clans[K]
    assert c.active[32] and c.active[29] and not c.active[28] and c.tracks[1] == 1


def test_r90_kai_summons_with_obliterate_by_summoning_cards() -> None:
    text = FULL_KEEP.replace("R:6,5=32+", "R:6,5=37+").replace("R:7,5=29+", "R:7,5=30+")
    s = kpos(text)
    kai.summon_check(s, [])
    assert s.dragon == K and s.obliterate == 1 and s.final_stage == 1
    assert s.phase == TURN and s.actor == 0  # the defender's final full turn is next (CK2-R36 step 3)


def test_r91_kai_obliterates_the_strongest_column_first() -> None:
    s = kpos("dragon=R stage=2 injuries=0 dice=4 obliterate=1 L:0,1=37+ L:2,1=1+")
    s.phase, s.actor = DRAGON, K
    kai.kai_final_decision(s, [])
    assert s.clans[0].ruined[0] and not s.clans[0].ruined[2]


def test_r91_kai_fire_attacks_without_obliterate(dice: Dice) -> None:
    s = kpos("dragon=R stage=2 injuries=0 dice=4 obliterate=0 L:2,1=1+")
    s.phase, s.actor = DRAGON, K
    dice.set(1, 1, 1, 1)
    kai.kai_final_decision(s, [])
    assert s.clans[0].ruined[2]


def test_r92_kai_final_full_turn_flips_then_builds(dice: Dice) -> None:
    s = pos("turn=L solo=1 dragon=L stage=1 injuries=0 dice=4 obliterate=0 R:8,1=1- R.hand=36,2")
    s.current = K
    s.ctx = {"kai": "final1"}
    kai._final1(s, [])
    assert s.clans[K].active[1] and find(s, K, 36) == cell(6, 1)


def test_r93_kai_plays_a_keep_defence_card_on_every_fire_attack(dice: Dice) -> None:
    s = pos("turn=L solo=1 dragon=L stage=2 injuries=0 dice=4 obliterate=0 R:6,1=1+ R.kd=1,2")
    s.phase, s.actor = DRAGON, 0
    dice.set(6, 6, 6, 6)
    s = play(s, FireAttack())
    assert len(s.clans[K].kd) == 1


def test_r94_kai_single_action_flips_highest_inactive() -> None:
    s = kpos("dragon=L stage=2 injuries=0 dice=4 obliterate=0 R:8,1=1- R:7,1=2-")
    kai._single(s, [])
    assert s.clans[K].active[2] and not s.clans[K].active[1]


def test_r95_solo_outcome_scores_the_player_only() -> None:
    s = RULES.new_game(1, 2, {})
    end_game(s, [K], "test")
    assert RULES.outcome(s).winners == () and RULES.outcome(s).scores == (0.0,)  # type: ignore[union-attr]


def test_kai_is_never_the_current_player_in_random_games() -> None:
    from crimson_table.engine.rng import Rng

    s = RULES.new_game(1, 11, {})
    pick = Rng.from_seed(11)
    while not RULES.is_over(s):
        assert RULES.current_player(s) == 0
        legal = RULES.legal_actions(s)
        s, _ = RULES.apply_action(s, legal[pick.below(len(legal))])


# -- the Solo Deck: every card ---------------------------------------------------------------------


def test_sd1_battle_flip_deploy() -> None:
    s = kpos("R:5,1=7+ L:4,1=8+")
    assert entry(s, 1, 0) and s.phase == FIGHT  # a battle opens
    s = kpos("R:5,1=7-")
    assert not entry(s, 1, 0) and entry(s, 1, 1) and s.clans[K].active[7]
    s = kpos("R.barracks=7,9")
    assert entry(s, 1, 2) and find(s, K, 9) == cell(5, 1)


def test_sd2_flips_summoning_first() -> None:
    s = kpos("R:8,1=37- R:7,1=36-")
    assert entry(s, 2, 0) and s.clans[K].active[37] and not s.clans[K].active[36]
    s = kpos("R:8,1=1- R:7,1=36-")
    assert not entry(s, 2, 0) and entry(s, 2, 1) and s.clans[K].active[36]


def test_sd3_place_or_draw() -> None:
    s = kpos("R.hand=1,22", "L")
    assert entry(s, 3, 0) and find(s, K, 1) == cell(8, 1)
    s = kpos("R.hand=9")
    assert not entry(s, 3, 0) and entry(s, 3, 1)


def test_sd4_lances_of_ash() -> None:
    s = kpos("R:6,1=32+ L:2,1=37+")
    assert entry(s, 4, 0) and not s.clans[0].active[37]
    s = kpos("R:6,1=1- R:6,2=32+ L:5,1=7+")
    assert not entry(s, 4, 0) and entry(s, 4, 1) and not s.clans[0].active[7]
    s = kpos("R:6,1=32+ L:5,1=7-")
    assert entry(s, 4, 2) and find(s, 0, 7) == cell(4, 1)
    s = kpos("R:6,1=32+ L:2,1=1+")
    assert entry(s, 4, 3) and not s.clans[0].active[1]
    s = kpos("R:6,1=32- R:7,1=34-")
    assert entry(s, 4, 4) and s.clans[K].active[34]


def test_sd5_siege_of_the_dead(dice: Dice) -> None:
    s = kpos("R:3,1=18+ L:2,1=1-")
    assert entry(s, 5, 0) and 1 in s.clans[0].discard
    s = kpos("R:4,1=20+ L:2,1=1-")
    assert entry(s, 5, 1) and s.phase == FIGHT  # a battle opens
    s = kpos("R:4,1=17+ L:3,1=7-")
    assert entry(s, 5, 2) and 7 in s.clans[0].discard
    s = kpos("R:3,1=9+ L:2,1=1-")
    assert entry(s, 5, 3) and s.phase == FIGHT  # a battle opens


def test_sd6_whispers_of_kai(dice: Dice) -> None:
    s = kpos("R:8,1=35+ L:0,1=1- L:0,2=37- L:1,1=35-")
    dice.set(6)
    assert entry(s, 6, 0) and 35 in s.clans[0].discard  # level 1 Warlock before the level-2 Sorceress
    s = kpos("R:8,1=1- R:8,2=37+ R:7,1=2- R:6,1=3-")
    assert entry(s, 6, 1) and s.clans[K].active[2] and s.clans[K].active[3] and not s.clans[K].active[1]
    s = kpos("R:8,1=35- R:7,1=37-")
    assert not entry(s, 6, 1) and entry(s, 6, 2) and s.clans[K].active[37]


def test_sd7_the_gate_opens() -> None:
    s = kpos("R:6,1=36+ R.barracks=7,9", "L")
    assert entry(s, 7, 0) and find(s, K, 7) == cell(5, 1) and s.clans[K].active[7]
    s = kpos("R.barracks=7,9")
    assert not entry(s, 7, 0) and entry(s, 7, 1) and not s.clans[K].active[9]
    s = kpos("R:6,1=36-")
    assert entry(s, 7, 2) and s.clans[K].active[36]


def test_sd8_talons_and_horns(dice: Dice) -> None:
    s = kpos("R:4,1=10+ L:0,1=31-")
    dice.set(1)
    assert entry(s, 8, 0) and 31 in s.clans[0].discard
    s = kpos("R:4,1=11+ L:0,1=30-")
    dice.set(2)
    assert entry(s, 8, 1) and find(s, 0, 30) >= 0
    s = kpos("R:5,1=7+ L:3,1=8+")
    assert entry(s, 8, 2) and s.phase == FIGHT  # a battle opens
    s = kpos("R:5,1=21+ L:0,1=37+")
    dice.set(6)
    assert entry(s, 8, 3) and not s.clans[0].active[37]
    s = kpos("R:3,1=9+ L:2,1=1-")
    assert entry(s, 8, 4) and s.phase == FIGHT  # a battle opens


def test_sd9_restless_spirit() -> None:
    s = kpos("R.hand=9")
    assert entry(s, 9, 0)
    s = kpos("R:6,1=1+ L:5,1=7+ R.hand=2")
    assert not entry(s, 9, 0) and entry(s, 9, 1) and s.phase == FIGHT  # a battle opens
    s = kpos("R:6,1=1- R.hand=2")
    assert entry(s, 9, 2) and s.clans[K].active[1]
    s = kpos("R.hand=2")
    assert entry(s, 9, 3)


def test_sd10_council_of_ghosts() -> None:
    s = kpos("R:8,1=28+ R:7,1=1- R.hand=2")
    assert entry(s, 10, 0)
    c = s.clans[K]
    assert not c.active[28] and c.active[1] and find(s, K, 2) >= 0 and c.tracks[2] == 0
    s = kpos("R:8,1=1- R.hand=3,2")
    assert entry(s, 10, 1) and find(s, K, 3) == cell(8, 1) and 1 in s.clans[K].discard
    s = kpos("R.hand=9")
    assert entry(s, 10, 2) and s.clans[K].barracks == [9]


@pytest.mark.parametrize("card", range(1, 11))
def test_every_solo_card_has_its_entries(card: int) -> None:
    assert solo_deck.SOLO_DECK[card]


def test_kai_turn_runs_to_the_players_next_decision() -> None:
    s = pos("solo=1 turn=L L.hand=1 R.hand=2,3,4")
    s = play(s, EndTurn())
    assert s.current == 0 and s.actor == 0 and keep_cards(s, K) and champion(s, K)[0] < 0


def test_r76_kais_free_move_happens_in_the_one_action_turns_too() -> None:
    """CK2-R36 step 5 / CK2-R76: the Move is not the turn's action; Kai's champion moves as a player's may."""
    s = kpos("dragon=L stage=2 injuries=0 dice=4 obliterate=0 R:8,1=1- R:4,1=7+")
    s.ctx = {"kai": "move"}
    kai._move(s, [])
    assert find(s, K, 7) == cell(3, 1)


def test_r90_the_card_count_never_says_a_keep_is_smaller_than_it_is() -> None:
    """Kai's Summon check asks her card count first (every card in one zone, CK2 s.5): it may only say
    "no" when her keep really holds fewer cards, at every step of solo games on both sides."""
    for seed, side in ((1, "left"), (2, "right"), (3, "left")):
        s, pick = RULES.new_game(1, seed, {"your_clan": side}), Rng.from_seed(seed)
        while not RULES.is_over(s):
            held = len(keep_cards(s, K))
            assert kai._keep_may_hold(s, held)
            assert kai._keep_may_hold(s, 15) or held < 15
            legal = RULES.legal_actions(s)
            s, _ = RULES.apply_action(s, legal[pick.below(len(legal))])


def test_r90_the_card_count_answers_at_once_for_a_new_game_and_a_full_keep() -> None:
    assert not kai._keep_may_hold(RULES.new_game(1, 5, {}), 1)  # all her cards in her deck and hand
    assert kai._keep_may_hold(kpos(FULL_KEEP), 15)
