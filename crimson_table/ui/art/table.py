"""Table surfaces and panels: green felt, dark walnut, parchment panels, and the Two Crowns castle.

All deterministic (fixed seeds) and cached per size, so a resize costs one render and nothing per frame.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ._draw import Lcg, Pen, grain, radial_gradient, rounded_mask
from ._emblem_objects import OUT, STONE_LIGHT, STONE_SHADE, shield_outline
from ._text import label
from .palette import (
    FELT_CENTRE,
    FELT_EDGE,
    GOLD,
    GOLD_DARK,
    INK,
    PARCHMENT,
    PARCHMENT_DARK,
    PARCHMENT_LIGHT,
    WALNUT,
    WOOD_DARK,
    Colour,
    darken,
    lighten,
    mix,
)
from .patterns import pattern_tile
from .surface_cache import MB, surface_cache


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Convert for fast blitting when a display exists."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha() if surface.get_flags() & pygame.SRCALPHA else surface.convert()
    return surface


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """Green baize: a radial #1f3a2e -> #15291f gradient, a vignette and a fine fibre grain (opaque)."""
    w, h = max(1, size[0]), max(1, size[1])
    surface = radial_gradient((w, h), lighten(FELT_CENTRE, 0.03), darken(FELT_EDGE, 0.18), power=1.8)
    grain(surface, seed=3, strength=7)
    _fibres(surface, seed=5)
    return _ready(surface)


def _fibres(surface: pygame.Surface, seed: int) -> None:
    """Short faint strokes that read as felt fibres."""
    w, h = surface.get_size()
    rng = Lcg(seed)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(w * h // 900):
        x, y = rng.range(0, w), rng.range(0, h)
        a = rng.range(0, math.pi)
        length = rng.range(2, 5)
        shade = (255, 255, 255, 10) if rng.next() > 0.5 else (0, 0, 0, 14)
        pygame.draw.line(layer, shade, (x, y), (x + length * math.cos(a), y + length * math.sin(a)))
    surface.blit(layer, (0, 0))


@lru_cache(maxsize=4)
def cloth(size: tuple[int, int], centre: Colour) -> pygame.Surface:
    """Baize of another colour (the campaign's unlocked tables): the felt's gradient, grain and fibres."""
    w, h = max(1, size[0]), max(1, size[1])
    surface = radial_gradient((w, h), lighten(centre, 0.03), darken(centre, 0.42), power=1.8)
    grain(surface, seed=3, strength=7)
    _fibres(surface, seed=5)
    return _ready(surface)


@lru_cache(maxsize=4)
def walnut(size: tuple[int, int]) -> pygame.Surface:
    """Dark walnut boards (#2b1d14) with wavy grain, seams and a few knots (opaque; Crimson Keep)."""
    w, h = max(1, size[0]), max(1, size[1])
    surface = pygame.Surface((w, h))
    surface.fill(WALNUT)
    rng = Lcg(17)
    plank_h = max(40, h // 6)
    for top in range(0, h, plank_h):
        _plank(surface, pygame.Rect(0, top, w, plank_h), rng)
    grain(surface, seed=9, strength=6)
    vignette = radial_gradient((w, h), (255, 255, 255), (150, 150, 150), power=2.4)
    surface.blit(vignette, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return _ready(surface)


def _plank(surface: pygame.Surface, rect: pygame.Rect, rng: Lcg) -> None:
    """One board: its own tone, wavy grain, a flat-sawn figure, an end joint, a seam and maybe a knot."""
    base = mix(darken(WALNUT, 0.08), lighten(WALNUT, 0.16), rng.next())
    surface.fill(base, rect)
    lines = max(10, rect.height // 4)
    phase = rng.range(0, 6.28)
    drift = rng.range(-0.01, 0.01)
    for i in range(lines):
        y0 = rect.top + (i + 0.5) * rect.height / lines
        amp, freq = rng.range(1.0, 5.0), rng.range(0.002, 0.009)
        tone = lighten(base, rng.range(0.03, 0.1)) if i % 3 == 0 else darken(base, rng.range(0.06, 0.25))
        points = [
            (x, y0 + amp * math.sin(freq * x + phase + i * 0.25) + drift * (x - rect.centerx))
            for x in range(rect.left, rect.right + 16, 16)
        ]
        pygame.draw.aalines(surface, tone, False, points)
    _figure(surface, rect, base, rng)
    joint = round(rng.range(rect.left + rect.width * 0.15, rect.left + rect.width * 0.85))
    pygame.draw.line(surface, darken(base, 0.4), (joint, rect.top), (joint, rect.bottom - 1))
    pygame.draw.line(surface, lighten(base, 0.06), (joint + 1, rect.top), (joint + 1, rect.bottom - 1))
    pygame.draw.line(
        surface, darken(WALNUT, 0.55), (rect.left, rect.bottom - 1), (rect.right, rect.bottom - 1), 2
    )
    pygame.draw.line(surface, lighten(base, 0.1), (rect.left, rect.top), (rect.right, rect.top))
    if rng.next() > 0.5:
        kx, ky = (
            rng.range(rect.left + 40, max(rect.left + 41, rect.right - 40)),
            rect.centery + rng.range(-6, 6),
        )
        for r in range(9, 1, -2):
            box = (kx - r * 2.2, ky - r * 0.7, r * 4.4, r * 1.4)
            pygame.draw.ellipse(surface, darken(base, 0.1 + r * 0.02), box, 1)


def _figure(surface: pygame.Surface, rect: pygame.Rect, base: Colour, rng: Lcg) -> None:
    """Nested elongated rings: the "cathedral" figure of flat-sawn boards."""
    for _ in range(2):
        cx = rng.range(rect.left, rect.right)
        cy = rect.top + rng.range(0.3, 0.7) * rect.height
        length = rng.range(160, 420)
        for r in range(1, 7):
            w, h = length * (0.3 + 0.12 * r), rect.height * 0.07 * r
            box = pygame.Rect(round(cx - w / 2), round(cy - h / 2), round(w), max(2, round(h)))
            pygame.draw.ellipse(surface, darken(base, 0.12 + 0.02 * (r % 2)), box, 1)


@lru_cache(maxsize=32)
def panel(size: tuple[int, int], dark_edges: bool = True) -> pygame.Surface:
    """A parchment panel with a darkened edge and a gold-and-brown double border (per-pixel alpha)."""
    w, h = max(24, size[0]), max(24, size[1])
    pen = Pen.canvas(w, h, w, ss=2)
    radius = 10.0
    pen.rect((0, 0, w, h), darken(PARCHMENT_DARK, 0.35), None, 0, radius)
    pen.rect((2, 2, w - 4, h - 4), PARCHMENT, None, 0, radius - 2)
    if dark_edges:
        for i in range(12):
            pen.rect(
                (2 + i, 2 + i, w - 4 - 2 * i, h - 4 - 2 * i),
                None,
                mix(PARCHMENT_DARK, PARCHMENT, i / 12),
                1.2,
                radius - 2,
            )
    pen.rect((7, 7, w - 14, h - 14), None, GOLD_DARK, 1.4, 6)
    pen.rect((10, 10, w - 20, h - 20), None, mix(GOLD, PARCHMENT, 0.4), 0.8, 4)
    for x, y in ((10, 10), (w - 10, 10), (10, h - 10), (w - 10, h - 10)):
        pen.poly([(x, y - 4), (x + 4, y), (x, y + 4), (x - 4, y)], GOLD, INK, 0.6)
    surface = rounded_mask(pen.finish(), round(radius))
    grain(surface, seed=21, strength=8, rect=pygame.Rect(3, 3, w - 6, h - 6))
    return _ready(surface)


def _size2(size: int | tuple[int, int]) -> tuple[int, int]:
    return (size, size) if isinstance(size, int) else (size[0], size[1])


# 1 MB: a dozen castles at table size (86 KB each); a table shows two or three at once, and a
# Two Crowns castle's value runs from 0 up past 30, so 64 entries held 5 MB by the end of a long
# session (a heap probe of a monkey run: 7 -> 21 castles from 10,000 to 60,000 events).
@surface_cache(max_bytes=1 * MB)
def castle(size: int | tuple[int, int], value: int, seat: int) -> pygame.Surface:
    """A small castle flying the seat's patterned banner, its value on a plaque over the gate."""
    w, h = _size2(size)
    design_h = 100 * h / w
    pen = Pen.canvas(w, h, 100)
    base = design_h - 4
    _castle_body(pen, base)
    surface = pen.finish()
    _castle_banner(surface, w / 100, seat)
    _castle_value(surface, w / 100, base, value)
    return _ready(surface)


def _castle_body(pen: Pen, base: float) -> None:
    """Two towers, a curtain wall, a keep and a gate, standing on a grassy mound."""
    pen.ellipse((2, base - 6, 96, 12), (0x3E, 0x6A, 0x3A), INK, OUT * 0.6)
    for x in (8, 70):
        pen.rect((x, base - 58, 22, 56), STONE_LIGHT, INK, OUT)
        pen.rect((x + 15, base - 57, 6, 54), STONE_SHADE)
        pen.poly([(x - 3, base - 58), (x + 11, base - 80), (x + 25, base - 58)], (0x8E, 0x2A, 0x2A), INK, OUT)
        pen.rect((x + 8, base - 44, 6, 10), INK, None, 0, 3)
    pen.rect((26, base - 40, 48, 38), PARCHMENT_DARK, INK, OUT)
    for i in range(5):
        pen.rect((26 + i * 10.5, base - 46, 6, 7), PARCHMENT_DARK, INK, OUT * 0.8)
    pen.rect((38, base - 62, 24, 24), STONE_LIGHT, INK, OUT)
    pen.rect((55, base - 61, 6, 22), STONE_SHADE)
    for i in range(3):
        pen.rect((38 + i * 9, base - 68, 6, 7), STONE_LIGHT, INK, OUT * 0.8)
    pen.line((50, base - 68), (50, base - 94), WOOD_DARK, 2.4)
    pen.poly(
        [(42, base - 2), (42, base - 14)] + _arch((50, base - 14), 8) + [(58, base - 2)], WOOD_DARK, INK, OUT
    )


def _arch(centre: tuple[float, float], r: float) -> list[tuple[float, float]]:
    return [
        (centre[0] - r * math.cos(math.radians(a)), centre[1] - r * math.sin(math.radians(a)))
        for a in range(0, 181, 15)
    ]


def _castle_banner(surface: pygame.Surface, k: float, seat: int) -> None:
    """The seat's flag: colour and pattern, cut to a swallow-tail and outlined."""
    base = surface.get_height() / k - 4
    fx, fy, fw, fh = 51 * k, (base - 94) * k, 26 * k, 16 * k
    iw, ih = max(2, round(fw)), max(2, round(fh))
    flag = pattern_tile(seat, (iw, ih)).copy()
    shape = [(0, 0), (iw, 0), (iw * 0.78, ih / 2), (iw, ih), (0, ih)]
    mask = pygame.Surface((iw, ih), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), shape)
    flag.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(flag, (round(fx), round(fy)))
    pygame.draw.lines(
        surface, INK, True, [(round(fx) + x, round(fy) + y) for x, y in shape], max(1, round(k))
    )


def _castle_value(surface: pygame.Surface, k: float, base: float, value: int) -> None:
    """A parchment shield on the keep showing the castle's value."""
    pen = Pen.canvas(surface.get_width(), surface.get_height(), 100)
    pen.poly(shield_outline(37, base - 40, 26, 28), PARCHMENT_LIGHT, INK, OUT)
    surface.blit(pen.finish(), (0, 0))
    text = label(str(value), max(8, round(15 * k)), INK, bold=True)
    surface.blit(text, text.get_rect(center=(round(50 * k), round((base - 28) * k))))
