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

The file is parsed with pytmx and a no-op image loader, so no display (and no image
decoding) is needed.  Anything malformed raises :class:`MapError`, whose message names
the file and the problem.

>>> from crimson_table.resources import map_path
>>> italy = load_map(map_path("condottiere_italy.tmx"))
>>> italy.regions["siena"].adjacent
('firenze', 'roma')
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

Point = tuple[float, float]

# Attributes pytmx sets on a map object itself: a custom property of the same name would shadow
# it, and pytmx's default settings refuse the file.  A display name goes in ``label``.
RESERVED_PROPERTIES = frozenset(
    ("name", "type", "class", "id", "x", "y", "width", "height", "rotation", "visible", "gid",
     "points", "closed", "template", "image", "parent", "properties", "object_type")
)  # fmt: skip


class MapError(ValueError):
    """A map file that is missing or does not describe a valid set of regions."""


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
    tmx, images = _read_tmx(Path(path))
    _check_images(where, images)
    layer = _object_layer(where, tmx, region_layer)
    regions = _read_regions(where, layer)
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


def _read_tmx(path: Path) -> tuple[Any, list[str]]:
    if not path.is_file():
        raise MapError(f"{path}: map file not found")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx  # noqa: PLC0415 - heavy import (pulls in pygame quietly), only when a map is read

    _check_tileset_files(path)
    images: list[str] = []

    def no_op_loader(filename: str, colorkey: Any = None, **_kwargs: Any) -> Any:
        images.append(filename)
        return lambda rect=None, flags=None: (filename, rect, flags)

    try:
        tmx = pytmx.TiledMap(str(path), image_loader=no_op_loader)
    except ElementTree.ParseError as exc:
        raise MapError(f"{path}: XML parse error in a tileset ({exc})") from None
    except FileNotFoundError as exc:
        raise MapError(f"{path}: a file it refers to is missing ({exc.filename or exc})") from None
    except Exception as exc:  # pytmx raises bare Exception for several malformed inputs
        raise MapError(f"{path}: pytmx could not read it ({type(exc).__name__}: {exc})") from None
    return tmx, images


def _parse_xml(path: Path, owner: Path, what: str) -> ElementTree.Element:
    """The root element of ``path``; problems raise MapError naming ``owner`` (the map)."""
    try:
        return ElementTree.parse(path).getroot()
    except ElementTree.ParseError as exc:
        raise MapError(f"{owner}: XML parse error{what} ({exc})") from None
    except OSError as exc:
        raise MapError(f"{owner}: cannot be read{what} ({exc.strerror or exc})") from None


def _check_tileset_files(path: Path) -> None:
    root = _parse_xml(path, path, "")
    check_map_root(path, root)
    for node in root.iter("tileset"):
        source = node.get("source")
        if not source:
            continue
        tsx = path.parent / source
        if not tsx.is_file():
            raise MapError(f"{path}: tileset file {source!r} is missing")
        tag = _parse_xml(tsx, path, f" in tileset {source!r}").tag
        if tag != "tileset":
            raise MapError(f"{path}: tileset file {source!r} is not a Tiled tileset (root element <{tag}>)")

    for node in root.iter("object"):
        _check_reserved(path, node)


def _check_reserved(path: Path, node: ElementTree.Element) -> None:
    """No custom property of an object may shadow a built-in attribute (pytmx's default rule)."""
    for prop in node.iterfind("properties/property"):
        key = prop.get("name", "")
        if key in RESERVED_PROPERTIES:
            who = node.get("name") or node.get("id")
            hint = " (put a display name in a 'label' property)" if key == "name" else ""
            raise MapError(f"{path}: object {who!r} has a custom property {key!r} shadowing a built-in{hint}")


MAX_MAP_TILES = 4096  # per side; far above any table map


def check_map_root(path: Path, root: ElementTree.Element) -> None:
    """Refuse what is not a finite orthogonal Tiled map with a sane size, naming the file."""
    if root.tag != "map":
        raise MapError(f"{path}: is not a Tiled map (root element <{root.tag}>, expected <map>)")
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        raise MapError(f"{path}: {orientation!r} maps are not supported (orthogonal only)")
    if root.get("infinite", "0") != "0":
        raise MapError(f"{path}: infinite maps are not supported (set a fixed map size in Tiled)")
    for key in ("width", "height", "tilewidth", "tileheight"):
        value = root.get(key, "")
        if not value.isdigit() or not 0 < int(value) <= MAX_MAP_TILES:
            raise MapError(f"{path}: map attribute {key}={value!r} must be a whole number 1..{MAX_MAP_TILES}")


def _check_images(where: str, images: list[str]) -> None:
    for image in images:
        if not Path(image).is_file():
            raise MapError(f"{where}: tileset image {image!r} is missing")


def _object_layer(where: str, tmx: Any, name: str) -> Any:
    import pytmx  # noqa: PLC0415

    for layer in tmx.layers:
        if isinstance(layer, pytmx.TiledObjectGroup) and layer.name == name:
            return layer
    raise MapError(f"{where}: missing object layer {name!r}")


def _tile_layers(tmx: Any) -> tuple[TileLayer, ...]:
    import pytmx  # noqa: PLC0415

    return tuple(
        TileLayer(str(layer.name), int(layer.width), int(layer.height), bool(int(layer.visible)))
        for layer in tmx.layers
        if isinstance(layer, pytmx.TiledTileLayer)
    )


def _props(obj: Any) -> dict[str, str]:
    return {str(k): "" if v is None else str(v) for k, v in obj.properties.items()}


def _read_regions(where: str, layer: Any) -> dict[str, Region]:
    shapes: dict[str, tuple[tuple[Point, ...], dict[str, str]]] = {}
    labels: dict[str, Point] = {}
    for obj in layer:
        props = _props(obj)
        if hasattr(obj, "points"):
            name = _region_name(where, obj, shapes)
            shapes[name] = (_polygon(where, name, obj), props)
        elif obj.type == "label":
            _add_label(where, obj, props, labels)
        else:
            raise MapError(f"{where}: object {obj.name or obj.id!r} is neither a region polygon nor a label")
    if not shapes:
        raise MapError(f"{where}: the {layer.name!r} layer holds no region polygons")
    for key in labels:
        if key not in shapes:
            raise MapError(f"{where}: label for unknown region {key!r}")
    return {
        name: _region(where, name, poly, props, labels.get(name)) for name, (poly, props) in shapes.items()
    }


def _region_name(where: str, obj: Any, seen: dict[str, Any]) -> str:
    name = str(obj.name or "").strip()
    if not name:
        raise MapError(f"{where}: region polygon with id {obj.id} has no name")
    if name in seen:
        raise MapError(f"{where}: region {name!r} appears twice")
    if not getattr(obj, "closed", True):
        raise MapError(f"{where}: region {name!r} is a polyline, not a closed polygon (bad polygon)")
    return name


def _add_label(where: str, obj: Any, props: dict[str, str], labels: dict[str, Point]) -> None:
    key = props.get("region", "").strip()
    if not key:
        raise MapError(f"{where}: label object {obj.id} has no 'region' property")
    if key in labels:
        raise MapError(f"{where}: region {key!r} has two labels")
    labels[key] = (float(obj.x), float(obj.y))


def _region(
    where: str, name: str, poly: tuple[Point, ...], props: dict[str, str], label: Point | None
) -> Region:
    if "adjacent" not in props:
        raise MapError(f"{where}: region {name!r} has no 'adjacent' property")
    adjacent = tuple(n.strip() for n in props["adjacent"].split(",") if n.strip())
    if len(set(adjacent)) != len(adjacent):
        raise MapError(f"{where}: region {name!r} lists a neighbour twice")
    extra = {k: v for k, v in props.items() if k != "adjacent"}  # ``label`` stays readable here too
    return Region(
        name=name,
        polygon=poly,
        label_anchor=label if label is not None else centroid(poly),
        adjacent=adjacent,
        title=props.get("label", "") or name,
        properties=extra,
    )


def _polygon(where: str, name: str, obj: Any) -> tuple[Point, ...]:
    raw = obj.apply_transformations() if getattr(obj, "rotation", 0) else obj.points
    pts: list[Point] = []
    for p in raw:
        q = (float(p[0]), float(p[1]))
        if not pts or pts[-1] != q:
            pts.append(q)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    if len(set(pts)) < 3 or abs(signed_area(pts)) < 1e-6:
        raise MapError(f"{where}: region {name!r} has a bad polygon (fewer than 3 points or no area)")
    crossing = first_self_crossing(pts)
    if crossing is not None:
        raise MapError(
            f"{where}: region {name!r} has a bad polygon (edges {crossing[0]} and {crossing[1]} cross)"
        )
    return tuple(pts)


def _check_adjacency(where: str, regions: dict[str, Region]) -> None:
    for region in regions.values():
        for n in region.adjacent:
            if n == region.name:
                raise MapError(f"{where}: region {n!r} lists itself as adjacent")
            if n not in regions:
                raise MapError(f"{where}: region {region.name!r} lists unknown neighbour {n!r}")
            if region.name not in regions[n].adjacent:
                raise MapError(
                    f"{where}: asymmetric adjacency: {region.name!r} lists {n!r} but {n!r} does not list it"
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
    """The first pair of non-neighbouring edges that properly cross, or None."""
    n = len(pts)
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        lo_x, hi_x = min(a[0], b[0]), max(a[0], b[0])
        lo_y, hi_y = min(a[1], b[1]), max(a[1], b[1])
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            c, d = pts[j], pts[(j + 1) % n]
            if (
                max(c[0], d[0]) < lo_x
                or min(c[0], d[0]) > hi_x
                or max(c[1], d[1]) < lo_y
                or min(c[1], d[1]) > hi_y
            ):
                continue
            if _orient(a, b, c) * _orient(a, b, d) < 0 and _orient(c, d, a) * _orient(c, d, b) < 0:
                return (i, j)
    return None


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
            raise MapError(f"{self.path}: missing object layer {name!r}")
        return self.layers[name]

    def rectangles(self, layer: str) -> dict[str, MapObject]:
        """One layer's named rectangles by name (file order); any other object raises MapError."""
        out: dict[str, MapObject] = {}
        for obj in self.layer(layer):
            if not obj.name.strip() or not obj.is_rectangle:
                raise MapError(f"{self.path}: object {obj.id} in {layer!r} is not a named rectangle")
            if obj.name in out:
                raise MapError(f"{self.path}: area {obj.name!r} appears twice")
            out[obj.name] = obj
        return out

    def named(self, layer: str) -> dict[str, MapObject]:
        """One layer's objects by name (names must be unique and non-empty)."""
        out: dict[str, MapObject] = {}
        for obj in self.layer(layer):
            if not obj.name or obj.name in out:
                raise MapError(
                    f"{self.path}: layer {layer!r} has an unnamed or duplicate object {obj.name!r}"
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
    tmx, images = _read_tmx(Path(path))
    _check_images(where, images)
    import pytmx  # noqa: PLC0415

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
