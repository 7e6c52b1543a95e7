"""What a Tiled map file may hold before pytmx reads it: limits, folders, images, tile data.

Players are invited to edit ``maps/*.tmx`` in the Tiled editor, so a map is input from outside
the program.  Everything here runs on the raw XML *before* pytmx builds anything, so that a
damaged or hostile file is refused quickly, with one :class:`MapError` naming the file, the
object and the problem, instead of hanging the app, filling its memory, reading a file outside
the maps folder or crashing the table later.  The limits sit far above the real maps (in
brackets: the largest the bundled maps use).

The XML itself is parsed by expat (Python's ``xml.etree``), which refuses external entities
and a nested entity expansion ("billion laughs") as a parse error.
"""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the XML and codec modules load with the first map, not with the menu
    from xml.etree import ElementTree

MAX_FILE_BYTES = 2 * 1024 * 1024  # a map or tileset file (55 kB)
MAX_MAP_TILES = 512  # tiles per side of the map (48)
MAX_TILE_PX = 256  # a tile's width or height in pixels (64)
MAX_MAP_PX = 4096  # the map's width or height in pixels (1536)
MAX_IMAGE_PX = 4096  # a tileset image's width or height in pixels (1344)
MAX_OUTLINE_POINTS = 1000  # points of one polygon or polyline (351)
MAX_MAP_POINTS = 10_000  # points of every outline of the map together (3477)
MAX_LABEL_CHARS = 40  # a ``label`` property: a name players read on the board (24)
MAX_TEXT_CHARS = 500  # any other name or property value (63)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
GID_FLAGS = 0xE0000000  # Tiled's flip bits on a tile id (horizontal, vertical, diagonal)
_WHOLE = re.compile(r"[+-]?[0-9]{1,10}")  # ASCII digits only: "²".isdigit() is True, int("²") fails
# Attributes pytmx casts (its ``types`` table): each must cast cleanly and, for numbers, be finite.
INT_ATTRIBUTES = frozenset(
    ("columns", "duration", "firstgid", "gid", "id", "margin", "nextobjectid", "offsetx", "offsety",
     "spacing", "tile", "tilecount", "tileheight", "tileid", "tilewidth")
)  # fmt: skip
FLOAT_ATTRIBUTES = frozenset(
    ("height", "hexsidelength", "opacity", "pixelsize", "probability", "rotation", "width", "x", "y")
)
BOOL_ATTRIBUTES = frozenset(("bold", "italic", "kerning", "strikeout", "underline", "visible", "wrap"))
BOOL_WORDS = frozenset(("", "0", "1", "true", "false"))


class MapError(Exception):  # noqa: N818 - the name every caller knows
    """A map that cannot be used: ``path`` (the map file), ``obj`` (the object, layer or tileset
    at fault, or "" for the map as a whole) and ``problem`` (what is wrong, in words).

    Every problem of every map raises this one type (the campaign's is a subclass), so the game
    registry can set a game aside when its map is broken while the others play on; it is not a
    ``ValueError``, so no save is ever blamed for it.

    >>> str(MapError("maps/x.tmx", "region 'a'", "has no 'adjacent' property"))
    "maps/x.tmx: region 'a': has no 'adjacent' property"
    >>> MapError("maps/x.tmx", "", "map file not found").brief
    'x.tmx: map file not found'
    """

    def __init__(self, path: str | Path, obj: str, problem: str) -> None:
        self.path, self.obj, self.problem = str(path), obj, problem
        super().__init__(self._text(self.path))

    def _text(self, where: str) -> str:
        return f"{where}: {self.obj}: {self.problem}" if self.obj else f"{where}: {self.problem}"

    @property
    def file_name(self) -> str:
        """The map's file name without its folder (``crimson_keep_board.tmx``)."""
        return Path(self.path).name

    @property
    def brief(self) -> str:
        """The message with the file name only, for a player's eyes."""
        return self._text(self.file_name)

    def __reduce__(self) -> tuple[type[MapError], tuple[str, str, str]]:
        return (type(self), (self.path, self.obj, self.problem))


def parse_xml(path: Path, owner: Path, what: str) -> ElementTree.Element:
    """The root element of ``path`` (the map ``owner`` or one of its tilesets, ``what``), refused
    above ``MAX_FILE_BYTES`` or when it is not well-formed XML."""
    from xml.etree import ElementTree  # noqa: PLC0415 - see the import at the top

    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise MapError(owner, what, f"is {size} bytes, more than the limit of {MAX_FILE_BYTES}")
        return ElementTree.parse(path).getroot()
    except ElementTree.ParseError as exc:
        raise MapError(owner, what, f"XML parse error ({exc})") from None
    except OSError as exc:
        raise MapError(owner, what, f"cannot be read ({exc.strerror or exc})") from None


def inside_folder(owner: Path, base: Path, source: str, what: str) -> Path:
    """``source`` (as written in ``owner`` or one of its tilesets, relative to ``base``) resolved,
    refused unless it lies inside the map's own folder: a map may not open other files."""
    folder = owner.resolve().parent
    try:
        target = (base / source).resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        raise MapError(owner, what, f"refers to a path that cannot be followed ({exc})") from None
    if not target.is_relative_to(folder):
        raise MapError(owner, what, f"refers to {source!r}, outside the map's folder")
    return target


def png_size(path: Path) -> tuple[int, int] | None:
    """The pixel size a PNG file's header declares, or None when it is not a PNG."""
    try:
        with path.open("rb") as handle:
            head = handle.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", head[16:24])
    return int(width), int(height)


def whole(owner: Path, what: str, key: str, raw: str | None, low: int, high: int) -> int:
    """An attribute that must be a whole number in ``low..high`` (ASCII digits only)."""
    if raw is None or not _WHOLE.fullmatch(raw.strip()) or not low <= int(raw) <= high:
        span = "" if low <= -(2**31) else f" {low}..{high}"
        raise MapError(owner, what, f"{key}={_short(raw)} must be a whole number{span}")
    return int(raw)


def finite(owner: Path, what: str, key: str, raw: str) -> float:
    """An attribute or coordinate that must be a finite number."""
    try:
        value = float(raw) if len(raw) <= 40 else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise MapError(owner, what, f"{key}={_short(raw)} is not a finite number")
    return value


def _short(raw: str | None) -> str:
    return repr(raw) if raw is None or len(raw) <= 24 else repr(raw[:24] + "...")


def describe(node: ElementTree.Element) -> str:
    """How a message names an element: ``object 'siena' (id 7)``, ``layer 'terrain'``, ``map``."""
    kind = {"objectgroup": "layer", "layer": "layer", "imagelayer": "layer", "group": "layer"}.get(
        node.tag, node.tag
    )
    name, oid = node.get("name"), node.get("id")
    if name and oid and node.tag == "object":
        return f"object {name[:40]!r} (id {oid})"
    if name:
        return f"{kind} {name[:40]!r}"
    return f"{kind} {oid}" if oid else kind


OWNERS = frozenset(("map", "tileset", "tile", "layer", "objectgroup", "imagelayer", "group", "object"))


def check_attributes(owner: Path, root: ElementTree.Element, where: str = "") -> None:
    """Every attribute pytmx will cast casts cleanly (numbers finite); every text is short.  A
    message names the element (or, for a property, the element it belongs to)."""
    todo = [(root, where or describe(root))]
    while todo:  # no recursion: the XML may nest deeply
        node, context = todo.pop()
        if node.tag in OWNERS and node is not root:
            context = f"{where}, {describe(node)}" if where else describe(node)
        if node.tag == "property":
            check_property(owner, f"{context}, property {node.get('name', '')[:40]!r}", node)
        for key, raw in node.items():
            _check_attribute(owner, context if node.tag in OWNERS else f"{context}, <{node.tag}>", key, raw)
        todo.extend((child, context) for child in node)


def _check_attribute(owner: Path, what: str, key: str, raw: str) -> None:
    if key in INT_ATTRIBUTES:
        whole(owner, what, key, raw, -(2**31), 2**32 - 1)
    elif key in FLOAT_ATTRIBUTES:
        finite(owner, what, key, raw)
    elif key in BOOL_ATTRIBUTES and raw.strip().lower() not in BOOL_WORDS:
        raise MapError(owner, what, f"{key}={_short(raw)} must be true or false")
    elif key != "points" and len(raw) > MAX_TEXT_CHARS:
        raise MapError(owner, what, f"{key} is {len(raw)} characters long (at most {MAX_TEXT_CHARS})")


def check_property(owner: Path, what: str, node: ElementTree.Element) -> None:
    """A custom property: its text within its limit, a typed value that casts."""
    name = node.get("name", "")
    text = node.get("value")
    text = node.text or "" if text is None else text
    limit = MAX_LABEL_CHARS if name == "label" else MAX_TEXT_CHARS
    if len(text) > limit:
        raise MapError(owner, what, f"is {len(text)} characters long (at most {limit})")
    kind = node.get("type", "string")
    if kind in ("int", "object"):
        whole(owner, what, "value", text, -(2**31), 2**31 - 1)
    elif kind == "float":
        finite(owner, what, "value", text)
    elif kind == "bool" and text.strip().lower() not in BOOL_WORDS:
        raise MapError(owner, what, f"value {_short(text)} must be true or false")
    elif kind == "class":
        raise MapError(owner, what, "has a class-typed value, which the app cannot read")


def tile_gids(owner: Path, what: str, data: ElementTree.Element, count: int) -> Iterator[int]:
    """The ``count`` tile ids of a layer's ``<data>``, decoded within bounds (CSV or Base64,
    uncompressed, zlib or gzip); anything else, or another count, raises MapError."""
    encoding, compression = data.get("encoding"), data.get("compression")
    text = (data.text or "").strip()
    if data.find("chunk") is not None:
        raise MapError(owner, what, "holds chunks (an infinite map); set a fixed map size in Tiled")
    if encoding == "csv" and not compression:
        cells = text.split(",")
        if len(cells) != count or not all(_WHOLE.fullmatch(c.strip()) for c in cells):
            raise MapError(owner, what, f"tile data must be {count} whole numbers separated by commas")
        return (int(c) for c in cells)
    if encoding == "base64" and compression in (None, "", "zlib", "gzip"):
        return _base64_gids(owner, what, text, compression or "", count)
    raise MapError(
        owner, what, f"tile data encoded as {encoding or 'XML'} {compression or ''} is not supported "
        "(use CSV or Base64 in Tiled's map properties)",
    )  # fmt: skip


def _base64_gids(owner: Path, what: str, text: str, compression: str, count: int) -> Iterator[int]:
    import base64  # noqa: PLC0415 - rare: Tiled writes CSV unless asked
    import zlib  # noqa: PLC0415

    try:
        raw = base64.b64decode(text, validate=False)
        if compression:
            inflater = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
            raw = inflater.decompress(raw, 4 * count + 1)  # bounded: a small file may inflate to gigabytes
            if inflater.unused_data or not inflater.eof:  # pytmx would inflate a second stream unbounded
                raise MapError(owner, what, f"tile data must be one compressed stream of {count} tiles")
    except (ValueError, zlib.error) as exc:
        raise MapError(owner, what, f"tile data cannot be decoded ({exc})") from None
    if len(raw) != 4 * count:
        raise MapError(owner, what, f"tile data must hold {count} tiles")
    return iter(struct.unpack(f"<{count}L", raw))


# Attributes pytmx sets on a map object itself: a custom property of the same name would shadow
# it, and pytmx's default settings refuse the file.  A display name goes in ``label``.
RESERVED_PROPERTIES = frozenset(
    ("name", "type", "class", "id", "x", "y", "width", "height", "rotation", "visible", "gid",
     "points", "closed", "template", "image", "parent", "properties", "object_type")
)  # fmt: skip


def check_map_file(path: Path) -> None:
    """Everything about the file and the files it refers to that pytmx would trip over, hang on
    or follow out of the maps folder; the first problem raises :class:`MapError`."""
    root = parse_xml(path, path, "")
    check_map_root(path, root)
    check_attributes(path, root)
    tilesets = [_tileset(path, node) for node in root.iter("tileset")]
    for node in root.iter("imagelayer"):
        image = node.find("image")
        _check_image(path, describe(node), path.parent, None if image is None else image.get("source"), None)
    for node in root.iter("layer"):
        _check_tile_layer(path, node, tilesets)
    _check_objects(path, root, tilesets)


def check_map_root(path: Path, root: ElementTree.Element) -> None:
    """Refuse what is not a finite orthogonal Tiled map within the size limits, naming the file."""
    if root.tag != "map":
        raise MapError(path, "", f"is not a Tiled map (root element <{root.tag[:40]}>, expected <map>)")
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        raise MapError(path, "", f"{orientation[:40]!r} maps are not supported (orthogonal only)")
    if root.get("infinite", "0") != "0":
        raise MapError(path, "", "infinite maps are not supported (set a fixed map size in Tiled)")
    tiles = [whole(path, "map", key, root.get(key), 1, MAX_MAP_TILES) for key in ("width", "height")]
    size = [whole(path, "map", key, root.get(key), 1, MAX_TILE_PX) for key in ("tilewidth", "tileheight")]
    for axis, count, px in zip(("width", "height"), tiles, size, strict=True):
        if count * px > MAX_MAP_PX:
            raise MapError(
                path, "map", f"is {count * px} pixels in {axis}, more than the limit of {MAX_MAP_PX}"
            )


class _Tileset:
    """The tile ids one tileset answers for: those whose picture lies inside its image."""

    def __init__(self, firstgid: int, columns: int, usable: tuple[int, int]) -> None:
        self.firstgid, self.columns, self.usable = firstgid, columns, usable

    def holds(self, tile_id: int) -> bool:
        """True when ``tile_id`` (flip bits removed) is one of this tileset's tiles."""
        index = tile_id - self.firstgid
        if index < 0 or self.columns == 0:
            return False
        return index % self.columns < self.usable[0] and index // self.columns < self.usable[1]


def _tileset(owner: Path, node: ElementTree.Element) -> _Tileset:
    """One ``<tileset>`` of the map (inline, or its ``.tsx`` file inside the maps folder)."""
    source = node.get("source")
    what = f"tileset {source[:60]!r}" if source else describe(node)
    firstgid = whole(owner, what, "firstgid", node.get("firstgid"), 1, 2**28)
    if not source:
        return _tileset_grid(owner, what, node, owner.parent, firstgid)
    tsx = inside_folder(owner, owner.parent, source, what)
    if not tsx.is_file():
        raise MapError(owner, what, "is missing")
    root = parse_xml(tsx, owner, what)
    if root.tag != "tileset":
        raise MapError(owner, what, f"is not a Tiled tileset (root element <{root.tag[:40]}>)")
    check_attributes(owner, root, what)
    return _tileset_grid(owner, what, root, tsx.parent, firstgid)


def _tileset_grid(owner: Path, what: str, node: ElementTree.Element, base: Path, firstgid: int) -> _Tileset:
    """The tileset's image checked and cut as pytmx cuts it (its own column count; only the
    tiles whose rectangle lies inside the image can be drawn)."""
    if any(tile.find("image") is not None for tile in node.iter("tile")):
        raise MapError(owner, what, "has tiles with images of their own (use one image for the tileset)")
    tile = [whole(owner, what, key, node.get(key), 1, MAX_TILE_PX) for key in ("tilewidth", "tileheight")]
    margin = whole(owner, what, "margin", node.get("margin", "0"), 0, MAX_TILE_PX)
    spacing = whole(owner, what, "spacing", node.get("spacing", "0"), 0, MAX_TILE_PX)
    image = node.find("image")
    if image is None:
        raise MapError(owner, what, "has no image")
    size = [
        whole(owner, what, f"image {key}", image.get(key), 1, MAX_IMAGE_PX) for key in ("width", "height")
    ]
    _check_image(owner, what, base, image.get("source"), (size[0], size[1]))
    pytmx_columns = len(range(margin, size[0] + margin - tile[0] + 1, tile[0] + spacing))
    usable = [
        max(0, (side - margin - step) // (step + spacing) + 1) for side, step in zip(size, tile, strict=True)
    ]
    return _Tileset(firstgid, pytmx_columns, (min(usable[0], pytmx_columns), usable[1]))


def _check_image(
    owner: Path, what: str, base: Path, source: str | None, declared: tuple[int, int] | None
) -> None:
    """An image the map uses: inside the maps folder, a PNG within the limit, at least as large
    as the size the tileset declares (pytmx cuts tiles by the declared size)."""
    if not source:
        raise MapError(owner, what, "has an image without a source file")
    target = inside_folder(owner, base, source, f"{what} image {source[:60]!r}")
    if not target.is_file():
        raise MapError(owner, what, f"image {source[:60]!r} is missing")
    size = png_size(target)
    if size is None:
        raise MapError(owner, what, f"image {source[:60]!r} is not a PNG image")
    if max(size) > MAX_IMAGE_PX:
        raise MapError(
            owner,
            what,
            f"image {source[:60]!r} is {size[0]}x{size[1]} pixels (at most {MAX_IMAGE_PX} a side)",
        )
    if declared is not None and (size[0] < declared[0] or size[1] < declared[1]):
        raise MapError(
            owner, what, f"image {source[:60]!r} is {size[0]}x{size[1]} pixels, smaller than the "
            f"{declared[0]}x{declared[1]} the tileset declares",
        )  # fmt: skip


def _check_tile_layer(owner: Path, node: ElementTree.Element, tilesets: list[_Tileset]) -> None:
    what = describe(node)
    width, height = (whole(owner, what, key, node.get(key), 1, MAX_MAP_TILES) for key in ("width", "height"))
    data = node.find("data")
    if data is None:
        raise MapError(owner, what, "has no tile data")
    for gid in set(tile_gids(owner, what, data, width * height)):
        _check_gid(owner, what, gid, tilesets)


def _check_gid(owner: Path, what: str, gid: int, tilesets: list[_Tileset]) -> None:
    """A tile id in a layer or on a tile object: 0 (no tile) or a tile some tileset holds."""
    tile_id = gid & ~GID_FLAGS if gid >= 0 else gid
    if tile_id and not any(ts.holds(tile_id) for ts in tilesets):
        raise MapError(owner, what, f"uses tile id {gid}, which no tileset holds")


def _check_objects(owner: Path, root: ElementTree.Element, tilesets: list[_Tileset]) -> None:
    """Every object: no custom property shadowing a built-in, a tile id some tileset holds, and
    its rectangle and points finite and on the map (an outline within the point limits)."""
    bounds = _map_bounds(root)
    total = 0
    for node in root.iter("object"):
        what = describe(node)
        _check_reserved(owner, node)
        if node.get("gid"):
            _check_gid(owner, what, int(node.get("gid", "0")), tilesets)
        x, y = float(node.get("x", "0")), float(node.get("y", "0"))
        corner = (x + float(node.get("width", "0")), y + float(node.get("height", "0")))
        for point in ((x, y), corner):
            on_map(owner, what, point, bounds)
        for shape in ("polygon", "polyline"):
            outline = node.find(shape)
            if outline is not None:
                total += _check_outline(owner, what, outline.get("points", ""), (x, y), bounds)
    if total > MAX_MAP_POINTS:
        raise MapError(owner, "", f"its outlines hold {total} points together (at most {MAX_MAP_POINTS})")


Bounds = tuple[float, float, float, float]


def map_bounds(tiles: tuple[int, int], tile_size: tuple[int, int]) -> Bounds:
    """Where objects may lie on a map of ``tiles`` (across, down) of ``tile_size`` pixels: its area
    and one tile beyond each edge (a vertex dragged a little past the edge in Tiled is fine)."""
    tw, th = tile_size
    return (-tw, -th, (tiles[0] + 1) * tw, (tiles[1] + 1) * th)


def _map_bounds(root: ElementTree.Element) -> Bounds:
    size = [int(root.get(key, "0")) for key in ("width", "height", "tilewidth", "tileheight")]
    return map_bounds((size[0], size[1]), (size[2], size[3]))


def on_map(owner: Path | str, what: str, point: tuple[float, float], bounds: Bounds) -> None:
    """Refuse a point off the map (``bounds``: left, top, right, bottom in map pixels)."""
    x, y = point
    if not (bounds[0] <= x <= bounds[2] and bounds[1] <= y <= bounds[3]):
        raise MapError(owner, what, f"has a point at ({x:.6g}, {y:.6g}), off the map")


def _check_outline(owner: Path, what: str, text: str, origin: tuple[float, float], bounds: Bounds) -> int:
    pairs = text.split()
    if len(pairs) > MAX_OUTLINE_POINTS:
        raise MapError(owner, what, f"has an outline of {len(pairs)} points (at most {MAX_OUTLINE_POINTS})")
    for pair in pairs:
        parts = pair.split(",")
        if len(parts) != 2:
            raise MapError(owner, what, f"has a point {_short(pair)} that is not x,y")
        dx, dy = (finite(owner, what, "point", part) for part in parts)
        on_map(owner, what, (origin[0] + dx, origin[1] + dy), bounds)
    return len(pairs)


def _check_reserved(owner: Path, node: ElementTree.Element) -> None:
    """No custom property of an object may shadow a built-in attribute (pytmx's default rule)."""
    for prop in node.iterfind("properties/property"):
        key = prop.get("name", "")
        if key in RESERVED_PROPERTIES:
            who = f"object {(node.get('name') or node.get('id') or '')[:40]!r}"
            hint = " (put a display name in a 'label' property)" if key == "name" else ""
            raise MapError(owner, who, f"has a custom property {key!r} shadowing a built-in{hint}")
