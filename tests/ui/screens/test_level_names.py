"""Every setup screen names the computer levels for players (issue 10): Novice, Captain, Master."""

from __future__ import annotations

import pytest

from crimson_table.ai.registry import LEVEL_NAMES, levels_for
from crimson_table.engine import GAMES
from crimson_table.ui.app import App
from crimson_table.ui.screens.setup import SetupScene

PLAYER_NAMES = {"Novice", "Captain", "Master", "Grandmaster"}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_level_choice_offers_the_players_names_with_captain_first_chosen(app: App, game_id: str) -> None:
    setup = app.push(SetupScene(app, game_id))
    assert isinstance(setup, SetupScene)
    if all(m is None for m in setup.level_choices):  # every seat starts human: make the last a computer
        setup.toggle_kind(len(setup.level_choices) - 1)
    choice = next(m for m in setup.level_choices if m is not None)
    shown = choice.labels
    assert shown == [LEVEL_NAMES[level] for level in levels_for(game_id)]
    assert set(shown) <= PLAYER_NAMES and shown[:2] == ["Novice", "Captain"]
    assert choice.selected_label == "Captain"
