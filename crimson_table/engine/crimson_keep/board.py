"""The Crimson Keep main board (supplement CK2 section 1), read once from the Tiled map.

``maps/crimson_keep_board.tmx`` draws the board: its ``spaces`` layer holds one rectangle per
grid space ``cell_<c>_<l>`` with the space's column, level, zone (``keep_left``, ``keep_right``,
``no_mans_land``), keep column letter and gate owner; the ``monolith`` layer gives the Dragon's
reference column.  The ``tracks`` and ``clan_boards`` layers are for the table scene's layout.

The rules read the grid from :data:`GRID`, not from the map: the grid is part of every saved
position (45 cells, ``CKState.board``) and of the names of its spaces (``actions.space_name``), so
it cannot change with the map.  Loading the map checks that it draws that grid (:func:`load_board`,
called when the game is loaded: ``check_maps``); importing the rules reads no file, so a broken map
sets the game aside only when the game is used.

Seats: 0 = the Left clan, 1 = the Right clan.  A grid space is stored as one int,
``cell = c * LEVELS + (l - 1)``; the geometry the rules use (``cell``, ``col``, ``lvl``, ``step``,
``ADJ``, ``KEEP_COLS``...) is derived from :data:`GRID` below, once at import.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from crimson_table.engine.crimson_keep.cards import TRACK_FINAL
from crimson_table.engine.tiled import MapError, ObjectMap, load_objects, text_property, whole_property
from crimson_table.resources import map_path

MAP_FILE = "crimson_keep_board.tmx"
SIDES = ("left", "right")


@dataclass(frozen=True)
class Board:
    """The grid and the clans' fixed spaces, by seat (0 = Left, 1 = Right)."""

    columns: int
    levels: int
    keep_columns: tuple[dict[str, int], ...]  # seat -> letter -> grid column
    no_mans_land: tuple[int, ...]
    gates: tuple[tuple[int, int], ...]  # seat -> (c, l)
    forward: tuple[int, ...]  # seat -> +1 / -1
    monolith_column: int
    dragon_slots: int
    layout: ObjectMap

    def cell(self, c: int, level: int) -> int:
        """The int code of space (c, l)."""
        return c * self.levels + level - 1

    def coords(self, cell: int) -> tuple[int, int]:
        """(c, l) of a cell code."""
        return cell // self.levels, cell % self.levels + 1


@dataclass(frozen=True)
class Grid:
    """The grid the rules are written for (CK2 s.1.1), by seat (0 = Left, 1 = Right)."""

    columns: int
    levels: int
    keep_columns: tuple[dict[str, int], ...]  # seat -> letter -> grid column
    gates: tuple[tuple[int, int], ...]  # seat -> (c, l)
    forward: tuple[int, ...]  # seat -> +1 / -1

    def cell(self, c: int, level: int) -> int:
        """The int code of space (c, l)."""
        return c * self.levels + level - 1


GRID = Grid(
    columns=9,
    levels=5,
    keep_columns=({"A": 0, "B": 1, "C": 2}, {"A": 8, "B": 7, "C": 6}),  # C faces the battlefield
    gates=((3, 1), (5, 1)),
    forward=(1, -1),
)


# -- the grid's geometry, as the rules use it (speed: plain tuples and ints) -----------------------

LEVELS = GRID.levels
COLUMNS = GRID.columns
FWD = GRID.forward
GATE = tuple(GRID.cell(c, lvl) for c, lvl in GRID.gates)
KEEP_COLS: tuple[tuple[int, int, int], ...] = tuple(
    (k["A"], k["B"], k["C"]) for k in GRID.keep_columns
)  # seat -> (A, B, C) grid columns
KEEP_SET = tuple(frozenset(k) for k in KEEP_COLS)
LEVEL1 = tuple(GRID.cell(c, 1) for c in range(COLUMNS))
KEEP_CELLS = tuple(
    tuple(GRID.cell(c, lvl) for c in KEEP_COLS[s] for lvl in range(1, LEVELS + 1)) for s in (0, 1)
)
# by cell: 0, 1, 2 for a seat's keep column A, B, C (-1 elsewhere)
KEEP_COLUMN = tuple(tuple(KEEP_COLS[seat].index(x // LEVELS) if x // LEVELS in KEEP_COLS[seat] else -1
                          for x in range(45)) for seat in (0, 1))  # fmt: skip


def cell(c: int, level: int) -> int:
    """Cell code of (c, l)."""
    return c * LEVELS + level - 1


def col(x: int) -> int:
    """Grid column of a cell."""
    return x // LEVELS


def lvl(x: int) -> int:
    """Level of a cell."""
    return x % LEVELS + 1


def step(x: int, dc: int) -> int:
    """The level-1 cell dc columns away, or -1 off the grid."""
    c = col(x) + dc
    return cell(c, 1) if 0 <= c < COLUMNS else -1


def _neighbours(x: int) -> tuple[int, ...]:
    c, lv = col(x), lvl(x)
    out = []
    for dc, dl in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        cc, ll = c + dc, lv + dl
        if 0 <= cc < COLUMNS and 1 <= ll <= LEVELS:
            out.append(cell(cc, ll))
    return tuple(out)


ADJ = tuple(_neighbours(x) for x in range(45))


def _line(seat: int, x: int, dl: int) -> tuple[int, ...]:
    """The cells of a 'line' (CK2 s.1.3) from x toward ``seat``'s enemy, nearest first, x excluded: one
    column forward a step, and ``dl`` levels (0 straight ahead, -1 down, +1 up), until the grid ends."""
    out = []
    c, lv = col(x) + FWD[seat], lvl(x) + dl
    while 0 <= c < COLUMNS and 1 <= lv <= LEVELS:
        out.append(cell(c, lv))
        c, lv = c + FWD[seat], lv + dl
    return tuple(out)


# by [seat][dl + 1][cell]: the cells of a line from that cell toward the enemy (a Firelancer's shot walks
# them in order instead of working each one out)
LINES = tuple(tuple(tuple(_line(seat, x, dl) for x in range(45)) for dl in (-1, 0, 1)) for seat in (0, 1))


def adjacent(x: int) -> tuple[int, ...]:
    """Orthogonal neighbours of a cell."""
    return ADJ[x]


def check_grid(path: str | Path, b: Board) -> None:
    """The map ``b`` was read from draws :data:`GRID` (MapError naming the file and what differs)."""
    for part in ("columns", "levels", "keep_columns", "gates", "forward"):
        drawn, ruled = getattr(b, part), getattr(GRID, part)
        if drawn != ruled:
            raise MapError(path, "layer 'spaces'", f"draws {part} {drawn}, the rules' grid has {ruled}")


# What the table lays out from the map besides the grid (CK2 section 1): each clan's board spaces,
# its action tracks (TRACK_FINAL spaces after the start) and the Monolith's Dragon slots.
CLAN_AREAS = tuple(f"{area}_{i}" for area in ("summoning", "barracks", "caverns") for i in (1, 2, 3)) + (
    "deck", "discard", "destroyed", "pool", "tactics", "summon_board", "hand",
)  # fmt: skip
TRACKS = ("build", "craft", "power", "march")
ZONES = ("keep_left", "keep_right", "no_mans_land")


def _needed_objects() -> dict[str, list[str]]:
    """Layer -> the object names the table looks up there (a missing one would crash the table)."""
    return {
        "clan_boards": [f"{side}_{area}" for side in SIDES for area in CLAN_AREAS],
        "tracks": [
            *(f"track_{side}_{track}_{space}" for side in SIDES
              for track, final in zip(TRACKS, TRACK_FINAL, strict=True) for space in range(final + 1)),
            "token_supply",
        ],
        "monolith": ["monolith", *(f"dragon_slot_{k}" for k in range(1, 5))],
    }  # fmt: skip


@lru_cache(maxsize=1)
def board() -> Board:
    """The board, loaded from the map file on first call (raises MapError if broken)."""
    return load_board(map_path(MAP_FILE))


def load_board(path: str | os.PathLike[str]) -> Board:
    """Read and check a Crimson Keep board map (any problem raises MapError naming the file)."""
    data = load_objects(path)
    cols = whole_property(data.path, "map", data.properties, "grid_columns", 1, 64)
    levels = whole_property(data.path, "map", data.properties, "grid_levels", 1, 64)
    keeps: list[dict[str, int]] = [{}, {}]
    gates: list[tuple[int, int] | None] = [None, None]
    nml: set[int] = set()
    seen: set[tuple[int, int]] = set()
    for name, obj in data.named("spaces").items():
        who = f"space {name!r}"
        c = whole_property(data.path, who, obj.properties, "col", 0, cols - 1)
        lvl = whole_property(data.path, who, obj.properties, "level", 1, levels)
        if name != f"cell_{c}_{lvl}":
            raise MapError(data.path, who, f"does not match its col/level (cell_{c}_{lvl})")
        seen.add((c, lvl))
        zone = text_property(data.path, who, obj.properties, "zone", ZONES)
        if zone == "no_mans_land":
            nml.add(c)
        else:
            keeps[SIDES.index(zone[5:])][
                text_property(data.path, who, obj.properties, "keep_column", ("A", "B", "C"))
            ] = c
        gate = obj.properties.get("gate")
        if gate in SIDES:
            gates[SIDES.index(str(gate))] = (c, lvl)
    if len(seen) != cols * levels:
        raise MapError(data.path, "layer 'spaces'", f"must hold {cols * levels} spaces, not {len(seen)}")
    if any(g is None for g in gates) or any(sorted(k) != ["A", "B", "C"] for k in keeps):
        raise MapError(data.path, "layer 'spaces'", "must give both clans a gate and keep columns A, B, C")
    _check_needed_objects(data)
    mono = data.named("monolith")["monolith"]
    forward = (1, -1) if keeps[0]["C"] < keeps[1]["C"] else (-1, 1)
    drawn = Board(
        columns=cols,
        levels=levels,
        keep_columns=(keeps[0], keeps[1]),
        no_mans_land=tuple(sorted(nml)),
        gates=tuple(g for g in gates if g is not None),
        forward=forward,
        monolith_column=whole_property(
            data.path, "object 'monolith'", mono.properties, "reference_column", 0, cols - 1
        ),
        dragon_slots=whole_property(data.path, "object 'monolith'", mono.properties, "dragon_slots", 1, 4),
        layout=data,
    )
    check_grid(data.path, drawn)
    return drawn


def _check_needed_objects(data: ObjectMap) -> None:
    """Every object the table lays out from is on the map, a rectangle with an area."""
    for layer, names in _needed_objects().items():
        found = data.named(layer)
        for name in names:
            if name not in found or not found[name].is_rectangle:
                raise MapError(data.path, f"layer {layer!r}", f"needs a rectangle named {name!r}")


def check_maps() -> None:
    """Load the board (the game registry calls this when the game loads, so a broken map sets the
    game aside with its MapError before any match starts)."""
    board()
