"""Independent audit of the Condottiere engine: defects found, and rules no other test pinned."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from crimson_table.engine.condottiere import ops
from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import CARDS, full_deck, title
from crimson_table.engine.condottiere.notation import position
from crimson_table.engine.condottiere.rules import RULES
from crimson_table.engine.condottiere.state import KEEP, OVER, REGION, CondottiereState
from crimson_table.engine.condottiere.strength import line_strengths
from crimson_table.engine.core import Action, IllegalAction

from .helpers import (
    DISMISS,
    DONE,
    P1,
    P2,
    P3,
    P4,
    P6,
    PASS,
    everyone_passes,
    fight,
    fight_for,
    keep,
    of_kind,
    play,
    pope_to,
    run,
    run_turns,
    take_back,
)

# --------------------------------------------------------------------------- defects


def _keeping_a_scarecrowed_ten() -> CondottiereState:
    """P1 took a 10 back with a Scarecrow (everyone saw it), the round ends, P1 keeps that 10."""
    s = position(2, hands={P1: "2 Sc", P2: "3"}, region="roma", lines={P1: "10"})
    s, _ = run(s, play("Sc"), take_back("10"), play("3"), PASS)
    assert s.phase == KEEP and s.known[P1] == ["10"]
    s, _ = run(s, keep("10"))
    assert s.phase == KEEP
    return s


def test_co_r42_a_keeper_who_keeps_a_card_taken_back_by_a_scarecrow_can_still_be_saved() -> None:
    s = _keeping_a_scarecrowed_ten()
    again = RULES.from_dict(json.loads(json.dumps(RULES.to_dict(s))))
    assert RULES.to_dict(again) == RULES.to_dict(s)


def test_co_r42_determinize_works_while_an_opponent_keeps_a_card_everyone_saw() -> None:
    s = _keeping_a_scarecrowed_ten()
    for seed in range(8):
        sample = RULES.determinize(s, P2, seed)
        assert RULES.player_view(sample, P2) == RULES.player_view(s, P2)
        assert "10" in sample.hands[P1] + sample.kept
        RULES.from_dict(RULES.to_dict(sample))


def test_co_r42_the_kept_known_card_stays_known_after_the_redeal() -> None:
    s = _keeping_a_scarecrowed_ten()
    s, _ = run(s, DONE)
    assert s.phase == REGION and s.known[P1] == ["10"] and "10" in s.hands[P1]


def test_co_r15_a_player_who_starts_a_battle_with_an_empty_hand_is_passed_from_the_start() -> None:
    s = position(4, holder=P1, hands={P1: "1", P2: "1", P4: "1"})
    s, events = run(s, fight_for("roma"))
    assert s.passed == [False, False, True, False]
    assert RULES.player_view(s, P1)["passed"] == [False, False, True, False]
    assert [e.data for e in of_kind(events, "pass")] == [{"seat": P3, "auto": True}]


def test_co_r15_an_empty_handed_holder_is_passed_at_once_and_the_next_seat_plays() -> None:
    s = position(3, holder=P2, hands={P1: "1", P3: "1"})
    s, events = run(s, fight_for("roma"))
    assert s.passed == [False, True, False] and RULES.current_player(s) == P3
    assert [e.data["seat"] for e in of_kind(events, "pass")] == [P2]


# --------------------------------------------------------------------------- CO-T1, CO-T2


def test_co_t1_every_card_has_its_count_and_strength() -> None:
    expected = {
        "1": (1, 10), "2": (2, 8), "3": (3, 8), "4": (4, 8), "5": (5, 8), "6": (6, 8), "10": (10, 8),
        "Wi": (0, 3), "Sp": (0, 3), "Bi": (0, 6), "Co": (1, 12), "Dr": (0, 6), "He": (10, 3),
        "Sc": (0, 16), "Su": (0, 3),
    }  # fmt: skip
    assert {card: (strength, copies) for card, (_, strength, copies) in CARDS.items()} == expected
    assert Counter(full_deck()) == Counter({card: copies for card, (_, copies) in expected.items()})


def test_co_t1_card_titles() -> None:
    assert [title(c) for c in ("10", "Wi", "Sp", "Bi", "Co", "Dr", "He", "Sc", "Su")] == [
        "Mercenary 10", "Winter", "Spring", "Bishop", "Courtesan", "Drummer", "Heroine", "Scarecrow", "Surrender",
    ]  # fmt: skip


CO_T2_DEGREES = {
    "torino": 2, "milano": 6, "venezia": 3, "genova": 3, "mantova": 4, "parma": 4, "modena": 7,
    "ferrara": 4, "bologna": 4, "lucca": 3, "firenze": 7, "siena": 2, "spoleto": 5, "urbino": 4,
    "ancona": 3, "roma": 4, "napoli": 3,
}  # fmt: skip


def test_co_t2_the_engine_board_has_the_table_degrees() -> None:
    board = italy()
    assert {name: len(board.neighbours[i]) for i, name in enumerate(board.names)} == CO_T2_DEGREES
    for i, near in enumerate(board.neighbours):
        assert all(i in board.neighbours[j] for j in near)


# --------------------------------------------------------------------------- setup and turns


def test_co_r8_the_new_game_deal_leaves_110_minus_ten_per_player_in_the_draw_pile() -> None:
    for players in range(2, 7):
        s = RULES.new_game(players, players)
        assert [len(h) for h in s.hands] == [10] * players and len(s.draw) == 110 - 10 * players
        assert s.discard == [] and all(line == [] for line in s.lines)


def test_co_r44_players_drop_out_of_the_deal_once_they_have_their_number() -> None:
    s = position(3, holder=P1)
    s.draw = ["Sc"] * 30 + ["He", "Co"] + ["1"] * 78  # the last 32 dealt; He and Co come 31st and 32nd
    s.draw.reverse()  # the top card is the last element
    ops.deal(s, [10, 12, 10], [])
    assert [len(h) for h in s.hands] == [10, 12, 10]
    assert "He" in s.hands[P2] and "Co" in s.hands[P2]


def test_co_r12_a_courtesan_leader_who_took_the_token_chooses_and_plays_first() -> None:
    s, _ = fight(3, {P1: "10", P3: "Co"}, hands={P1: "1", P2: "1", P3: "1"})
    assert s.holder == P3 and RULES.current_player(s) == P3
    s, _ = run(s, fight_for("napoli"))
    assert RULES.current_player(s) == P3


def test_co_r37_passing_the_token_left_wraps_from_the_last_seat() -> None:
    s, _ = fight(6, {}, holder=P6)
    assert s.holder == P1


def test_co_r17_a_dismissed_player_sits_out_the_next_battle_of_the_round() -> None:
    s = position(3, holder=P1, hands={P1: "Co Sc", P2: "1 2", P3: "3 4"}, region="roma")
    s, _ = run(s, DISMISS, PASS, PASS)
    assert s.phase == REGION and s.round == 1 and s.hands[P1] == [] and s.holder == P2
    s, order = run_turns(s, fight_for("milano"), play("1"), play("3"), play("2"), play("4"))
    assert order == [P2, P2, P3, P2, P3]


def test_co_r16_a_scarecrow_played_by_the_last_player_gives_the_turn_back_to_them() -> None:
    s = position(2, hands={P1: "Sc 1", P2: "1"}, region="roma", lines={P1: "10"}, passed=[P2])
    _, order = run_turns(s, play("Sc"), take_back("10"), play("10"))
    assert order == [P1, P1, P1]


def test_co_r30_the_last_player_standing_may_surrender() -> None:
    s = position(2, hands={P1: "Su 1"}, region="roma", lines={P1: "4", P2: "3"}, passed=[P2])
    s, events = run(s, play("Su"))
    assert of_kind(events, "battle_result")[0].data["winner"] == P1


# --------------------------------------------------------------------------- card effects


def test_co_r24_several_winters_act_as_one() -> None:
    assert line_strengths([["10", "Wi", "Wi"], ["6", "6", "Wi"]]) == [1, 2]


def test_co_r24_a_second_winter_does_not_discard_the_first() -> None:
    s = position(2, hands={P1: "Wi", P2: "1"}, region="roma", lines={P2: "Wi"})
    s, _ = run(s, play("Wi"))
    assert s.lines == [["Wi"], ["Wi"]] and s.discard == []


def test_co_r24_the_winter_event_counts_discarded_springs_not_lines() -> None:
    s = position(2, hands={P1: "Wi", P2: "1"}, region="roma", lines={P2: "Sp Sp"})
    _, events = run(s, play("Wi"))
    effect = of_kind(events, "effect")[0]
    assert effect.data["discarded"] == [[P2, "Sp"], [P2, "Sp"]]
    assert effect.text == "Winter discards 2 Spring cards"  # CO-R24; no rule ID in the log


def test_co_r25_several_springs_act_as_one() -> None:
    assert line_strengths([["10", "Sp", "Sp"], ["10", "Sp"]]) == [13, 13]


def test_co_r25_spring_ignores_the_heroine_when_finding_the_top() -> None:
    assert line_strengths([["6", "Sp"], ["He", "4"]]) == [9, 14]


def test_co_r27_bishop_leaves_heroines_courtesans_and_specials_in_play() -> None:
    s = position(2, hands={P1: "Bi", P2: "1"}, region="roma", lines={P1: "He Co Dr 2", P2: "Wi 2 1"})
    s, _ = run(s, play("Bi"))
    assert s.lines == [["He", "Co", "Dr"], ["Wi", "1"]]


def test_co_r28_the_favor_may_go_back_where_it_was() -> None:
    s = position(2, hands={P1: "Bi", P2: "1"}, region="roma", pope="siena")
    s, events = run(s, play("Bi"), pope_to("siena"))
    assert s.pope == italy().index["siena"] and of_kind(events, "pope_favor")[0].data["from"] == "siena"


def test_co_r29_scarecrow_offers_each_own_mercenary_once_and_never_others() -> None:
    s = position(2, hands={P1: "Sc", P2: "1"}, region="roma", lines={P1: "1 5 5 He Dr", P2: "10"})
    s, _ = run(s, play("Sc"))
    assert RULES.legal_actions(s) == [take_back("1"), take_back("5"), take_back(None)]


def test_co_r29_taking_back_nothing_leaves_the_line_alone() -> None:
    s = position(2, hands={P1: "Sc", P2: "1"}, region="roma", lines={P1: "6"})
    s, _ = run(s, play("Sc"), take_back(None))
    assert s.lines[P1] == ["6"] and s.known[P1] == [] and s.discard == ["Sc"]


# --------------------------------------------------------------------------- victory, CO-T4


def test_co_t4_two_players_need_four_connected() -> None:
    control = {"torino": P1, "milano": P1}
    s, _ = fight(2, {P1: "10"}, region="genova", control=control)
    assert s.phase != OVER
    s2, _ = fight(2, {P1: "10"}, region="parma", control=control | {"genova": P1})
    assert s2.winners == (P1,) and "connected" in s2.reason


def test_co_t4_two_players_five_scattered_regions_do_not_win() -> None:
    control = {r: P2 for r in ("torino", "venezia", "siena", "ancona")}
    s, _ = fight(2, {P2: "10"}, region="parma", control=control)
    assert s.phase != OVER


def test_co_t4_four_players_three_connected_win() -> None:
    s, _ = fight(4, {P4: "10"}, region="milano", control={"torino": P4})
    assert s.phase != OVER
    s, _ = fight(4, {P4: "10"}, region="genova", control={"torino": P4, "milano": P4})
    assert s.winners == (P4,) and "connected" in s.reason


def test_co_t4_six_players_five_in_total_win() -> None:
    control = {r: P3 for r in ("torino", "venezia", "siena", "ancona")}
    s, _ = fight(6, {P3: "10"}, region="lucca", control=control)
    assert s.winners == (P3,) and "total" in s.reason


def test_co_r53_with_no_region_held_every_player_shares_the_win() -> None:
    s = position(3, hands={P1: "Sc", P2: "Sc", P3: "Sc"}, region="roma", ties=29)
    s, _ = everyone_passes(s)
    assert s.phase == OVER and s.winners == (P1, P2, P3)


# --------------------------------------------------------------------------- hidden information


def test_co_r5_deal_events_show_others_only_a_count() -> None:
    s = position(2, hands={P1: "1", P2: "2"}, region="roma")
    _, events = run(s, play("1"), play("2"))
    deals = of_kind(events, "deal")
    assert sorted(e.private_to for e in deals if e.private_to) == [(P1,), (P2,)]
    for e in deals:
        public = e.text_for(None)
        assert public.endswith(f"is dealt {e.data['count']} cards")
        own = e.text_for(e.data["seat"])  # the dealt cards by name, for their owner only
        assert own != public and own.startswith(public.split(" is dealt")[0] + " is dealt")


def test_co_r5_private_events_tell_the_others_only_a_count_or_that_a_card_was_kept() -> None:
    seen: Counter[str] = Counter()
    for seed in range(3):
        s = RULES.new_game(3, seed)
        step = 0
        while not RULES.is_over(s) and step < 300:
            legal = RULES.legal_actions(s)
            keeps = [a for a in legal if a.KIND == "keep_card"]
            s, events = RULES.apply_action(s, keeps[0] if keeps else legal[(step * 7) % len(legal)])
            step += 1
            for e in events:
                if e.private_to is not None:
                    seen[e.kind] += 1
                    assert re.fullmatch(r"\{p\d\} (is dealt \d+ cards|keeps a card)", e.text), e.text
    assert seen["deal"] and seen["keep"]


def test_co_r5_a_view_never_holds_the_draw_pile_or_other_hands() -> None:
    s = RULES.new_game(4, 8)
    view = RULES.player_view(s, P2)
    assert set(view) >= {"hand", "hand_sizes", "draw_size", "discard", "lines", "known"}
    assert "draw" not in view and "rng" not in view
    assert view["hands"] == [s.hands[P2] if seat == P2 else None for seat in range(4)]  # others hidden
    assert view["hand"] == s.hands[P2] and view["hand_sizes"] == [10, 10, 10, 10]


@pytest.mark.parametrize(
    ("action", "rule"),
    [(take_back("10"), "CO-R13"), (keep("1"), "CO-R13"), (DONE, "CO-R13"), (pope_to(None), "CO-R13")],
)
def test_follow_up_decisions_outside_their_phase_cite_the_battle_turn(action: Action, rule: str) -> None:
    s = position(2, hands={P1: "1", P2: "1"}, region="roma", lines={P1: "10"})
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, action)
    assert refused.value.rule_id == rule


def test_placing_the_favor_while_choosing_a_region_is_refused_under_co_r11() -> None:
    s = position(2, hands={P1: "1", P2: "1"})
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, pope_to("siena"))
    assert refused.value.rule_id == "CO-R11"


def test_choosing_a_region_while_keeping_is_refused_under_co_r42() -> None:
    s, _ = fight(2, {P1: "10"}, hands={P1: "1 2", P2: ""})
    assert s.phase == KEEP
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, fight_for("milano"))
    assert refused.value.rule_id == "CO-R42"


def test_co_r5_a_keeper_s_set_aside_cards_are_hidden_in_every_other_view() -> None:
    s, _ = fight(3, {P1: "10"}, hands={P1: "He 1 2", P2: "", P3: ""})
    s, _ = run(s, keep("He"))
    for seat in (P2, P3):
        view = RULES.player_view(s, seat)
        assert view["kept"] == [] and view["kept_count"] == 1 and view["hand"] == []
