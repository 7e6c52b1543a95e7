"""Crusader Kingdoms's art: its accent, the pattern and crest of its card backs and its menu tile
(``art/games`` finds this module by the game's id)."""

from __future__ import annotations

from .. import _emblem_objects as obj
from .._draw import Pen, arc_points
from .._tiles import hill, sky
from ..palette import (
    CRIMSON,
    GOLD,
    INK,
    Colour,
    lighten,
)
from . import GameArt


def tile(pen: Pen, h: float) -> None:
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


def back_pattern(pen: Pen, base: Colour) -> None:
    """The field of its card backs, in 120 x 168 card units (``base``: the field's colour)."""
    ink = lighten(base, 0.1)
    for i in range(8):
        for j in range(12):
            x, y = 10 + i * 15 + (7 if j % 2 else 0), 10 + j * 14
            pen.line((x - 3, y), (x + 3, y), ink, 1.6)
            pen.line((x, y - 3), (x, y + 3), ink, 1.6)


ART = GameArt(accent=(0x9A, 0x7A, 0x3C), crest="cross_shield", tile=tile, back_pattern=back_pattern)
