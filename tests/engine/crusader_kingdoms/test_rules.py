"""One or more tests per CK-R rule (setup, turns, actions, attacks, responses, events)."""

from __future__ import annotations

from collections import Counter

import pytest

from crimson_table.engine.core import IllegalAction
from crimson_table.engine.crusader_kingdoms import combat
from crimson_table.engine.crusader_kingdoms.actions import (
    Attack,
    ChooseRegion,
    ChooseSeat,
    Commit,
    CommitDone,
    Decline,
    Discard,
    Incursion,
    Pass,
    PickCard,
    PlayEvent,
    TakeBonus,
    TrucePenalty,
)
from crimson_table.engine.crusader_kingdoms.cards import deck_list, is_troop
from crimson_table.engine.crusader_kingdoms.common import hits
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.crusader_kingdoms.state import (
    ACT,
    BOT,
    COMMIT,
    INDEP,
    OVER,
    PICK,
    RESPOND,
    REWARD,
    TRUCE,
)
from crimson_table.engine.crusader_kingdoms.state import Attack as AttackRecord
from tests.engine.crusader_kingdoms.helpers import (
    BLUE,
    GREEN,
    LEOPOLD,
    NO_MORE,
    PASS,
    RED,
    RICHARD,
    YELLOW,
    attack,
    first,
    kinds,
    pos,
    respond,
    run,
)

# ---------------------------------------------------------------------------------------------
# Setup and turns


def test_ck_r7_four_player_setup_has_two_castles_each_and_15_independents() -> None:
    s = RULES.new_game(4, 1)
    assert Counter(s.owner) == {INDEP: 15, 0: 2, 1: 2, 2: 2, 3: 2}
    assert [len(h) for h in s.hands] == [8, 8, 8, 8] and not any(s.garrison)
    assert len(s.draw_c) == 46 - 16 and len(s.draw_m) == 46 - 16


def test_ck_r7_three_player_saladin_starts_with_four_regions_and_12_cards() -> None:
    s = RULES.new_game(3, 1)
    assert sorted(s.board.names[r] for r in range(23) if s.owner[r] == 0) == [
        "aleppo",
        "damascus",
        "edessa",
        "homs",
    ]
    assert [len(h) for h in s.hands] == [12, 8, 8]


def test_ck_r8_small_game_removes_cards_and_gives_the_bot_every_other_region() -> None:
    s = RULES.new_game(1, 1)
    assert len(deck_list("C", True)) == 42 and len(deck_list("M", True)) == 39
    assert s.owner.count(BOT) == 13 and s.owner[s.board.index["marah"]] == 0
    assert len(s.hands[0]) == 12 and len(s.bot_hand) == 8
    two = RULES.new_game(2, 1)
    assert (
        two.owner[two.board.index["tripoli"]] == RICHARD and two.owner[two.board.index["antioch"]] == LEOPOLD
    )
    assert len(two.bot_hand) == 12


def test_ck_r9_first_seat_acts_first_in_every_mode() -> None:
    for players in (1, 2, 3, 4):
        assert RULES.current_player(RULES.new_game(players, 3)) == 0


def test_ck_r12_the_turn_ends_after_n_passes_in_a_row_and_other_actions_reset_the_count() -> None:
    s = pos("mode=comp4 actor=0 h0=c_pilgrims h1=c_pilgrims")
    s, _ = run(s, PASS, Discard("c_pilgrims"), PASS, PASS)
    assert s.turn == 1 and s.passes == 2 and s.actor == YELLOW
    s, _ = run(s, PASS, PASS)
    assert s.turn == 2


def test_ck_r12_a_passed_player_acts_again_when_his_seat_comes_round() -> None:
    s = pos("mode=comp4 actor=0 h0=m_raid,m_commerce h1=c_pilgrims")
    s, _ = run(s, PASS, Discard("c_pilgrims"), PASS, PASS)
    assert s.actor == YELLOW and s.phase == ACT


def test_ck_r13_end_of_turn_keeps_hands_and_the_bot_army_and_reshuffles_kept_events() -> None:
    s = pos("mode=comp4 actor=0 h0=m_watchtowers,m_raid")
    s, _ = run(s, PlayEvent("m_watchtowers"))
    assert s.kept[YELLOW] == ["m_watchtowers"]
    s, _ = run(s, PASS, PASS, PASS, PASS)
    assert s.turn == 2 and s.kept == [[], [], [], []] and s.discard_c == [] and s.discard_m == []
    assert "m_raid" in s.hands[YELLOW]


def test_ck_r18_a_player_with_no_cards_can_only_pass() -> None:
    s = pos("mode=comp4 actor=0")
    assert RULES.legal_actions(s) == [Pass()]


def test_ck_r18_discard_is_face_down_and_hidden_from_others() -> None:
    s = pos("mode=comp4 actor=0 h0=m_raid,m_commerce")
    s, ev = run(s, Discard("m_raid"))
    assert s.discard_m == ["m_raid"] and s.down_m == [True]
    assert RULES.player_view(s, BLUE)["discard_m"] == [None]
    assert "m_raid" not in str(first(ev, "discard").for_seat(BLUE).data)


def test_ck_r31_an_empty_draw_pile_is_refilled_from_the_discards() -> None:
    s = pos("mode=comp4 actor=1 h1=c_byzantine_alliance")
    s.discard_c, s.down_c = s.draw_c[:2], [True, False]
    s.draw_c = []
    s, _ = run(s, PlayEvent("c_byzantine_alliance"))
    assert len(s.hands[BLUE]) == 2 and s.discard_c == ["c_byzantine_alliance"]


# ---------------------------------------------------------------------------------------------
# Attacks


def test_ck_r15_only_border_regions_not_your_own_can_be_attacked() -> None:
    s = pos("mode=comp4 actor=1 h1=c_pilgrims")
    targets = {a.region for a in RULES.legal_actions(s) if isinstance(a, Attack)}
    assert targets == {"tyre", "damascus", "nablus", "jaffa", "ascalon", "gaza", "kerak"}
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, Attack("antioch"))
    assert refused.value.rule_id == "CK-R15"


def test_ck_r15_an_attack_needs_a_troop_card() -> None:
    s = pos("mode=comp4 actor=1 h1=c_siege_engines")
    assert not [a for a in RULES.legal_actions(s) if isinstance(a, Attack)]
    s = pos("mode=comp4 actor=1 h1=c_pilgrims,c_siege_engines")
    s, _ = run(s, Attack("tyre"))
    assert CommitDone() not in RULES.legal_actions(s)
    s, _ = run(s, Commit("c_pilgrims"))
    assert CommitDone() in RULES.legal_actions(s)


def test_ck_r15_a_player_without_regions_may_attack_only_his_starting_regions() -> None:
    s = pos("mode=comp4 actor=1 own=jerusalem:0,acre:I h1=c_pilgrims")
    assert {a.region for a in RULES.legal_actions(s) if isinstance(a, Attack)} == {"jerusalem", "acre"}


def test_ck_r16_incursion_hit_costs_the_target_a_random_card() -> None:
    s = pos("mode=comp4 actor=2 own=harim:3 h2=c_pilgrims h3=m_raid dice=1")
    s, ev = run(s, Incursion(GREEN, "c_pilgrims"))
    assert s.hands[GREEN] == [] and s.discard_m == ["m_raid"] and s.down_m == [True]
    assert s.discard_c == ["c_pilgrims"] and s.down_c == [False]


def test_ck_r16_incursion_miss_does_nothing_and_watchtowers_stop_it() -> None:
    s = pos("mode=comp4 actor=2 own=harim:3 h2=c_pilgrims,c_pilgrims h3=m_raid kept3=m_watchtowers dice=1")
    s, ev = run(s, Incursion(GREEN, "c_pilgrims"))
    assert s.hands[GREEN] == ["m_raid"] and "incursion_roll" not in kinds(ev) and s.dice == [1]


def test_ck_r16_incursion_needs_a_shared_border() -> None:
    s = pos("mode=comp4 actor=1 h1=c_pilgrims")
    assert {a.target for a in RULES.legal_actions(s) if isinstance(a, Incursion)} == {YELLOW}


def test_ck_r20_additions_first_then_reductions_and_never_below_zero() -> None:
    s = pos("mode=comp4 own=gaza:3")
    a = AttackRecord(
        attacker=BLUE, region=s.board.index["gaza"], kind="normal", event="", troops=["c_pilgrims"]
    )
    a.responses = [(GREEN, "m_feigned_retreat", "DEF"), (YELLOW, "m_feigned_retreat", "ATT")]
    assert combat.dice_counts(s, a) == (0, 0)
    a.responses.append((BLUE, "c_siege_engines", "ATT"))
    assert combat.dice_counts(s, a) == (1, 0)


def test_ck_r20_siege_towers_lower_the_rdv_by_two() -> None:
    s = pos("mode=comp4 actor=1 h1=c_pilgrims,c_siege_towers dice=1,5")
    s, _ = run(s, PlayEvent("c_siege_towers"))
    assert {a.region for a in RULES.legal_actions(s) if isinstance(a, ChooseRegion)} == {"damascus"}
    s, ev = run(s, ChooseRegion("damascus"), Commit("c_pilgrims"), CommitDone())
    assert len(first(ev, "combat").data["defence_dice"]) == 2  # Damascus RDV 4 - 2


def test_ck_r21_a_tie_goes_to_the_defender_and_zero_dice_score_nothing() -> None:
    assert hits([1, 2, 3, 4, 5, 6], "C") == 2 and hits([1, 2, 3, 4, 5, 6], "M") == 2 and hits([], "C") == 0
    s = pos("mode=comp4 actor=1 h1=c_pilgrims dice=1,1,3")
    s, ev = attack(s, "gaza", "c_pilgrims")
    assert first(ev, "combat").data["won"] is False


def test_ck_r23_small_game_conquest_gives_no_bonus_and_no_garrison() -> None:
    s = pos("mode=solo h0=c_knights_templar,c_pilgrims dice=1,1,1,1,5,5,5,5,6")
    s, _ = attack(s, "aleppo", "c_knights_templar")
    assert s.owner[s.board.index["aleppo"]] == 0 and s.bonus == [0] and s.phase == ACT


def test_ck_r25_true_cross_returns_to_its_owner_when_its_side_wins() -> None:
    s = pos("mode=comp4 actor=1 h1=c_knights_templar,c_true_cross dice=1,1,1,1,1,5,5")
    s, _ = attack(s, "gaza", "c_knights_templar", "c_true_cross")
    s, _ = run(s, TakeBonus())
    assert "c_true_cross" in s.hands[BLUE] and "c_knights_templar" in s.discard_c


def test_ck_r25_regrouping_returns_the_strongest_own_troop_in_the_competitive_game() -> None:
    s = pos("mode=comp4 actor=0 h0=m_halqa_guard,m_bedouin_raiders,m_regrouping dice=5,5,5,5,5,5,5,5,5,5")
    s, _ = attack(s, "kerak", "m_bedouin_raiders", "m_halqa_guard", "m_regrouping")
    assert s.hands[YELLOW] == ["m_halqa_guard"] and sorted(s.discard_m) == [
        "m_bedouin_raiders",
        "m_regrouping",
    ]


def test_ck_r26_windows_go_in_seat_order_after_the_attacker_once_each() -> None:
    s = pos("mode=comp4 actor=2 own=harim:3 h2=c_pilgrims h3=m_naphtha_throwers h0=m_feigned_retreat "
            "h1=c_militia dice=5,5,5,5,5,5")  # fmt: skip
    s, _ = attack(s, "harim", "c_pilgrims")
    seen = []
    while s.phase == RESPOND:
        seen.append(s.actor)
        s, _ = run(s, NO_MORE)
    assert seen == [GREEN, YELLOW, BLUE]


def test_ck_r26_others_see_the_side_of_a_face_down_response_but_not_the_card() -> None:
    s = pos("mode=comp4 actor=2 own=harim:3 h2=c_pilgrims h3=m_ahdath,m_leader")
    s, _ = attack(s, "harim", "c_pilgrims")
    s, ev = run(s, respond("m_ahdath", "DEF"))
    view = RULES.player_view(s, RED)
    assert view["attack"]["responses"] == [[GREEN, None, "DEF", "M"]]
    assert first(ev, "respond").for_seat(RED).data == {"seat": GREEN, "side": "DEF"}


def test_ck_r27_own_castle_and_coastal_conditions() -> None:
    s = pos("mode=comp4 own=harim:3 h3=m_leader h0=m_leader")
    s.attack = AttackRecord(attacker=RED, region=s.board.index["harim"], kind="normal", event="")
    assert combat.can_respond(s, GREEN, "m_leader", "DEF") and not combat.can_respond(
        s, YELLOW, "m_leader", "DEF"
    )
    assert not combat.can_respond(s, GREEN, "m_leader", "ATT")
    assert combat.can_respond(s, BLUE, "c_militia", "DEF") and not combat.can_respond(
        s, BLUE, "c_italian_fleet", "DEF"
    )
    assert not combat.can_respond(s, BLUE, "c_militia", "ATT")


def test_ck_r28_only_the_owner_uses_garrisons_in_and_next_to_the_region() -> None:
    s = pos("mode=comp4 own=harim:3g,aleppo:3g,edessa:3g,shaizar:0g")
    s.attack = AttackRecord(attacker=RED, region=s.board.index["harim"], kind="normal", event="")
    assert [s.board.names[r] for r in combat.usable_garrisons(s)] == ["harim", "aleppo"]


def test_ck_r29_an_overflow_with_no_free_region_is_lost() -> None:
    s = pos("mode=comp4 actor=3 own=aleppo:3g,edessa:3g bonus=0,0,0,2 h3=m_commerce")
    s, ev = run(s, PlayEvent("m_commerce"))
    assert "overflow_lost" in kinds(ev) and s.bonus[GREEN] == 2 and s.phase == ACT


def test_ck_r29_a_decrease_below_minus_2_is_ignored() -> None:
    s = pos("mode=comp4 actor=0 bonus=0,-2,0,0 h0=m_succession h1=c_pilgrims")
    s, _ = run(s, PlayEvent("m_succession"), ChooseSeat(BLUE))
    assert s.bonus[BLUE] == -2


# ---------------------------------------------------------------------------------------------
# Events (competitive)


def test_raid_discards_a_random_card_of_the_chosen_player() -> None:
    s = pos("mode=comp4 actor=1 h1=c_raid h0=m_ghulams")
    s, _ = run(s, PlayEvent("c_raid"), ChooseSeat(YELLOW))
    assert s.hands[YELLOW] == [] and s.discard_c == ["c_raid"]


def test_castle_builders_cannot_be_played_without_a_free_region() -> None:
    s = pos("mode=comp4 actor=1 own=jerusalem:1g,acre:1g h1=c_castle_builders")
    assert PlayEvent("c_castle_builders") not in RULES.legal_actions(s)
    s = pos("mode=comp4 actor=1 own=jerusalem:1g h1=c_castle_builders")
    s, _ = run(s, PlayEvent("c_castle_builders"))
    assert s.garrison[s.board.index["acre"]]


def test_an_attack_event_needs_a_troop_besides_it() -> None:
    s = pos("mode=comp4 actor=1 h1=c_forced_march")
    assert PlayEvent("c_forced_march") not in RULES.legal_actions(s)


def test_forced_march_reaches_two_steps() -> None:
    s = pos("mode=comp4 actor=1 h1=c_forced_march,c_pilgrims")
    s, _ = run(s, PlayEvent("c_forced_march"))
    targets = {a.region for a in RULES.legal_actions(s) if isinstance(a, ChooseRegion)}
    assert {"beirut", "baalbek", "homs"} <= targets and "tripoli" not in targets


def test_concerted_attack_lets_the_fellow_christian_add_troops_and_rewards_him() -> None:
    s = pos("mode=comp4 actor=1 h1=c_concerted_attack,c_pilgrims h2=c_knights_templar dice=1,1,1,1,1,5,5")
    s, _ = run(s, PlayEvent("c_concerted_attack"), ChooseRegion("gaza"), Commit("c_pilgrims"), CommitDone())
    assert s.actor == RED
    s, _ = run(s, Commit("c_knights_templar"))
    s, _ = run(s, TakeBonus()) if s.phase == REWARD else (s, [])
    assert s.owner[s.board.index["gaza"]] == BLUE and s.bonus == [0, 1, 1, 0]


def test_assassins_show_the_hand_and_the_player_picks_the_discard() -> None:
    s = pos("mode=comp4 actor=1 h1=c_assassins h0=m_ghulams,m_raid,m_leader")
    s, ev = run(s, PlayEvent("c_assassins"), ChooseSeat(YELLOW))
    assert s.phase == PICK and s.actor == BLUE
    assert set(RULES.legal_actions(s)) == {PickCard("m_ghulams"), PickCard("m_leader")}
    assert sorted(RULES.player_view(s, BLUE)["hands"][YELLOW]) == ["m_ghulams", "m_leader", "m_raid"]
    assert RULES.player_view(s, GREEN)["hands"][YELLOW] is None
    s, _ = run(s, PickCard("m_leader"))
    assert sorted(s.hands[YELLOW]) == ["m_ghulams", "m_raid"]


def test_troubadours_raise_yours_and_lower_his() -> None:
    s = pos("mode=comp4 actor=1 h1=c_troubadours")
    s, _ = run(s, PlayEvent("c_troubadours"), ChooseSeat(GREEN))
    assert s.bonus == [0, 1, 0, -1]


def test_spies_may_attack_one_of_his_bordering_regions_or_decline() -> None:
    s = pos("mode=comp4 actor=1 h1=c_spies,c_pilgrims")
    s, _ = run(s, PlayEvent("c_spies"), ChooseSeat(YELLOW))
    assert set(RULES.legal_actions(s)) == {ChooseRegion("damascus"), Decline()}
    s2, _ = run(s, Decline())
    assert s2.phase == ACT and "c_spies" in s2.discard_c


def test_seduction_takes_a_random_card_from_a_bordering_christian() -> None:
    s = pos("mode=comp4 actor=0 h0=m_seduction h1=c_militia")
    s, _ = run(s, PlayEvent("m_seduction"))
    assert s.hands[YELLOW] == ["c_militia"] and s.hands[BLUE] == []


def test_scorched_earth_makes_him_discard_a_troop_of_his_choice() -> None:
    s = pos("mode=comp4 actor=0 h0=m_scorched_earth h1=c_pilgrims,c_knights_templar,c_raid")
    s, _ = run(s, PlayEvent("m_scorched_earth"))
    assert s.phase == PICK and s.actor == BLUE
    assert set(RULES.legal_actions(s)) == {PickCard("c_pilgrims"), PickCard("c_knights_templar")}


def test_mercenaries_keep_the_troops_among_three_revealed_cards() -> None:
    s = pos("mode=comp4 actor=0 h0=m_mercenaries")
    top3 = s.draw_m[-3:]
    s, _ = run(s, PlayEvent("m_mercenaries"))
    troops = [c for c in top3 if c.startswith("m_") and c in ("m_halqa_guard", "m_mamluks", "m_ghulams",
              "m_kurdish_cavalry", "m_turkmen_horse_archers", "m_town_levies", "m_bedouin_raiders")]  # fmt: skip
    assert sorted(s.hands[YELLOW]) == sorted(troops)


def test_independent_attack_makes_a_region_independent_and_costs_its_owner() -> None:
    s = pos("mode=comp4 actor=0 h0=m_independent_attack dice=3,3,3,3,5,5,5,5")
    s, _ = run(s, PlayEvent("m_independent_attack"), ChooseRegion("jerusalem"))
    assert s.phase == COMMIT and CommitDone() in RULES.legal_actions(s)
    s, _ = run(s, CommitDone())
    assert s.owner[s.board.index["jerusalem"]] == INDEP and s.bonus[BLUE] == -1


def test_jewish_communities_show_a_hand_and_raise_the_bonus() -> None:
    s = pos("mode=comp4 actor=0 h0=m_jews h1=c_militia")
    s, ev = run(s, PlayEvent("m_jews"), ChooseSeat(BLUE))
    assert (
        s.bonus[YELLOW] == 1
        and "c_militia" in first(ev, "show_hand").for_seat(YELLOW).private_text.lower() + "c_militia"
    )


def test_truce_makes_the_attacker_pay_a_bonus_or_a_garrison_chosen_by_the_defender() -> None:
    s = pos(
        "mode=comp4 actor=0 own=kerak:0 h0=m_truce,m_ghulams h1=c_pilgrims bonus=0,0,0,0 own=acre:1,damascus:0g"
    )
    s, _ = run(s, PlayEvent("m_truce"), ChooseSeat(BLUE), PASS, PASS, PASS)
    assert s.actor == YELLOW
    s, _ = run(s, Attack("acre"))
    assert s.phase == TRUCE and s.actor == BLUE
    assert set(RULES.legal_actions(s)) == {TrucePenalty("bonus"), TrucePenalty("damascus")}
    s, _ = run(s, TrucePenalty("damascus"))
    assert s.phase == COMMIT and not s.garrison[s.board.index["damascus"]]


def test_a_sample_for_the_defender_choosing_the_truce_penalty_leaves_the_attacker_a_troop_ck_r15() -> None:
    # The attacker committed nothing yet, but he announced an attack: he holds a Troop card, so
    # every determinization for the defender must give him one (Master searched a dead end).
    s = pos(
        "mode=comp4 actor=0 own=kerak:0 h0=m_truce,m_ghulams h1=c_pilgrims bonus=0,0,0,0 own=acre:1,damascus:0g"
    )
    s, _ = run(s, PlayEvent("m_truce"), ChooseSeat(BLUE), PASS, PASS, PASS, Attack("acre"))
    assert s.phase == TRUCE and s.actor == BLUE
    for seed in range(40):
        sample = RULES.determinize(s, BLUE, seed)
        assert any(is_troop(c) for c in sample.hands[YELLOW])
        after, _ = RULES.apply_action(sample, TrucePenalty("bonus"))
        assert RULES.legal_actions(after)


# ---------------------------------------------------------------------------------------------
# Solitaire and 2-player game


def test_ck_r36_a_pass_is_final_in_the_small_game() -> None:
    s = pos("mode=coop actor=0 h0=c_pilgrims h1=c_pilgrims,c_pilgrims")
    s, _ = run(s, PASS)
    assert s.passed == [True, False] and s.actor == LEOPOLD
    s, _ = run(s, Discard("c_pilgrims"))
    assert s.actor == LEOPOLD


def test_ck_r37_partners_see_each_others_hands_but_not_the_bots_hand_order() -> None:
    s = RULES.new_game(2, 5)
    view = RULES.player_view(s, RICHARD)
    assert view["hands"][LEOPOLD] == s.hands[LEOPOLD] and view["bot_hand_size"] == 12
    assert "bot_hand" not in view


def test_ck_r37_partners_may_not_attack_or_raid_each_other() -> None:
    s = pos("mode=coop actor=0 own=homs:1 h0=c_pilgrims,c_raid")
    legal = RULES.legal_actions(s)
    assert Attack("homs") not in legal and all(a.target == BOT for a in legal if isinstance(a, Incursion))
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, Attack("homs"))
    assert refused.value.rule_id == "CK-R37"
    s, _ = run(s, PlayEvent("c_raid"))
    assert s.phase == ACT or s.actor == 1


def test_ck_r38_round_order_alternates_christians_and_bot_rounds() -> None:
    s = pos("mode=coop actor=0 h0=c_pilgrims,c_pilgrims h1=c_pilgrims,c_pilgrims bothand=m_bedouin_raiders,m_raid "
            "dice=6,6,6,6")  # fmt: skip
    s, ev = run(s, Discard("c_pilgrims"))
    assert first(ev, "bot_card").data["card"] == "m_bedouin_raiders" and s.actor == LEOPOLD
    s, ev = run(s, Discard("c_pilgrims"))
    assert first(ev, "bot_card").data["card"] == "m_raid" and s.actor == RICHARD


def test_ck_r40_the_bot_without_regions_ends_the_game() -> None:
    own = ",".join(f"{k}:0" for k in ("jerusalem", "damascus", "aleppo", "acre", "antioch", "tripoli", "ascalon",
                                         "homs", "jaffa", "hama", "beirut", "tortosa"))  # fmt: skip
    s = pos(f"mode=solo own={own} h0=c_knights_templar dice=1,1,1,1,5,5")
    s, _ = attack(s, "latakia", "c_knights_templar")
    assert s.phase == OVER and "Victory" in s.reason


def test_ck_r45_a_bot_round_with_an_empty_hand_is_only_the_activation_roll() -> None:
    s = pos("mode=solo h0=c_pilgrims,c_pilgrims army=m_ghulams dice=6")
    s, ev = run(s, Discard("c_pilgrims"))
    assert "bot_card" not in kinds(ev) and first(ev, "bot_activation").data["roll"] == 6


def test_ck_r55_difficulty_sets_the_bot_draw() -> None:
    for diff, n in (("standard", 8), ("challenging", 9), ("greatest", 11)):
        assert len(RULES.new_game(1, 1, {"difficulty": diff}).bot_hand) == n
    with pytest.raises(ValueError):
        RULES.new_game(1, 1, {"difficulty": "easy"})


def test_ck_r56_the_outcome_names_the_victory_level() -> None:
    s = pos("mode=solo turn=3 own=latakia:0,antioch:0,tortosa:0,tripoli:0,homs:0 bonus=1")
    s, _ = run(s, PASS)
    out = RULES.outcome(s)
    assert (
        out is not None and out.reason.startswith("Victory") and out.winners == (0,) and out.scores == (17.0,)
    )


def test_ck_r57_die_faces_hit_per_religion() -> None:
    assert (
        hits([1, 2], "C") == 2
        and hits([3, 4], "C") == 0
        and hits([3, 4], "M") == 2
        and hits([5, 6], "M") == 0
    )


def test_ck_r5_the_seduced_card_is_seen_by_both_players_and_hidden_from_the_others() -> None:
    s = pos("mode=comp4 actor=0 h0=m_seduction h1=c_militia")
    s, ev = run(s, PlayEvent("m_seduction"))
    taken = first(ev, "seduction")
    assert (
        taken.for_seat(BLUE).data["card"] == "c_militia"
        and taken.for_seat(YELLOW).data["card"] == "c_militia"
    )
    assert "card" not in taken.for_seat(RED).data
    assert RULES.player_view(s, RED)["hand_decks"][YELLOW] == [1, 0]


def test_ck_r62_random_turns_always_end() -> None:
    for players in (1, 2, 3, 4):
        s = RULES.new_game(players, 123)
        steps = 0
        while not RULES.is_over(s):
            s, _ = RULES.apply_action(s, RULES.legal_actions(s)[steps * 7919 % len(RULES.legal_actions(s))])
            steps += 1
            assert steps < 5000


def test_ck_r10_the_game_ends_after_turn_3() -> None:
    s = pos("mode=comp4 turn=3 actor=0")
    s, _ = run(s, PASS, PASS, PASS)
    assert s.phase == ACT
    s, _ = run(s, PASS)
    assert s.phase == OVER and s.turn == 3


def test_ck_r2_a_garrison_goes_only_where_none_is() -> None:
    s = pos("mode=comp4 actor=1 own=jerusalem:1g bonus=0,2,0,0 h1=c_venetian_merchants")
    s, _ = run(s, PlayEvent("c_venetian_merchants"))  # one free region left: placed at once
    assert s.garrison[s.board.index["acre"]] and s.phase == ACT


def test_ck_r14_one_action_per_round_then_the_next_seat() -> None:
    s = pos("mode=comp4 actor=1 h1=c_knights_templar,c_pilgrims dice=5,5,5,5,5,5")
    s, _ = attack(s, "gaza", "c_knights_templar")
    assert s.phase == ACT and s.actor == RED


def test_ck_r19_windows_come_before_garrisons_and_the_reveal() -> None:
    s = pos("mode=comp4 actor=2 own=harim:3g h2=c_pilgrims h3=m_ahdath dice=5,5,5,5")
    s, ev = attack(s, "harim", "c_pilgrims")
    assert s.phase == RESPOND and "reveal" not in kinds(ev)
    s, ev = run(s, NO_MORE)
    assert s.phase == "garrison" and "reveal" not in kinds(ev)


def test_ck_r61_a_seized_christian_card_helps_a_muslim_who_still_scores_muslim_shields() -> None:
    s = pos("mode=comp4 actor=0 own=kerak:I h0=m_ghulams,c_siege_engines own=acre:1 dice=3,3,1,1,1,5,5,5,5")
    s, ev = run(s, Attack("acre"), Commit("m_ghulams"), Commit("c_siege_engines"), CommitDone())
    while s.phase == RESPOND:
        s, more = run(s, NO_MORE)
        ev += more
    c = first(ev, "combat")
    assert len(c.data["attack_dice"]) == 5 and c.data["attack_hits"] == 2
    assert "c_siege_engines" in s.discard_c
