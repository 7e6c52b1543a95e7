"""Main menu and the new-game form."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from crimson_table.engine import GAMES
from crimson_table.ui.app import App
from crimson_table.ui.screens.menu import TITLE_MARGIN, TITLE_SIZE, MenuScene, tile_rects
from crimson_table.ui.screens.setup import SetupScene
from crimson_table.ui.tables import has_table
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.widgets import fonts
from tests.ui.conftest import click, click_button, top_is


def test_the_menu_shows_a_tile_for_every_game_with_a_table(app: App) -> None:
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert [t.game_id for t in menu.tiles] == [g for g in GAMES if has_table(g)][:5]


def test_the_menu_lists_games_registered_later(
    app: App, fake_games: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Five built-in tables fill the menu's five tiles: leave one out to make room for the new game.
    from crimson_table.ui.screens import menu as menu_module

    monkeypatch.setattr(
        menu_module, "has_table", lambda game_id: game_id != "crimson_keep" and has_table(game_id)
    )
    app.go_to_menu()
    assert "quiet_cards" in [t.game_id for t in app.top.tiles]  # type: ignore[union-attr]


def test_five_tiles_fit_side_by_side_without_overlapping() -> None:
    rects = tile_rects(5)
    assert rects[0].left >= 24 and rects[-1].right <= 1600 - 24
    assert all(a.right < b.left for a, b in zip(rects, rects[1:], strict=False))


def test_every_tile_title_fits_inside_its_tile_at_one_size(app: App) -> None:
    # "Crusader Kingdoms" at the old fixed 28 pt ran over its tile's gold border.
    menu = app.top
    assert isinstance(menu, MenuScene)
    sizes = {t.title_size for t in menu.tiles}
    assert len(sizes) == 1 and 20 <= sizes.pop() <= TITLE_SIZE
    for tile in menu.tiles:
        width = fonts.font(tile.title_size, bold=True).size(tile.title)[0]
        assert width <= tile.rect.width - TITLE_MARGIN, (
            f"{tile.title}: {width} px in a {tile.rect.width} px tile"
        )


def test_size_to_fit_picks_the_largest_size_that_fits() -> None:
    text = "Crusader Kingdoms"
    at_28 = fonts.font(28, bold=True).size(text)[0]
    assert fonts.size_to_fit(text, at_28, 28, 12) == 28
    smaller = fonts.size_to_fit(text, at_28 - 20, 28, 12)
    assert smaller < 28 and fonts.font(smaller, bold=True).size(text)[0] <= at_28 - 20
    assert fonts.font(smaller + 2, bold=True).size(text)[0] > at_28 - 20
    assert fonts.size_to_fit(text, 5, 28, 12) == 12  # never below the smallest


def test_continue_is_disabled_when_there_is_no_save(app: App) -> None:
    assert not app.top.buttons["Continue"].is_enabled  # type: ignore[union-attr]


def test_clicking_a_game_tile_opens_its_setup(app: App) -> None:
    tile = app.top.tiles[0]  # type: ignore[union-attr]
    click(app, tile.rect.center)
    assert top_is(app, SetupScene) and app.top.game_id == tile.game_id  # type: ignore[union-attr]


def test_setup_starts_with_the_minimum_number_of_seats(app: App, fake_games: None) -> None:
    setup = app.push(SetupScene(app, "quiet_cards"))
    assert len(setup.seats()) == 2  # type: ignore[attr-defined]


def test_setup_builds_the_seats_shown_in_the_form(app: App, fake_games: None) -> None:
    setup = app.push(SetupScene(app, "quiet_cards"))
    assert isinstance(setup, SetupScene)
    click_button(app, setup.plus)
    setup.name_entries[0].set_text("Maria")
    click_button(app, setup.kind_buttons[1])  # Ben: computer -> human
    seats = setup.seats()
    assert [(s.name, s.kind) for s in seats] == [("Maria", "human"), ("Ben", "human"), ("Clara", "bot")]
    assert seats[2].level == "random"


def test_the_seat_count_stays_within_the_games_limits(app: App, fake_games: None) -> None:
    setup = app.push(SetupScene(app, "quiet_cards"))
    assert isinstance(setup, SetupScene)
    for _ in range(6):
        setup.change_count(+1)
    assert setup.count == 4 and not setup.plus.is_enabled


def test_start_opens_the_table_with_the_chosen_seats_seed_and_options(app: App, fake_games: None) -> None:
    setup = app.push(SetupScene(app, "quiet_cards"))
    assert isinstance(setup, SetupScene)
    setup.seed_entry.set_text("42")
    click_button(app, setup.start_button)
    table = app.top
    assert isinstance(table, BaseGameScene)
    assert table.match.seed == 42 and [s.name for s in table.match.seats] == ["Anna", "Ben"]
    assert table.match.options == {"pace": "calm"}


def test_a_blank_seed_gives_a_random_one(app: App, fake_games: None) -> None:
    setup = app.push(SetupScene(app, "quiet_cards"))
    assert isinstance(setup, SetupScene)
    assert isinstance(setup.seed(), int)


def test_two_seats_with_the_same_name_are_refused(app: App, fake_games: None) -> None:
    setup = app.push(SetupScene(app, "quiet_cards"))
    assert isinstance(setup, SetupScene)
    setup.name_entries[1].set_text("anna")
    setup.start()
    assert top_is(app, SetupScene) and "different name" in app.toasts.texts()[-1]


def test_a_broken_map_is_named_in_an_error_dialog_and_the_app_keeps_running(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from crimson_table.engine.condottiere import board
    from crimson_table.ui.screens.dialog import MessageDialog

    broken = tmp_path / "condottiere_italy.tmx"
    broken.write_text("<map version='1.10'><layer", encoding="utf-8")
    monkeypatch.setattr(board, "map_path", lambda name: tmp_path / name)
    board.italy.cache_clear()
    try:
        setup = app.push(SetupScene(app, "condottiere"))
        assert isinstance(setup, SetupScene)
        setup.start()
        assert top_is(app, MessageDialog)
        assert f"{broken.name}: XML parse error" in app.top.message  # type: ignore[union-attr]
        app.run_frames(3)
        assert app.running
    finally:
        board.italy.cache_clear()


def _post_enter() -> None:
    pygame.event.post(
        pygame.event.Event(
            pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r", "scancode": 40}
        )
    )
    pygame.event.post(
        pygame.event.Event(pygame.KEYUP, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r", "scancode": 40})
    )


def _type_into(app: App, entry: object, text: str) -> None:
    """Click a text field, then type ``text`` into it through the window's event queue."""
    rect = entry.rect  # type: ignore[attr-defined]
    click(app, rect.center)
    app.run_frames(1)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": char}))
    app.run_frames(1)


@pytest.mark.parametrize("field", ["seed", "name"])
def test_enter_in_the_seed_or_a_name_field_starts_the_game(app: App, fake_games: None, field: str) -> None:
    setup = app.push(SetupScene(app, "quiet_cards"))
    assert isinstance(setup, SetupScene)
    entry = setup.seed_entry if field == "seed" else setup.name_entries[0]
    if field == "name":
        entry.set_text("")
    _type_into(app, entry, "42" if field == "seed" else "Maria")
    assert entry.get_text() == ("42" if field == "seed" else "Maria")
    _post_enter()
    app.run_frames(2)
    table = app.top
    assert isinstance(table, BaseGameScene), "Enter in the field did not start the game"
    if field == "seed":
        assert table.match.seed == 42
    else:
        assert table.match.seats[0].name == "Maria"
