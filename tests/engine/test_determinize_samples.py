"""A determinized sample is a position the rules allow, equal to the truth on all the seat may see.

``determinize`` deals the cards a seat cannot see at random (DESIGN.md, "Engine contract"); a bot
then plays on the sample as if it were the game.  A sample the rules forbid (a face-down response
on a side its card may not lie on, CK-R27; Kai playing the one tactic she does not hold, CK2-R86)
teaches the bot a game that cannot happen, so every sample must load through ``from_dict`` (which
checks the rules' invariants) and show the seat exactly the view it had.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from crimson_table.engine import GAMES, StateError
from crimson_table.engine.rng import Rng

STEPS = 250
SAMPLES = 3


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def _counts(game_id: str) -> list[int]:
    info = GAMES[game_id].INFO
    return sorted({info.min_players, info.max_players})


CASES = [(g, n, seed) for g in GAMES for n in _counts(g) for seed in (5, 6)]


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_every_determinized_sample_loads_and_keeps_the_seats_view(
    game_id: str, players: int, seed: int
) -> None:
    rules = GAMES[game_id]
    state = rules.new_game(players, seed, {})
    picker = Rng.from_seed(seed * 31)
    for step in range(STEPS):
        if rules.is_over(state):
            break
        for seat in range(players):
            view = _canon(rules.player_view(state, seat))
            for k in range(SAMPLES):
                sampled = rules.determinize(state, seat, seed * 100_000 + step * 10 + k)
                try:
                    loaded = rules.from_dict(json.loads(_canon(rules.to_dict(sampled))))
                except StateError as exc:
                    pytest.fail(
                        f"step {step}: seat {seat}'s sample {k} is a position the rules forbid: {exc}"
                    )
                assert _canon(rules.player_view(loaded, seat)) == view, (
                    f"step {step}: seat {seat}'s view changed"
                )
        legal = rules.legal_actions(state)
        state, _ = rules.apply_action(state, legal[picker.below(len(legal))])
