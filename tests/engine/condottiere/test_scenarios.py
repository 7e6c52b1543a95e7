"""The supplement's test scenarios CO-TS1..CO-TS13, one or more tests each."""

from __future__ import annotations

import pytest

from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import thresholds
from crimson_table.engine.condottiere.notation import from_notation, position
from crimson_table.engine.condottiere.rules import RULES
from crimson_table.engine.condottiere.state import KEEP, OVER, POPE, REGION, CondottiereState
from crimson_table.engine.condottiere.strength import NOBODY, has_won, line_strengths
from crimson_table.engine.core import Event, IllegalAction

from .helpers import (
    DISMISS,
    DONE,
    P1,
    P2,
    P3,
    P4,
    P5,
    PASS,
    everyone_passes,
    fight,
    fight_for,
    keep,
    of_kind,
    owner,
    play,
    pope_to,
    region_index,
    run,
    run_turns,
    take_back,
)

# ----------------------------------------------------------------------------------- CO-TS1


def _ts1_start() -> CondottiereState:
    hands = {P1: "Sc Bi Co", P2: "1 3 4 5", P3: "2 2 6"}
    return position(3, holder=P2, hands=hands)


TS1_TURNS = (fight_for("milano"), play("4"), play("6"), DISMISS, play("3"), PASS, play("1"), PASS)


def test_co_ts1_turn_order_skips_the_dismissed_player_and_lets_the_last_player_go_on() -> None:
    _, order = run_turns(_ts1_start(), *TS1_TURNS)
    assert order == [P2, P2, P3, P1, P2, P3, P2, P2]


def test_co_ts1_lines_and_winner() -> None:
    _, events = run(_ts1_start(), *TS1_TURNS)
    result = of_kind(events, "battle_result")[0]
    assert result.data["lines"] == [[], ["4", "3", "1"], ["6"]]
    assert result.data["strengths"] == [0, 8, 6]
    assert result.data["winner"] == P2


def test_co_ts1_winner_takes_milano_and_keeps_the_token() -> None:
    s, _ = run(_ts1_start(), *TS1_TURNS)
    assert owner(s, "milano") == P2
    assert s.holder == P2


def test_co_ts1_round_goes_on_while_two_players_hold_cards() -> None:
    s, events = run(_ts1_start(), *TS1_TURNS)
    assert [len(h) for h in s.hands] == [0, 1, 2]
    assert not of_kind(events, "round_end")
    assert s.phase == REGION and s.round == 1


def test_co_ts1_dismissing_a_hand_with_a_mercenary_is_refused() -> None:
    s, _ = run(_ts1_start(), fight_for("milano"))
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, DISMISS)
    assert refused.value.rule_id == "CO-R17"


def test_co_ts1_dismissed_cards_are_revealed_and_discarded() -> None:
    s, events = run(_ts1_start(), fight_for("milano"), play("4"), play("6"), DISMISS)
    dismiss = [e for e in of_kind(events, "effect") if e.data["effect"] == "dismiss"][0]
    assert dismiss.data["cards"] == ["Co", "Bi", "Sc"]
    assert dismiss.reveals
    assert s.hands[P1] == [] and s.passed[P1]
    assert sorted(s.discard) == ["Bi", "Co", "Sc"]


# ----------------------------------------------------------------------------------- CO-TS2


def test_co_ts2_winter_and_drummer_against_heroine_and_courtesan() -> None:
    assert line_strengths([["10", "6", "5", "Dr"], ["3", "He", "Co", "Wi"]]) == [6, 12]


def test_co_ts2_same_lines_without_winter() -> None:
    assert line_strengths([["10", "6", "5", "Dr"], ["3", "He", "Co"]]) == [42, 14]


def test_co_ts2_courtesan_holder_who_wins_takes_the_token() -> None:
    s, _ = fight(2, {P1: "10 6 5 Dr", P2: "3 He Co Wi"})
    assert owner(s, "roma") == P2
    assert s.holder == P2


def test_co_ts2_without_winter_p1_wins_but_the_courtesan_takes_the_token() -> None:
    s, _ = fight(2, {P1: "10 6 5 Dr", P2: "3 He Co"})
    assert owner(s, "roma") == P1
    assert s.holder == P2


# ----------------------------------------------------------------------------------- CO-TS3


def test_co_ts3_spring_after_drummer_with_tied_top_mercenaries() -> None:
    assert line_strengths([["10", "5", "Dr"], ["10", "2", "Sp"], ["4", "4", "He"]]) == [33, 15, 18]


def test_co_ts3_p1_wins() -> None:
    s, _ = fight(3, {P1: "10 5 Dr", P2: "10 2 Sp", P3: "4 4 He"})
    assert owner(s, "roma") == P1


# ----------------------------------------------------------------------------------- CO-TS4


def test_co_ts4_spring_uses_printed_values_not_doubled_ones() -> None:
    assert line_strengths([["6", "Dr"], ["10", "4", "Sp"]]) == [12, 17]


def test_co_ts4_variant_spring_on_doubled_sixes() -> None:
    assert line_strengths([["6", "6", "Dr"], ["5", "Sp"]]) == [30, 5]


# ----------------------------------------------------------------------------------- CO-TS5


def _ts5_after_four_turns() -> CondottiereState:
    s = from_notation("battle roma holder P1 | P1 hand 10 Wi 1 line - | P2 hand 3 3 Sp 1 line -")
    s, _ = run(s, play("10"), play("3"), play("Wi"), play("3"))
    return s


def test_co_ts5_winter_makes_p2_lead_for_now() -> None:
    s = _ts5_after_four_turns()
    assert RULES.player_view(s, P1)["strengths"] == [1, 2]


def test_co_ts5_spring_discards_the_winter_at_once() -> None:
    s, _ = run(_ts5_after_four_turns(), PASS, play("Sp"))
    assert s.lines == [["10"], ["3", "3", "Sp"]]
    assert s.discard == ["Wi"]


def test_co_ts5_p1_wins_thirteen_to_six_and_keeps_the_token() -> None:
    s, events = run(_ts5_after_four_turns(), PASS, play("Sp"), PASS)
    assert of_kind(events, "battle_result")[0].data["strengths"] == [13, 6]
    assert owner(s, "roma") == P1 and s.holder == P1


# ----------------------------------------------------------------------------------- CO-TS6


def _ts6(p3_line: str = "6 1") -> CondottiereState:
    return position(
        3,
        holder=P1,
        region="modena",
        pope="lucca",
        control={"torino": P2},
        hands={P1: "Sc", P3: "Bi Sc"},
        lines={P1: "5 5 2 Dr", P2: "6 4 He", P3: p3_line},
        passed=[P2],
        actor=P3,
    )


def test_co_ts6_bishop_discards_every_top_printed_mercenary_even_of_a_passed_player() -> None:
    s, _ = run(_ts6(), play("Bi"))
    assert s.lines == [["5", "5", "2", "Dr"], ["4", "He"], ["1"]]
    assert sorted(s.discard) == ["6", "6", "Bi"]


def test_co_ts6_bishop_player_then_places_the_favor() -> None:
    s, _ = run(_ts6(), play("Bi"))
    assert s.phase == POPE and s.actor == P3
    s, _ = run(s, pope_to("siena"))
    assert s.pope == region_index("siena")


@pytest.mark.parametrize("region", ["modena", "torino"])
def test_co_ts6_favor_refused_on_contested_or_controlled_region(region: str) -> None:
    s, _ = run(_ts6(), play("Bi"))
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, pope_to(region))
    assert refused.value.rule_id == "CO-R28"


def test_co_ts6_p1_wins_modena_24_14_1() -> None:
    s, _ = run(_ts6(), play("Bi"), pope_to("siena"))
    s, events = everyone_passes(s)
    assert of_kind(events, "battle_result")[0].data["strengths"] == [24, 14, 1]
    assert owner(s, "modena") == P1


def test_co_ts6_next_battle_may_be_in_lucca_but_not_siena() -> None:
    s, _ = run(_ts6(), play("Bi"), pope_to("siena"))
    s, _ = everyone_passes(s)
    legal = RULES.legal_actions(s)
    assert fight_for("lucca") in legal and fight_for("siena") not in legal


def test_co_ts6_variant_with_winter_p2_wins() -> None:
    s, _ = run(_ts6("6 1 Wi"), play("Bi"), pope_to("siena"))
    s, events = everyone_passes(s)
    assert of_kind(events, "battle_result")[0].data["strengths"] == [6, 11, 1]
    assert owner(s, "modena") == P2


# ----------------------------------------------------------------------------------- CO-TS7


def _ts7_battle() -> tuple[CondottiereState, list[Event]]:
    control = {"torino": P1, "siena": P2, "napoli": P2}
    s = position(3, holder=P1, hands={P1: "10 Sc", P2: "He"}, control=control)
    return run(s, fight_for("parma"), play("10"), play("He"), play("Sc"), take_back("10"), PASS)


def test_co_ts7_empty_hands_are_passed_automatically() -> None:
    _, events = _ts7_battle()
    auto = [e.data["seat"] for e in of_kind(events, "pass") if e.data["auto"]]
    assert auto == [P3, P2]


def test_co_ts7_p2_wins_parma_without_victory_and_takes_the_token() -> None:
    s, events = _ts7_battle()
    assert of_kind(events, "battle_result")[0].data["strengths"] == [0, 10, 0]
    assert owner(s, "parma") == P2
    assert s.holder == P2 and s.phase != OVER


def test_co_ts7_scarecrow_and_heroine_end_in_the_discard_pile() -> None:
    s, _ = _ts7_battle()
    assert sorted(s.discard) == ["He", "Sc"]


def test_co_ts7_round_ends_and_p1_chooses_what_to_keep() -> None:
    s, events = _ts7_battle()
    assert of_kind(events, "round_end")
    assert s.phase == KEEP and s.actor == P1 and s.hands[P1] == ["10"]


def test_co_ts7_redeal_after_keeping_the_ten() -> None:
    s, _ = _ts7_battle()
    s, _ = run(s, keep("10"))
    assert [len(h) for h in s.hands] == [12, 13, 10]
    assert len(s.draw) == 75 and s.discard == []
    assert "10" in s.hands[P1]


def test_co_ts7_redeal_after_keeping_nothing() -> None:
    s, _ = _ts7_battle()
    s, _ = run(s, DONE)
    assert [len(h) for h in s.hands] == [11, 13, 10]
    assert len(s.draw) == 76


def test_co_ts7_holder_chooses_the_next_region_after_the_redeal() -> None:
    s, _ = _ts7_battle()
    s, _ = run(s, keep("10"))
    assert s.phase == REGION and RULES.current_player(s) == P2 and s.round == 2


# ----------------------------------------------------------------------------------- CO-TS8


def test_co_ts8_unique_courtesan_majority_takes_the_token() -> None:
    s, _ = fight(4, {P1: "10 10", P2: "2 Co Co", P3: "3 Co", P4: "He Co"})
    assert owner(s, "roma") == P1
    assert s.holder == P2


def test_co_ts8_variant_courtesan_tie_leaves_the_token_to_the_winner() -> None:
    s, _ = fight(4, {P1: "10 10", P2: "2 Co Co", P3: "3 Co", P4: "He Co Co"})
    assert s.holder == P1


# ----------------------------------------------------------------------------------- CO-TS9


def test_co_ts9_strength_and_courtesan_tie_passes_the_token_left_of_the_holder() -> None:
    s, _ = fight(4, {P1: "10 Co", P2: "6 4 Co", P3: "2"}, holder=P2, region="bologna")
    assert owner(s, "bologna") == NOBODY
    assert s.holder == P3


def test_co_ts9_tied_region_may_be_chosen_again() -> None:
    s, _ = fight(4, {P1: "10 Co", P2: "6 4 Co", P3: "2"}, holder=P2, region="bologna")
    assert RULES.current_player(s) == P3
    assert fight_for("bologna") in RULES.legal_actions(s)


def test_co_ts9_variant_a_unique_courtesan_leader_takes_the_token_despite_the_tie() -> None:
    s, _ = fight(4, {P1: "10 Co", P2: "6 4 Co", P3: "2", P4: "Co Co"}, holder=P2, region="bologna")
    assert owner(s, "bologna") == NOBODY
    assert s.holder == P4


def test_co_ts9_variant_b_no_courtesans_and_a_tie() -> None:
    s, _ = fight(4, {P1: "10", P2: "6 4", P3: "2"}, holder=P2, region="bologna")
    assert s.holder == P3


# ----------------------------------------------------------------------------------- CO-TS10


def _ts10(p1_line: str) -> CondottiereState:
    return from_notation(
        f"battle roma holder P3 | P1 hand Sc line {p1_line} | P2 hand Sc line 5 Dr | P3 hand Sc Su line 4 He"
    )


def test_co_ts10_surrender_ends_the_battle_at_once() -> None:
    s, events = run(_ts10("6 6 Sp"), play("Su"))
    assert of_kind(events, "battle_result")[0].data["strengths"] == [18, 10, 14]
    assert not of_kind(events, "pass")
    assert owner(s, "roma") == P1 and s.holder == P1


def test_co_ts10_surrender_is_discarded_not_counted() -> None:
    s, events = run(_ts10("6 6 Sp"), play("Su"))
    assert "Su" not in of_kind(events, "battle_result")[0].data["lines"][P3]
    assert "Su" in s.discard


def test_co_ts10_variant_surrendering_while_ahead_locks_the_win() -> None:
    s, events = run(_ts10("6 6"), play("Su"))
    assert of_kind(events, "battle_result")[0].data["strengths"] == [12, 10, 14]
    assert owner(s, "roma") == P3


# ----------------------------------------------------------------------------------- CO-TS11


def test_co_ts11_three_players_four_connected_regions_win() -> None:
    control = {"venezia": P1, "ferrara": P1, "bologna": P1}
    s, _ = fight(3, {P1: "10"}, region="urbino", control=control)
    assert s.phase == OVER and s.winners == (P1,) and "connected" in s.reason


def test_co_ts11_six_regions_in_total_win() -> None:
    control = {r: P2 for r in ("torino", "venezia", "siena", "ancona", "lucca")}
    s, _ = fight(3, {P2: "10"}, region="firenze", control=control)
    assert s.winners == (P2,) and "total" in s.reason


def test_co_ts11_four_regions_with_a_group_of_three_do_not_win_with_three_players() -> None:
    control = {"torino": P3, "milano": P3, "genova": P3}
    s, _ = fight(3, {P3: "10"}, region="napoli", control=control)
    assert owner(s, "napoli") == P3 and s.phase != OVER


def test_co_ts11_the_same_holdings_win_with_four_players() -> None:
    control = [NOBODY] * 17
    for name in ("torino", "milano", "genova", "napoli"):
        control[region_index(name)] = P3
    assert has_won(control, P3, italy().neighbours, thresholds(3)) == ""
    assert has_won(control, P3, italy().neighbours, thresholds(4)) == "connected"


# ----------------------------------------------------------------------------------- CO-TS12


def test_co_ts12_lucca_firenze_siena_connect_to_win() -> None:
    s, _ = fight(5, {P1: "10"}, region="firenze", control={"lucca": P1, "siena": P1})
    assert s.winners == (P1,) and "connected" in s.reason


def test_co_ts12_five_scattered_regions_win_by_total() -> None:
    control = {r: P2 for r in ("torino", "venezia", "siena", "ancona")}
    s, _ = fight(5, {P2: "10"}, region="parma", control=control)
    assert s.winners == (P2,) and "total" in s.reason


def test_co_ts12_mantova_joins_venezia_and_ferrara() -> None:
    control = {"genova": P3, "venezia": P3, "ferrara": P3}
    s, _ = fight(5, {P3: "10"}, region="mantova", control=control)
    assert s.winners == (P3,) and "connected" in s.reason


def test_co_ts12_a_tied_battle_for_a_winning_region_places_nothing() -> None:
    control = {"lucca": P1, "siena": P1}
    s, _ = fight(5, {P1: "10", P2: "10"}, region="firenze", control=control)
    assert owner(s, "firenze") == NOBODY and s.phase != OVER


LAST_REGION = {
    "torino": P1, "milano": P1,
    "ancona": P2, "firenze": P2, "modena": P2, "napoli": P2,
    "bologna": P3, "ferrara": P3, "parma": P3, "spoleto": P3,
    "lucca": P4, "mantova": P4, "roma": P4, "urbino": P4,
    "siena": P5, "venezia": P5,
}  # fmt: skip


def test_co_ts12_winning_the_last_region_by_connection_beats_the_count() -> None:
    s, _ = fight(5, {P1: "10"}, region="genova", control=LAST_REGION)
    assert s.winners == (P1,) and "connected" in s.reason


def test_co_ts12_every_region_controlled_most_regions_then_largest_group_share() -> None:
    s, _ = fight(5, {P5: "10"}, region="genova", control=LAST_REGION)
    assert s.phase == OVER
    assert s.winners == (P2, P3) and "CO-R52" in s.reason


# ----------------------------------------------------------------------------------- CO-TS13


def _ts13_start() -> CondottiereState:
    hands = {P1: "Sc Sc Sc", P2: "Sc Sc Sc", P3: "10 Sc Sc Sc"}
    return position(3, holder=P1, hands=hands, control={"torino": P1, "milano": P1, "napoli": P2})


def _tied_battle(s: CondottiereState) -> CondottiereState:
    s, _ = run(s, RULES.legal_actions(s)[0])
    s, _ = everyone_passes(s)
    return s


def test_co_ts13_twenty_nine_ties_do_not_end_the_game_and_move_the_token_left() -> None:
    s = _ts13_start()
    holders = []
    for _ in range(29):
        s = _tied_battle(s)
        holders.append(s.holder)
    assert s.phase == REGION and s.ties == 29
    assert holders[:4] == [P2, P3, P1, P2]


def test_co_ts13_the_thirtieth_tie_ends_the_game_for_the_most_regions() -> None:
    s = _ts13_start()
    for _ in range(30):
        s = _tied_battle(s)
    assert s.phase == OVER and s.winners == (P1,) and "CO-R53" in s.reason


def test_co_ts13_variant_a_marker_resets_the_count() -> None:
    s = _ts13_start()
    for _ in range(28):
        s = _tied_battle(s)
    s, _ = run(s, RULES.legal_actions(s)[0])
    while s.phase != REGION:
        s, _ = run(s, play("10") if s.actor == P3 and "10" in s.hands[P3] else PASS)
    assert s.ties == 0 and s.phase == REGION
    assert s.control.count(P3) == 1


def test_co_ts13_a_round_end_does_not_reset_the_count() -> None:
    s = position(3, holder=P1, hands={P1: "Sc"}, region="roma", ties=5)
    s, events = everyone_passes(s)
    assert of_kind(events, "round_end")
    s, _ = run(s, DONE)
    assert s.ties == 6 and s.round == 2
