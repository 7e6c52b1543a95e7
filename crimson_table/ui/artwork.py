"""The bridge between the app shell and the art generators in ``crimson_table.ui.art``.

Every image the shell needs (felt, menu tiles, the window icon, d20 faces, card backs) is asked
of the art package; if a generator is missing or fails, a plain version drawn here is used and
one warning is logged, so the shell always runs.  Results are cached per size.
"""

from __future__ import annotations

import importlib
import logging
import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pygame

from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.theme import (
    CRIMSON,
    CRIMSON_DARK,
    FELT_CENTRE,
    FELT_EDGE,
    GOLD,
    GOLD_DARK,
    INK,
    PARCHMENT,
    WALNUT,
)

log = logging.getLogger(__name__)
_warned: set[str] = set()


def _from_art(module: str, name: str, *args: Any) -> pygame.Surface | None:
    """Call ``crimson_table.ui.art.<module>.<name>(*args)``; None (and one warning) on failure."""
    try:
        func: Callable[..., pygame.Surface] = getattr(
            importlib.import_module(f"crimson_table.ui.art.{module}"), name
        )
        result = func(*args)
    except Exception as exc:  # noqa: BLE001 - any art failure falls back to a drawn stand-in
        key = f"{module}.{name}"
        if key not in _warned:
            _warned.add(key)
            log.warning("art %s unavailable (%s: %s); drawing a plain stand-in", key, type(exc).__name__, exc)
        return None
    return result if isinstance(result, pygame.Surface) else None


def _fit(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return image if image.get_size() == size else pygame.transform.smoothscale(image, size)


@lru_cache(maxsize=16)
def felt(size: tuple[int, int], walnut: bool = False) -> pygame.Surface:
    """The table surface: green felt (or walnut for Crimson Keep)."""
    image = _from_art("table", "walnut" if walnut else "felt", size)
    if image is not None:
        return _fit(image, size)
    return _radial(size, WALNUT if walnut else FELT_CENTRE, (20, 13, 9) if walnut else FELT_EDGE)


def _radial(
    size: tuple[int, int], centre: tuple[int, int, int], edge: tuple[int, int, int]
) -> pygame.Surface:
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            d = min(1.0, math.hypot((x - 31.5) / 32, (y - 17.5) / 18) / 1.2)
            small.set_at((x, y), [round(c + (e - c) * d**1.6) for c, e in zip(centre, edge, strict=True)])
    return pygame.transform.smoothscale(small, size)


@lru_cache(maxsize=16)
def game_tile(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    """The illustrated menu tile of a game."""
    image = _from_art("icons", "game_tile", game_id, size)
    if image is not None:
        return _fit(image, size)
    return _plain_tile(game_id, size)


def _plain_tile(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, CRIMSON_DARK, rect, border_radius=10)
    pygame.draw.rect(surface, GOLD, rect, 2, border_radius=10)
    initials = "".join(word[0].upper() for word in game_id.split("_"))
    fonts.blit_text(surface, initials, size[1] // 3, PARCHMENT, rect.center, anchor="center", bold=True)
    return surface


@lru_cache(maxsize=1)
def app_icon() -> pygame.Surface:
    """The window icon."""
    image = _from_art("icons", "app_icon")
    if image is not None:
        return image
    surface = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.circle(surface, CRIMSON, (32, 32), 30)
    pygame.draw.circle(surface, GOLD, (32, 32), 30, 3)
    fonts.blit_text(surface, "C", 36, PARCHMENT, (32, 32), anchor="center", bold=True)
    return surface


@lru_cache(maxsize=64)
def d20_face(value: int, size: int) -> pygame.Surface:
    """A d20 showing ``value``."""
    image = _from_art("dice", "d20_face", value, size)
    if image is not None:
        return _fit(image, (size, size))
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size / 2, size / 2)
    points = [
        (
            centre[0] + size * 0.47 * math.cos(math.radians(60 * i - 90)),
            centre[1] + size * 0.47 * math.sin(math.radians(60 * i - 90)),
        )
        for i in range(6)
    ]
    pygame.draw.polygon(surface, CRIMSON, points)
    pygame.draw.polygon(surface, GOLD, points, 2)
    fonts.blit_text(
        surface, str(value), max(13, size // 3), PARCHMENT, (size // 2, size // 2), anchor="center", bold=True
    )
    return surface


@lru_cache(maxsize=8)
def card_back(game_id: str) -> pygame.Surface:
    """The face-down card of a game at base size (120x168)."""
    image = _from_art("cards", "render_back", game_id)
    if image is not None:
        return image
    surface = pygame.Surface((120, 168), pygame.SRCALPHA)
    pygame.draw.rect(surface, CRIMSON_DARK, surface.get_rect(), border_radius=10)
    pygame.draw.rect(surface, GOLD_DARK, surface.get_rect(), 2, border_radius=10)
    pygame.draw.circle(surface, GOLD, (60, 84), 26, 3)
    pygame.draw.circle(surface, INK, (60, 84), 12)
    return surface


def art_badge(seat: int, size: int, patterned: bool) -> pygame.Surface | None:
    """The art package's player badge (None if it has none; the widget then draws its own)."""
    return _from_art("patterns", "player_badge", seat, size, patterned)
