"""Options that change nothing at the chosen seat count are greyed out on the setup screen, whatever
control shows them (a dropdown or a row of joined buttons), and keep their value."""

from __future__ import annotations

import pytest

from crimson_table.engine import GAMES
from crimson_table.ui.app import App
from crimson_table.ui.screens.setup import SetupScene
from crimson_table.ui.widgets.segmented import SegmentedChoice
from tests.ui.conftest import click_button


def test_crimson_keeps_side_against_kai_is_greyed_out_with_two_seats(app: App) -> None:
    # CK2-R72: the player's side against Kai is a solo choice; with two clans it changes nothing
    setup = app.push(SetupScene(app, "crimson_keep"))
    assert isinstance(setup, SetupScene)
    spec, control = setup.option_controls["your_clan"]
    assert isinstance(control, SegmentedChoice)  # Left / Right: two joined buttons
    setup.change_count(1 - setup.count)
    assert control.is_enabled
    click_button(app, control.button_for("right"))
    setup.change_count(1)
    assert setup.count == 2 and not control.is_enabled and not spec.applies_to(2)
    click_button(app, control.button_for("left"))
    assert setup.options()["your_clan"] == "right"  # greyed out: not changed, not forgotten
    setup.change_count(-1)
    assert control.is_enabled


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_option_is_greyed_out_exactly_where_it_changes_nothing(app: App, game_id: str) -> None:
    setup = app.push(SetupScene(app, game_id))
    assert isinstance(setup, SetupScene)
    info = GAMES.info(game_id)
    for count in range(info.min_players, info.max_players + 1):
        setup.change_count(count - setup.count)
        for name, (spec, control) in setup.option_controls.items():
            assert control.is_enabled == spec.applies_to(count), (game_id, count, name)
