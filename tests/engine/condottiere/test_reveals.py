"""Undo barriers in Condottiere events (issue 8): a card played shows only its owner's card."""

from __future__ import annotations

from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng


def test_a_card_played_is_a_reveal_whose_revealer_is_its_owner() -> None:
    rules = GAMES["condottiere"]
    state, picker, seen = rules.new_game(3, 4, {}), Rng.from_seed(4), 0
    while not rules.is_over(state) and seen < 10:
        seat = rules.current_player(state)
        legal = rules.legal_actions(state)
        state, events = rules.apply_action(state, legal[picker.below(len(legal))])
        for event in events:
            if event.kind == "play_card":
                seen += 1
                assert event.reveals and event.revealer == seat == event.data["seat"]
                assert event.for_seat((seat + 1) % 3).revealer == seat
    assert seen == 10
