"""Portraits of the campaign's rivals, drawn from a few features (no image files).

``portrait(features, size)`` takes anything with the fields of ``campaign.rivals.Portrait``
(skin, hair, robe, headwear, beard, scar, backdrop) and paints a bust in a gold frame: robe and
shoulders, neck, face (eyes, brows, nose, mouth), hair, beard and headwear (crown, hood, helm,
veil, turban, circlet, hat).  Drawn at twice the size and smoothed down, cached per rival.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from .palette import GOLD, GOLD_DARK, GOLD_LIGHT, INK, STEEL, STEEL_DARK, Colour, darken, lighten, mix

SS = 2  # supersampling


def _key(features: Any) -> tuple[Any, ...]:
    return (features.skin, features.hair, features.robe, features.headwear, features.beard, features.scar,
            features.backdrop)  # fmt: skip


def portrait(features: Any, size: tuple[int, int]) -> pygame.Surface:
    """The rival's bust, ``size`` pixels, framed."""
    return _portrait(_key(features), size)


@lru_cache(maxsize=32)
def _portrait(key: tuple[Any, ...], size: tuple[int, int]) -> pygame.Surface:
    skin, hair, robe, headwear, beard, scar, backdrop = key
    w, h = size[0] * SS, size[1] * SS
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    _backdrop(s, backdrop)
    u = w / 100.0  # one design unit: the picture is 100 units wide
    cx, cy = w / 2, h * 0.44
    if headwear in ("hood", "veil"):
        _drape(s, headwear, robe, cx, cy, u, back=True)
    _shoulders(s, robe, cx, h, u)
    pygame.draw.rect(s, darken(skin, 0.12), (cx - 8 * u, cy + 14 * u, 16 * u, 20 * u))
    if headwear not in ("hood", "veil", "helm", "turban"):
        pygame.draw.ellipse(s, hair, (cx - 22 * u, cy - 29 * u, 44 * u, 50 * u))
    pygame.draw.ellipse(s, skin, (cx - 18 * u, cy - 24 * u, 36 * u, 46 * u))
    _face(s, skin, hair, cx, cy, u, scar)
    _beard(s, beard, hair, cx, cy, u)
    if headwear in ("hood", "veil"):
        _drape(s, headwear, robe, cx, cy, u, back=False)
    _HEADWEAR.get(headwear, lambda *a: None)(s, hair, robe, cx, cy, u)
    _frame(s)
    return pygame.transform.smoothscale(s, size)


def _backdrop(s: pygame.Surface, colour: Colour) -> None:
    w, h = s.get_size()
    for i in range(h):
        t = i / h
        pygame.draw.line(s, lighten(colour, 0.25 * (1 - t)), (0, i), (w, i))
    pygame.draw.circle(s, lighten(colour, 0.18), (w // 2, int(h * 0.42)), int(w * 0.42))


def _shoulders(s: pygame.Surface, robe: Colour, cx: float, h: float, u: float) -> None:
    body = pygame.Rect(0, 0, 86 * u, 60 * u)
    body.midtop = (int(cx), int(h - 44 * u))
    pygame.draw.ellipse(s, robe, body)
    pygame.draw.ellipse(s, darken(robe, 0.3), body, max(2, int(u)))
    pygame.draw.polygon(
        s, lighten(robe, 0.2), [(cx - 10 * u, h - 44 * u), (cx + 10 * u, h - 44 * u), (cx, h - 28 * u)]
    )
    pygame.draw.line(s, GOLD, (cx - 30 * u, h - 34 * u), (cx - 6 * u, h - 20 * u), max(2, int(1.4 * u)))
    pygame.draw.line(s, GOLD, (cx + 30 * u, h - 34 * u), (cx + 6 * u, h - 20 * u), max(2, int(1.4 * u)))


def _face(s: pygame.Surface, skin: Colour, hair: Colour, cx: float, cy: float, u: float, scar: bool) -> None:
    eye_y = cy - 3 * u
    for side in (-1, 1):
        ex = cx + side * 7.5 * u
        pygame.draw.ellipse(s, (250, 246, 236), (ex - 4 * u, eye_y - 2 * u, 8 * u, 4.4 * u))
        pygame.draw.circle(s, INK, (ex, eye_y + 0.2 * u), 1.8 * u)
        brow = [
            (ex - 4.5 * u, eye_y - 5 * u + side * 0.2 * u),
            (ex + 4.5 * u, eye_y - 5.6 * u - side * 0.6 * u),
        ]
        pygame.draw.line(s, darken(hair, 0.2), brow[0], brow[1], max(2, int(1.6 * u)))
    pygame.draw.lines(s, darken(skin, 0.3), False, [(cx, cy - 1 * u), (cx - 2.5 * u, cy + 7 * u), (cx + 1 * u, cy + 8 * u)],
                      max(2, int(1.1 * u)))  # fmt: skip
    pygame.draw.arc(
        s, darken(skin, 0.45), (cx - 6 * u, cy + 8 * u, 12 * u, 6 * u), 3.5, 5.9, max(2, int(1.2 * u))
    )
    for side in (-1, 1):
        pygame.draw.circle(s, mix(skin, (0xD8, 0x60, 0x58), 0.22), (cx + side * 11 * u, cy + 6 * u), 3.5 * u)
    if scar:
        pygame.draw.line(
            s, darken(skin, 0.4), (cx + 9 * u, cy - 9 * u), (cx + 14 * u, cy + 6 * u), max(2, int(1.2 * u))
        )


def _beard(s: pygame.Surface, beard: str, hair: Colour, cx: float, cy: float, u: float) -> None:
    if beard == "short":
        pygame.draw.polygon(s, hair, [(cx - 16 * u, cy + 6 * u), (cx - 10 * u, cy + 19 * u), (cx, cy + 23 * u),
                                      (cx + 10 * u, cy + 19 * u), (cx + 16 * u, cy + 6 * u), (cx + 7 * u, cy + 12 * u),
                                      (cx - 7 * u, cy + 12 * u)])  # fmt: skip
    elif beard == "long":
        pygame.draw.polygon(s, hair, [(cx - 17 * u, cy + 4 * u), (cx - 12 * u, cy + 26 * u), (cx, cy + 38 * u),
                                      (cx + 12 * u, cy + 26 * u), (cx + 17 * u, cy + 4 * u), (cx + 7 * u, cy + 12 * u),
                                      (cx - 7 * u, cy + 12 * u)])  # fmt: skip
    if beard in ("short", "long", "moustache"):
        pygame.draw.polygon(s, darken(hair, 0.1), [(cx - 9 * u, cy + 11 * u), (cx, cy + 8.5 * u), (cx + 9 * u, cy + 11 * u),
                                                   (cx + 6 * u, cy + 12.5 * u), (cx, cy + 10.5 * u), (cx - 6 * u, cy + 12.5 * u)])  # fmt: skip


def _drape(s: pygame.Surface, kind: str, robe: Colour, cx: float, cy: float, u: float, back: bool) -> None:
    cloth = robe if kind == "hood" else lighten(robe, 0.05)
    if back:
        pygame.draw.ellipse(s, darken(cloth, 0.15), (cx - 27 * u, cy - 34 * u, 54 * u, 76 * u))
        return
    ring = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(ring, cloth, (cx - 27 * u, cy - 34 * u, 54 * u, 76 * u))
    pygame.draw.ellipse(ring, (0, 0, 0, 0), (cx - 18 * u, cy - 24 * u, 36 * u, 48 * u))
    pygame.draw.rect(ring, (0, 0, 0, 0), (0, cy + 22 * u, s.get_width(), s.get_height()))
    s.blit(ring, (0, 0))
    pygame.draw.arc(
        s, darken(cloth, 0.35), (cx - 27 * u, cy - 34 * u, 54 * u, 76 * u), 0.2, 2.94, max(2, int(1.2 * u))
    )
    if kind == "veil":
        pygame.draw.line(
            s, GOLD, (cx - 19 * u, cy - 18 * u), (cx + 19 * u, cy - 18 * u), max(2, int(1.6 * u))
        )


def _crown(s: pygame.Surface, hair: Colour, robe: Colour, cx: float, cy: float, u: float) -> None:
    base = cy - 20 * u
    pts = [(cx - 18 * u, base), (cx - 19 * u, base - 14 * u), (cx - 10 * u, base - 6 * u), (cx, base - 17 * u),
           (cx + 10 * u, base - 6 * u), (cx + 19 * u, base - 14 * u), (cx + 18 * u, base)]  # fmt: skip
    pygame.draw.polygon(s, GOLD, pts)
    pygame.draw.polygon(s, GOLD_DARK, pts, max(2, int(u)))
    pygame.draw.rect(s, GOLD_LIGHT, (cx - 18 * u, base - 3 * u, 36 * u, 4 * u))
    for gx, colour in ((-10, (0x9E, 0x1B, 0x32)), (0, (0x1F, 0x5A, 0xA0)), (10, (0x9E, 0x1B, 0x32))):
        pygame.draw.circle(s, colour, (cx + gx * u, base - 1 * u), 2 * u)


def _circlet(s: pygame.Surface, hair: Colour, robe: Colour, cx: float, cy: float, u: float) -> None:
    pygame.draw.arc(s, GOLD, (cx - 19 * u, cy - 22 * u, 38 * u, 12 * u), 3.3, 6.1, max(2, int(1.8 * u)))
    pygame.draw.circle(s, (0x2E, 0x9E, 0x8A), (cx, cy - 20.5 * u), 2.4 * u)


def _helm(s: pygame.Surface, hair: Colour, robe: Colour, cx: float, cy: float, u: float) -> None:
    dome = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(dome, STEEL, (cx - 21 * u, cy - 30 * u, 42 * u, 38 * u))
    pygame.draw.rect(dome, (0, 0, 0, 0), (0, cy - 9 * u, s.get_width(), s.get_height()))
    s.blit(dome, (0, 0))
    pygame.draw.rect(s, STEEL_DARK, (cx - 21 * u, cy - 11 * u, 42 * u, 4 * u))
    pygame.draw.rect(s, STEEL, (cx - 1.8 * u, cy - 11 * u, 3.6 * u, 13 * u))
    for side in (-1, 1):
        pygame.draw.rect(
            s, STEEL_DARK, (cx + side * 18 * u - 3 * u, cy - 9 * u, 6 * u, 18 * u), border_radius=int(2 * u)
        )
    pygame.draw.arc(
        s, lighten(STEEL, 0.4), (cx - 15 * u, cy - 27 * u, 20 * u, 20 * u), 1.6, 2.8, max(2, int(u))
    )


def _turban(s: pygame.Surface, hair: Colour, robe: Colour, cx: float, cy: float, u: float) -> None:
    cloth = (0xF0, 0xEA, 0xD8)
    pygame.draw.ellipse(s, cloth, (cx - 23 * u, cy - 34 * u, 46 * u, 26 * u))
    for k in range(3):
        pygame.draw.arc(
            s,
            darken(cloth, 0.2),
            (cx - 22 * u, cy - (30 - 5 * k) * u, 44 * u, 14 * u),
            3.4,
            6.0,
            max(2, int(u)),
        )
    pygame.draw.circle(s, robe, (cx, cy - 22 * u), 3.6 * u)
    pygame.draw.circle(s, GOLD, (cx, cy - 22 * u), 3.6 * u, max(2, int(u)))


def _hat(s: pygame.Surface, hair: Colour, robe: Colour, cx: float, cy: float, u: float) -> None:
    felt = darken(robe, 0.35)
    pygame.draw.ellipse(s, felt, (cx - 30 * u, cy - 24 * u, 60 * u, 12 * u))
    pygame.draw.rect(s, felt, (cx - 15 * u, cy - 38 * u, 30 * u, 18 * u), border_radius=int(4 * u))
    pygame.draw.rect(s, GOLD, (cx - 15 * u, cy - 25 * u, 30 * u, 3 * u))
    pygame.draw.polygon(
        s,
        (0xE8, 0xE0, 0xC8),
        [(cx + 10 * u, cy - 30 * u), (cx + 26 * u, cy - 48 * u), (cx + 14 * u, cy - 28 * u)],
    )


_HEADWEAR = {"crown": _crown, "circlet": _circlet, "helm": _helm, "turban": _turban, "hat": _hat}


def _frame(s: pygame.Surface) -> None:
    w, h = s.get_size()
    pygame.draw.rect(s, GOLD, (0, 0, w, h), 6 * SS // 2 + 2, border_radius=14)
    pygame.draw.rect(s, GOLD_DARK, (8, 8, w - 16, h - 16), 2, border_radius=10)
