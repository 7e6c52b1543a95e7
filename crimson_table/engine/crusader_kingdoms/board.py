"""Both Crusader Kingdoms boards, read once from their Tiled maps (supplement 4.1 and 4.2).

``maps/crusader_saladin_2nd.tmx`` (3-4 players) and ``maps/crusader_1st_3rd.tmx`` (1-2
players) are the single source of region keys, defence values (RDV), coastal flags,
adjacency and, on the small board, Region Numbers and Victory Points (CK-R4).  Regions are
indexed in file order; on the small board that is Region Number order (index = number - 1).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from crimson_table.engine.crusader_kingdoms.actions import Attack, ChooseRegion, PlaceGarrison, UseGarrison
from crimson_table.engine.tiled import MapError, MapObject, load_map, load_objects, whole_property
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
    areas: dict[str, MapObject] = field(default_factory=dict, compare=False)  # the card areas, by name
    # The decisions naming a region, one per region (by index), made once with the board: the legal
    # lists of every playout step share them instead of building equal new ones.
    attacks: tuple[Attack, ...] = field(init=False, repr=False, compare=False)
    choose_regions: tuple[ChooseRegion, ...] = field(init=False, repr=False, compare=False)
    place_garrisons: tuple[PlaceGarrison, ...] = field(init=False, repr=False, compare=False)
    use_garrisons: tuple[UseGarrison, ...] = field(init=False, repr=False, compare=False)
    # The regions 1 or 2 steps from each region, itself excluded (c_forced_march), made once too.
    two_steps: tuple[frozenset[int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, kind in (("attacks", Attack), ("choose_regions", ChooseRegion),
                           ("place_garrisons", PlaceGarrison), ("use_garrisons", UseGarrison)):  # fmt: skip
            object.__setattr__(self, name, tuple(map(kind, self.names)))  # a frozen dataclass
        object.__setattr__(self, "two_steps", tuple(self._within_two(r) for r in range(len(self.names))))

    def label(self, region: int) -> str:
        """The region's name for players."""
        return self.labels[region]

    def within_two(self, region: int) -> frozenset[int]:
        """Regions 1 or 2 steps from ``region`` (c_forced_march), itself excluded."""
        return self.two_steps[region]

    def _within_two(self, region: int) -> frozenset[int]:
        """:meth:`within_two` worked out from the adjacency, once per region when the board is made."""
        near = set(self.neighbours[region])
        for n in list(near):
            near.update(self.neighbours[n])
        near.discard(region)
        return frozenset(near)


def load_board(path: str | os.PathLike[str], count: int, numbered: bool) -> Board:
    """One board: its ``count`` regions (``numbered``: with Region Numbers and Victory Points, the
    small board) and, read from the same file, the card areas the table lays out (a broken
    ``areas`` layer is found here, when the game loads, not when its table opens)."""
    data = load_map(path)
    if len(data.regions) != count:
        raise MapError(data.path, "layer 'regions'", f"must hold {count} regions, not {len(data.regions)}")
    names = tuple(data.regions)
    index = {n: i for i, n in enumerate(names)}
    props = [data.regions[n].properties for n in names]

    def number(name: str, prop: str, low: int, high: int) -> int:
        return whole_property(data.path, f"region {name!r}", props[index[name]], prop, low, high)

    if numbered and tuple(number(n, "region_number", 1, count) for n in names) != tuple(range(1, count + 1)):
        raise MapError(
            data.path, "layer 'regions'", f"must list the regions in Region Number order 1..{count}"
        )
    return Board(
        file=Path(path).name,
        names=names,
        labels=tuple(p.get("label", n) for p, n in zip(props, names, strict=True)),
        defense=tuple(number(n, "defense", 0, 4) for n in names),
        coastal=tuple(p.get("coastal") == "true" for p in props),
        neighbours=tuple(tuple(index[m] for m in data.regions[n].adjacent) for n in names),
        numbers=tuple(number(n, "region_number", 1, count) if numbered else 0 for n in names),
        vp=tuple(number(n, "vp", 0, 9) if numbered else 0 for n in names),
        index=index,
        areas=load_objects(path).rectangles("areas"),
    )


@lru_cache(maxsize=1)
def saladin() -> Board:
    """The 3-4 player board, "Saladin and the 2nd Crusade" (23 regions)."""
    return load_board(map_path(SALADIN_MAP), 23, numbered=False)


@lru_cache(maxsize=1)
def crusades() -> Board:
    """The 1-2 player board, "1st and 3rd Crusades" (14 regions, numbered in file order)."""
    return load_board(map_path(CRUSADES_MAP), 14, numbered=True)


def board_for(players: int) -> Board:
    """CK-R7 / CK-R8: the big board for 3-4 players, the small one for 1-2."""
    return saladin() if players >= 3 else crusades()


def card_areas(players: int) -> dict[str, MapObject]:
    """The named card-area rectangles of a board (its ``areas`` layer), for the table scene to lay out from."""
    return board_for(players).areas


def check_maps() -> None:
    """Load both boards (the game registry calls this when the game loads: a broken map sets the
    game aside with its MapError instead of failing mid-game or when a table opens)."""
    saladin()
    crusades()
