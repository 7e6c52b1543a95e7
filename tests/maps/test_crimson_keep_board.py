"""The Crimson Keep board map matches supplement CK2 section 1 (grid, keeps, gates, monolith)."""

from __future__ import annotations

import pytest

from crimson_table.engine.crimson_keep.board import Board, board
from crimson_table.engine.tiled import load_objects
from crimson_table.resources import map_path


@pytest.fixture(scope="module")
def b() -> Board:
    return board()


def test_grid_is_9_columns_by_5_levels(b: Board) -> None:
    assert (b.columns, b.levels) == (9, 5)
    assert len(b.layout.layer("spaces")) == 45


def test_keep_columns_c_face_the_battlefield(b: Board) -> None:
    assert b.keep_columns[0] == {"A": 0, "B": 1, "C": 2}
    assert b.keep_columns[1] == {"C": 6, "B": 7, "A": 8}


def test_no_mans_land_gates_and_forward(b: Board) -> None:
    assert b.no_mans_land == (3, 4, 5)
    assert b.gates == ((3, 1), (5, 1))
    assert b.forward == (1, -1)


def test_monolith_is_off_grid_on_column_4_with_4_slots(b: Board) -> None:
    assert (b.monolith_column, b.dragon_slots) == (4, 4)
    slots = [o for o in b.layout.layer("monolith") if o.type == "dragon_slot"]
    assert len(slots) == 4


def test_cell_codes_round_trip(b: Board) -> None:
    cells = {b.cell(c, lvl) for c in range(9) for lvl in range(1, 6)}
    assert cells == set(range(45))
    assert all(b.coords(b.cell(c, lvl)) == (c, lvl) for c in range(9) for lvl in range(1, 6))


def test_action_tracks_have_the_supplement_lengths(b: Board) -> None:
    finals = {(o.properties["clan"], o.properties["track"]): o.properties["step"]
              for o in b.layout.layer("tracks") if o.properties.get("final")}  # fmt: skip
    for clan in ("left", "right"):
        assert [finals[(clan, t)] for t in ("build", "craft", "power", "march")] == [4, 4, 5, 4]


def test_clan_board_areas_are_named_for_both_clans(b: Board) -> None:
    names = set(b.layout.named("clan_boards"))
    for side in ("left", "right"):
        for area in ("summoning", "barracks", "caverns"):
            assert {f"{side}_{area}_{i}" for i in (1, 2, 3)} <= names
        for pile in ("deck", "discard", "destroyed", "pool", "tactics", "summon_board", "hand"):
            assert f"{side}_{pile}" in names


def test_map_loads_with_pytmx_default_settings() -> None:
    import pytmx

    tmx = pytmx.TiledMap(
        str(map_path("crimson_keep_board.tmx")), image_loader=lambda *a, **k: lambda *r: None
    )
    assert tmx.width == 15 and tmx.height == 10
    assert load_objects(map_path("crimson_keep_board.tmx")).properties["game"] == "crimson_keep"
