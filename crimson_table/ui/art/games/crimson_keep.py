"""Crimson Keep's art: its accent, the pattern and crest of its card backs and its menu tile
(``art/games`` finds this module by the game's id)."""

from __future__ import annotations

from .. import _emblem_objects as obj
from .._draw import Pen
from .._tiles import hill, sky, twinkles
from ..palette import (
    CRIMSON,
    GOLD_LIGHT,
    INK,
    Colour,
    darken,
    lighten,
)
from . import GameArt


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


def tile(pen: Pen, h: float) -> None:
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


def back_pattern(pen: Pen, base: Colour) -> None:
    """The field of its card backs, in 120 x 168 card units (``base``: the field's colour)."""
    ink = lighten(base, 0.1)
    for j in range(22):
        y = j * 8
        pen.line((0, y), (120, y), darken(base, 0.25), 0.9)
        for i in range(9):
            x = i * 16 + (8 if j % 2 else 0)
            pen.line((x, y), (x, y + 8), darken(base, 0.25), 0.9)
            pen.line((x + 1, y + 1.2), (x + 14, y + 1.2), ink, 0.6)


ART = GameArt(accent=(0x5E, 0x3C, 0x7A), crest="tower", tile=tile, back_pattern=back_pattern)
