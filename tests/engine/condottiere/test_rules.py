"""One test (or a few) per supplement rule, named by its stable ID CO-R1..CO-R53."""

from __future__ import annotations

from collections import Counter

import pytest

from crimson_table.engine.condottiere import ops
from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import CARDS, MERCENARY, full_deck, thresholds
from crimson_table.engine.condottiere.notation import position
from crimson_table.engine.condottiere.rules import RULES
from crimson_table.engine.condottiere.state import BATTLE, KEEP, OVER, POPE, REGION, SCARECROW
from crimson_table.engine.condottiere.strength import NOBODY, groups, line_strengths, token_receiver
from crimson_table.engine.core import IllegalAction
from crimson_table.engine.rng import Rng

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
from .test_scenarios import LAST_REGION

# --------------------------------------------------------------------------- A. players, zones


def test_co_r1_turns_go_clockwise_and_wrap_around() -> None:
    hands = {seat: "1 2" for seat in range(4)}
    s = position(4, holder=P3, hands=hands, region="roma")
    _, order = run_turns(s, play("1"), play("1"), play("1"), play("1"), play("2"))
    assert order == [P3, P4, P1, P2, P3]


def test_co_r2_deck_matches_table_co_t1() -> None:
    deck = full_deck()
    assert len(deck) == 110
    assert sum(1 for c in deck if c in MERCENARY) == 58
    assert sum(MERCENARY[c] for c in deck if c in MERCENARY) == 250
    assert Counter(deck)["Sc"] == 16 and Counter(deck)["Co"] == 12


def test_co_r2_board_has_seventeen_regions() -> None:
    assert len(italy().names) == 17


def test_co_r3_heroine_and_courtesan_are_not_mercenaries() -> None:
    assert "He" not in MERCENARY and "Co" not in MERCENARY
    assert line_strengths([["He", "Co", "Dr"], ["Wi"]]) == [11, 0]


def test_co_r4_every_card_stays_in_exactly_one_zone_during_a_playout() -> None:
    s = RULES.new_game(4, 11)
    picker = Rng.from_seed(3)
    for _ in range(400):
        if RULES.is_over(s):
            break
        RULES.from_dict(RULES.to_dict(s))  # validates the 110-card conservation
        legal = RULES.legal_actions(s)
        s, _ = RULES.apply_action(s, legal[picker.below(len(legal))])


def test_co_r5_view_shows_own_hand_and_only_sizes_of_others() -> None:
    s = position(3, hands={P1: "10 Sc", P2: "He Co Co", P3: "1"}, region="roma", discard="Bi")
    view = RULES.player_view(s, P1)
    assert view["hand"] == ["10", "Sc"]
    assert view["hand_sizes"] == [2, 3, 1]
    assert view["discard"] == ["Bi"] and view["draw_size"] == len(s.draw)
    assert "He" not in str({k: v for k, v in view.items() if k != "lines"})
    assert "draw" not in view and view["hands"] == [["10", "Sc"], None, None]  # others hidden


def test_co_r6_one_shot_cards_never_enter_a_line() -> None:
    s = position(2, hands={P1: "Sc Bi Su", P2: "Sc"}, region="roma")
    s, _ = run(s, play("Bi"), pope_to(None), play("Sc"), play("Sc"))
    assert s.lines == [[], []] and Counter(s.discard) == Counter({"Bi": 1, "Sc": 2})


# --------------------------------------------------------------------------- B. setup


def test_co_r7_token_holder_is_chosen_by_the_seeded_prng() -> None:
    holders = {RULES.new_game(4, seed).holder for seed in range(40)}
    assert holders == {0, 1, 2, 3}
    assert RULES.new_game(4, 5).holder == RULES.new_game(4, 5).holder


def test_co_r8_deal_ten_each_one_at_a_time_from_the_left_of_the_holder() -> None:
    s = RULES.new_game(3, 21)
    rng = Rng.from_seed(21)
    deck = full_deck()
    rng.shuffle(deck)
    holder = rng.below(3)
    expected: list[list[str]] = [[], [], []]
    for k in range(30):
        expected[(holder + 1 + k) % 3].append(deck[-1 - k])
    assert [sorted(h) for h in s.hands] == [sorted(h) for h in expected]
    assert len(s.draw) == 80


def test_co_r9_board_starts_empty_and_the_favor_off_the_board() -> None:
    s = RULES.new_game(2, 1)
    assert set(s.control) == {NOBODY} and s.pope == NOBODY


def test_co_r10_token_holder_chooses_the_first_region() -> None:
    s = RULES.new_game(5, 3)
    assert s.phase == REGION and RULES.current_player(s) == s.holder


# --------------------------------------------------------------------------- C. order of play


def test_co_r11_any_uncontrolled_region_may_be_chosen_without_adjacency() -> None:
    s = position(3, hands={P1: "1"}, control={"torino": P2})
    legal = RULES.legal_actions(s)
    assert len(legal) == 16 and fight_for("torino") not in legal and fight_for("napoli") in legal


def test_co_r12_holder_plays_first() -> None:
    s = position(3, holder=P2, hands={seat: "1" for seat in range(3)})
    s, _ = run(s, fight_for("roma"))
    assert s.phase == BATTLE and RULES.current_player(s) == P2


@pytest.mark.parametrize("card", ["Bi", "Sc", "Dr", "Su"])
def test_co_r13_any_card_may_be_played_without_prerequisite(card: str) -> None:
    s = position(2, hands={P1: card, P2: "1"}, region="roma")
    assert play(card) in RULES.legal_actions(s)
    RULES.apply_action(s, play(card))


def test_co_r14_a_passed_player_takes_no_more_turns() -> None:
    s = position(3, hands={seat: "1 2 3" for seat in range(3)}, region="roma")
    _, order = run_turns(s, PASS, play("1"), play("1"), play("2"), play("2"))
    assert order == [P1, P2, P3, P2, P3]


def test_co_r15_a_player_with_an_empty_hand_is_passed_at_the_start() -> None:
    s = position(3, holder=P1, hands={P2: "1", P3: "1"})
    s, events = run(s, fight_for("roma"))
    assert s.passed[P1] and RULES.current_player(s) == P2
    assert of_kind(events, "pass")[0].data == {"seat": P1, "auto": True}


def test_co_r16_the_last_player_standing_keeps_playing() -> None:
    s = position(2, hands={P1: "1 2 3", P2: "1"}, region="roma", passed=[P2])
    _, order = run_turns(s, play("1"), play("2"), PASS)
    assert order == [P1, P1, P1]


def test_co_r17_dismissing_counts_as_passing_for_the_rest_of_the_round() -> None:
    s = position(2, hands={P1: "Sc Co", P2: "1 2"}, region="roma")
    assert DISMISS in RULES.legal_actions(s)
    s, _ = run(s, DISMISS)
    assert s.passed[P1] and s.hands[P1] == [] and RULES.current_player(s) == P2


def test_co_r17_dismiss_is_not_offered_with_a_mercenary_in_hand() -> None:
    s = position(2, hands={P1: "1 Co", P2: "1"}, region="roma")
    assert DISMISS not in RULES.legal_actions(s)


def test_co_r18_the_battle_ends_when_everyone_has_passed() -> None:
    s = position(2, hands={P1: "1", P2: "1"}, region="roma")
    s, events = run(s, PASS, PASS)
    assert of_kind(events, "battle_result") and s.phase == REGION


def test_co_r19_every_non_pass_turn_lowers_the_card_measure() -> None:
    s = RULES.new_game(3, 8)
    picker = Rng.from_seed(8)
    for _ in range(300):
        if s.phase != BATTLE:
            s, _ = RULES.apply_action(s, RULES.legal_actions(s)[0])
            continue
        before = 2 * sum(map(len, s.hands)) + sum(map(len, s.lines))
        legal = RULES.legal_actions(s)
        action = legal[picker.below(len(legal))]
        after, _ = RULES.apply_action(s, action)
        if action not in (PASS, DISMISS) and after.phase in (BATTLE, POPE, SCARECROW):
            assert 2 * sum(map(len, after.hands)) + sum(map(len, after.lines)) < before
        s = after
        if RULES.is_over(s):
            break


# --------------------------------------------------------------------------- D. card effects


def test_co_r20_mercenary_joins_the_own_line() -> None:
    s = position(2, hands={P1: "6", P2: "1"}, region="roma")
    s, _ = run(s, play("6"))
    assert s.lines == [["6"], []]


def test_co_r21_heroine_is_ten_even_under_winter() -> None:
    assert line_strengths([["He"], ["Wi"]]) == [10, 0]


def test_co_r22_courtesan_is_one_and_never_doubled() -> None:
    assert line_strengths([["Co", "Dr"]]) == [1]


def test_co_r23_drummer_doubles_only_its_own_line_and_stacks_nothing() -> None:
    assert line_strengths([["5", "Dr", "Dr"], ["5"]]) == [10, 5]


def test_co_r24_winter_discards_springs_and_sets_every_mercenary_to_one() -> None:
    s = position(2, hands={P1: "Wi", P2: "1"}, region="roma", lines={P1: "10", P2: "6 Sp"})
    s, events = run(s, play("Wi"))
    assert s.lines == [["10", "Wi"], ["6"]] and "Sp" in s.discard
    assert line_strengths(s.lines) == [1, 1]
    assert of_kind(events, "effect")[0].data["effect"] == "winter"


def test_co_r25_spring_discards_winters_and_adds_three_to_the_top_printed() -> None:
    s = position(2, hands={P1: "Sp", P2: "1"}, region="roma", lines={P1: "5 5", P2: "Wi 6 6"})
    s, _ = run(s, play("Sp"))
    assert "Wi" in s.discard and line_strengths(s.lines) == [10, 18]


def test_co_r26_winter_and_spring_never_share_the_table_in_playouts() -> None:
    for seed in range(5):
        s = RULES.new_game(4, seed)
        picker = Rng.from_seed(seed)
        while not RULES.is_over(s):
            in_play = {c for line in s.lines for c in line}
            assert not {"Wi", "Sp"} <= in_play
            legal = RULES.legal_actions(s)
            s, _ = RULES.apply_action(s, legal[picker.below(len(legal))])


def test_co_r27_bishop_with_no_mercenary_in_play_discards_nothing() -> None:
    s = position(2, hands={P1: "Bi", P2: "1"}, region="roma", lines={P2: "He Co"})
    s, events = run(s, play("Bi"))
    assert s.lines == [[], ["He", "Co"]] and s.discard == ["Bi"]
    assert of_kind(events, "effect")[0].data["discarded"] == []


def test_co_r28_bishop_always_gives_the_favor_to_its_player() -> None:
    s = position(2, hands={P1: "Bi", P2: "1"}, region="roma", pope="siena")
    s, _ = run(s, play("Bi"))
    assert s.phase == POPE and RULES.current_player(s) == P1
    assert pope_to("roma") not in RULES.legal_actions(s)
    assert pope_to("siena") in RULES.legal_actions(s) and pope_to(None) in RULES.legal_actions(s)


def test_co_r28_favor_may_be_taken_off_the_board() -> None:
    s = position(2, hands={P1: "Bi", P2: "1"}, region="roma", pope="siena")
    s, events = run(s, play("Bi"), pope_to(None))
    assert s.pope == NOBODY and of_kind(events, "pope_favor")[0].data["from"] == "siena"


def test_co_r29_scarecrow_returns_an_own_mercenary_that_can_be_played_again() -> None:
    s = position(2, hands={P1: "Sc", P2: "1 2"}, region="roma", lines={P1: "10 He", P2: "6"})
    s, _ = run(s, play("Sc"))
    assert RULES.legal_actions(s) == [take_back("10"), take_back(None)]
    s, _ = run(s, take_back("10"), play("1"))
    assert s.hands[P1] == ["10"] and s.lines[P1] == ["He"] and s.known[P1] == ["10"]
    s, _ = run(s, play("10"))
    assert s.lines[P1] == ["He", "10"] and s.known[P1] == []


def test_co_r29_scarecrow_without_own_mercenary_resolves_at_once() -> None:
    s = position(2, hands={P1: "Sc", P2: "1"}, region="roma", lines={P2: "6"})
    s, _ = run(s, play("Sc"))
    assert s.phase == BATTLE and RULES.current_player(s) == P2 and s.discard == ["Sc"]


def test_co_r30_surrender_may_open_a_battle() -> None:
    s = position(2, hands={P1: "Su 1", P2: "1"})
    s, events = run(s, fight_for("roma"), play("Su"))
    result = of_kind(events, "battle_result")[0]
    assert result.data["strengths"] == [0, 0] and owner(s, "roma") == NOBODY


def test_co_r31_card_text_examples() -> None:
    assert line_strengths([["2", "5", "5"], ["1", "4", "He", "Sp"]]) == [18, 15]  # Scott and Chris
    assert line_strengths([["10", "6", "5", "Dr"]]) == [42]  # Carrie
    assert line_strengths([["10", "6", "5", "Dr"], ["Wi"]]) == [6, 0]
    assert line_strengths([["2", "4", "Dr", "Sp"]]) == [15]  # John
    s = position(2, hands={P1: "1", P2: "Bi"}, region="roma", lines={P1: "6 3 1 1", P2: "6 1 1"}, actor=P2)
    s, _ = run(s, play("Bi"))
    assert s.lines == [["3", "1", "1"], ["1", "1"]]


# --------------------------------------------------------------------------- E. strength


def test_co_r32_winter_then_drummer_gives_two_per_mercenary() -> None:
    assert line_strengths([["10", "1", "Dr"], ["Wi"]]) == [4, 0]


def test_co_r33_spring_with_no_mercenary_does_nothing_and_empty_lines_are_zero() -> None:
    assert line_strengths([["He", "Sp"], []]) == [10, 0]


def test_co_r34_view_previews_the_current_strengths() -> None:
    s = position(2, hands={P1: "1", P2: "1"}, region="roma", lines={P1: "6 6 Dr", P2: "5 Sp"})
    assert RULES.player_view(s, P2)["strengths"] == [30, 5]


# --------------------------------------------------------------------------- F. resolving


def test_co_r35_a_winning_battle_ends_before_the_token_moves_and_lines_are_cleared() -> None:
    control = {"venezia": P1, "ferrara": P1, "bologna": P1}
    s, events = fight(3, {P1: "10", P2: "Co"}, region="urbino", control=control)
    assert s.phase == OVER and not of_kind(events, "token") and s.lines[P1] == ["10"]


def test_co_r35_lines_are_discarded_after_an_ordinary_battle() -> None:
    s, _ = fight(2, {P1: "10 Dr", P2: "3"})
    assert s.lines == [[], []] and Counter(s.discard) == Counter(["10", "Dr", "3"])


def test_co_r36_everyone_passing_at_once_is_a_zero_tie() -> None:
    s, events = fight(3, {})
    assert of_kind(events, "battle_result")[0].data["winner"] is None
    assert owner(s, "roma") == NOBODY and s.ties == 1


def test_co_r36_control_is_permanent() -> None:
    s, _ = fight(2, {P1: "10"}, holder=P2)
    assert fight_for("roma") not in RULES.legal_actions(s)


@pytest.mark.parametrize(
    ("lines", "winner", "expected"),
    [
        ([["Co"], ["Co"], []], 1, 1),  # Courtesan tie + unique winner -> winner
        ([["Co"], ["Co"], []], NOBODY, 2),  # Courtesan tie + strength tie -> left of H
        ([[], [], []], NOBODY, 2),  # no Courtesans + strength tie -> left of H
        ([["Co"], [], []], NOBODY, 0),  # unique Courtesan leader + tie -> leader
    ],
)
def test_co_r37_and_co_r38_token_cases(lines: list[list[str]], winner: int, expected: int) -> None:
    assert token_receiver(lines, winner, holder=1)[0] == expected


def test_co_r37_new_holder_with_empty_hand_is_passed_at_once() -> None:
    s = position(3, holder=P2, hands={P1: "1", P3: "1"})
    s, events = run(s, fight_for("roma"))
    assert of_kind(events, "pass")[0].data["seat"] == P2 and RULES.current_player(s) == P3


# --------------------------------------------------------------------------- G. the Pope


def test_co_r39_a_region_under_the_favor_cannot_be_chosen() -> None:
    s = position(2, hands={P1: "1", P2: "1"}, pope="siena")
    assert fight_for("siena") not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, fight_for("siena"))
    assert refused.value.rule_id == "CO-R39"


def test_co_r40_favor_stays_through_battles_and_round_ends() -> None:
    s = position(3, holder=P1, hands={P1: "Sc"}, region="roma", pope="siena")
    s, _ = everyone_passes(s)
    s, _ = run(s, DONE)
    assert s.round == 2 and s.pope == region_index("siena")


# --------------------------------------------------------------------------- H. round end


def test_co_r41_battle_goes_on_with_only_one_player_holding_cards() -> None:
    s = position(2, hands={P1: "1 2", P2: "3"}, region="roma")
    s, _ = run(s, play("1"), play("3"))
    assert s.phase == BATTLE and RULES.current_player(s) == P1


def test_co_r41_round_ends_after_the_battle_when_one_player_holds_cards() -> None:
    s, events = fight(2, {P1: "10"}, hands={P1: "1 2", P2: ""})
    assert of_kind(events, "round_end") and s.phase == KEEP and s.actor == P1


def test_co_r41_round_ends_with_nobody_holding_cards_and_redeals_at_once() -> None:
    s = position(2, hands={P1: "1", P2: "2"}, region="roma")
    s, events = run(s, play("1"), play("2"))
    assert of_kind(events, "round_end") and s.phase == REGION and [len(h) for h in s.hands] == [10, 11]


def test_co_r42_keep_two_cards_one_at_a_time_the_rest_revealed() -> None:
    s, _ = fight(2, {P1: "10"}, hands={P1: "1 2 He", P2: ""})
    s, events = run(s, keep("He"), keep("1"))
    assert of_kind(events, "keep")[0].private_to == (P1,)
    reveal = [e for e in of_kind(events, "effect") if e.data["effect"] == "keep"][0]
    assert reveal.data["discarded"] == ["2"] and reveal.reveals
    assert Counter(["He", "1"]) <= Counter(s.hands[P1]) and len(s.hands[P1]) == 2 + 10 + 1


def test_co_r42_keeping_is_hidden_from_the_other_players() -> None:
    s, _ = fight(2, {P1: "10"}, hands={P1: "1 2 He", P2: ""})
    s, _ = run(s, keep("He"))
    assert RULES.player_view(s, P2)["kept"] == [] and RULES.player_view(s, P2)["kept_count"] == 1
    assert RULES.player_view(s, P1)["kept"] == ["He"]


def test_co_r43_every_card_but_the_kept_ones_is_reshuffled() -> None:
    s, _ = fight(2, {P1: "10"}, hands={P1: "1 2 He", P2: ""})
    s, _ = run(s, keep("He"), DONE)
    assert s.discard == [] and len(s.draw) + sum(map(len, s.hands)) == 110


def test_co_r44_redeal_gives_ten_plus_one_per_region() -> None:
    control = {"torino": P2, "napoli": P2, "siena": P3}
    s = position(3, holder=P1, hands={P1: "1"}, region="roma", control=control)
    s, _ = run(s, play("1"))
    assert [len(h) for h in s.hands] == [11, 12, 11]


def test_co_r44_dealing_starts_left_of_the_holder() -> None:
    s = position(3, holder=P2)
    s.draw = ["1"] * 10 + ["2"] * 10 + ["3"] * 10 + ["Sc"] * 80
    s.draw[-3:] = ["He", "Co", "Dr"]  # top card last
    events: list = []
    ops.deal(s, [10, 10, 10], events)
    assert "Dr" in s.hands[P3] and "Co" in s.hands[P1] and "He" in s.hands[P2]


def test_co_r45_the_holder_is_unchanged_by_the_round_end() -> None:
    s, _ = fight(2, {P1: "10", P2: "Co"}, hands={P1: "1", P2: ""})
    assert s.holder == P2
    s, _ = run(s, DONE)
    assert s.phase == REGION and RULES.current_player(s) == P2


def test_co_r46_an_empty_draw_pile_is_refilled_from_the_discard_pile() -> None:
    s = position(2, holder=P1)
    s.discard, s.draw = s.draw, []
    events: list = []
    ops.deal(s, [3, 3], events)
    assert [len(h) for h in s.hands] == [3, 3] and any(e.data.get("effect") == "reshuffle" for e in events)


def test_co_r46_dealing_stops_when_nothing_is_left() -> None:
    s = position(2, holder=P1)
    s.draw = ["1", "2", "3"]
    s.discard = []
    ops.deal(s, [10, 10], [])
    assert sorted(map(len, s.hands)) == [1, 2]


# --------------------------------------------------------------------------- I. victory


def test_co_r47_the_game_ends_at_once_on_reaching_a_threshold() -> None:
    s, events = fight(
        2, {P1: "10"}, control={r: P1 for r in ("torino", "venezia", "siena", "ancona", "lucca")}
    )
    assert of_kind(events, "game_over")[0].data["winners"] == [P1]
    assert RULES.legal_actions(s) == [] and RULES.current_player(s) is None


@pytest.mark.parametrize(
    ("players", "goal"), [(2, (6, 4)), (3, (6, 4)), (4, (5, 3)), (5, (5, 3)), (6, (5, 3))]
)
def test_co_r48_thresholds_follow_co_t4(players: int, goal: tuple[int, int]) -> None:
    assert thresholds(players) == goal


def test_co_r49_a_player_may_hold_as_many_markers_as_the_game_allows() -> None:
    control = {r: P1 for r in ("torino", "venezia", "siena", "ancona", "lucca")}
    s, _ = fight(3, {P1: "10"}, region="napoli", control=control)
    assert s.control.count(P1) == 6 and s.winners == (P1,)


def test_co_r50_a_chain_is_one_group_and_other_owners_break_it() -> None:
    neighbours = italy().neighbours
    chain = {region_index(r) for r in ("venezia", "ferrara", "bologna", "urbino")}
    assert len(groups(chain, neighbours)) == 1
    split = {region_index(r) for r in ("venezia", "bologna")}
    assert len(groups(split, neighbours)) == 2


def test_co_r51_the_favor_neither_blocks_nor_helps_connection() -> None:
    control = {"venezia": P1, "ferrara": P1, "bologna": P1}
    s, _ = fight(3, {P1: "10"}, region="urbino", control=control, pope="mantova")
    assert s.winners == (P1,)


def test_co_r52_the_favor_is_lifted_from_the_last_free_region() -> None:
    control = {name: seat for name, seat in LAST_REGION.items() if name != "torino"}
    s, events = fight(5, {P5: "10"}, region="torino", control=control, pope="genova")
    assert s.pope == NOBODY and any(e.data.get("rule") == "CO-R52" for e in of_kind(events, "pope_favor"))
    assert RULES.legal_actions(s) == [fight_for("genova")]


def test_co_r53_thirty_ties_end_the_game() -> None:
    s = position(2, hands={P1: "Sc", P2: "Sc"}, region="roma", ties=29, control={"torino": P2})
    s, events = everyone_passes(s)
    assert s.phase == OVER and s.winners == (P2,) and "CO-R53" in s.reason
    assert (
        of_kind(events, "game_over")[0].data["reason"]
        == "30 battles in a row without a winner: most regions wins"
    )


def test_all_cards_have_a_title() -> None:
    assert all(CARDS[c][0] for c in CARDS)
