"""Condottiere's art: its accent, the pattern and crest of its card backs and its menu tile
(``art/games`` finds this module by the game's id)."""

from __future__ import annotations

from .. import _emblem_objects as obj
from .._draw import Pen, Point, star_points
from .._emblem_figures import lion
from .._tiles import W
from ..palette import (
    CRIMSON,
    GOLD,
    GOLD_DARK,
    INK,
    PARCHMENT,
    Colour,
    darken,
    lighten,
    mix,
)
from . import GameArt

# Italy (mainland, Sicily, Sardinia) as (longitude, latitude) pairs, simplified for a silhouette.
_ITALY = [
    (7.0, 45.9),
    (7.8, 45.9),
    (8.4, 46.4),
    (9.0, 46.0),
    (9.5, 46.5),
    (10.5, 46.8),
    (11.2, 46.9),
    (12.2, 47.0),
    (13.0, 46.6),
    (13.7, 46.5),
    (13.6, 45.8),
    (13.8, 45.6),
    (13.1, 45.7),
    (12.3, 45.4),
    (12.5, 44.9),
    (12.3, 44.5),
    (12.6, 44.1),
    (13.5, 43.6),
    (14.2, 42.5),
    (14.9, 42.0),
    (15.9, 41.9),
    (16.2, 41.8),
    (15.9, 41.5),
    (16.9, 41.1),
    (17.9, 40.6),
    (18.5, 40.1),
    (18.4, 39.8),
    (17.9, 40.3),
    (17.2, 40.5),
    (16.6, 40.1),
    (16.5, 39.7),
    (17.1, 39.4),
    (16.5, 38.7),
    (16.1, 38.0),
    (15.7, 37.9),
    (15.6, 38.2),
    (15.9, 38.7),
    (16.2, 39.3),
    (15.8, 39.7),
    (15.7, 40.0),
    (14.9, 40.3),
    (14.4, 40.6),
    (14.2, 40.8),
    (13.5, 41.2),
    (12.6, 41.4),
    (12.2, 41.7),
    (11.8, 42.1),
    (11.1, 42.4),
    (10.5, 42.9),
    (10.3, 43.5),
    (9.8, 44.1),
    (8.9, 44.4),
    (8.4, 44.2),
    (7.8, 43.8),
    (7.5, 43.8),
    (7.0, 44.2),
    (6.9, 44.6),
    (7.0, 45.3),
    (6.8, 45.8),
]
_SICILY = [
    (12.4, 37.8),
    (13.3, 38.2),
    (14.0, 38.0),
    (15.3, 38.3),
    (15.1, 37.5),
    (15.2, 37.1),
    (15.1, 36.7),
    (14.4, 36.8),
    (13.5, 37.2),
    (12.6, 37.6),
]
_SARDINIA = [
    (8.2, 41.0),
    (9.2, 41.2),
    (9.7, 40.9),
    (9.8, 40.0),
    (9.6, 39.2),
    (9.0, 39.0),
    (8.5, 39.1),
    (8.4, 39.7),
    (8.5, 40.5),
]
_CITIES = [
    (9.2, 45.5),
    (11.3, 43.8),
    (12.3, 45.4),
    (12.5, 41.9),
    (14.3, 40.9),
    (8.9, 44.4),
    (11.3, 44.5),
    (13.4, 38.1),
]


def _geo(points: list[tuple[float, float]], k: float, ox: float, oy: float) -> list[Point]:
    """Longitude/latitude to tile units (latitude stretched ~1.3x for a mid-latitude map)."""
    return [(ox + (lon - 6.5) * k, oy + (47.2 - lat) * k * 1.3) for lon, lat in points]


def compass(pen: Pen, centre: Point, r: float) -> None:
    """A compass rose."""
    cx, cy = centre
    pen.circle(centre, r * 0.7, None, GOLD_DARK, 1.2)
    pen.poly(star_points(centre, r * 0.7, r * 0.18, 4, -45), mix(GOLD, PARCHMENT, 0.4), INK, 0.8)
    pen.poly(star_points(centre, r, r * 0.2, 4), GOLD, INK, 1.0)
    pen.poly([(cx, cy - r), (cx + r * 0.2, cy - r * 0.2), (cx, cy)], CRIMSON)


def tile(pen: Pen, h: float) -> None:
    """An old chart of Italy: parchment land on a hatched sea, cities, a compass rose and the lion."""
    sea = (0x7E, 0xA6, 0xA2)
    pen.rect((0, 0, W, h), sea)
    for j in range(int(h / 14) + 1):
        for i in range(14):
            x, y = i * 28 + (14 if j % 2 else 0), j * 14 + 8
            pen.arc((x, y), 5, 20, 160, lighten(sea, 0.25), 1.0)
    k = (h * 0.76 - 10) / (10.6 * 1.3)
    ox = 180 - 6.0 * k
    land = lighten(PARCHMENT, 0.2)
    for shape in (_ITALY, _SICILY, _SARDINIA):
        pts = _geo(shape, k, ox, 5)
        pen.poly([(x + 1.5, y + 2) for x, y in pts], darken(sea, 0.25))
        pen.poly(pts, land, (0x8C, 0x4A, 0x28), 1.6)
    apennines = _geo(
        [(8.0, 44.4), (10.5, 44.1), (12.5, 43.2), (14.0, 41.8), (15.4, 40.6), (16.1, 39.3)], k, ox, 5
    )
    pen.polyline(apennines, mix(land, (0x8C, 0x4A, 0x28), 0.35), 2.4)
    for cx, cy in _geo(_CITIES, k, ox, 5):
        pen.circle((cx, cy), 3.2, CRIMSON, INK, 1.0)
    compass(pen, (62, h * 0.34), 32)
    pen.poly(obj.shield_outline(268, h * 0.14, 64, 78), GOLD, INK, 2.0)
    pen.poly(obj.shield_outline(272, h * 0.14 + 4, 56, 69), (0xB4, 0x53, 0x2A))
    lion(pen.view(274, h * 0.14 + 6, 0.52))


def back_pattern(pen: Pen, base: Colour) -> None:
    """The field of its card backs, in 120 x 168 card units (``base``: the field's colour)."""
    ink = lighten(base, 0.1)
    for i in range(13):
        for j in range(18):
            if (i + j) % 2 == 0:
                pen.rect((i * 10, j * 10, 10, 10), ink)


ART = GameArt(accent=(0xB4, 0x53, 0x2A), crest="lion_shield", tile=tile, back_pattern=back_pattern)
