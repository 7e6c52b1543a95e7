"""The setup screen fits every game at every seat count (issue 8: half empty, lists over rows).

Every label fits beside its control, every help line inside its panel, no two controls overlap,
the level legend sits below the last seat, and each computer level is one visible click away.
"""

from __future__ import annotations

import pygame
import pytest

from crimson_table.engine import GAMES
from crimson_table.ui.app import App
from crimson_table.ui.screens import setup as setup_screen
from crimson_table.ui.screens.setup import SetupScene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.segmented import SegmentedChoice, fits
from tests.ui.conftest import click_button

INNER_RIGHT = setup_screen.OPTIONS_PANEL.right - 24


def _controls(setup: SetupScene) -> list[pygame.Rect]:
    rects = [element.rect.copy() for element in setup.ui.get_root_container().elements if element.visible]
    return [r for r in rects if r.width and r.height]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_seat_count_lays_out_without_overlap(app: App, game_id: str) -> None:
    setup = app.push(SetupScene(app, game_id))
    assert isinstance(setup, SetupScene)
    info = GAMES[game_id].INFO
    setup.change_count(-10)
    for _ in range(info.min_players, info.max_players + 1):
        app.run_frames(1)
        rects = _controls(setup)
        for i, a in enumerate(rects):
            for b in rects[i + 1 :]:
                assert not a.colliderect(b), f"{game_id} at {setup.count} seats: {a} overlaps {b}"
        last_row_bottom = setup_screen.ROW_TOP + (setup.count - 1) * setup_screen.ROW_HEIGHT + 48
        assert setup.legend_top() > last_row_bottom
        assert all(
            r.bottom <= setup_screen.SEATS_PANEL.bottom
            for r in rects
            if r.x < setup_screen.OPTIONS_PANEL.x and r.top < setup_screen.SEATS_PANEL.bottom
        )
        setup.change_count(1)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_option_labels_and_help_fit_their_panel(app: App, game_id: str) -> None:
    setup = app.push(SetupScene(app, game_id))
    assert isinstance(setup, SetupScene)
    for spec, control in setup.option_controls.values():
        label_width = fonts.font(fonts.BODY).size(spec.label)[0]
        assert setup_screen.OPTION_X + label_width < setup_screen.OPTION_CONTROL_X - 8, spec.label
        help_width = fonts.font(14, italic=True).size(spec.help)[0]
        assert setup_screen.OPTION_X + help_width <= INNER_RIGHT, spec.help
        assert "-R" not in spec.help, "rule IDs belong in refusals, not in option help"
        if isinstance(control, SegmentedChoice):
            assert fits(control.labels, setup_screen.OPTION_CONTROL_W)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_level_has_a_legend_line_that_fits_the_panel(app: App, game_id: str) -> None:
    setup = app.push(SetupScene(app, game_id))
    assert isinstance(setup, SetupScene)
    for level in setup.levels:
        line = setup_screen.level_help(game_id, level)
        assert line, f"{game_id}: no legend for {level}"
        width = fonts.font(fonts.SMALL, bold=True).size(setup_screen.level_label(level))[0] + 8
        width += fonts.font(fonts.SMALL, italic=True).size(line)[0]
        assert setup_screen.SEATS_PANEL.x + 36 + width <= setup_screen.SEATS_PANEL.right - 32, line
    if game_id == "crusader_kingdoms":  # its Master searches the round's move through the dice, and says so
        assert "dice" in setup_screen.level_help(game_id, "master")


def test_an_option_that_changes_nothing_at_this_seat_count_is_greyed_out(app: App) -> None:
    # CK-R55: the Muslim Bot's difficulty matters only in the 1-2 player games
    setup = app.push(SetupScene(app, "crusader_kingdoms"))
    assert isinstance(setup, SetupScene)
    spec, control = setup.option_controls["difficulty"]
    for count in range(1, 5):
        setup.change_count(count - setup.count)
        assert setup.count == count
        assert control.is_enabled == (count <= 2) == spec.applies_to(count), count
    assert setup.options()["difficulty"] == "standard"  # greyed out, not forgotten


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_computer_seat_picks_its_level_with_one_click(app: App, game_id: str) -> None:
    setup = app.push(SetupScene(app, game_id))
    assert isinstance(setup, SetupScene)
    if setup.count < 2:
        setup.change_count(1)
    choice = setup.level_choices[1]
    assert choice is not None and fits(choice.labels, setup_screen.LEVEL_W)
    novice = choice.button_for("random")
    click_button(app, novice)
    assert setup.seats()[1].level == "random"
    setup.toggle_kind(0)  # rebuilding the rows keeps the pick
    again = setup.level_choices[1]
    assert again is not None and again.selected == "random"


def test_an_option_with_few_choices_is_a_segmented_row(app: App) -> None:
    setup = app.push(SetupScene(app, "crimson_keep"))
    assert isinstance(setup, SetupScene)
    _spec, control = setup.option_controls["hard_mode"]
    assert isinstance(control, SegmentedChoice)
    click_button(app, control.button_for(True))
    assert setup.options()["hard_mode"] is True
