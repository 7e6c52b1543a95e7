"""player_view shows each seat exactly what it may know; determinize agrees with it."""

from __future__ import annotations

import json

from crimson_table.engine.two_crowns.actions import (
    AddToAttack,
    ChooseAttack,
    DiscardForDraw,
    LargeDraw,
    PreciseDraw,
)
from crimson_table.engine.two_crowns.cards import IS_GOLD, IS_KNIGHT, owner
from crimson_table.engine.two_crowns.state import TwoCrownsState
from tests.engine.two_crowns.util import RULES, A, B, act, attack, card, defend, position

START = "turn 3 seat 0 castles 20 18 destiny - | hand K3 K2 F G1 deck 20 discard V | hand K1 K1 B G2 deck 20"


def _cards_in(view: dict[str, object]) -> set[int]:
    """Every card id a view shows in a card zone."""
    seats = view["seats"]
    assert isinstance(seats, list)
    shown: list[object] = [*view["hand"], *view["drawn"], *view["paying"]]  # type: ignore[misc]
    shown += [c for _seat, c in view["queue"]]  # type: ignore[attr-defined]
    for zone in seats:
        shown += [c for c, _t in zone["rest"]] + zone["discard"] + (zone["group"] or [])
    return {c for c in shown if isinstance(c, int)}


def test_a_view_shows_the_own_hand_and_only_the_size_of_the_other() -> None:
    s = position(START)
    view = RULES.player_view(s, A)
    assert view["hand"] == s.hands[A]
    assert view["seats"][B]["hand_count"] == 4
    assert "hand" not in view["seats"][B]


def test_a_view_never_contains_the_ids_of_the_other_hand_or_either_deck() -> None:
    s = position(START)
    seen = _cards_in(RULES.player_view(s, A))
    assert seen == set(s.hands[A]) | set(s.discards[A])
    assert not seen & (set(s.hands[B]) | set(s.decks[A]) | set(s.decks[B]))


def test_a_face_down_attack_is_hidden_from_the_defender_until_the_reveal() -> None:
    s, _ = attack(position(START), "K3", "F")
    defender_view = RULES.player_view(s, B)
    assert defender_view["seats"][A]["group"] is None
    assert defender_view["seats"][A]["group_count"] == 2
    assert RULES.player_view(s, A)["seats"][A]["group"] == s.groups[A]


def test_the_attack_selection_in_progress_is_hidden_too() -> None:
    s = position(START)
    s, _ = act(s, ChooseAttack(), AddToAttack(card(s.hands[A], "K3")))
    assert RULES.player_view(s, B)["seats"][A]["group"] is None


def test_both_groups_are_visible_to_both_seats_after_the_reveal() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K3 F deck 5 | hand K1 B G2 G1 deck 5")
    s, _ = attack(s, "K3", "F")
    s, _ = defend(s, "K1", "B")
    assert s.revealed
    for seat in (A, B):
        view = RULES.player_view(s, seat)
        assert view["seats"][A]["group"] == s.groups[A]
        assert view["seats"][B]["group"] == s.groups[B]


def test_discards_and_rest_piles_are_public() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 rest K3@2 discard V | hand K1")
    view = RULES.player_view(s, B)
    assert view["seats"][A]["rest"] == [[s.rests[A][0][0], 2]]
    assert view["seats"][A]["discard"] == s.discards[A]


def test_the_cards_of_a_precise_draw_are_shown_only_to_the_drawer() -> None:
    s = position(START)
    s, _ = act(s, PreciseDraw(), DiscardForDraw(card(s.hands[A], "F")))
    assert RULES.player_view(s, A)["drawn"] == s.drawn
    assert RULES.player_view(s, B)["drawn"] == []
    assert RULES.player_view(s, B)["seats"][A]["drawn_count"] == 2


def _view(state: TwoCrownsState, seat: int) -> str:
    return json.dumps(RULES.player_view(state, seat), sort_keys=True)


def test_determinize_keeps_the_view_of_the_seat() -> None:
    s, _ = attack(position(START), "K3", "F")
    for seed in range(20):
        assert _view(RULES.determinize(s, B, seed), B) == _view(s, B)


def test_determinize_re_deals_the_hidden_cards() -> None:
    s = position(START)
    samples = {tuple(RULES.determinize(s, A, seed).hands[B]) for seed in range(10)}
    assert len(samples) > 1


def test_determinize_keeps_each_deck_made_of_its_own_cards() -> None:
    s = position(START)
    for seed in range(10):
        d = RULES.determinize(s, A, seed)
        assert all(owner(c) == seat for seat in (A, B) for c in d.decks[seat])


def test_determinize_gives_a_hidden_attack_no_gold_and_a_knight() -> None:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 F G1 G2 G1 deck 3 | hand K1 deck 5")
    s, _ = attack(s, "K1", "F")
    for seed in range(30):
        group = RULES.determinize(s, B, seed).groups[A]
        assert len(group) == 2 and not any(IS_GOLD[c] for c in group) and any(IS_KNIGHT[c] for c in group)


def test_determinized_states_are_valid_and_playable() -> None:
    s, _ = attack(position(START), "K3", "F")
    d = RULES.determinize(s, B, 4)
    assert RULES.from_dict(RULES.to_dict(d)) is not None
    assert RULES.legal_actions(d) == RULES.legal_actions(s)


def test_a_draw_event_shows_the_cards_only_to_the_drawer() -> None:
    s = position("turn 1 seat 0 castles 20 20 destiny - | hand K1 deck K3 K2 | hand K1 deck 5")
    _s, events = act(s, LargeDraw())
    drawn = next(e for e in events if e.kind == "draw")
    assert drawn.private_to == (A,) and sorted(drawn.data["cards"]) == sorted(s.decks[A])
    assert drawn.text_for(B) == "Player 1 draws 2 cards"
    assert "Knight 3" in drawn.text_for(A)


def test_laying_a_card_face_down_does_not_tell_the_other_seat_which_card() -> None:
    s = position(START)
    _s, events = act(s, ChooseAttack(), AddToAttack(card(s.hands[A], "K3")))
    laid = next(e for e in events if e.kind == "place_facedown")
    assert not laid.visible_to(B)
    assert "Knight" not in laid.text_for(B)
