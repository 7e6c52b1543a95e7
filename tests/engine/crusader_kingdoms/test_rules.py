"""One or more tests per CK-R rule (setup, turns, actions, attacks, responses, events)."""

from __future__ import annotations

from collections import Counter

import pytest

from crimson_table.engine.core import Event, IllegalAction, StateError
from crimson_table.engine.crusader_kingdoms import dice, flow, targets
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
    PlaceGarrison,
    PlayEvent,
    Respond,
    TakeBonus,
    TrucePenalty,
)
from crimson_table.engine.crusader_kingdoms.cards import (
    ATT,
    DEF,
    RESPONSE_IDS,
    TROOP_IDS,
    deck_list,
    is_troop,
)
from crimson_table.engine.crusader_kingdoms.ops import hits
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.crusader_kingdoms.state import (
    ACT,
    BOT,
    COMMIT,
    GARRISON,
    INDEP,
    OVER,
    PICK,
    RESPOND,
    REWARD,
    TRUCE,
    CKState,
)
from crimson_table.engine.crusader_kingdoms.state import Attack as AttackRecord
from tests.engine.crusader_kingdoms.helpers import (
    BLUE,
    GREEN,
    LEOPOLD,
    NO_GARRISON,
    NO_MORE,
    PASS,
    RED,
    RICHARD,
    YELLOW,
    attack,
    first,
    garrison,
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
    """CK-R16, CK-R59: a Troop card pays for the Incursion."""
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
    assert dice.dice_counts(s, a) == (0, 0)
    a.responses.append((BLUE, "c_siege_engines", "ATT"))
    assert dice.dice_counts(s, a) == (1, 0)


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
    """CK-R27, CK-R60."""
    s = pos("mode=comp4 own=harim:3 h3=m_leader h0=m_leader")
    s.attack = AttackRecord(attacker=RED, region=s.board.index["harim"], kind="normal", event="")
    assert targets.can_respond(s, GREEN, "m_leader", "DEF") and not targets.can_respond(
        s, YELLOW, "m_leader", "DEF"
    )
    assert not targets.can_respond(s, GREEN, "m_leader", "ATT")
    assert targets.can_respond(s, BLUE, "c_militia", "DEF") and not targets.can_respond(
        s, BLUE, "c_italian_fleet", "DEF"
    )
    assert not targets.can_respond(s, BLUE, "c_militia", "ATT")


def test_ck_r28_only_the_owner_uses_garrisons_in_and_next_to_the_region() -> None:
    s = pos("mode=comp4 own=harim:3g,aleppo:3g,edessa:3g,shaizar:0g")
    s.attack = AttackRecord(attacker=RED, region=s.board.index["harim"], kind="normal", event="")
    assert [s.board.names[r] for r in targets.usable_garrisons(s)] == ["harim", "aleppo"]


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
    """CK-R37, CK-R39: Incursions and Raid aim at the Bot."""
    s = pos("mode=coop actor=0 own=homs:1 h0=c_pilgrims,c_raid h1=c_pilgrims bothand=m_ghulams,m_leader")
    legal = RULES.legal_actions(s)
    assert Attack("homs") not in legal and all(a.target == BOT for a in legal if isinstance(a, Incursion))
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, Attack("homs"))
    assert refused.value.rule_id == "CK-R37"
    s, ev = run(s, PlayEvent("c_raid"))
    # no partner to choose: the Raid hits the Bot's top card, face down (CK-R39), the partner keeps his
    assert "bot_discard" in kinds(ev) and not any(isinstance(a, ChooseSeat) for a in RULES.legal_actions(s))
    assert s.discard_m == ["m_ghulams"] and s.down_m == [True] and s.hands[1] == ["c_pilgrims"]
    assert (s.phase, s.actor) == (ACT, 1)


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


# ---------------------------------------------------------------------------------------------
# Rules no scenario covers on its own


def test_ck_r6_a_random_card_from_a_hand_is_uniform() -> None:
    """CK-R6: "at random" is uniform: over many games Raid takes each of three cards about as often."""
    taken: Counter[str] = Counter()
    for seed in range(300):
        s = pos(f"mode=comp4 actor=1 seed={seed} h1=c_raid h0=m_ghulams,m_raid,m_leader")
        s, _ = run(s, PlayEvent("c_raid"), ChooseSeat(YELLOW))
        assert len(s.hands[YELLOW]) == 2 and s.down_m == [True]
        taken[s.discard_m[0]] += 1
    assert set(taken) == {"m_ghulams", "m_raid", "m_leader"}
    assert all(70 <= n <= 130 for n in taken.values()), taken


def test_ck_r11_start_of_turn_draws_in_seat_order_with_the_old_bonus_then_resets_it() -> None:
    """CK-R11 (1)-(3), CK-R30: each seat draws from the top of its deck in seat order, using the bonus
    it had; then every bonus is 0 and the first seat starts."""
    s = pos("mode=comp4 actor=2 bonus=1,-1,2,0 h1=c_pilgrims")
    top_m, top_c = s.draw_m[::-1], s.draw_c[::-1]  # top first
    ev: list[Event] = []
    flow.start_turn(s, ev)
    draws = [e for e in ev if e.kind == "draw"]
    assert [e.data["seat"] for e in draws] == [YELLOW, BLUE, RED, GREEN]
    assert draws[0].data["cards"] == top_m[:9] and draws[3].data["cards"] == top_m[9:17]  # 8+1, then 8
    assert draws[1].data["cards"] == top_c[:6] and draws[2].data["cards"] == top_c[6:16]  # 8-1-1, 8+2
    assert s.bonus == [0, 0, 0, 0] and (s.phase, s.actor) == (ACT, YELLOW)


def test_ck_r11_the_bot_draws_after_the_players_and_its_bonus_is_reset_too() -> None:
    """CK-R11, CK-R44: players draw in seat order, then the Bot; all bonuses then go back to 0."""
    s = pos("mode=coop actor=1 passed=0 bonus=1,0 botbonus=1 h0=c_pilgrims")
    s, ev = run(s, PASS)  # Leopold passes too: the turn ends
    order = [(e.kind, e.data.get("seat")) for e in ev if e.kind in ("draw", "bot_draw")]
    assert order == [("draw", RICHARD), ("draw", LEOPOLD), ("bot_draw", None)]
    assert s.turn == 2 and [len(h) for h in s.hands] == [9, 8] and len(s.bot_hand) == 13
    assert s.bonus == [0, 0] and s.bot_bonus == 0 and (s.phase, s.actor) == (ACT, RICHARD)


def test_ck_r22_a_capture_removes_an_unused_garrison_and_the_reward_garrison_goes_to_any_free_region() -> (
    None
):
    """CK-R22: the castle and the garrison go (even a garrison not used in defence), the old owner
    loses 1 bonus, and the attacker picks +1 bonus or a garrison in any region of his without one."""
    s = pos("mode=comp4 actor=2 own=harim:3g h2=c_knights_templar dice=1,1,1,1,5,5")
    s, _ = attack(s, "harim", "c_knights_templar")
    assert s.phase == GARRISON and s.actor == GREEN
    s, _ = run(s, NO_GARRISON)
    harim, latakia = s.board.index["harim"], s.board.index["latakia"]
    assert s.owner[harim] == RED and not s.garrison[harim]
    assert s.bonus == [0, 0, 0, -1] and (s.phase, s.actor) == (REWARD, RED)
    assert set(RULES.legal_actions(s)) == {
        TakeBonus(),
        PlaceGarrison("antioch"),
        PlaceGarrison("latakia"),
        PlaceGarrison("harim"),
    }
    s, _ = run(s, PlaceGarrison("latakia"))
    assert s.garrison[latakia] and not s.garrison[harim] and s.bonus == [0, 0, 0, -1]
    assert (s.phase, s.actor) == (ACT, GREEN)


def test_ck_r22_capturing_an_independent_region_costs_nobody() -> None:
    """CK-R22: taking an independent region lowers no bonus; only the attacker's reward changes one."""
    s = pos("mode=comp4 actor=1 bonus=1,0,-1,2 h1=c_knights_templar dice=1,1,1,1,5,5")
    s, _ = attack(s, "gaza", "c_knights_templar")
    assert s.owner[s.board.index["gaza"]] == BLUE and s.bonus == [1, 0, -1, 2] and s.phase == REWARD
    s, _ = run(s, TakeBonus())
    assert s.bonus == [1, 1, -1, 2]


def test_ck_r24_a_failed_attack_leaves_the_region_but_used_garrisons_are_gone() -> None:
    """CK-R24: the owner and the unused garrison stay, no bonus moves, the used garrison is removed."""
    s = pos("mode=comp4 actor=2 own=harim:3g,aleppo:3g h2=c_knights_templar dice=5,5,5,5,5,5,5")
    s, _ = attack(s, "harim", "c_knights_templar")
    s, ev = run(s, garrison("aleppo"), NO_GARRISON)
    c = first(ev, "combat")
    assert len(c.data["defence_dice"]) == 2 + 1 and c.data["won"] is False
    harim, aleppo = s.board.index["harim"], s.board.index["aleppo"]
    assert s.owner[harim] == GREEN and s.garrison[harim] and not s.garrison[aleppo]
    assert s.bonus == [0, 0, 0, 0] and (s.phase, s.actor) == (ACT, GREEN)
    assert s.discard_c == ["c_knights_templar"]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_ck_r39_a_christian_raid_hits_the_bot_and_takes_its_top_card_unseen(seed: int) -> None:
    """CK-R39, CK-R51, CK-R6: Raid's "another player" is the Bot; it loses its top card, face down."""
    s = pos(f"mode=solo seed={seed} h0=c_raid,c_pilgrims bothand=m_mamluks,m_ahdath,m_commerce")
    s, ev = run(s, PlayEvent("c_raid"))  # no player to choose: the Bot is the target
    assert s.discard_m == ["m_mamluks"] and s.down_m == [True]
    assert s.bot_stack == ["m_ahdath"] and s.bot_hand == ["m_commerce"]  # the Bot's round came next
    lost = first(ev, "bot_discard")
    assert "m_mamluks" not in str(lost.data) and "Mamluks" not in lost.text
    assert RULES.player_view(s, 0)["discard_m"] == [None]


def test_ck_r39_an_incursion_needs_a_region_next_to_a_muslim_region() -> None:
    """CK-R39: Richard's Tripoli is surrounded by Leopold's regions, so he has no Incursion; Leopold has."""
    text = "mode=coop own=tortosa:1,homs:1,beirut:1 h0=c_pilgrims h1=c_pilgrims"
    legal = RULES.legal_actions(pos(f"{text} actor=0"))
    assert not [a for a in legal if isinstance(a, Incursion)]
    assert Incursion(BOT, "c_pilgrims") in RULES.legal_actions(pos(f"{text} actor=1"))


def test_ck_r41_a_partner_with_no_region_attacks_only_his_start_and_the_bot_does_not_roll_against_him() -> (
    None
):
    """CK-R41: Richard without a region may attack only Tripoli; the Bot's round against him has no
    roll, while its round against Leopold, who has regions, does."""
    s = pos("mode=coop actor=0 own=tripoli:B h0=c_pilgrims,c_pilgrims army=m_ghulams dice=1")
    assert [a for a in RULES.legal_actions(s) if isinstance(a, Attack)] == [Attack("tripoli")]
    s, ev = run(s, Discard("c_pilgrims"))
    assert "bot_activation" not in kinds(ev) and s.bot_army == ["m_ghulams"] and s.dice == [1]
    assert s.actor == LEOPOLD
    s, ev = run(s, PASS)
    assert first(ev, "bot_activation").data["region"] == "antioch"


TROOP_STRENGTH = {  # supplement 3.2 and 3.3
    "c_pilgrims": 1, "c_foot_sergeants": 1, "c_crossbowmen": 2, "c_turcopoles": 2, "c_italian_marines": 2,
    "c_frankish_knights": 3, "c_knights_templar": 4, "c_knights_hospitaller": 4,
    "m_bedouin_raiders": 1, "m_town_levies": 1, "m_turkmen_horse_archers": 2, "m_kurdish_cavalry": 2,
    "m_ghulams": 3, "m_mamluks": 3, "m_halqa_guard": 4,
}  # fmt: skip


@pytest.mark.parametrize(("troop", "dice"), TROOP_STRENGTH.items())
def test_ck_r59_a_committed_troop_adds_dice_equal_to_its_strength(troop: str, dice: int) -> None:
    """CK-R59: one Troop card alone rolls as many attack dice as its printed strength."""
    seat, target = (BLUE, "gaza") if troop.startswith("c_") else (YELLOW, "kerak")
    s = pos(f"mode=comp4 actor={seat} h{seat}={troop} dice=5,5,5,5,5,5,5,5")
    s, ev = attack(s, target, troop)
    assert len(first(ev, "combat").data["attack_dice"]) == dice


def test_ck_r59_any_troop_and_only_a_troop_pays_for_an_incursion() -> None:
    """CK-R59: every Troop card of either deck can pay for an Incursion; a Response or Event cannot."""
    assert set(TROOP_STRENGTH) == TROOP_IDS
    for seat, target, deck in ((BLUE, YELLOW, "c_"), (YELLOW, BLUE, "m_")):
        troops = [c for c in TROOP_STRENGTH if c.startswith(deck)]
        others = "c_militia,c_raid" if deck == "c_" else "m_ahdath,m_raid"
        s = pos(f"mode=comp4 actor={seat} h{seat}={','.join(troops)},{others}")
        paid = {a.card for a in RULES.legal_actions(s) if isinstance(a, Incursion) and a.target == target}
        assert paid == set(troops)


def test_ck_r59_troops_are_never_used_in_defence() -> None:
    """CK-R59: a defender holding only troops gets no response window and rolls RDV only; the Bot's
    army does not defend either."""
    s = pos("mode=comp4 actor=2 own=harim:3 h2=c_pilgrims h3=m_ghulams,m_halqa_guard dice=5,5,5")
    assert not targets.can_respond(s, GREEN, "m_ghulams", "DEF")
    s, ev = attack(s, "harim", "c_pilgrims")
    assert "window" not in kinds(ev)
    assert [e.data["seat"] for e in ev if e.kind == "no_response"] == [GREEN, YELLOW, BLUE]
    assert len(first(ev, "combat").data["defence_dice"]) == 2
    assert s.hands[GREEN] == ["m_ghulams", "m_halqa_guard"]
    s = pos("mode=solo own=hama:0 h0=c_frankish_knights army=m_halqa_guard dice=5,5,5,5,5,6")
    s, ev = attack(s, "homs", "c_frankish_knights")
    assert len(first(ev, "combat").data["defence_dice"]) == 2  # homs RDV 2, the army adds nothing
    assert s.bot_army == ["m_halqa_guard"]


# Supplement 3.2 / 3.3 placement column: the sides each Response card may take.
SIDES = {
    "c_militia": {"DEF"}, "c_siege_engines": {"ATT"}, "c_true_cross": {"ATT", "DEF"},
    "c_knightly_charge": {"ATT"}, "c_sally_out": {"DEF"}, "c_italian_fleet": {"ATT", "DEF"},
    "m_leader": {"ATT", "DEF"}, "m_regrouping": {"ATT"}, "m_ahdath": {"DEF"},
    "m_feigned_retreat": {"ATT", "DEF"}, "m_naphtha_throwers": {"ATT", "DEF"},
}  # fmt: skip


def _attack_on(s: CKState, attacker: int, region: str) -> CKState:
    s.attack = AttackRecord(attacker=attacker, region=s.board.index[region], kind="normal", event="")
    return s


def test_ck_r60_placement_codes_att_def_and_either() -> None:
    """CK-R60: ATT cards only on the attack, DEF only on the defence, EITHER on both (yellow attacks
    blue's Acre, which holds a castle and is coastal, so only the side code decides)."""
    assert set(SIDES) == RESPONSE_IDS
    s = _attack_on(pos("mode=comp4"), YELLOW, "acre")
    for cid, sides in SIDES.items():
        allowed = {
            side for side, seat in (("ATT", YELLOW), ("DEF", BLUE)) if targets.can_respond(s, seat, cid, side)
        }
        assert allowed == sides, cid


def test_ck_r60_own_castle_and_coastal_conditions() -> None:
    """CK-R60: "own" cards only for the attacker / the region's owner; "castle" cards never on an
    independent region; "coastal" cards only on a coastal one."""
    s = _attack_on(pos("mode=comp4"), YELLOW, "acre")
    for side in ("ATT", "DEF"):  # red is neither the attacker nor the owner
        assert not targets.can_respond(s, RED, "m_leader", side)
        assert targets.can_respond(s, RED, "m_naphtha_throwers", side)
        assert targets.can_respond(s, RED, "c_true_cross", side)
    assert not targets.can_respond(s, RED, "m_regrouping", "ATT") and targets.can_respond(
        s, RED, "c_militia", "DEF"
    )
    s = _attack_on(pos("mode=comp4"), BLUE, "gaza")  # independent and coastal
    for cid, side in (
        ("c_militia", "DEF"),
        ("c_siege_engines", "ATT"),
        ("c_sally_out", "DEF"),
        ("m_ahdath", "DEF"),
    ):
        assert not targets.can_respond(s, YELLOW, cid, side), cid
    assert targets.can_respond(s, YELLOW, "c_italian_fleet", "DEF")
    s = _attack_on(pos("mode=comp4"), BLUE, "damascus")  # a castle, not coastal
    assert not targets.can_respond(s, BLUE, "c_italian_fleet", "ATT")
    assert not targets.can_respond(s, YELLOW, "c_italian_fleet", "DEF")
    assert targets.can_respond(s, BLUE, "c_siege_engines", "ATT") and targets.can_respond(
        s, RED, "c_militia", "DEF"
    )


def test_ck_r60_a_card_on_a_side_it_may_not_take_is_refused() -> None:
    """CK-R60 / CK-R27: the rules refuse Ahdath (DEF) on the attack and Siege Engines (ATT) on the defence."""
    s = pos("mode=comp4 actor=2 own=harim:3 h2=c_pilgrims,c_militia h3=m_ahdath,m_leader h1=c_siege_engines")
    assert Commit("c_militia") not in RULES.legal_actions(run(s, Attack("harim"))[0])
    s, _ = attack(s, "harim", "c_pilgrims")
    assert s.actor == GREEN
    for bad in (Respond("m_ahdath", "ATT"), Respond("m_leader", "ATT")):
        with pytest.raises(IllegalAction) as refused:
            RULES.apply_action(s, bad)
        assert refused.value.rule_id == "CK-R27"
    s, _ = run(s, NO_MORE)  # yellow holds nothing: blue is next
    assert s.actor == BLUE and Respond("c_siege_engines", "DEF") not in RULES.legal_actions(s)
    assert Respond("c_siege_engines", "ATT") in RULES.legal_actions(s)


def _concerted_attack_on_gaza(s: CKState) -> CKState:
    """Blue plays Concerted Attack on gaza with Pilgrims, Red adds Knights Templar; the dice make it succeed."""
    s, _ = run(s, PlayEvent("c_concerted_attack"), ChooseRegion("gaza"), Commit("c_pilgrims"), CommitDone())
    s, _ = run(s, Commit("c_knights_templar"))
    return s


_CONCERT = "mode=comp4 actor=1 h1=c_concerted_attack,c_pilgrims h2=c_knights_templar dice=1,1,1,1,1,5,5"


@pytest.mark.parametrize("blue_bonus", [0, 2])
def test_ck_r29_a_concerted_helper_at_plus_two_places_his_owed_garrison_after_the_attackers_garrison(
    blue_bonus: int,
) -> None:
    """CK-R29, c_concerted_attack: the helper at +2 is owed a garrison; the attacker taking a garrison
    as his CK-R22 reward (by choice at 0, or because he too is at +2) does not use it up: Red is asked."""
    s = _concerted_attack_on_gaza(pos(f"{_CONCERT} bonus=0,{blue_bonus},2,0"))
    assert (s.phase, s.actor) == (REWARD, BLUE) and s.overflow == [RED]
    s, ev = run(s, PlaceGarrison("acre"))
    assert (s.phase, s.actor) == ("place", RED)
    assert set(RULES.legal_actions(s)) == {PlaceGarrison("antioch"), PlaceGarrison("latakia")}
    s, ev = run(s, PlaceGarrison("latakia"))
    placed = [(e.data["seat"], e.data["region"]) for e in ev if e.kind == "garrison"]
    assert placed == [(RED, "latakia")] and s.overflow == [] and (s.phase, s.actor) == (ACT, RED)
    assert s.garrison[s.board.index["acre"]] and s.bonus == [0, blue_bonus, 2, 0]


def test_ck_r29_a_concerted_helper_with_no_free_region_loses_the_increase_with_an_event() -> None:
    """CK-R29: Red at +2 has a garrison in each of his regions, so his increase is lost, and said so."""
    s = _concerted_attack_on_gaza(pos(f"{_CONCERT} bonus=0,2,2,0 own=antioch:2g,latakia:2g"))
    s, ev = run(s, PlaceGarrison("gaza"))
    assert [e.data["seat"] for e in ev if e.kind == "overflow_lost"] == [RED]
    assert s.overflow == [] and (s.phase, s.actor) == (ACT, RED)


def test_ck_r29_a_garrison_placement_owed_to_nobody_does_not_load() -> None:
    """CK-R29: phase ``place`` outside Castle Builders places the owed garrison of the seat deciding."""
    s = _concerted_attack_on_gaza(pos(f"{_CONCERT} bonus=0,0,2,0"))
    s, _ = run(s, PlaceGarrison("acre"))
    data = RULES.to_dict(s)
    data["overflow"] = []
    with pytest.raises(StateError, match="CK-R29"):
        RULES.from_dict(data)


@pytest.mark.parametrize("seat", [YELLOW, RED, GREEN])
def test_ck_r27_a_sample_deals_each_face_down_response_one_its_side_allows(seat: int) -> None:
    """CK-R27: Blue lays one Christian response on ATT and one on DEF of Yellow's attack on independent hama.
    Of the Christian cards unseen by the others, only True Cross (either side) may lie on DEF there; dealing
    the ATT card first must not take it, so every sample is a position the rules allow."""
    s = pos(
        "mode=comp4 actor=0 h0=m_regrouping,m_bedouin_raiders h1=c_knightly_charge,c_true_cross h3=m_feigned_retreat"
    )
    s, _ = attack(s, "hama", "m_regrouping", "m_bedouin_raiders")
    s, _ = run(s, respond("c_knightly_charge", ATT), respond("c_true_cross", DEF))
    for k in range(4):
        sample = RULES.from_dict(RULES.to_dict(RULES.determinize(s, seat, k)))
        assert sample.attack is not None
        assert [side for _p, _c, side in sample.attack.responses] == [ATT, ATT, DEF]
