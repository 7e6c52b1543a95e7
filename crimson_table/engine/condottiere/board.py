"""The 17 regions of Italy and their neighbours (CO-T2), read once from the Tiled map.

``maps/condottiere_italy.tmx`` is the single source of region keys and adjacency; it is
loaded on first use and cached for the process.  Regions are numbered in file order
(the order of table CO-T2); states store region keys, the rules work on the numbers.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache

from crimson_table.engine.tiled import MapError, load_map
from crimson_table.resources import map_path

MAP_FILE = "condottiere_italy.tmx"
REGION_COUNT = 17  # CO-R2


@dataclass(frozen=True)
class Board:
    """Region keys, titles and neighbours by index."""

    names: tuple[str, ...]
    titles: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    index: dict[str, int]

    def title(self, region: int) -> str:
        """The region's name for players (``"Firenze"``)."""
        return self.titles[region]


@lru_cache(maxsize=1)
def italy() -> Board:
    """The board, loaded from the map file on first call (raises MapError if broken)."""
    return load_board(map_path(MAP_FILE))


def load_board(path: str | os.PathLike[str]) -> Board:
    """Read and check a Condottiere map (any problem raises MapError naming the file)."""
    data = load_map(path)
    if len(data.regions) != REGION_COUNT:
        raise MapError(
            data.path, "layer 'regions'", f"must hold {REGION_COUNT} regions (CO-R2), not {len(data.regions)}"
        )
    names = tuple(data.regions)
    index = {name: i for i, name in enumerate(names)}
    return Board(
        names=names,
        titles=tuple(data.regions[n].title for n in names),
        neighbours=tuple(tuple(index[m] for m in data.regions[n].adjacent) for n in names),
        index=index,
    )


def check_maps() -> None:
    """Load the board (the game registry calls this when the game loads, so a broken map sets the
    game aside with its MapError before any match starts)."""
    italy()
