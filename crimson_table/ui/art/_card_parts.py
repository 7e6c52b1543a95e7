"""Private pieces of card faces and backs, drawn with a ``Pen`` in 120 x 168 card units."""

from __future__ import annotations

import math

import pygame

from ._draw import Pen, Point, star_points
from ._emblem_figures import lion
from ._emblem_objects import shield_outline
from ._glyphs import EFFECT_GLYPHS, effect_kind
from .emblems import draw_emblem
from .games import back_crest, game_accent, game_art
from .palette import (
    CRIMSON,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    PARCHMENT,
    PARCHMENT_DARK,
    PARCHMENT_LIGHT,
    Colour,
    darken,
    lighten,
    mix,
)

VALUE_CENTRE_STRENGTH: Point = (17.0, 40.5)
VALUE_CENTRE_GOLD: Point = (18.0, 41.0)


def card_base(pen: Pen, accent: Colour) -> None:
    """Accent border, parchment body with a soft inner edge, and the name bar."""
    pen.rect((0, 0, 120, 168), accent, None, 0, 10)
    pen.rect((2, 2, 116, 164), PARCHMENT, None, 0, 8)
    pen.rect((2, 2, 116, 164), None, mix(PARCHMENT, PARCHMENT_DARK, 0.6), 2.5, 8)
    bar = darken(accent, 0.3)
    pen.rect((5, 5, 110, 20), bar, None, 0, 4)
    pen.line((9, 7), (111, 7), lighten(bar, 0.18), 1.0)
    pen.rect((5, 5, 110, 20), None, GOLD, 0.8, 4)


def _clip_to(pen: Pen, rect: tuple[float, float, float, float]) -> pygame.Rect:
    """Clip the canvas to a design-unit rectangle; returns the previous clip."""
    old = pen.surface.get_clip()
    x0, y0 = pen.p(rect[0], rect[1])
    x1, y1 = pen.p(rect[0] + rect[2], rect[1] + rect[3])
    pen.surface.set_clip(pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)))
    return old


def art(pen: Pen, emblem: str, accent: Colour, top: float, bottom: float) -> None:
    """The illustration area: faint rays, a ringed medallion and the emblem inside it."""
    cx, cy = 60.0, (top + bottom) / 2
    r = max(12.0, min((bottom - top) / 2 - 1, 52.0))
    old = _clip_to(pen, (4, top, 112, bottom - top))
    ray = mix(PARCHMENT, PARCHMENT_DARK, 0.6)
    for k in range(18):
        a0 = math.radians(k * 20)
        a1 = math.radians(k * 20 + 9)
        far = 140
        pen.poly(
            [
                (cx, cy),
                (cx + far * math.cos(a0), cy + far * math.sin(a0)),
                (cx + far * math.cos(a1), cy + far * math.sin(a1)),
            ],
            ray,
        )
    pen.surface.set_clip(old)
    pen.circle((cx, cy + 1.2), r, darken(PARCHMENT_DARK, 0.15))
    pen.circle((cx, cy), r, PARCHMENT_LIGHT, accent, 2.2)
    pen.circle((cx, cy), r - 3.0, None, mix(GOLD, PARCHMENT, 0.35), 0.8)
    size = 2 * r * 0.94
    draw_emblem(pen.view(cx - size / 2, cy - size / 2, size / 100), emblem)


def effect_box(pen: Pen, rect: tuple[float, float, float, float]) -> None:
    """The light panel that holds the effect text."""
    pen.rect((rect[0], rect[1] + 0.8, rect[2], rect[3]), darken(PARCHMENT, 0.12), None, 0, 4)
    pen.rect(rect, PARCHMENT_LIGHT, darken(PARCHMENT, 0.3), 0.9, 4)


def effect_badge(pen: Pen, kind: str, centre: Point, r: float) -> None:
    """A round, coloured effect-type badge with its glyph."""
    glyph, colour = EFFECT_GLYPHS[effect_kind(kind)]
    cx, cy = centre
    pen.circle((cx, cy + 0.8), r, darken(PARCHMENT_DARK, 0.25))
    pen.circle(centre, r, colour, INK, 0.9)
    pen.circle(centre, r - 1.4, None, lighten(colour, 0.35), 0.6)
    size = r * 1.25
    glyph(pen.view(cx - size / 2, cy - size / 2, size / 100), PARCHMENT_LIGHT)


def value_badge_shape(pen: Pen, kind: str) -> None:
    """The badge behind the value: a crimson shield (strength) or a gold coin (gold)."""
    if kind == "gold":
        cx, cy = VALUE_CENTRE_GOLD
        pen.circle((cx, cy + 1), 13.5, darken(PARCHMENT_DARK, 0.3))
        pen.circle((cx, cy), 13.5, GOLD_DARK, INK, 1.0)
        pen.circle((cx, cy), 11.2, GOLD)
        pen.arc((cx, cy), 9.5, 100, 190, GOLD_LIGHT, 1.6)
        pen.circle((cx, cy), 9.6, None, darken(GOLD, 0.2), 0.6)
        return
    outer = shield_outline(4, 26, 26, 32)
    inner = shield_outline(6, 28, 22, 27.5)
    pen.poly([(x, y + 1) for x, y in outer], darken(PARCHMENT_DARK, 0.3))
    pen.poly(outer, GOLD, INK, 1.0)
    pen.poly(inner, CRIMSON)
    pen.poly([(6, 28), (17, 28), (17, 55), (10, 49), (6, 41)], lighten(CRIMSON, 0.12))
    pen.poly(inner, None, darken(GOLD, 0.3), 0.5)


def subtitle_ribbon(pen: Pen, cx: float, cy: float, width: float) -> None:
    """A small swallow-tailed ribbon behind the subtitle."""
    h = 13.0
    left, right = cx - width / 2, cx + width / 2
    tail = darken(PARCHMENT_DARK, 0.1)
    for x, d in ((left, -1), (right, 1)):
        pen.poly(
            [
                (x - d * 2, cy - h / 2 + 3),
                (x + d * 6, cy - h / 2 + 3),
                (x + d * 3, cy + 2),
                (x + d * 6, cy + h / 2 + 2),
                (x - d * 2, cy + h / 2 + 2),
            ],
            tail,
            INK,
            0.7,
        )
    pen.rect((left, cy - h / 2, width, h), PARCHMENT_LIGHT, darken(PARCHMENT, 0.4), 0.8, 2)


def back(pen: Pen, game_id: str, field: Colour | None, crest: str | None = None) -> None:
    """The face-down side: a patterned field, a gold frame and the game's crest (or ``crest``)."""
    base = field if field is not None else darken(game_accent(game_id), 0.3)
    pen.rect((0, 0, 120, 168), base, None, 0, 10)
    old = _clip_to(pen, (8, 8, 104, 152))
    _pattern(pen, game_id, base)
    pen.surface.set_clip(old)
    pen.rect((5, 5, 110, 158), None, GOLD, 1.4, 7)
    pen.rect((9, 9, 102, 150), None, GOLD_DARK, 0.8, 5)
    for x, y in ((9, 9), (111, 9), (9, 159), (111, 159)):
        pen.poly([(x, y - 4), (x + 4, y), (x, y + 4), (x - 4, y)], GOLD, INK, 0.6)
    for y in (28, 140):
        pen.line((26, y), (94, y), GOLD_DARK, 0.9)
        pen.poly([(60, y - 4), (64, y), (60, y + 4), (56, y)], GOLD, INK, 0.6)
    pen.circle((60, 85.5), 38, darken(base, 0.45))
    pen.circle((60, 84), 38, darken(base, 0.25), GOLD, 2.4)
    pen.circle((60, 84), 34, None, GOLD_DARK, 0.8)
    _crest(pen.view(30, 54, 0.6), crest or back_crest(game_id), base)


def _crest(pen: Pen, name: str, base: Colour) -> None:
    """The crest emblem for a back, in a 100-unit box."""
    if name == "lion_shield":
        pen.poly(shield_outline(12, 6, 76, 90), GOLD, INK, 2.4)
        pen.poly(shield_outline(17, 11, 66, 80), lighten(base, 0.25))
        lion(pen.view(22, 18, 0.56))
        return
    if name == "cross_shield":
        pen.poly(shield_outline(12, 6, 76, 90), GOLD, INK, 2.4)
        pen.poly(shield_outline(17, 11, 66, 80), (0xF4, 0xEE, 0xDE))
        pen.rect((44, 11, 12, 80), CRIMSON)
        pen.rect((17, 34, 66, 12), CRIMSON)
        pen.poly(shield_outline(17, 11, 66, 80), None, INK, 1.2)
        return
    if name == "crescent_shield":  # Crusader Kingdoms' Muslim deck
        pen.poly(shield_outline(12, 6, 76, 90), GOLD, INK, 2.4)
        pen.poly(shield_outline(17, 11, 66, 80), (0xF4, 0xEE, 0xDE))
        pen.circle((47, 44), 24, (0x1F, 0x7A, 0x4A))
        pen.circle((56, 38), 21, (0xF4, 0xEE, 0xDE))
        pen.circle((68, 56), 5, (0x1F, 0x7A, 0x4A))
        pen.poly(shield_outline(17, 11, 66, 80), None, INK, 1.2)
        return
    draw_emblem(pen, name)


def _pattern(pen: Pen, game_id: str, base: Colour) -> None:
    """The back's field pattern: the game's own (``art/games``), else small stars."""
    art = game_art(game_id)
    if art is not None:
        art.back_pattern(pen, base)
        return
    ink = lighten(base, 0.1)
    for i in range(10):
        for j in range(14):
            pen.poly(star_points((8 + i * 12, 8 + j * 12), 2.5, 1, 4), ink)
