"""The shown table replays whole games from each seat's redacted events and stays equal to its view."""

from __future__ import annotations

import pytest

from crimson_table.engine.condottiere.rules import RULES
from crimson_table.engine.core import redact
from crimson_table.engine.rng import Rng
from crimson_table.ui.tables.condottiere.shown import CondottiereShown


@pytest.mark.parametrize("seed, players", [(11, 2), (12, 3), (13, 4), (14, 6)])
def test_replaying_redacted_events_keeps_every_seat_shown_equal_to_its_view(seed: int, players: int) -> None:
    rng = Rng.from_seed(seed)
    s = RULES.new_game(players, seed)
    models = [CondottiereShown.from_view(RULES.player_view(s, seat), seat) for seat in range(players)]
    for step in range(600):
        if RULES.is_over(s):
            break
        legal = RULES.legal_actions(s)
        s, events = RULES.apply_action(s, legal[rng.below(len(legal))])
        for seat, model in enumerate(models):
            model.apply(redact(events, seat))
            expected = CondottiereShown.from_view(RULES.player_view(s, seat), seat).mirror()
            assert model.mirror() == expected, (step, seat, [e.kind for e in events])


def test_the_last_battle_stays_up_when_the_game_is_over() -> None:
    rng = Rng.from_seed(3)
    s = RULES.new_game(2, 3)
    while not RULES.is_over(s):
        legal = RULES.legal_actions(s)
        s, _ = RULES.apply_action(s, legal[rng.below(len(legal))])
    view = RULES.player_view(s, 0)
    shown = CondottiereShown.from_view(view, 0)
    if any(view["lines"]):
        assert shown.result is not None and shown.totals() == view["strengths"]
