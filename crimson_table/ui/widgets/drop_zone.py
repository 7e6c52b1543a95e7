"""Drop zones: places on the table a dragged piece may be dropped on.

A legal zone glows gold, pulsing once a second, while something is being dragged or chosen;
illegal zones stay plain (ART.md "Layout").  The zone's ``key`` is whatever the game scene needs
to build its candidate action (a lane index, a region id...).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from crimson_table.ui.widgets.theme import GOLD, GOLD_LIGHT

PULSE_HZ = 1.0


@dataclass
class DropZone:
    """A rectangle on the table with the key the scene uses for it."""

    key: Any
    rect: pygame.Rect
    legal: bool = True
    label: str = ""
    radius: int = 12
    data: dict[str, Any] = field(default_factory=dict)

    def contains(self, pos: tuple[int, int]) -> bool:
        """Hit test in logical coordinates."""
        return self.rect.collidepoint(pos)


def pulse(time_s: float) -> float:
    """0..1, one full cycle per second."""
    return 0.5 + 0.5 * math.sin(2.0 * math.pi * PULSE_HZ * time_s)


def draw_glow(surface: pygame.Surface, zone: DropZone, time_s: float, hovered: bool = False) -> None:
    """Gold glow for a legal zone (brighter under the cursor)."""
    strength = 1.0 if hovered else pulse(time_s)
    rect = zone.rect
    glow = pygame.Surface((rect.width + 24, rect.height + 24), pygame.SRCALPHA)
    for i in range(4):
        alpha = int((30 + 40 * strength) * (4 - i) / 4)
        pygame.draw.rect(
            glow,
            (*GOLD, alpha),
            glow.get_rect().inflate(-i * 6, -i * 6),
            3,
            border_radius=zone.radius + 12 - i * 3,
        )
    fill = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(fill, (*GOLD, int(25 + 35 * strength)), fill.get_rect(), border_radius=zone.radius)
    surface.blit(glow, (rect.x - 12, rect.y - 12))
    surface.blit(fill, rect.topleft)
    pygame.draw.rect(surface, GOLD_LIGHT if hovered else GOLD, rect, 3, border_radius=zone.radius)


def draw_plain(surface: pygame.Surface, zone: DropZone) -> None:
    """A faint outline, for zones that are not legal right now."""
    outline = pygame.Surface(zone.rect.size, pygame.SRCALPHA)
    pygame.draw.rect(outline, (255, 255, 255, 40), outline.get_rect(), 2, border_radius=zone.radius)
    surface.blit(outline, zone.rect.topleft)
