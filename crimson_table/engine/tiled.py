"""Read a Tiled ``.tmx`` map into plain data: regions, their polygons, labels and neighbours.

Generic for every map-based game.  The map must hold an object layer (``regions`` by
default) with one closed polygon object per region: the object's own Tiled Name field is the
region's key, its custom properties give ``label`` (the title shown to players, optional)
and ``adjacent`` (a comma list of neighbour keys, may be empty).  Point objects of type
``label`` with a ``region`` property anchor the region's label; a region without one
is labelled at its polygon's centroid.  Any other custom property is kept as text.

Maps load with pytmx's default settings: no custom property may shadow a built-in
attribute of its object (``name``, ``type``, ``id``, ``x``, ``y``, ``points``...); pytmx
refuses such a file, and so does this loader.

Before pytmx reads the file, :mod:`crimson_table.engine.tiled_files` checks it against the
limits (file size, map and tile size, points per outline, text length), keeps every file it
refers to inside the map's folder and checks the tileset images and tile ids; pytmx then reads it
with a no-op image loader, so no display (and no image decoding) is needed.  Anything wrong
raises :class:`MapError`, naming the file, the object and the problem.

>>> from crimson_table.resources import map_path
>>> italy = load_map(map_path("condottiere_italy.tmx"))
>>> italy.regions["siena"].adjacent
('firenze', 'roma')
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crimson_table.engine.tiled_files import (
    RESERVED_PROPERTIES,
    Bounds,
    MapError,
    check_map_file,
    check_map_root,
    map_bounds,
    on_map,
)

__all__ = [
    "RESERVED_PROPERTIES",
    "MapError",
    "check_map_root",
    "load_map",
    "load_objects",
    "text_property",
    "whole_property",
]

Point = tuple[float, float]


@dataclass(frozen=True)
class Region:
    """One region: key, title, outline in map pixels, label anchor and neighbours."""

    name: str
    polygon: tuple[Point, ...]
    label_anchor: Point
    adjacent: tuple[str, ...]
    title: str = ""
    properties: dict[str, str] = field(default_factory=dict, compare=False)

    def contains(self, x: float, y: float) -> bool:
        """True if the map-pixel point lies inside the outline (even-odd rule)."""
        return point_in_polygon((x, y), self.polygon)


@dataclass(frozen=True)
class TileLayer:
    """What the loader tells about one tile layer (the UI draws the tiles itself)."""

    name: str
    width: int
    height: int
    visible: bool


@dataclass(frozen=True)
class MapData:
    """A loaded map: regions by key (in file order), size in pixels, tile layers."""

    path: str
    width_px: int
    height_px: int
    tile_width: int
    tile_height: int
    regions: dict[str, Region]
    tile_layers: tuple[TileLayer, ...]
    properties: dict[str, str] = field(default_factory=dict, compare=False)

    def edges(self) -> set[frozenset[str]]:
        """Every neighbour pair once."""
        return {frozenset((r.name, n)) for r in self.regions.values() for n in r.adjacent}

    def is_connected(self) -> bool:
        """True if every region can be reached from every other through neighbours."""
        if not self.regions:
            return True
        start = next(iter(self.regions))
        seen, todo = {start}, [start]
        while todo:
            for n in self.regions[todo.pop()].adjacent:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return len(seen) == len(self.regions)

    def region_at(self, x: float, y: float) -> str | None:
        """The key of the region under a map-pixel point, or None."""
        for region in self.regions.values():
            if region.contains(x, y):
                return region.name
        return None


def load_map(path: str | os.PathLike[str], region_layer: str = "regions") -> MapData:
    """Load and validate a ``.tmx`` file; problems raise :class:`MapError`."""
    where = str(path)
    tmx = _read_tmx(Path(path))
    layer = _object_layer(where, tmx, region_layer)
    regions = _read_regions(where, layer, _bounds(tmx))
    _check_adjacency(where, regions)
    return MapData(
        path=where,
        width_px=int(tmx.width) * int(tmx.tilewidth),
        height_px=int(tmx.height) * int(tmx.tileheight),
        tile_width=int(tmx.tilewidth),
        tile_height=int(tmx.tileheight),
        regions=regions,
        tile_layers=_tile_layers(tmx),
        properties={str(k): str(v) for k, v in tmx.properties.items()},
    )


# ---------------------------------------------------------------------------------------------
# Reading


def _pytmx() -> Any:
    """The pytmx module, imported on first use (heavy), without pygame where none is loaded yet.

    pytmx imports pygame whenever it can, only to name a type and to offer its pygame image loader
    (``pytmx.util_pygame``), neither of which the engine uses.  The bot process reads maps too and must not pay for pygame
    (about 14 MB and 15 ms there; the engine never imports pygame, ARCHITECTURE.md): while pytmx
    loads, ``import pygame`` is made to fail.  In the app pygame is already loaded, and pytmx
    takes it as usual.
    """
    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx  # noqa: PLC0415 - heavy, only when a map is read

        return pytmx
    blocked = ("pygame", "pytmx.util_pygame")  # its pygame loader would log an error without it
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]  # a None entry makes the import fail
    try:
        import pytmx  # noqa: PLC0415

        return pytmx
    finally:
        for name in blocked:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]


def _read_tmx(path: Path) -> Any:
    """The file checked (:func:`tiled_files.check_map_file`), then read by pytmx without images."""
    if not path.is_file():
        raise MapError(path, "", "map file not found")
    check_map_file(path)
    pytmx = _pytmx()

    def no_op_loader(filename: str, colorkey: Any = None, **_kwargs: Any) -> Any:
        return lambda rect=None, flags=None: (filename, rect, flags)

    try:
        return pytmx.TiledMap(str(path), image_loader=no_op_loader)
    except Exception as exc:  # noqa: BLE001 - pytmx raises bare Exception for several malformed inputs
        raise MapError(
            path, "", f"pytmx could not read it ({type(exc).__name__}: {str(exc)[:200]})"
        ) from None


def _object_layer(where: str, tmx: Any, name: str) -> Any:
    pytmx = _pytmx()

    for layer in tmx.layers:
        if isinstance(layer, pytmx.TiledObjectGroup) and layer.name == name:
            return layer
    raise MapError(where, f"layer {name!r}", "is missing (an object layer of that name)")


def _tile_layers(tmx: Any) -> tuple[TileLayer, ...]:
    pytmx = _pytmx()

    return tuple(
        TileLayer(str(layer.name), int(layer.width), int(layer.height), bool(int(layer.visible)))
        for layer in tmx.layers
        if isinstance(layer, pytmx.TiledTileLayer)
    )


def _props(obj: Any) -> dict[str, str]:
    return {str(k): "" if v is None else str(v) for k, v in obj.properties.items()}


def _bounds(tmx: Any) -> Bounds:
    """Where a region's outline may lie once turned by its rotation (as the file check)."""
    return map_bounds((int(tmx.width), int(tmx.height)), (int(tmx.tilewidth), int(tmx.tileheight)))


def _read_regions(where: str, layer: Any, bounds: Bounds) -> dict[str, Region]:
    shapes: dict[str, tuple[tuple[Point, ...], dict[str, str]]] = {}
    labels: dict[str, Point] = {}
    for obj in layer:
        props = _props(obj)
        if hasattr(obj, "points"):
            name = _region_name(where, obj, shapes)
            shapes[name] = (_polygon(where, name, obj, bounds), props)
        elif obj.type == "label":
            _add_label(where, obj, props, labels)
        else:
            raise MapError(where, f"object {obj.name or obj.id!r}", "is neither a region polygon nor a label")
    if not shapes:
        raise MapError(where, f"layer {layer.name!r}", "holds no region polygons")
    for key in labels:
        if key not in shapes:
            raise MapError(where, f"label for {key!r}", "names an unknown region")
    return {
        name: _region(where, name, poly, props, labels.get(name)) for name, (poly, props) in shapes.items()
    }


def _region_name(where: str, obj: Any, seen: dict[str, Any]) -> str:
    name = str(obj.name or "").strip()
    if not name:
        raise MapError(where, f"region polygon {obj.id}", "has no name")
    if name in seen:
        raise MapError(where, f"region {name!r}", "appears twice")
    if not getattr(obj, "closed", True):
        raise MapError(where, f"region {name!r}", "is a polyline, not a closed polygon (bad polygon)")
    return name


def _add_label(where: str, obj: Any, props: dict[str, str], labels: dict[str, Point]) -> None:
    key = props.get("region", "").strip()
    if not key:
        raise MapError(where, f"label object {obj.id}", "has no 'region' property")
    if key in labels:
        raise MapError(where, f"region {key!r}", "has two labels")
    labels[key] = (float(obj.x), float(obj.y))


def _region(
    where: str, name: str, poly: tuple[Point, ...], props: dict[str, str], label: Point | None
) -> Region:
    if "adjacent" not in props:
        raise MapError(where, f"region {name!r}", "has no 'adjacent' property")
    adjacent = tuple(n.strip() for n in props["adjacent"].split(",") if n.strip())
    if len(set(adjacent)) != len(adjacent):
        raise MapError(where, f"region {name!r}", "lists a neighbour twice")
    extra = {k: v for k, v in props.items() if k != "adjacent"}  # ``label`` stays readable here too
    return Region(
        name=name,
        polygon=poly,
        label_anchor=label if label is not None else centroid(poly),
        adjacent=adjacent,
        title=props.get("label", "") or name,
        properties=extra,
    )


def _polygon(where: str, name: str, obj: Any, bounds: Bounds) -> tuple[Point, ...]:
    raw = obj.apply_transformations() if getattr(obj, "rotation", 0) else obj.points
    pts: list[Point] = []
    for p in raw:
        q = (float(p[0]), float(p[1]))
        on_map(where, f"region {name!r}", q, bounds)  # turned by its rotation, it must still lie on the map
        if not pts or pts[-1] != q:
            pts.append(q)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    if len(set(pts)) < 3 or abs(signed_area(pts)) < 1e-6:
        raise MapError(where, f"region {name!r}", "has a bad polygon (fewer than 3 points or no area)")
    crossing = first_self_crossing(pts)
    if crossing is not None:
        raise MapError(
            where, f"region {name!r}", f"has a bad polygon (edges {crossing[0]} and {crossing[1]} cross)"
        )
    return tuple(pts)


def _check_adjacency(where: str, regions: dict[str, Region]) -> None:
    for region in regions.values():
        for n in region.adjacent:
            if n == region.name:
                raise MapError(where, f"region {n!r}", "lists itself as adjacent")
            if n not in regions:
                raise MapError(where, f"region {region.name!r}", f"lists unknown neighbour {n!r}")
            if region.name not in regions[n].adjacent:
                raise MapError(
                    where,
                    f"region {region.name!r}",
                    f"lists {n!r} but {n!r} does not list it (asymmetric adjacency)",
                )


# ---------------------------------------------------------------------------------------------
# Geometry


def signed_area(pts: list[Point] | tuple[Point, ...]) -> float:
    """Shoelace area (positive when clockwise on screen, y down)."""
    n = len(pts)
    return sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n)) / 2.0


def centroid(pts: tuple[Point, ...]) -> Point:
    """Area centroid of a simple polygon."""
    area = signed_area(pts)
    n = len(pts)
    cx = cy = 0.0
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return (cx / (6.0 * area), cy / (6.0 * area))


def point_in_polygon(pt: Point, poly: tuple[Point, ...]) -> bool:
    """Even-odd test."""
    x, y = pt
    result = False
    n = len(poly)
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            result = not result
    return result


def _orient(p: Point, q: Point, r: Point) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def first_self_crossing(pts: list[Point]) -> tuple[int, int] | None:
    """The first pair of non-neighbouring edges that properly cross, or None.

    For each edge, the side of every later vertex is computed in one pass; only the edges whose
    ends lie on both sides of its line are looked at closely (a few per edge on a real outline),
    so an outline of ``MAX_OUTLINE_POINTS`` points is checked in a fraction of a second.

    >>> first_self_crossing([(0, 0), (10, 0), (0, 10), (10, 10)])  # a bow tie: both diagonals
    (1, 3)
    """
    n = len(pts)
    ring = [*pts, pts[0]]
    for i in range(n - 2):
        (ax, ay), (bx, by) = ring[i], ring[i + 1]
        dx, dy = bx - ax, by - ay
        side = [dx * (y - ay) - dy * (x - ax) for x, y in ring[i + 2 :]]  # side[k]: vertex i + 2 + k
        edges = n - i - 3 if i == 0 else n - i - 2  # edge n - 1 ends where edge 0 starts
        straddling = [
            k for k, (s0, s1) in enumerate(zip(side[:edges], side[1 : edges + 1], strict=True)) if s0 * s1 < 0
        ]
        for k in straddling:
            c, d = ring[i + 2 + k], ring[i + 3 + k]
            if _orient(c, d, ring[i]) * _orient(c, d, ring[i + 1]) < 0:
                return (i, i + 2 + k)
    return None


def whole_property(path: str, who: str, props: dict[str, Any], key: str, low: int, high: int) -> int:
    """A custom property that must be a whole number in ``low..high``: a Tiled ``int`` property, or
    text of ASCII digits (``"2"``; never ``"²"``, which ``str.isdigit`` accepts and ``int`` refuses).

    >>> whole_property("m.tmx", "region 'a'", {"defense": "2"}, "defense", 0, 4)
    2
    >>> whole_property("m.tmx", "region 'a'", {"defense": "²"}, "defense", 0, 4)
    Traceback (most recent call last):
    ...
    crimson_table.engine.tiled_files.MapError: m.tmx: region 'a': needs a whole number 'defense' in 0..4, not '²'
    """
    value = props.get(key)
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,9}", value.strip()):
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        shown = (
            "nothing" if value is None else repr(value if len(str(value)) <= 24 else f"{str(value)[:24]}...")
        )
        raise MapError(path, who, f"needs a whole number {key!r} in {low}..{high}, not {shown}")
    return value


def text_property(path: str, who: str, props: dict[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    """A custom property that must be one of ``allowed`` words.

    >>> text_property("m.tmx", "space 'c'", {}, "keep_column", ("A", "B", "C"))
    Traceback (most recent call last):
    ...
    crimson_table.engine.tiled_files.MapError: m.tmx: space 'c': needs a 'keep_column' property (one of A, B, C), not nothing
    """
    value = props.get(key)
    if value not in allowed:
        shown = "nothing" if value is None else repr(str(value)[:24])
        raise MapError(path, who, f"needs a {key!r} property (one of {', '.join(allowed)}), not {shown}")
    return str(value)


# ---------------------------------------------------------------------------------------------
# Generic object layers (pytmx default settings)


@dataclass(frozen=True)
class MapObject:
    """One Tiled object of any object layer: its Name field, Class/type, rectangle and properties.

    ``shape`` is ``rectangle``, ``point``, ``polygon`` or ``polyline``; ``id`` the object's Tiled
    id (for messages).
    """

    name: str
    type: str
    x: float
    y: float
    width: float
    height: float
    properties: dict[str, Any] = field(default_factory=dict, compare=False)
    points: tuple[Point, ...] = ()  # a polyline's or polygon's points in map pixels (else empty)
    shape: str = "rectangle"
    id: int = 0

    @property
    def is_rectangle(self) -> bool:
        """True for a rectangle with an area (a board's card area, a grid space)."""
        return self.shape == "rectangle" and self.width > 0 and self.height > 0


@dataclass(frozen=True)
class ObjectMap:
    """A map's object layers (layer name -> objects in file order), size and map properties."""

    path: str
    width_px: int
    height_px: int
    tile_width: int
    tile_height: int
    layers: dict[str, tuple[MapObject, ...]]
    tile_layers: tuple[TileLayer, ...]
    properties: dict[str, Any] = field(default_factory=dict, compare=False)

    def layer(self, name: str) -> tuple[MapObject, ...]:
        """The objects of one layer; a missing layer raises :class:`MapError`."""
        if name not in self.layers:
            raise MapError(self.path, f"layer {name!r}", "is missing (an object layer of that name)")
        return self.layers[name]

    def rectangles(self, layer: str) -> dict[str, MapObject]:
        """One layer's named rectangles by name (file order); any other object raises MapError."""
        out: dict[str, MapObject] = {}
        for obj in self.layer(layer):
            if not obj.name.strip() or not obj.is_rectangle:
                raise MapError(self.path, f"object {obj.id} of layer {layer!r}", "is not a named rectangle")
            if obj.name in out:
                raise MapError(self.path, f"area {obj.name!r}", "appears twice")
            out[obj.name] = obj
        return out

    def named(self, layer: str) -> dict[str, MapObject]:
        """One layer's objects by name (names must be unique and non-empty)."""
        out: dict[str, MapObject] = {}
        for obj in self.layer(layer):
            if not obj.name or obj.name in out:
                raise MapError(
                    self.path,
                    f"object {obj.id} of layer {layer!r}",
                    f"has no name or a duplicate one ({obj.name!r})",
                )
            out[obj.name] = obj
        return out


def load_objects(path: str | os.PathLike[str]) -> ObjectMap:
    """Load every object layer of a ``.tmx`` file with pytmx's *default* settings.

    The one generic reader of object layers (:func:`load_map` reads regions on top of the same
    file checks): each object's rectangle, shape and typed custom properties, for boards laid
    out as named spaces and card areas (:meth:`ObjectMap.rectangles`, :meth:`ObjectMap.named`).
    """
    where = str(path)
    tmx = _read_tmx(Path(path))
    pytmx = _pytmx()

    layers: dict[str, tuple[MapObject, ...]] = {}
    for layer in tmx.layers:
        if isinstance(layer, pytmx.TiledObjectGroup):
            layers[str(layer.name)] = tuple(_map_object(obj) for obj in layer)
    return ObjectMap(
        path=where,
        width_px=int(tmx.width) * int(tmx.tilewidth),
        height_px=int(tmx.height) * int(tmx.tileheight),
        tile_width=int(tmx.tilewidth),
        tile_height=int(tmx.tileheight),
        layers=layers,
        tile_layers=_tile_layers(tmx),
        properties=dict(tmx.properties),
    )


def _map_object(obj: Any) -> MapObject:
    width, height = float(obj.width or 0), float(obj.height or 0)
    if hasattr(obj, "points"):
        shape = "polygon" if getattr(obj, "closed", True) else "polyline"
    else:
        shape = "rectangle" if width and height else "point"
    return MapObject(
        name=str(obj.name or ""),
        type=str(obj.type or ""),
        x=float(obj.x),
        y=float(obj.y),
        width=width,
        height=height,
        properties=dict(obj.properties),
        points=tuple((float(p[0]), float(p[1])) for p in getattr(obj, "points", ())),
        shape=shape,
        id=int(obj.id or 0),
    )
