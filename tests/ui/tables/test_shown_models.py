"""Every game's shown model follows its player view, event by event, for every seat.

A table shows ``ShownModel.from_view(view, seat)`` and advances it by the seat's REDACTED events
as their animations play (``ui/tables/shown.py``).  This test replays whole games (random legal
moves, default options and every option at its last choice, fewest and most players) and, after
each move, compares the advanced model with a model built from the new view: their ``mirror()``
must be equal.  A game joins by registering its model: ``TableSpec(..., shown="module:Class")``.
"""

from __future__ import annotations

from typing import Any

import pytest

from crimson_table.ai.registry import levels_for
from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng
from crimson_table.play.match import Match, Seat
from crimson_table.ui.tables import TABLE_GAMES, shown_model_for, table_spec
from crimson_table.ui.tables.shown import ShownModel

MODELS = [game_id for game_id in TABLE_GAMES if table_spec(game_id).shown]
SEEDS = (1, 2, 3)
MAX_STEPS = 700


def _variants(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """(players, options): the fewest players with default options, the most with every last choice."""
    info = GAMES.info(game_id)
    last = {spec.name: spec.choices[-1] for spec in info.options}
    return [(info.min_players, {}), (info.max_players, last)]


def _diff(got: dict[str, Any], want: dict[str, Any]) -> str:
    keys = sorted(set(got) | set(want))
    return "; ".join(
        f"{k}: shown {got.get(k)!r} != view {want.get(k)!r}" for k in keys if got.get(k) != want.get(k)
    )


def test_at_least_two_crowns_registers_a_shown_model() -> None:
    assert "two_crowns" in MODELS


@pytest.mark.parametrize("game_id", MODELS)
def test_every_registered_model_is_a_shown_model(game_id: str) -> None:
    match = Match.new(
        game_id, [Seat(f"P{i}", "bot", "random") for i in range(GAMES.info(game_id).min_players)], 1
    )
    model = shown_model_for(game_id).from_view(match.view(0), 0)
    assert isinstance(model, ShownModel)


@pytest.mark.parametrize("level", ["random", "heuristic"])
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", MODELS)
def test_the_shown_model_follows_the_view_through_whole_games(game_id: str, seed: int, level: str) -> None:
    if level not in levels_for(game_id):
        pytest.skip(f"{game_id} has no {level} bot")
    model_class = shown_model_for(game_id)
    for players, options in _variants(game_id):
        match = Match.new(game_id, [Seat(f"P{i}", "bot", level) for i in range(players)], seed, options)
        models = [model_class.from_view(match.view(seat), seat) for seat in range(players)]
        rng = Rng.from_seed(seed)
        for step in range(MAX_STEPS):
            if match.is_over():
                break
            action = rng.choice(match.legal_actions()) if level == "random" else match.bot_choose()
            events = match.apply(action)
            for seat, model in enumerate(models):
                model.apply(match.events_for(seat, events))
                want = model_class.from_view(match.view(seat), seat).mirror()
                got = model.mirror()
                assert got == want, (
                    f"{players}p {options} step {step} {action!r} seat {seat}: {_diff(got, want)}"
                )
