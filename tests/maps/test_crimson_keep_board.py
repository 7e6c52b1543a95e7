"""The Crimson Keep board map matches supplement CK2 section 1 (grid, keeps, gates, monolith)."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from crimson_table.engine.crimson_keep.board import GRID, Board, board, check_grid
from crimson_table.engine.tiled import MapError, load_objects
from crimson_table.resources import map_path

ROOT = Path(__file__).resolve().parents[2]


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


def test_the_map_draws_the_rules_grid(b: Board) -> None:
    """The rules read their grid from ``GRID`` (importing them reads no map); the map must draw it."""
    assert (b.columns, b.levels, b.keep_columns, b.gates, b.forward) == (
        GRID.columns, GRID.levels, GRID.keep_columns, GRID.gates, GRID.forward,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("part", "value"),
    [
        ("forward", (-1, 1)),
        ("gates", ((4, 1), (5, 1))),
        ("keep_columns", ({"A": 2, "B": 1, "C": 0}, {"A": 8, "B": 7, "C": 6})),
    ],
)
def test_a_map_that_draws_another_grid_is_refused(b: Board, part: str, value: object) -> None:
    other = dataclasses.replace(b, **{part: value})
    with pytest.raises(MapError, match=f"draws {part}"):
        check_grid("maps/crimson_keep_board.tmx", other)


def test_importing_the_rules_reads_no_map(tmp_path: Path) -> None:
    """Without its map the game's rules still import (a tool walking the engine's modules works); the
    game is set aside, naming the missing file, when it is used (the registry loads its map then)."""
    code = (
        "import crimson_table.engine.crimson_keep.rules\n"
        "from crimson_table.engine import GAMES, MapError\n"
        "try:\n"
        "    GAMES['crimson_keep']\n"
        "except MapError as exc:\n"
        "    print('set aside:', exc)\n"
    )
    env = {**os.environ, "CRIMSON_TABLE_MAPS": str(tmp_path), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-600:]
    assert "set aside:" in out.stdout and "crimson_keep_board.tmx" in out.stdout
