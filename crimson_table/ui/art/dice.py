"""Dice: a shaded d20 seen face-on (an icosahedron's ten visible faces), tumble frames, and d6 faces.

The frames only *show* a roll: the value always comes from the engine (DESIGN.md), and the last tumble
frame is exactly ``d20_face(final, ...)``.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from crimson_table.ui.art.surface_cache import MB, surface_cache

from ._draw import Lcg, Pen, Point, regular_polygon
from ._text import label
from .palette import CRIMSON, INK, PARCHMENT_LIGHT, Colour, darken, lighten, luminance, mix

IVORY: Colour = (0xF4, 0xEE, 0xDC)

_CENTRE: Point = (50.0, 50.0)
_HEX = regular_polygon(_CENTRE, 46, 6)
_TRI = regular_polygon(_CENTRE, 27, 3)
# Faces as vertex lists: the front face, its three neighbours, then the six corner faces.
_FACES: tuple[tuple[Point, ...], ...] = (
    (_TRI[0], _TRI[1], _TRI[2]),
    (_TRI[0], _HEX[1], _TRI[1]),
    (_TRI[1], _HEX[3], _TRI[2]),
    (_TRI[2], _HEX[5], _TRI[0]),
    (_TRI[0], _HEX[0], _HEX[1]),
    (_TRI[0], _HEX[5], _HEX[0]),
    (_TRI[1], _HEX[1], _HEX[2]),
    (_TRI[1], _HEX[2], _HEX[3]),
    (_TRI[2], _HEX[3], _HEX[4]),
    (_TRI[2], _HEX[4], _HEX[5]),
)


def _ready(surface: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _face_shade(face: tuple[Point, ...], light_deg: float) -> float:
    """Brightness factor of a face: faces turned toward the light are brighter."""
    if face is _FACES[0]:
        return 1.0
    cx = sum(p[0] for p in face) / 3 - 50
    cy = sum(p[1] for p in face) / 3 - 50
    norm = math.hypot(cx, cy) or 1.0
    lx, ly = math.cos(math.radians(light_deg)), math.sin(math.radians(light_deg))
    return 0.8 + 0.32 * (cx * lx + cy * ly) / norm


def _shaded(tint: Colour, factor: float) -> Colour:
    return lighten(tint, (factor - 1) * 1.6) if factor >= 1 else darken(tint, (1 - factor) * 1.4)


def _draw_d20(pen: Pen, tint: Colour, light_deg: float) -> None:
    """The die body: ten shaded faces, light edges and an ink outline."""
    pen.poly([(x + 1.5, y + 3) for x, y in _HEX], (0, 0, 0, 80))
    for face in _FACES:
        pen.poly(list(face), _shaded(tint, _face_shade(face, light_deg)))
    edge = lighten(tint, 0.35)
    for face in _FACES:
        pen.poly(list(face), None, edge, 0.9)
    pen.poly(list(_TRI), None, lighten(tint, 0.55), 1.2)
    pen.poly(_HEX, None, INK, 2.2)


def _number_colour(tint: Colour) -> Colour:
    return INK if luminance(tint) > 0.6 else PARCHMENT_LIGHT


def _render_d20(value: int, size: int, tint: Colour, light_deg: float) -> pygame.Surface:
    pen = Pen.canvas(size, size, 100)
    _draw_d20(pen, tint, light_deg)
    surface = pen.finish()
    text = str(value) + ("." if value in (6, 9) else "")
    number = label(
        text,
        max(8, round(size * (0.2 if value < 10 else 0.17))),
        _number_colour(tint),
        shadow=darken(tint, 0.6),
    )
    surface.blit(number, number.get_rect(center=(round(size * 0.5), round(size * 0.54))))
    if size >= 72:
        _side_numbers(surface, value, size, tint)
    return surface


def _side_numbers(surface: pygame.Surface, value: int, size: int, tint: Colour) -> None:
    """Small numbers on the three neighbouring faces, turned with their faces."""
    colour = mix(_number_colour(tint), tint, 0.45)
    for i, angle in ((1, -60), (2, 180), (3, 60)):
        face = _FACES[i]
        cx = sum(p[0] for p in face) / 3 * size / 100
        cy = sum(p[1] for p in face) / 3 * size / 100
        n = (value + 6 * i) % 20 + 1
        image = pygame.transform.rotate(label(str(n), max(6, round(size * 0.08)), colour), angle)
        surface.blit(image, image.get_rect(center=(round(cx), round(cy))))


@surface_cache(max_bytes=8 * MB)
def d20_face(value: int, size: int, tint: Colour = CRIMSON) -> pygame.Surface:
    """A d20 of colour ``tint`` showing ``value`` on its front face (``size x size``, cached)."""
    return _ready(_render_d20(value, size, tint, -125.0))


@lru_cache(maxsize=32)
def d20_tumble_frames(
    final: int, size: int, n: int = 14, tint: Colour = CRIMSON
) -> tuple[pygame.Surface, ...]:
    """``n`` frames of a d20 tumbling to rest on ``final`` (ease-out spin; last frame = ``d20_face``)."""
    n = max(2, n)
    rng = Lcg(final * 131 + size)
    frames: list[pygame.Surface] = []
    for i in range(n - 1):
        t = i / (n - 1)
        spin = (1 - t) ** 2 * 600.0
        shown = int(rng.next() * 20) + 1
        face = _render_d20(shown, size, tint, -125.0 + spin)
        squash = 0.78 + 0.22 * abs(math.cos(math.radians(spin * 1.3)))
        frames.append(_ready(_fit(pygame.transform.rotozoom(face, spin, 1.0), size, squash)))
    frames.append(d20_face(final, size, tint))
    return tuple(frames)


def _fit(image: pygame.Surface, size: int, squash: float) -> pygame.Surface:
    """Centre a rotated image on a ``size`` square, squashed horizontally to suggest a tumble."""
    w, h = image.get_size()
    image = pygame.transform.smoothscale(image, (max(1, round(w * squash)), h))
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    out.blit(image, image.get_rect(center=(size // 2, size // 2)))
    return out


_PIPS: dict[int, tuple[Point, ...]] = {
    1: ((50, 50),),
    2: ((28, 28), (72, 72)),
    3: ((28, 28), (50, 50), (72, 72)),
    4: ((28, 28), (72, 28), (28, 72), (72, 72)),
    5: ((28, 28), (72, 28), (50, 50), (28, 72), (72, 72)),
    6: ((28, 26), (72, 26), (28, 50), (72, 50), (28, 74), (72, 74)),
}


def _render_d6(value: int, size: int, tint: Colour, pip: Colour, tilt: float) -> pygame.Surface:
    pen = Pen.canvas(size, size, 100)
    pen.rect((7, 9, 88, 88), (0, 0, 0, 80), None, 0, 18)
    pen.rect((5, 5, 88, 88), darken(tint, 0.25), INK, 2.2, 18)
    pen.rect((8, 7, 82, 80), tint, None, 0, 15)
    pen.rect((12, 9, 60, 10), lighten(tint, 0.5), None, 0, 5)
    for x, y in _PIPS.get(value, ()):
        pen.circle((x - 1, y - 2), 7.5, darken(pip, 0.1) if pip != INK else (0x2A, 0x26, 0x22))
        pen.circle((x - 2.5, y - 3.5), 2.2, lighten(pip, 0.35))
    surface = pen.finish()
    if tilt:
        surface = _fit(pygame.transform.rotozoom(surface, tilt, 0.92), size, 1.0)
    return surface


@lru_cache(maxsize=128)
def d6_face(value: int, size: int, tint: Colour = IVORY, pip: Colour = INK) -> pygame.Surface:
    """A six-sided die showing ``value`` pips (``size x size``, cached)."""
    return _ready(_render_d6(value, size, tint, pip, 0.0))


@lru_cache(maxsize=32)
def d6_tumble_frames(
    final: int, size: int, n: int = 12, tint: Colour = IVORY, pip: Colour = INK
) -> tuple[pygame.Surface, ...]:
    """``n`` frames of a d6 rolling to ``final`` (last frame = ``d6_face``)."""
    n = max(2, n)
    rng = Lcg(final * 37 + size)
    frames = [
        _ready(_render_d6(int(rng.next() * 6) + 1, size, tint, pip, (1 - i / (n - 1)) ** 2 * 540.0))
        for i in range(n - 1)
    ]
    frames.append(d6_face(final, size, tint, pip))
    return tuple(frames)


# -- custom shield dice (Crusader Kingdoms: 1-2 Christian shield, 3-4 Muslim shield, 5-6 blank) -------------

CHRISTIAN_SHIELD: Colour = (0xB0, 0x22, 0x2E)
MUSLIM_SHIELD: Colour = (0x1F, 0x7A, 0x4A)


def shield_kind(value: int) -> str:
    """What a custom die face shows: ``C`` (Christian shield), ``M`` (Muslim shield) or ``""``."""
    return "C" if value in (1, 2) else "M" if value in (3, 4) else ""


def _render_shield_die(value: int, size: int, tilt: float) -> pygame.Surface:
    from ._emblem_objects import shield_outline  # noqa: PLC0415 - only the shield dice need it

    pen = Pen.canvas(size, size, 100)
    pen.rect((7, 9, 88, 88), (0, 0, 0, 80), None, 0, 18)
    pen.rect((5, 5, 88, 88), darken(IVORY, 0.25), INK, 2.2, 18)
    pen.rect((8, 7, 82, 80), IVORY, None, 0, 15)
    pen.rect((12, 9, 60, 10), lighten(IVORY, 0.5), None, 0, 5)
    kind = shield_kind(value)
    if kind:
        field = CHRISTIAN_SHIELD if kind == "C" else MUSLIM_SHIELD
        pen.poly(shield_outline(25, 17, 48, 62), field, INK, 2.4)
        pen.poly(shield_outline(29, 21, 40, 53), lighten(field, 0.12))
        if kind == "C":
            pen.rect((45, 26, 8, 42), PARCHMENT_LIGHT, None, 0, 1)
            pen.rect((33, 37, 32, 8), PARCHMENT_LIGHT, None, 0, 1)
        else:
            pen.circle((47, 44), 15, PARCHMENT_LIGHT)
            pen.circle((53, 40), 13, lighten(field, 0.12))
            pen.circle((61, 52), 3.2, PARCHMENT_LIGHT)
    surface = pen.finish()
    if tilt:
        surface = _fit(pygame.transform.rotozoom(surface, tilt, 0.92), size, 1.0)
    return surface


@lru_cache(maxsize=64)
def shield_die_face(value: int, size: int) -> pygame.Surface:
    """A custom d6 (CK-R57): faces 1-2 a red Christian shield, 3-4 a green Muslim shield, 5-6 blank."""
    return _ready(_render_shield_die(value, size, 0.0))
