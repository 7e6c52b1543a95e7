"""Both Crusader Kingdoms boards, read once from their Tiled maps (supplement 4.1 and 4.2).

``maps/crusader_saladin_2nd.tmx`` (3-4 players) and ``maps/crusader_1st_3rd.tmx`` (1-2
players) are the single source of region keys, defence values (RDV), coastal flags,
adjacency and, on the small board, Region Numbers and Victory Points (CK-R4).  Regions are
indexed in file order; on the small board that is Region Number order (index = number - 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from crimson_table.engine.tiled import MapData, MapError, MapObject, load_map, load_objects
from crimson_table.resources import map_path

SALADIN_MAP = "crusader_saladin_2nd.tmx"
CRUSADES_MAP = "crusader_1st_3rd.tmx"


@dataclass(frozen=True)
class Board:
    """Region data by index."""

    file: str
    names: tuple[str, ...]
    labels: tuple[str, ...]
    defense: tuple[int, ...]
    coastal: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]
    numbers: tuple[int, ...]
    vp: tuple[int, ...]
    index: dict[str, int]

    def label(self, region: int) -> str:
        """The region's name for players."""
        return self.labels[region]

    def within_two(self, region: int) -> set[int]:
        """Regions 1 or 2 steps from ``region`` (c_forced_march), itself excluded."""
        near = set(self.neighbours[region])
        for n in list(near):
            near.update(self.neighbours[n])
        near.discard(region)
        return near


def _int_prop(data: MapData, key: str, prop: str, low: int, high: int) -> int:
    raw = data.regions[key].properties.get(prop, "")
    if not raw.lstrip("-").isdigit() or not low <= int(raw) <= high:
        raise MapError(f"{data.path}: region {key!r} needs an integer {prop!r} in {low}..{high}")
    return int(raw)


def _board(file: str, count: int, numbered: bool) -> Board:
    data = load_map(map_path(file))
    if len(data.regions) != count:
        raise MapError(f"{data.path}: this board needs {count} regions, found {len(data.regions)}")
    names = tuple(data.regions)
    index = {n: i for i, n in enumerate(names)}
    props = [data.regions[n].properties for n in names]
    return Board(
        file=file,
        names=names,
        labels=tuple(p.get("label", n) for p, n in zip(props, names, strict=True)),
        defense=tuple(_int_prop(data, n, "defense", 0, 4) for n in names),
        coastal=tuple(p.get("coastal") == "true" for p in props),
        neighbours=tuple(tuple(index[m] for m in data.regions[n].adjacent) for n in names),
        numbers=tuple(_int_prop(data, n, "region_number", 1, count) if numbered else 0 for n in names),
        vp=tuple(_int_prop(data, n, "vp", 0, 9) if numbered else 0 for n in names),
        index=index,
    )


@lru_cache(maxsize=1)
def saladin() -> Board:
    """The 3-4 player board, "Saladin and the 2nd Crusade" (23 regions)."""
    return _board(SALADIN_MAP, 23, numbered=False)


@lru_cache(maxsize=1)
def crusades() -> Board:
    """The 1-2 player board, "1st and 3rd Crusades" (14 regions, numbered in file order)."""
    board = _board(CRUSADES_MAP, 14, numbered=True)
    if board.numbers != tuple(range(1, 15)):
        raise MapError(f"{board.file}: regions must be stored in Region Number order")
    return board


def board_for(players: int) -> Board:
    """CK-R7 / CK-R8: the big board for 3-4 players, the small one for 1-2."""
    return saladin() if players >= 3 else crusades()


def card_areas(players: int) -> dict[str, MapObject]:
    """The named card-area rectangles of a board (its ``areas`` layer), for the table scene to lay out from."""
    return load_objects(map_path(SALADIN_MAP if players >= 3 else CRUSADES_MAP)).rectangles("areas")
