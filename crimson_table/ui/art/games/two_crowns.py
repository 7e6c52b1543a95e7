"""Two Crowns's art: its accent, the pattern and crest of its card backs and its menu tile
(``art/games`` finds this module by the game's id)."""

from __future__ import annotations

from .. import _emblem_objects as obj
from .._draw import Pen
from .._tiles import hill, sky, twinkles
from ..palette import (
    CRIMSON,
    GOLD_LIGHT,
    Colour,
    lighten,
)
from . import GameArt

ROYAL: Colour = (0x2D, 0x5A, 0x9B)


def tile(pen: Pen, h: float) -> None:
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


def back_pattern(pen: Pen, base: Colour) -> None:
    """The field of its card backs, in 120 x 168 card units (``base``: the field's colour)."""
    ink = lighten(base, 0.1)
    for k in range(-14, 24):
        pen.line((k * 12, 0), (k * 12 + 168, 168), ink, 1.0)
        pen.line((k * 12, 168), (k * 12 + 168, 0), ink, 1.0)
    for i in range(12):
        for j in range(16):
            pen.circle((i * 12 + (6 if j % 2 else 0), j * 12), 1.3, lighten(base, 0.2))


ART = GameArt(accent=ROYAL, crest="twin_crowns", tile=tile, back_pattern=back_pattern)
