"""Player badges: a seat's Okabe-Ito colour with its ART.md pattern.

With the colour-blind-safe setting on (the default) each seat also carries its own pattern
(stripes, dots, cross-hatch, bars, chevrons, ring) so nobody has to rely on hue alone.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from crimson_table.ui.art.palette import darken, lighten, seat_colour, seat_pattern
from crimson_table.ui.widgets.theme import GOLD, INK

_state = {"patterned": True}


def set_patterned(on: bool) -> None:
    """Turn the colour-blind patterns on or off for every badge drawn from now on."""
    _state["patterned"] = on


def patterned() -> bool:
    """True when badges carry their patterns."""
    return _state["patterned"]


def player_badge(seat: int, size: int, with_pattern: bool | None = None) -> pygame.Surface:
    """A round token ``size`` px wide in the seat's colour (and pattern, per the setting)."""
    use = patterned() if with_pattern is None else with_pattern
    return _badge(seat, max(8, int(size)), use)


@lru_cache(maxsize=128)
def _badge(seat: int, size: int, use_pattern: bool) -> pygame.Surface:
    from crimson_table.ui.artwork import art_badge

    drawn = art_badge(seat, size, use_pattern)
    return drawn if drawn is not None else _own_badge(seat, size, use_pattern)


def _own_badge(seat: int, size: int, use_pattern: bool) -> pygame.Surface:
    colour = seat_colour(seat)
    body = pygame.Surface((size, size), pygame.SRCALPHA)
    body.fill(colour)
    if use_pattern:
        _draw_pattern(body, seat_pattern(seat), darken(colour, 0.55), lighten(colour, 0.55))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (size / 2, size / 2), size / 2 - 1)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(body, INK, (size / 2, size / 2), size / 2 - 1, max(1, size // 16))
    pygame.draw.circle(body, GOLD, (size / 2, size / 2), size / 2 - 1 - max(1, size // 16), 1)
    return body


def _draw_pattern(
    surface: pygame.Surface, pattern: str, dark: tuple[int, int, int], light: tuple[int, int, int]
) -> None:
    size = surface.get_width()
    step = max(4, size // 5)
    width = max(1, size // 14)
    if pattern == "stripes":
        for x in range(-size, size * 2, step):
            pygame.draw.line(surface, dark, (x, size), (x + size, 0), width)
    elif pattern == "dots":
        for y in range(step // 2, size, step):
            for x in range(step // 2 + (y // step % 2) * step // 2, size, step):
                pygame.draw.circle(surface, dark, (x, y), max(1, step // 4))
    elif pattern == "cross-hatch":
        for x in range(-size, size * 2, step):
            pygame.draw.line(surface, dark, (x, size), (x + size, 0), width)
            pygame.draw.line(surface, dark, (x, 0), (x + size, size), width)
    elif pattern == "bars":
        for y in range(step // 2, size, step):
            pygame.draw.line(surface, dark, (0, y), (size, y), width + 1)
    elif pattern == "chevrons":
        for y in range(-step, size + step, step):
            pygame.draw.lines(
                surface, dark, False, [(0, y + step // 2), (size / 2, y), (size, y + step // 2)], width + 1
            )
    else:  # "ring": a solid inner ring
        pygame.draw.circle(surface, light, (size / 2, size / 2), size * 0.3, max(2, size // 8))
        pygame.draw.circle(
            surface, dark, (size / 2, size / 2), size * 0.3 + max(2, size // 8), max(1, size // 16)
        )
