"""Crimson Company's art: its accent, the pattern and crest of its card backs and its menu tile
(``art/games`` finds this module by the game's id)."""

from __future__ import annotations

import math

from .._draw import Pen, star_points
from .._tiles import W, hill, sky
from ..palette import (
    CRIMSON,
    CRIMSON_DARK,
    GOLD_LIGHT,
    Colour,
    darken,
    lighten,
)
from . import GameArt


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


def tile(pen: Pen, h: float) -> None:
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


def back_pattern(pen: Pen, base: Colour) -> None:
    """The field of its card backs, in 120 x 168 card units (``base``: the field's colour)."""
    ink = lighten(base, 0.1)
    for k in range(-16, 24):
        pen.poly([(k * 14, 0), (k * 14 + 6, 0), (k * 14 + 174, 168), (k * 14 + 168, 168)], ink)


ART = GameArt(accent=CRIMSON, crest="crossed_swords", tile=tile, back_pattern=back_pattern)
