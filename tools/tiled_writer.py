"""Write Tiled files byte for byte reproducibly: the tileset PNG, the ``.tsx`` and the ``.tmx``.

Shared by the map generators (``tools/make_condottiere_map.py``, ``tools/make_crusader_maps.py``):
a painted picture is cut into unique square tiles (:func:`cut_tiles`), laid out on a tileset
sheet (:func:`tileset_image`, :func:`write_png`), described by an external tileset
(:func:`write_tsx`) and referenced by a map with one CSV tile layer and the object layers the
generator writes with :func:`polygon_object`, :func:`point_object` and :func:`properties`
(:func:`write_tmx`).  Files open in the real Tiled editor and load with pytmx's default settings.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

Pt = tuple[float, float]


def num(v: float) -> str:
    """A coordinate with one decimal, ``.0`` dropped (``12.0`` -> ``12``)."""
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def properties(props: Mapping[str, str], indent: str = "   ") -> list[str]:
    """A ``<properties>`` block at ``indent`` (its ``<property>`` lines one space deeper)."""
    out = [f"{indent}<properties>"]
    out += [f"{indent} <property name={quoteattr(k)} value={quoteattr(v)}/>" for k, v in props.items()]
    return out + [f"{indent}</properties>"]


def polygon_object(oid: int, name: str, kind: str, poly: Sequence[Pt], props: Mapping[str, str]) -> list[str]:
    """A closed polygon object placed at its first point (Tiled's own convention)."""
    x0, y0 = poly[0]
    points = " ".join(f"{num(x - x0)},{num(y - y0)}" for x, y in poly)
    lines = [f'  <object id="{oid}" name="{name}" type="{kind}" x="{num(x0)}" y="{num(y0)}">']
    return lines + properties(props) + [f'   <polygon points="{points}"/>', "  </object>"]


def point_object(oid: int, name: str, kind: str, x: float, y: float, props: Mapping[str, str]) -> list[str]:
    """A point object (a label anchor)."""
    lines = [f'  <object id="{oid}" name="{name}" type="{kind}" x="{num(x)}" y="{num(y)}">']
    return lines + properties(props) + ["   <point/>", "  </object>"]


def cut_tiles(
    picture: Any, tile: int, cols: int, rows: int
) -> tuple[list[bytes], list[int], list[tuple[int, int]]]:
    """Unique ``tile``-pixel tiles of a pygame surface (RGBA bytes), the map's gids row by row,
    and the (column, row) where each unique tile first appears."""
    import pygame  # noqa: PLC0415 - only the generators need it

    tiles: list[bytes] = []
    firsts: list[tuple[int, int]] = []
    index: dict[bytes, int] = {}
    gids: list[int] = []
    for row in range(rows):
        for col in range(cols):
            data = pygame.image.tobytes(picture.subsurface((col * tile, row * tile, tile, tile)), "RGBA")
            if data not in index:
                index[data] = len(tiles)
                tiles.append(data)
                firsts.append((col, row))
            gids.append(index[data] + 1)
    return tiles, gids, firsts


def tileset_image(tiles: list[bytes], columns: int, tile: int) -> tuple[int, int, bytes]:
    """Lay the tiles out in a grid; returns width, height and RGBA bytes."""
    rows = math.ceil(len(tiles) / columns)
    width, height = columns * tile, rows * tile
    sheet = bytearray(width * height * 4)
    for i, data in enumerate(tiles):
        ox, oy = (i % columns) * tile, (i // columns) * tile
        for y in range(tile):
            start = ((oy + y) * width + ox) * 4
            sheet[start : start + tile * 4] = data[y * tile * 4 : (y + 1) * tile * 4]
    return width, height, bytes(sheet)


def write_png(path: Path, width: int, height: int, rgba: bytes) -> None:
    """A plain RGBA PNG written with zlib (byte-for-byte reproducible)."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    stride = width * 4
    raw = b"".join(b"\x00" + rgba[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
    path.write_bytes(png + chunk(b"IEND", b""))


def write_tsx(
    path: Path,
    name: str,
    tile: int,
    columns: int,
    size: tuple[int, int],
    count: int,
    tile_properties: Sequence[Mapping[str, str]] = (),
) -> None:
    """The external tileset ``name`` over the image ``<name>.png``; optional properties per tile."""
    width, height = size
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="{name}" tilewidth="{tile}" '
        f'tileheight="{tile}" tilecount="{count}" columns="{columns}">',
        f' <image source="{name}.png" width="{width}" height="{height}"/>',
    ]
    for i, props in enumerate(tile_properties):
        lines += [f' <tile id="{i}">', *properties(props, "  "), " </tile>"]
    lines.append("</tileset>")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_tmx(
    path: Path,
    grid: tuple[int, int, int],
    gids: list[int],
    tileset: str,
    map_properties: Mapping[str, str],
    objects: list[str],
    next_ids: tuple[int, int],
) -> None:
    """A map of ``grid`` = (columns, rows, tile pixels): the properties, the external tileset,
    one CSV ``terrain`` tile layer, then the object layer lines; ``next_ids`` = (layer, object)."""
    cols, rows, tile = grid
    data = [",".join(str(g) for g in gids[r * cols : (r + 1) * cols]) for r in range(rows)]
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{cols}" height="{rows}" tilewidth="{tile}" tileheight="{tile}" infinite="0" '
        f'nextlayerid="{next_ids[0]}" nextobjectid="{next_ids[1]}">',
        *properties(map_properties, " "),
        f' <tileset firstgid="1" source="{tileset}"/>',
        f' <layer id="1" name="terrain" width="{cols}" height="{rows}">',
        '  <data encoding="csv">',
        ",\n".join(data),
        "</data>",
        " </layer>",
        *objects,
        "</map>",
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
