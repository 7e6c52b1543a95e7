"""A Tiled board drawn as a table: its painted tile layers, region outlines and fills, hit tests.

Any table whose board is a Tiled map (``maps/*.tmx``) can show it with :class:`TiledBoard`: the
engine's loader (:mod:`crimson_table.engine.tiled`) gives the regions (polygons, label anchors,
neighbours) and pytmx with a small pygame image loader gives the tile layers, composed once into
one surface and cached per size.  Region fills take a colour index (``art.palette`` player colours)
with its colour-blind pattern; the legal-target glow pulses at 1 Hz (``drop_zone.pulse``).  All
positions are logical 1600x900 pixels.
"""

from __future__ import annotations

import math
import os
import weakref
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pygame

from crimson_table.engine.tiled import MapData, MapError, load_map
from crimson_table.ui.art.palette import darken, seat_colour
from crimson_table.ui.art.patterns import pattern_tile
from crimson_table.ui.art.surface_cache import MB, surface_cache
from crimson_table.ui.widgets.drop_zone import pulse
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_LIGHT, PARCHMENT, PARCHMENT_LIGHT, STONE

Point = tuple[float, float]
GLOW_FILL = 90  # the legal targets' gold fill at the pulse's height (alpha; their edge is opaque)
GLOW_FLOOR = 0.45  # and at its trough, that times as strong (the edge fades to 115, the fill to 40)


def _tile_loader(filename: str, colorkey: Any = None, **_kwargs: Any) -> Any:
    """pytmx image loader: the tileset image loaded once (no display needed), tiles cut from it."""
    sheet = pygame.image.load(filename)

    def extract(rect: Any = None, flags: Any = None) -> pygame.Surface:
        tile = sheet.subsurface(pygame.Rect(rect)) if rect else sheet
        if flags is not None and (flags.flipped_horizontally or flags.flipped_vertically):
            tile = pygame.transform.flip(
                tile, bool(flags.flipped_horizontally), bool(flags.flipped_vertically)
            )
        if flags is not None and flags.flipped_diagonally:
            tile = pygame.transform.flip(pygame.transform.rotate(tile, 270), True, False)
        return tile

    return extract


def tile_image(path: str) -> pygame.Surface:
    """Every visible tile layer of the map at its own size (not kept: only the scaled board is).

    The map has passed the engine's checks (sizes, tile ids, PNG headers); what can still fail is
    decoding a damaged image, which raises MapError naming the map like any other map problem.
    """
    try:
        return _draw_tiles(path)
    except MapError:
        raise
    except Exception as exc:  # noqa: BLE001 - pygame and pytmx raise many kinds for a damaged image
        raise MapError(path, "tiles", f"cannot be drawn ({type(exc).__name__}: {str(exc)[:200]})") from None


def _draw_tiles(path: str) -> pygame.Surface:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx  # noqa: PLC0415 - heavy, only when a table opens

    tmx = pytmx.TiledMap(path, image_loader=_tile_loader)
    surface = pygame.Surface((tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight))
    surface.fill(PARCHMENT)
    for layer in tmx.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, image in layer.tiles():
                surface.blit(image, (x * tmx.tilewidth, y * tmx.tileheight))
    return surface


@lru_cache(maxsize=4)
def map_data(path: str) -> MapData:
    """The regions of a map (polygons, anchors, neighbours) in map pixels."""
    return load_map(path)


# Each map's art is kept while a board shows it (`forget_unused_maps`): one board at table size is
# 2-4 MB, a region's fill 10-60 KB.
@surface_cache(max_bytes=8 * MB)
def _base(path: str, size: tuple[int, int], border: tuple[int, int, int, int]) -> pygame.Surface:
    """The tiles scaled to ``size`` with the region borders drawn over them in ``border`` (RGBA)."""
    data = map_data(path)
    sx, sy = size[0] / data.width_px, size[1] / data.height_px
    surface = pygame.transform.smoothscale(tile_image(path), size)
    borders = pygame.Surface(size, pygame.SRCALPHA)
    for region in data.regions.values():
        pygame.draw.polygon(borders, border, [(x * sx, y * sy) for x, y in region.polygon], 2)
    surface.blit(borders, (0, 0))
    return surface.convert() if pygame.display.get_surface() is not None else surface


def _pattern_field(colour: int, box: pygame.Rect, patterned: bool) -> pygame.Surface:
    """A field of a player colour (and its pattern, tiled from the board's origin so neighbouring
    regions line up) the size of ``box``."""
    field = pygame.Surface(box.size, pygame.SRCALPHA)
    field.fill(seat_colour(colour))
    if patterned:
        tile = pattern_tile(colour, (32, 32))
        for y in range(box.y - box.y % 32, box.bottom, 32):
            for x in range(box.x - box.x % 32, box.right, 32):
                field.blit(tile, (x - box.x, y - box.y))
    return field


@surface_cache(max_bytes=4 * MB)
def _region_fill(
    path: str, key: str, size: tuple[int, int], colour: int, patterned: bool, alpha: int
) -> tuple[pygame.Surface, tuple[int, int]]:
    """A region tinted in a player colour (and pattern), cut to its outline."""
    data = map_data(path)
    sx, sy = size[0] / data.width_px, size[1] / data.height_px
    points = [(x * sx, y * sy) for x, y in data.regions[key].polygon]
    box = pygame.Rect(bbox(points)).clip(pygame.Rect((0, 0), size))
    fill = _pattern_field(colour, box, patterned)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, alpha), [(x - box.x, y - box.y) for x, y in points])
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return fill, box.topleft


def bbox(points: list[Point]) -> tuple[int, int, int, int]:
    """The integer bounding box (x, y, w, h) of some points."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    return (left, top, math.ceil(max(xs)) - left + 1, math.ceil(max(ys)) - top + 1)


_BOARDS: weakref.WeakSet[TiledBoard] = weakref.WeakSet()  # every board alive, for forget_unused_maps


def forget_unused_maps() -> int:
    """Let go of the drawn art (scaled tiles, region fills) of every map no live board shows: the
    table that showed it has closed (call after a collection).  Returns how many images went."""
    shown = {board.path for board in _BOARDS}
    return sum(cache.forget(lambda args: args[0] not in shown) for cache in (_base, _region_fill))


class TiledBoard:
    """A Tiled map scaled into ``rect`` (keeping its aspect): drawing and hit tests."""

    BORDER: tuple[int, int, int, int] = (*darken(STONE, 0.55), 150)  # the region outlines (RGBA)

    def __init__(self, path: str, rect: pygame.Rect) -> None:
        self.path = str(path)
        _BOARDS.add(self)
        self.data = map_data(self.path)
        self.keys: tuple[str, ...] = tuple(self.data.regions)
        self.rect = pygame.Rect(rect)
        self.sx = self.rect.width / self.data.width_px
        self.sy = self.rect.height / self.data.height_px
        self._overlay = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self.polygons = {
            k: [(x * self.sx, y * self.sy) for x, y in r.polygon] for k, r in self.data.regions.items()
        }
        self.anchors = {k: self.to_screen(r.label_anchor) for k, r in self.data.regions.items()}
        self.boxes = {k: pygame.Rect(bbox(p)).inflate(8, 8) for k, p in self.polygons.items()}
        self._layer: tuple[object, pygame.Surface] | None = None
        self._glow: tuple[frozenset[str], pygame.Surface, tuple[int, int]] | None = None

    def cached_layer(self, key: object, build: Callable[[pygame.Surface], None]) -> pygame.Surface:
        """A board-sized layer drawn by ``build`` once per ``key`` (what changes only with the position:
        tiles, tints, pieces), so a frame blits it instead of redrawing it."""
        if self._layer is None or self._layer[0] != key:
            layer = (
                pygame.Surface(self.rect.size).convert()
                if pygame.display.get_surface()
                else pygame.Surface(self.rect.size)
            )
            build(layer)
            self._layer = (key, layer)
        return self._layer[1]

    def to_screen(self, point: Point) -> Point:
        """Map pixels -> logical pixels."""
        return (self.rect.x + point[0] * self.sx, self.rect.y + point[1] * self.sy)

    def area_rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle of the map (a named card area) in logical pixels."""
        left, top = self.to_screen((x, y))
        return pygame.Rect(round(left), round(top), round(w * self.sx), round(h * self.sy))

    def neighbours(self, key: str) -> tuple[str, ...]:
        """The region's neighbours as the map lists them."""
        return self.data.regions[key].adjacent

    def region_at(self, pos: tuple[int, int]) -> str | None:
        """The region under a logical point, or None."""
        if not self.rect.collidepoint(pos):
            return None
        return self.data.region_at((pos[0] - self.rect.x) / self.sx, (pos[1] - self.rect.y) / self.sy)

    def inside_point(self, key: str) -> tuple[int, int]:
        """A logical point inside the region (its label anchor when that is inside)."""
        ax, ay = self.anchors[key]
        if self.region_at((round(ax), round(ay))) == key:
            return (round(ax), round(ay))
        left, top, width, height = bbox(self.polygons[key])
        for fy in range(1, 10):
            for fx in range(1, 10):
                point = (
                    round(self.rect.x + left + width * fx / 10),
                    round(self.rect.y + top + height * fy / 10),
                )
                if self.region_at(point) == key:
                    return point
        raise ValueError(f"no point inside region {key!r}")

    # -- drawing ------------------------------------------------------------------------------------------
    def draw_base(self, surface: pygame.Surface, origin: tuple[int, int] | None = None) -> None:
        """The painted tiles and the region borders (at ``origin``: the board's place by default)."""
        image, at = self.base_layer()
        surface.blit(image, at if origin is None else origin)

    def base_layer(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The painted tiles and the region borders and where they go (a table's backdrop may hold them)."""
        return _base(self.path, self.rect.size, self.BORDER), self.rect.topleft

    def fill(
        self,
        surface: pygame.Surface,
        key: str,
        colour: int,
        patterned: bool,
        alpha: int = 120,
        origin: tuple[int, int] | None = None,
    ) -> None:
        """Tint one region in player colour ``colour`` (with its pattern when ``patterned``)."""
        image, offset = _region_fill(self.path, key, self.rect.size, colour, patterned, alpha)
        x, y = self.rect.topleft if origin is None else origin
        surface.blit(image, (x + offset[0], y + offset[1]))

    def draw_marks(
        self,
        surface: pygame.Surface,
        time_s: float,
        glow: set[str] | frozenset[str] = frozenset(),
        hover: str | None = None,
        focus: str | None = None,
        battle: str | None = None,
    ) -> None:
        """The battle in crimson, legal targets glowing gold over it (pulsing 1 Hz: a defender's garrison
        in the attacked region must show as a choice), the hovered region and its neighbours lightened,
        a keyboard focus ring."""
        if battle:
            self._draw_overlay(surface, {battle}, lambda overlay: self._battle(overlay, battle))
        if glow:  # drawn once per set of targets; the pulse is the layer's alpha
            layer, at = self._glow_layer(frozenset(glow))
            layer.set_alpha(round(255 * (GLOW_FLOOR + (1 - GLOW_FLOOR) * pulse(time_s))))
            surface.blit(layer, at)
        keys = {focus} if focus else set()
        if hover:
            keys |= {hover, *self.neighbours(hover)}
        if keys:
            self._draw_overlay(surface, keys, lambda overlay: self._pointer_marks(overlay, hover, focus))

    def _draw_overlay(
        self, surface: pygame.Surface, keys: set[str], paint: Callable[[pygame.Surface], None]
    ) -> None:
        """``paint`` on the shared overlay, cleared and blitted only over the part ``keys`` cover."""
        area = self._area(keys)
        overlay = self._overlay
        overlay.fill((0, 0, 0, 0), area)
        paint(overlay)
        surface.blit(overlay, (self.rect.x + area.x, self.rect.y + area.y), area)

    def _battle(self, overlay: pygame.Surface, battle: str) -> None:
        pygame.draw.polygon(overlay, (*CRIMSON, 70), self.polygons[battle])
        pygame.draw.polygon(overlay, (*CRIMSON, 255), self.polygons[battle], 4)

    def _pointer_marks(self, overlay: pygame.Surface, hover: str | None, focus: str | None) -> None:
        if hover:
            for key in self.neighbours(hover):
                pygame.draw.polygon(overlay, (255, 255, 255, 26), self.polygons[key])
                pygame.draw.polygon(overlay, (*PARCHMENT_LIGHT, 160), self.polygons[key], 2)
            pygame.draw.polygon(overlay, (255, 255, 255, 56), self.polygons[hover])
            pygame.draw.polygon(overlay, (*PARCHMENT_LIGHT, 255), self.polygons[hover], 3)
        if focus:
            pygame.draw.polygon(overlay, (255, 255, 255, 255), self.polygons[focus], 4)

    def _area(self, keys: set[str] | frozenset[str]) -> pygame.Rect:
        """The part of the board the regions ``keys`` cover (board pixels)."""
        first = self.boxes[next(iter(keys))]
        return first.unionall([self.boxes[k] for k in keys]).clip(self._overlay.get_rect())

    def _glow_layer(self, glow: frozenset[str]) -> tuple[pygame.Surface, tuple[int, int]]:
        """The gold glow of ``glow`` at full strength, the size of the part it covers, and where it goes
        (one set kept: the targets change only with the decision, the pulse every frame)."""
        if self._glow is None or self._glow[0] != glow:
            area = self._area(glow)
            layer = pygame.Surface(area.size, pygame.SRCALPHA)
            shift = (-area.x, -area.y)
            for key in sorted(glow):  # a fixed order: overlapping glows draw the same every run
                points = [(x + shift[0], y + shift[1]) for x, y in self.polygons[key]]
                pygame.draw.polygon(layer, (*GOLD, GLOW_FILL), points)
                pygame.draw.polygon(layer, (*GOLD_LIGHT, 255), points, 3)
            self._glow = (glow, layer, (self.rect.x + area.x, self.rect.y + area.y))
        return self._glow[1], self._glow[2]
