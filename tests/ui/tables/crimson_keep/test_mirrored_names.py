"""CK2-R72: when the player sits on the Right against Kai, the table shows the grid turned round, so
log lines, buttons and hints must name each space as it is drawn, not by the engine's mirrored column."""

from __future__ import annotations

from typing import Any

from crimson_table.engine.crimson_keep.actions import Ability, Place, shown_label, space_name
from crimson_table.engine.crimson_keep.board import board
from crimson_table.engine.crimson_keep.cards import BUILDING, CARDS, KRAGARS
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.tables.crimson_keep.layout import TableLayout
from crimson_table.ui.tables.crimson_keep.scene import CrimsonKeepScene


def _drawn_name(layout: TableLayout, cell: int) -> str:
    """The name of the map space the table draws ``cell`` on (where the player sees it): the name of
    the unmirrored cell at that ``(c,l)``."""
    rect = layout.cell(cell)
    b = layout.board
    for c in range(b.columns):
        for level in range(1, b.levels + 1):
            if layout.obj("spaces", f"cell_{c}_{level}") == rect:
                return space_name(c * b.levels + level - 1)
    raise AssertionError(f"cell {cell} is drawn on no space")


def _first_building_place(match: Match) -> Place:
    for _ in range(400):
        seat = match.current_seat()
        hand = match.view(0)["clans"][0]["hand"] if seat == 0 else []
        places = [a for a in match.legal_actions() if isinstance(a, Place) and a.dest >= 0]
        places = [a for a in places if CARDS[a.card].set == BUILDING and a.card in hand]
        if places:
            return places[0]
        match.apply(match.bot_choose())
    raise AssertionError("no building to place came up")


def _open(app: App, options: dict[str, Any]) -> tuple[Match, CrimsonKeepScene]:
    match = Match.new("crimson_keep", [Seat("Anna", "bot")], 5, options)
    place = _first_building_place(match)
    match.seats = [Seat("Anna", "human")]
    app.go_to_menu()
    scene = CrimsonKeepScene(app, match)
    app.push(scene)
    app.step()
    assert place in match.legal_actions()
    return match, scene


def test_on_the_right_the_log_and_the_buttons_name_spaces_as_drawn(app: App) -> None:
    match, scene = _open(app, {"your_clan": "right"})
    assert scene.layout.mirrored
    place = _first_building_place(match)
    drawn = _drawn_name(scene.layout, place.dest)
    assert drawn != space_name(place.dest)  # the engine's column is the mirror image of the drawn one
    assert drawn in scene.action_label(place)
    events = match.apply(place)
    line = next(e.text_for(0, ("Anna", "Kai")) for e in events if e.kind == "place")
    assert line == f"Anna builds {CARDS[place.card].name} on {drawn}"


def test_on_the_left_the_names_are_the_engine_s_own(app: App) -> None:
    match, scene = _open(app, {})
    assert not scene.layout.mirrored
    place = _first_building_place(match)
    drawn = _drawn_name(scene.layout, place.dest)
    assert drawn == space_name(place.dest) and scene.action_label(place) == place.label
    events = match.apply(place)
    assert any(e.text.endswith(f"on {drawn}") for e in events if e.kind == "place")


def test_shown_labels_mirror_every_board_space_and_nothing_else() -> None:
    columns = board().columns
    assert shown_label(Place(30, 0), True) == "Place Clan Leader on level 1 of the Right keep's rear column"
    assert space_name((columns - 1) * 5) == "level 1 of the Right keep's rear column"
    assert shown_label(Place(7, -1), True) == Place(7, -1).label  # the Barracks is no grid space
    kragars = Ability(KRAGARS, "master", 33, 1 + 5 * 2)  # build card 33 on cell (2,1)
    assert shown_label(kragars, False).endswith("on level 1 of the Left keep's front column")
    assert shown_label(kragars, True).endswith("on level 1 of the Right keep's front column")
