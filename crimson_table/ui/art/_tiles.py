"""Private menu-tile scenes, one per game, drawn in a design space 360 units wide (height ``H``)."""

from __future__ import annotations

import math

from . import _emblem_objects as obj
from ._draw import Lcg, Pen, Point, arc_points, star_points
from ._emblem_figures import lion
from .palette import (
    CRIMSON,
    CRIMSON_DARK,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    PARCHMENT,
    PARCHMENT_LIGHT,
    Colour,
    darken,
    lighten,
    mix,
)

W = 360.0
ROYAL: Colour = (0x2D, 0x5A, 0x9B)

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


def sky(pen: Pen, h: float, top: Colour, bottom: Colour) -> None:
    """A vertical gradient over the whole tile."""
    pen.vgradient((0, 0, W, h), top, bottom)


def hill(pen: Pen, h: float, base_y: float, amp: float, freq: float, phase: float, colour: Colour) -> None:
    """A rolling hill line filled down to the bottom edge."""
    pts = [(x, base_y - amp * math.sin(freq * x / W * math.tau + phase)) for x in range(0, 372, 12)]
    pen.poly([(0.0, h + 2)] + [(float(x), y) for x, y in pts] + [(W, h + 2)], colour)


def twinkles(pen: Pen, h: float, seed: int, count: int, colour: Colour) -> None:
    """Small four-pointed stars scattered in the upper sky."""
    rng = Lcg(seed)
    for _ in range(count):
        x, y, r = rng.range(8, W - 8), rng.range(6, h * 0.45), rng.range(1.2, 3.2)
        pen.poly(star_points((x, y), r * 2, r * 0.5, 4), colour)


def two_crowns(pen: Pen, h: float) -> None:
    """Two castles on facing hills under a dusk sky, a crown above each."""
    sky(pen, h, (0x1C, 0x2C, 0x55), (0xE6, 0xB8, 0x72))
    twinkles(pen, h, 4, 14, (0xFF, 0xF4, 0xD0))
    hill(pen, h, h * 0.72, 10, 1.5, 0.8, (0x4A, 0x5C, 0x7A))
    hill(pen, h, h * 0.8, 16, 1.0, 2.2, (0x2F, 0x5A, 0x3A))
    obj.castle(pen.view(18, h * 0.8 - 94, 1.0), ROYAL)
    obj.castle(pen.view(242, h * 0.8 - 94, 1.0), CRIMSON)
    hill(pen, h, h * 0.93, 6, 2.0, 0.4, (0x22, 0x48, 0x2C))
    for i in range(10):
        pen.circle((180, h * 0.36), 60 - i * 5, (*GOLD_LIGHT, 14))
    obj.crown(pen.view(118, h * 0.36 - 50, 0.8), (50, 52), 1.0, ROYAL)
    obj.crown(pen.view(162, h * 0.36 - 50, 0.8), (50, 52), 1.0, CRIMSON)


def _marcher(pen: Pen, x: float, y: float, s: float, stride: float, colour: Colour) -> None:
    """A soldier silhouette marching right with a shouldered spear."""
    pen.line((x - 2 * s, y - 30 * s), (x + 14 * s, y - 70 * s), colour, 2.0 * s)
    pen.poly([(x + 14 * s, y - 70 * s), (x + 11 * s, y - 62 * s), (x + 17 * s, y - 64 * s)], colour)
    pen.line((x, y - 16 * s), (x - stride * s, y), colour, 4 * s)
    pen.line((x, y - 16 * s), (x + stride * s, y), colour, 4 * s)
    pen.poly(
        [(x - 6 * s, y - 16 * s), (x - 5 * s, y - 36 * s), (x + 5 * s, y - 36 * s), (x + 7 * s, y - 16 * s)],
        colour,
    )
    pen.circle((x, y - 41 * s), 5 * s, colour)
    pen.poly([(x - 8 * s, y - 44 * s), (x + 8 * s, y - 44 * s), (x, y - 50 * s)], colour)
    pen.line((x + 3 * s, y - 32 * s), (x + 1 * s, y - 24 * s), colour, 3 * s)


def crimson_company(pen: Pen, h: float) -> None:
    """A company of sellswords marching along a ridge against a crimson sunset."""
    sky(pen, h, (0x4A, 0x0A, 0x18), (0xF0, 0x8A, 0x3E))
    pen.circle((250, h * 0.7), 48, (0xF8, 0xD0, 0x6A))
    pen.circle((250, h * 0.7), 56, (0xF8, 0xD0, 0x6A, 60))
    hill(pen, h, h * 0.74, 8, 1.2, 1.0, (0x7A, 0x22, 0x2A))
    ridge = darken(CRIMSON_DARK, 0.6)
    hill(pen, h, h * 0.82, 5, 0.8, 0.3, ridge)
    silhouette = (0x1A, 0x08, 0x0C)
    for i in range(9):
        x = 34 + i * 34
        y = h * 0.82 - 5 * math.sin(0.8 * x / W * math.tau + 0.3) + 1
        _marcher(pen, x, y, 0.95, 5 if i % 2 else -5, silhouette)
    bx = 34 + 4 * 34 + 8
    by = h * 0.82 - 74
    pen.line((bx, by), (bx, h * 0.82 - 28), silhouette, 2.2)
    pen.poly(
        [(bx, by + 2), (bx + 30, by + 2), (bx + 24, by + 11), (bx + 30, by + 20), (bx, by + 20)],
        CRIMSON,
        silhouette,
        1.2,
    )
    pen.poly(star_points((bx + 12, by + 11), 5, 2, 5), GOLD_LIGHT)


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


def condottiere(pen: Pen, h: float) -> None:
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


def crusader_kingdoms(pen: Pen, h: float) -> None:
    """Sun-bleached dunes, a distant walled city, and a crusader's shield and sword in the sand."""
    sky(pen, h, (0xF2, 0xC8, 0x7A), (0xFA, 0xEC, 0xC8))
    pen.circle((70, h * 0.26), 30, (0xFF, 0xF6, 0xDC))
    pen.circle((70, h * 0.26), 40, (0xFF, 0xF6, 0xDC, 70))
    city = (0xC8, 0x98, 0x60)
    base = h * 0.64
    for x, w_, t in ((176, 20, 30), (200, 28, 18), (232, 16, 40), (252, 30, 22), (286, 18, 32)):
        pen.rect((x, base - t, w_, t + 4), city)
    for x, r in ((214, 12), (266, 14)):
        pen.poly(arc_points((x, base - 18), r, 180, 0, 16), city)
    hill(pen, h, h * 0.66, 8, 1.3, 0.5, (0xE0, 0xB0, 0x64))
    hill(pen, h, h * 0.78, 12, 0.9, 2.0, (0xD0, 0x96, 0x4C))
    hill(pen, h, h * 0.9, 8, 1.6, 1.1, (0xB8, 0x7C, 0x3C))
    obj.sword(pen, (300, h * 0.66), 96, 8)
    sx, sy = 150, h * 0.28
    pen.poly(obj.shield_outline(sx + 3, sy + 4, 84, 104), (0x8A, 0x5A, 0x2A, 90))
    pen.poly(obj.shield_outline(sx, sy, 84, 104), GOLD, INK, 2.2)
    pen.poly(obj.shield_outline(sx + 5, sy + 5, 74, 92), (0xF6, 0xF0, 0xE0))
    pen.rect((sx + 35, sy + 5, 14, 90), CRIMSON)
    pen.rect((sx + 5, sy + 32, 74, 14), CRIMSON)
    pen.poly(obj.shield_outline(sx + 5, sy + 5, 74, 92), None, INK, 1.2)
    hill(pen, h, h * 0.96, 4, 2.2, 0.2, (0xA8, 0x6E, 0x34))


def _bat_dragon(pen: Pen, x: float, y: float, s: float, colour: Colour) -> None:
    """A flying dragon silhouette."""
    body = [
        (-30, 2),
        (-14, -2),
        (0, -4),
        (16, -2),
        (24, -8),
        (32, -6),
        (26, 0),
        (16, 4),
        (0, 6),
        (-16, 6),
        (-34, 10),
    ]
    wing = [(-4, -2), (-14, -26), (-6, -20), (2, -34), (8, -22), (16, -30), (14, -2)]
    pen.poly([(x + px * s, y + py * s) for px, py in wing], colour)
    pen.poly([(x + px * s, y + py * s) for px, py in body], colour)


def crimson_keep(pen: Pen, h: float) -> None:
    """A keep tower on a crag under a full moon, a dragon crossing the night sky."""
    sky(pen, h, (0x14, 0x0C, 0x26), (0x5A, 0x36, 0x6E))
    twinkles(pen, h, 9, 26, (0xF0, 0xE8, 0xFF))
    moon = (0xF6, 0xEE, 0xC8)
    pen.circle((262, h * 0.3), 40, (*moon, 40))
    pen.circle((262, h * 0.3), 32, moon)
    for cx, cy, r in ((250, h * 0.26, 6), (272, h * 0.36, 4), (268, h * 0.22, 3)):
        pen.circle((cx, cy), r, darken(moon, 0.08))
    _bat_dragon(pen, 262, h * 0.3, 1.1, (0x1A, 0x10, 0x22))
    hill(pen, h, h * 0.86, 8, 1.1, 1.4, (0x2E, 0x20, 0x3A))
    crag = [
        (40, h + 2),
        (70, h * 0.7),
        (96, h * 0.62),
        (118, h * 0.6),
        (150, h * 0.62),
        (176, h * 0.74),
        (200, h + 2),
    ]
    pen.poly(crag, (0x22, 0x18, 0x2A), INK, 1.2)
    obj.tower(pen.view(84, h * 0.6 - 124, 1.3), GOLD_LIGHT, CRIMSON)
    hill(pen, h, h * 0.97, 5, 2.0, 0.7, (0x1A, 0x12, 0x20))


def generic(pen: Pen, h: float) -> None:
    """A fallback tile: a gold rosette on crimson."""
    sky(pen, h, CRIMSON_DARK, CRIMSON)
    obj.generic(pen.view(130, h / 2 - 50, 1.0))


SCENES = {
    "two_crowns": two_crowns,
    "crimson_company": crimson_company,
    "condottiere": condottiere,
    "crusader_kingdoms": crusader_kingdoms,
    "crimson_keep": crimson_keep,
}


def frame(pen: Pen, h: float) -> None:
    """The gold frame around a tile."""
    pen.rect((1.5, 1.5, W - 3, h - 3), None, GOLD, 3.0, 14)
    pen.rect((5, 5, W - 10, h - 10), None, (*PARCHMENT_LIGHT, 70), 1.0, 11)


def title_band(pen: Pen, h: float) -> None:
    """A dark band at the bottom to carry the title."""
    band = h * 0.24
    pen.rect((0, h - band, W, band), (0x14, 0x10, 0x0E, 175))
    pen.line((12, h - band), (W - 12, h - band), GOLD_DARK, 1.2)
