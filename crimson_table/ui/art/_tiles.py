"""Private menu-tile pieces the games' own tiles share (``art/games``), drawn in a design space
360 units wide (height ``H``)."""

from __future__ import annotations

import math

from . import _emblem_objects as obj
from ._draw import Lcg, Pen, star_points
from .palette import (
    CRIMSON,
    CRIMSON_DARK,
    GOLD,
    GOLD_DARK,
    PARCHMENT_LIGHT,
    Colour,
)

W = 360.0


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


def generic(pen: Pen, h: float) -> None:
    """A fallback tile: a gold rosette on crimson."""
    sky(pen, h, CRIMSON_DARK, CRIMSON)
    obj.generic(pen.view(130, h / 2 - 50, 1.0))


def frame(pen: Pen, h: float) -> None:
    """The gold frame around a tile."""
    pen.rect((1.5, 1.5, W - 3, h - 3), None, GOLD, 3.0, 14)
    pen.rect((5, 5, W - 10, h - 10), None, (*PARCHMENT_LIGHT, 70), 1.0, 11)


def title_band(pen: Pen, h: float) -> None:
    """A dark band at the bottom to carry the title."""
    band = h * 0.24
    pen.rect((0, h - band, W, band), (0x14, 0x10, 0x0E, 175))
    pen.line((12, h - band), (W - 12, h - band), GOLD_DARK, 1.2)
