"""The Crimson Keep main board (supplement CK2 section 1), read once from the Tiled map.

``maps/crimson_keep_board.tmx`` is the single source of the board geometry: its
``spaces`` layer holds one rectangle per grid space ``cell_<c>_<l>`` with the space's
column, level, zone (``keep_left``, ``keep_right``, ``no_mans_land``), keep column letter
and gate owner; the ``monolith`` layer gives the Dragon's reference column.  The
``tracks`` and ``clan_boards`` layers are for the table scene's layout.

Seats: 0 = the Left clan, 1 = the Right clan.  A grid space is stored as one int,
``cell = c * LEVELS + (l - 1)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from crimson_table.engine.tiled import MapError, ObjectMap, load_objects
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


def _int(obj_props: dict[str, object], key: str, where: str) -> int:
    value = obj_props.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise MapError(f"{where}: property {key!r} must be an int, got {value!r}")
    return value


@lru_cache(maxsize=1)
def board() -> Board:
    """The board, loaded from the map file on first call (raises MapError if broken)."""
    data = load_objects(map_path(MAP_FILE))
    cols = _int(data.properties, "grid_columns", data.path)
    levels = _int(data.properties, "grid_levels", data.path)
    keeps: list[dict[str, int]] = [{}, {}]
    gates: list[tuple[int, int] | None] = [None, None]
    nml: set[int] = set()
    seen: set[tuple[int, int]] = set()
    for name, obj in data.named("spaces").items():
        c, lvl = _int(obj.properties, "col", name), _int(obj.properties, "level", name)
        if name != f"cell_{c}_{lvl}" or not (0 <= c < cols and 1 <= lvl <= levels):
            raise MapError(f"{data.path}: space object {name!r} does not match its col/level")
        seen.add((c, lvl))
        zone = str(obj.properties.get("zone", ""))
        if zone == "no_mans_land":
            nml.add(c)
        elif zone in ("keep_left", "keep_right"):
            keeps[SIDES.index(zone[5:])][str(obj.properties["keep_column"])] = c
        gate = obj.properties.get("gate")
        if gate in SIDES:
            gates[SIDES.index(str(gate))] = (c, lvl)
    if len(seen) != cols * levels:
        raise MapError(f"{data.path}: expected {cols * levels} spaces, found {len(seen)}")
    if any(g is None for g in gates) or any(sorted(k) != ["A", "B", "C"] for k in keeps):
        raise MapError(f"{data.path}: both clans need a gate and keep columns A, B, C")
    mono = data.named("monolith")["monolith"]
    forward = (1, -1) if keeps[0]["C"] < keeps[1]["C"] else (-1, 1)
    return Board(
        columns=cols,
        levels=levels,
        keep_columns=(keeps[0], keeps[1]),
        no_mans_land=tuple(sorted(nml)),
        gates=tuple(g for g in gates if g is not None),
        forward=forward,
        monolith_column=_int(mono.properties, "reference_column", "monolith"),
        dragon_slots=_int(mono.properties, "dragon_slots", "monolith"),
        layout=data,
    )
