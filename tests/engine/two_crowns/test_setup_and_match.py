"""TC-R1 (decks), TC-R2 (setup and first-player roll) and TC-R3 (best of three)."""

from __future__ import annotations

from collections import Counter

import pytest

from crimson_table.engine.two_crowns.actions import RollForFirst
from crimson_table.engine.two_crowns.cards import DECK_SIZE, SHORT_NAME, owner
from crimson_table.engine.two_crowns.state import ROLL, TURN
from tests.engine.two_crowns.util import RULES, A, B, act, attack, defend, first, kinds, position


def _all_cards_of(state_seat_zones: list[int]) -> Counter[str]:
    return Counter(SHORT_NAME[c] for c in state_seat_zones)


def test_tc_r1_each_deck_holds_the_53_cards_of_the_table() -> None:
    s = RULES.new_game(2, 5)
    expected = Counter({"K1": 20, "K2": 8, "K3": 5, "F": 5, "G1": 4, "G2": 3, "V": 3, "B": 3, "C": 2})
    for seat in (A, B):
        cards = s.hands[seat] + s.decks[seat]
        assert len(cards) == DECK_SIZE
        assert all(owner(c) == seat for c in cards)
        assert _all_cards_of(cards) == expected


def test_tc_r2_castles_start_at_20_and_each_player_draws_7() -> None:
    s = RULES.new_game(2, 5)
    assert s.castles == [20, 20]
    assert [len(h) for h in s.hands] == [7, 7]
    assert [len(d) for d in s.decks] == [46, 46]


def test_tc_r2_the_game_waits_for_the_first_player_roll() -> None:
    s = RULES.new_game(2, 5)
    assert s.phase == ROLL
    assert RULES.legal_actions(s) == [RollForFirst()]


def test_tc_r2_the_higher_roll_takes_the_first_turn() -> None:
    s, events = act(RULES.new_game(2, 5), RollForFirst())
    rolls = [e.data for e in events if e.kind == "roll"]
    last = {r["seat"]: r["value"] for r in rolls[-2:]}
    assert s.current == max(last, key=lambda seat: last[seat])
    assert (s.phase, s.turn, s.first_player) == (TURN, 1, s.current)


def test_tc_r2_tied_rolls_are_shown_and_rerolled() -> None:
    seed = next(sd for sd in range(500) if "roll_tie" in kinds(act(RULES.new_game(2, sd), RollForFirst())[1]))
    _s, events = act(RULES.new_game(2, seed), RollForFirst())
    rolls = [e.data["value"] for e in events if e.kind == "roll"]
    assert len(rolls) >= 4
    assert rolls[0] == rolls[1]
    assert rolls[-1] != rolls[-2]


def test_tc_r3_best_of_must_be_1_or_3() -> None:
    with pytest.raises(ValueError):
        RULES.new_game(2, 1, {"best_of": 2})


def test_tc_r3_single_game_outcome_names_the_winner_with_one_crown() -> None:
    s = position("turn 5 seat 0 castles 20 2 destiny - | hand K3 deck 5 | hand K1 deck 5")
    s, _ = attack(s, "K3")
    s, _ = defend(s)
    outcome = RULES.outcome(s)
    assert outcome is not None
    assert (outcome.winners, outcome.scores) == ((A,), (1.0, 0.0))
    assert RULES.current_player(s) is None


BO3_GAME_1 = "turn 5 seat 0 castles 20 2 destiny 0 bestof 3 won - | hand K3 deck 5 | hand K1 deck 5"


def test_tc_r3_in_best_of_three_the_loser_of_a_game_starts_the_next() -> None:
    s = position(BO3_GAME_1)
    s, _ = attack(s, "K3")
    s, events = defend(s)
    assert first(events, "new_game").data == {"game": 2, "first_player": B, "crowns": [1, 0]}
    assert (s.game_number, s.crowns, s.current, s.turn, s.phase) == (2, [1, 0], B, 1, TURN)
    assert not RULES.is_over(s)


def test_tc_r3_a_new_game_resets_decks_castles_and_the_dice_of_destiny() -> None:
    s = position(BO3_GAME_1)
    s, _ = attack(s, "K3")
    s, _ = defend(s)
    assert s.castles == [20, 20]
    assert s.destiny_used_by == -1
    for seat in (A, B):
        assert len(s.hands[seat]) == 7 and len(s.decks[seat]) == 46
        assert s.discards[seat] == [] and s.rests[seat] == []


def test_tc_r3_the_match_ends_at_two_crowns_with_crowns_as_scores() -> None:
    s = position("turn 3 seat 1 castles 3 20 destiny - bestof 3 won 0 1 | hand K1 deck 5 | hand K3 deck 5")
    s, _ = attack(s, "K3")
    s, events = defend(s)
    outcome = RULES.outcome(s)
    assert outcome is not None
    assert (outcome.winners, outcome.scores) == ((B,), (1.0, 2.0))
    assert "new_game" not in kinds(events)
