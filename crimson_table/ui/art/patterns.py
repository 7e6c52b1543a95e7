"""Seat colours with their patterns, so no player has to rely on hue alone (ART.md "Palette").

Seat 0 vermillion diagonal stripes, 1 sky blue dots, 2 bluish green cross-hatch, 3 yellow horizontal
bars, 4 reddish purple chevrons, 5 blue solid ring.  Seats wrap after six.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ._draw import Pen
from .palette import (
    GOLD,
    INK,
    Colour,
    darken,
    lighten,
    luminance,
    seat_colour,
    seat_pattern,
)


def pattern_ink(seat: int) -> Colour:
    """The contrasting tone a seat's pattern is drawn in (darker on light hues, lighter on dark ones)."""
    colour = seat_colour(seat)
    return darken(colour, 0.42) if luminance(colour) > 0.5 else lighten(colour, 0.5)


def _spacing(w: int, h: int) -> float:
    """Pattern pitch in pixels: readable on small badges, not busy on large areas."""
    return max(6.0, min(14.0, min(w, h) / 4))


@lru_cache(maxsize=128)
def pattern_tile(seat: int, size: tuple[int, int]) -> pygame.Surface:
    """A ``size`` rectangle filled with the seat's colour and pattern (cached)."""
    w, h = max(1, size[0]), max(1, size[1])
    pen = Pen.canvas(w, h, w, ss=2)
    pen.rect((0, 0, w, h), seat_colour(seat))
    _draw_pattern(pen, seat_pattern(seat), w, h, pattern_ink(seat))
    return pen.finish()


def fill_pattern(surface: pygame.Surface, rect: pygame.Rect | tuple[int, int, int, int], seat: int) -> None:
    """Fill ``rect`` of ``surface`` with the seat's colour and pattern."""
    area = pygame.Rect(rect)
    if area.width > 0 and area.height > 0:
        surface.blit(pattern_tile(seat, area.size), area.topleft)


def _draw_pattern(pen: Pen, name: str, w: int, h: int, ink: Colour) -> None:
    """Draw pattern ``name`` over a ``w x h`` design area."""
    s = _spacing(w, h)
    if name == "stripes":
        _diagonals(pen, w, h, s, ink, s * 0.32, 1)
    elif name == "dots":
        for j in range(int(h / s) + 2):
            for i in range(int(w / s) + 2):
                pen.circle((i * s + (s / 2 if j % 2 else 0), j * s + s / 2), s * 0.2, ink)
    elif name == "cross-hatch":
        _diagonals(pen, w, h, s, ink, s * 0.16, 1)
        _diagonals(pen, w, h, s, ink, s * 0.16, -1)
    elif name == "bars":
        for j in range(int(h / s) + 2):
            pen.rect((0, j * s + s * 0.3, w, s * 0.36), ink)
    elif name == "chevrons":
        for j in range(-1, int(h / s) + 2):
            y = j * s
            zig = [(i * s / 2, y + (s * 0.4 if i % 2 else 0)) for i in range(int(2 * w / s) + 3)]
            pen.polyline(zig, ink, s * 0.18)
    else:  # "ring": a solid fill with a ring inset from the edge
        inset = max(2.0, min(w, h) * 0.16)
        thick = max(1.5, min(w, h) * 0.1)
        if abs(w - h) <= 2:
            pen.circle((w / 2, h / 2), min(w, h) / 2 - inset - thick / 2, None, ink, thick)
        else:
            pen.rect((inset, inset, w - 2 * inset, h - 2 * inset), None, ink, thick, min(w, h) * 0.2)


def _diagonals(pen: Pen, w: int, h: int, s: float, ink: Colour, width: float, direction: int) -> None:
    """Parallel 45-degree lines across the area (direction 1 = rising, -1 = falling)."""
    count = int((w + h) / s) + 2
    for k in range(-1, count):
        x = k * s
        if direction == 1:
            pen.line((x, -2), (x - h - 4, h + 2), ink, width)
        else:
            pen.line((x - h - 4, -2), (x, h + 2), ink, width)


@lru_cache(maxsize=128)
def player_badge(seat: int, size: int, colourblind: bool = True) -> pygame.Surface:
    """A round seat token: the seat colour (with its pattern when ``colourblind``) in a gold rim."""
    size = max(8, int(size))
    pen = Pen.canvas(size, size, 100)
    pen.circle((50, 52), 47, (0, 0, 0, 90))
    pen.circle((50, 50), 46, GOLD, INK, 3)
    pen.circle((50, 50), 39, seat_colour(seat))
    surface = pen.finish()
    if colourblind:
        inner = round(size * 0.78)
        tile = pattern_tile(seat, (inner, inner)).copy()
        mask = pygame.Surface((inner, inner), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), (inner / 2, inner / 2), inner / 2 - 0.5)
        tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(tile, tile.get_rect(center=(size / 2, size / 2)))
    _gloss(surface)
    return surface


def _gloss(surface: pygame.Surface) -> None:
    """A soft highlight across the top-left of a round token."""
    size = surface.get_width()
    pen = Pen.canvas(size, size, 100)
    points = [
        (50 + 36 * math.cos(math.radians(a)), 50 - 36 * math.sin(math.radians(a))) for a in range(100, 181, 8)
    ]
    pen.polyline(points, (255, 255, 255, 90), 6)
    surface.blit(pen.finish(), (0, 0))
