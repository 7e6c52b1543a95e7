"""The map of Italy on the Condottiere table: tiles, regions, markers, tokens and hit tests.

The Tiled map (``maps/condottiere_italy.tmx``) is read twice: the engine's loader
(:mod:`crimson_table.engine.tiled`) gives the region polygons, label anchors and neighbours; pytmx
with a small pygame image loader gives the tile layers, which are composed once into one surface
and cached per size.  Every position here is in logical 1600x900 coordinates.
"""

from __future__ import annotations

import math
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from crimson_table.engine.condottiere.board import MAP_FILE
from crimson_table.engine.tiled import MapData, load_map
from crimson_table.resources import map_path
from crimson_table.ui.art.emblems import emblem
from crimson_table.ui.art.palette import darken, seat_colour
from crimson_table.ui.art.patterns import pattern_tile
from crimson_table.ui.widgets import badge, fonts
from crimson_table.ui.widgets.drop_zone import pulse
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_LIGHT, INK, PARCHMENT, PARCHMENT_LIGHT, STONE

Point = tuple[float, float]
MARKER_SIZE = 30
TOKEN_SIZE = 38
LABEL_SIZE = 15


# -- the composed tile map ---------------------------------------------------------------------------


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


@lru_cache(maxsize=1)
def tile_map(path: str) -> pygame.Surface:
    """Every visible tile layer of the map, drawn at its own size (800x800 for Italy)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx  # noqa: PLC0415 - heavy, only when the table opens

    tmx = pytmx.TiledMap(path, image_loader=_tile_loader)
    surface = pygame.Surface((tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight))
    surface.fill(PARCHMENT)
    for layer in tmx.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, image in layer.tiles():
                surface.blit(image, (x * tmx.tilewidth, y * tmx.tileheight))
    return surface


@lru_cache(maxsize=1)
def italy_map() -> MapData:
    """The regions of the map (polygons, anchors, neighbours) in map pixels."""
    return load_map(map_path(MAP_FILE))


@lru_cache(maxsize=4)
def _base(size: int) -> pygame.Surface:
    """Tiles scaled to ``size``, region borders and a gold frame (cached per size)."""
    data = italy_map()
    scale = size / data.width_px
    surface = pygame.transform.smoothscale(tile_map(str(Path(data.path))), (size, size))
    borders = pygame.Surface((size, size), pygame.SRCALPHA)
    for region in data.regions.values():
        points = [(x * scale, y * scale) for x, y in region.polygon]
        pygame.draw.polygon(borders, (*darken(STONE, 0.45), 170), points, 2)
    surface.blit(borders, (0, 0))
    return surface


@lru_cache(maxsize=12)
def _pattern_field(seat: int, size: tuple[int, int], patterned: bool) -> pygame.Surface:
    """A field of the seat's colour with its pattern repeated in small tiles (seamless at 32 px)."""
    field = pygame.Surface(size, pygame.SRCALPHA)
    field.fill(seat_colour(seat))
    if patterned:
        tile = pattern_tile(seat, (32, 32))
        for y in range(0, size[1], 32):
            for x in range(0, size[0], 32):
                field.blit(tile, (x, y))
    return field


@lru_cache(maxsize=64)
def _region_fill(key: str, size: int, seat: int, patterned: bool) -> tuple[pygame.Surface, tuple[int, int]]:
    """A controlled region's tint: the seat's colour (and pattern) cut to the region's outline."""
    data = italy_map()
    scale = size / data.width_px
    points = [(x * scale, y * scale) for x, y in data.regions[key].polygon]
    box = pygame.Rect(_bbox(points)).clip(pygame.Rect(0, 0, size, size))
    fill = _pattern_field(seat, (size, size), patterned).subsurface(box).copy()
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 118), [(x - box.x, y - box.y) for x, y in points])
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return fill, box.topleft


def _bbox(points: list[Point]) -> tuple[int, int, int, int]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    return (left, top, math.ceil(max(xs)) - left + 1, math.ceil(max(ys)) - top + 1)


@lru_cache(maxsize=64)
def _label(title: str, strong: bool) -> pygame.Surface:
    """A region's name on a small parchment plate."""
    text = fonts.render(title, LABEL_SIZE, INK, bold=True)
    plate = pygame.Surface((text.get_width() + 14, text.get_height() + 2), pygame.SRCALPHA)
    rect = plate.get_rect()
    pygame.draw.rect(plate, (*(PARCHMENT_LIGHT if strong else PARCHMENT), 235), rect, border_radius=8)
    pygame.draw.rect(
        plate, GOLD if strong else (*darken(STONE, 0.3), 200), rect, 2 if strong else 1, border_radius=8
    )
    plate.blit(text, (7, 1))
    return plate


@lru_cache(maxsize=8)
def condottiere_token(size: int) -> pygame.Surface:
    """The Condottiere token: a captain's helmet on a crimson disc in a gold rim."""
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(out, (0, 0, 0, 90), (c + 1, c + 2), c - 1)
    pygame.draw.circle(out, GOLD, (c, c), c - 2)
    pygame.draw.circle(out, INK, (c, c), c - 2, 2)
    pygame.draw.circle(out, CRIMSON, (c, c), c - 5)
    art = emblem("knight", int(size * 0.78))
    out.blit(art, art.get_rect(center=(round(c), round(c))))
    return out


@lru_cache(maxsize=8)
def pope_token(size: int) -> pygame.Surface:
    """The Favor of the Pope: a white disc with the mitre in a gold rim."""
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(out, (0, 0, 0, 90), (c + 1, c + 2), c - 1)
    pygame.draw.circle(out, GOLD, (c, c), c - 2)
    pygame.draw.circle(out, INK, (c, c), c - 2, 2)
    pygame.draw.circle(out, PARCHMENT_LIGHT, (c, c), c - 5)
    art = emblem("bishop", int(size * 0.7))
    out.blit(art, art.get_rect(center=(round(c), round(c))))
    return out


# -- the view ------------------------------------------------------------------------------------------


GLOW_EDGE = (0x8A, 0x5A, 0x00)  # the edge of a region a click may choose


class MapView:
    """The map scaled into ``rect``: drawing and hit tests in logical coordinates."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.data = italy_map()
        self.keys: tuple[str, ...] = tuple(self.data.regions)
        self.rect = pygame.Rect(rect)
        self.scale = self.rect.width / self.data.width_px
        self._overlay = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self.polygons = {k: self._local(r.polygon) for k, r in self.data.regions.items()}
        self.anchors = {k: self.to_screen(r.label_anchor) for k, r in self.data.regions.items()}

    def _local(self, points: tuple[Point, ...]) -> list[Point]:
        return [(x * self.scale, y * self.scale) for x, y in points]

    def to_screen(self, point: Point) -> Point:
        """Map pixels -> logical pixels."""
        return (self.rect.x + point[0] * self.scale, self.rect.y + point[1] * self.scale)

    def title(self, key: str) -> str:
        """The region's name for players."""
        return self.data.regions[key].title

    def neighbours(self, key: str) -> tuple[str, ...]:
        """The region's neighbours (CO-T2)."""
        return self.data.regions[key].adjacent

    # -- hit tests --------------------------------------------------------------------------------------
    def region_at(self, pos: tuple[int, int]) -> str | None:
        """The region under a logical point, or None (sea, outside the map)."""
        if not self.rect.collidepoint(pos):
            return None
        return self.data.region_at((pos[0] - self.rect.x) / self.scale, (pos[1] - self.rect.y) / self.scale)

    def inside_point(self, key: str) -> tuple[int, int]:
        """A logical point that lies inside the region (its label anchor when that is inside)."""
        ax, ay = self.anchors[key]
        if self.region_at((round(ax), round(ay))) == key:
            return (round(ax), round(ay))
        left, top, width, height = _bbox(self.polygons[key])
        for fy in range(1, 10):
            for fx in range(1, 10):
                point = (
                    round(self.rect.x + left + width * fx / 10),
                    round(self.rect.y + top + height * fy / 10),
                )
                if self.region_at(point) == key:
                    return point
        raise ValueError(f"no point inside region {key!r}")

    def marker_spot(self, key: str) -> Point:
        """Where a region's control marker sits (under its name)."""
        ax, ay = self.anchors[key]
        return (ax, ay + 22)

    def token_spot(self, key: str) -> Point:
        """Where the Condottiere token sits on a region: beside its name (right, else left, else
        above or below that side), on the first spot that covers no region's name."""
        ax, ay = self.anchors[key]
        half = _label(self.title(key), True).get_width() / 2 + TOKEN_SIZE / 2 + 4
        spots = [(ax + half, ay - 2), (ax - half, ay - 2), (ax + half, ay - 24), (ax + half, ay + 22)]
        spots += [(ax - half, ay - 24), (ax - half, ay + 22), (ax, ay - 32)]  # the Pope is never here
        return next((spot for spot in spots if not self._covers_a_label(spot)), spots[0])

    def _covers_a_label(self, spot: Point) -> bool:
        token = pygame.Rect(0, 0, TOKEN_SIZE, TOKEN_SIZE)
        token.center = (round(spot[0]), round(spot[1]))
        for key in self.keys:
            plate = _label(self.title(key), True).get_rect()
            plate.center = (round(self.anchors[key][0]), round(self.anchors[key][1]))
            if plate.colliderect(token):
                return True
        return False

    def pope_spot(self, key: str) -> Point:
        """Where the Favor of the Pope sits on a region (above its name)."""
        ax, ay = self.anchors[key]
        return (ax, ay - 27)

    # -- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, marks: dict[str, Any], time_s: float) -> None:
        """The map with its marks: ``control`` {key: seat}, ``glow`` (legal keys), ``hover``,
        ``battle`` and ``pope`` keys, ``hidden_markers`` / ``hide_token`` / ``hide_pope`` for
        pieces that are still flying."""
        surface.blit(_base(self.rect.width), self.rect)
        control: dict[str, int] = marks.get("control", {})
        for key, seat in control.items():
            fill, offset = _region_fill(key, self.rect.width, seat, badge.patterned())
            surface.blit(fill, (self.rect.x + offset[0], self.rect.y + offset[1]))
        self._draw_highlights(surface, marks, time_s)
        pygame.draw.rect(surface, INK, self.rect.inflate(4, 4), 4, border_radius=4)
        pygame.draw.rect(surface, GOLD, self.rect, 2)
        self._draw_labels(surface, marks)
        hidden = marks.get("hidden_markers", set())
        for key, seat in control.items():
            if key not in hidden:
                surface.blit(*_centred(badge.player_badge(seat, MARKER_SIZE), self.marker_spot(key)))
        if marks.get("pope") and not marks.get("hide_pope"):
            surface.blit(*_centred(pope_token(TOKEN_SIZE), self.pope_spot(marks["pope"])))
        if marks.get("battle") and not marks.get("hide_token"):
            surface.blit(*_centred(condottiere_token(TOKEN_SIZE), self.token_spot(marks["battle"])))

    def _draw_highlights(self, surface: pygame.Surface, marks: dict[str, Any], time_s: float) -> None:
        overlay = self._overlay
        overlay.fill((0, 0, 0, 0))
        strength = pulse(time_s)
        for key in marks.get("glow", ()):  # dark gold edges: light gold alone vanishes on the parchment
            pygame.draw.polygon(overlay, (*GOLD, int(60 + 70 * strength)), self.polygons[key])
            pygame.draw.polygon(overlay, (*GLOW_EDGE, 255), self.polygons[key], 5)
            pygame.draw.polygon(overlay, (*GOLD_LIGHT, 255), self.polygons[key], 2)
        battle = marks.get("battle")
        if battle:
            pygame.draw.polygon(overlay, (*CRIMSON, 70), self.polygons[battle])
            pygame.draw.polygon(overlay, (*CRIMSON, 255), self.polygons[battle], 4)
        hover = marks.get("hover")
        if hover:
            for key in self.neighbours(hover):
                pygame.draw.polygon(overlay, (255, 255, 255, 28), self.polygons[key])
                pygame.draw.polygon(overlay, (*PARCHMENT_LIGHT, 170), self.polygons[key], 2)
            pygame.draw.polygon(overlay, (255, 255, 255, 60), self.polygons[hover])
            pygame.draw.polygon(overlay, (*PARCHMENT_LIGHT, 255), self.polygons[hover], 4)
        surface.blit(overlay, self.rect)

    def _draw_labels(self, surface: pygame.Surface, marks: dict[str, Any]) -> None:
        strong = {marks.get("hover"), marks.get("battle")} | set(marks.get("glow", ()))
        for key in self.keys:
            plate = _label(self.title(key), key in strong)
            surface.blit(*_centred(plate, self.anchors[key]))

    def draw_hover_card(self, surface: pygame.Surface, key: str, owner: str, pos: tuple[int, int]) -> None:
        """The hovered region's name, holder and neighbours in a small panel near the cursor."""
        names = ", ".join(self.title(n) for n in self.neighbours(key))
        lines = fonts.wrap(f"Neighbours: {names}", fonts.font(15), 250)
        width = 274
        height = 58 + 20 * len(lines)
        box = pygame.Rect(pos[0] + 18, pos[1] + 18, width, height)
        if box.right > self.rect.right - 6:
            box.right = pos[0] - 18
        if box.bottom > self.rect.bottom - 6:
            box.bottom = pos[1] - 18
        box.clamp_ip(self.rect.inflate(-8, -8))
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*INK, 228), veil.get_rect(), border_radius=10)
        surface.blit(veil, box)
        pygame.draw.rect(surface, GOLD, box, 2, border_radius=10)
        fonts.blit_text(surface, self.title(key), fonts.BODY, GOLD_LIGHT, (box.x + 12, box.y + 6), bold=True)
        fonts.blit_text(surface, owner, 15, PARCHMENT, (box.x + 12, box.y + 34), italic=True)
        for i, line in enumerate(lines):
            fonts.blit_text(surface, line, 15, PARCHMENT, (box.x + 12, box.y + 54 + 20 * i))


def _centred(image: pygame.Surface, centre: Point) -> tuple[pygame.Surface, pygame.Rect]:
    return image, image.get_rect(center=(round(centre[0]), round(centre[1])))
