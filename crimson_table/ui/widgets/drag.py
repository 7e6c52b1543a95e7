"""Drag-and-drop for any game scene.

The scene supplies three callbacks:

* ``pick(pos) -> DragItem | None``: what (if anything) is under the cursor and may be lifted;
* ``zones(item) -> list[DropZone]``: the zones to show; legal ones glow gold, pulsing at 1 Hz;
* ``drop(item, zone | None) -> bool``: called with the zone under the cursor on release (or None);
  return True if the scene accepted it (it then tries the action), False to refuse.

A refused drop (or a drop outside any zone) slides the piece back to where it came from.  A
press and release without moving is a click: ``click(item)`` is called instead, so every drag has
the click-to-select alternative DESIGN.md asks for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from crimson_table.ui.widgets.anim import Animator, CardFlight
from crimson_table.ui.widgets.drop_zone import DropZone, draw_glow, draw_plain

CLICK_SLOP = 6


@dataclass
class DragItem:
    """A lifted piece: the scene's key for it, its image, and the rect it was lifted from."""

    key: Any
    image: pygame.Surface
    home: pygame.Rect


class DragController:
    """Tracks one drag at a time; draw it after the table so the piece is on top."""

    def __init__(
        self,
        pick: Callable[[tuple[int, int]], DragItem | None],
        zones: Callable[[DragItem], list[DropZone]],
        drop: Callable[[DragItem, DropZone | None], bool],
        *,
        click: Callable[[DragItem], None] | None = None,
        animator: Animator | None = None,
    ) -> None:
        self._pick, self._zones, self._drop, self._click = pick, zones, drop, click
        self.animator = animator
        self.item: DragItem | None = None
        self.grab_offset = (0, 0)
        self.pos = (0, 0)
        self.start_pos = (0, 0)
        self.moved = False
        self.live_zones: list[DropZone] = []
        self.returning: list[CardFlight] = []

    @property
    def dragging(self) -> bool:
        """True while a piece is lifted."""
        return self.item is not None and self.moved

    def is_lifted(self, key: Any) -> bool:
        """True if ``key`` is the piece in hand or sliding home (the scene skips drawing it)."""
        if self.item is not None and self.item.key == key:
            return True
        return any(getattr(f, "key", None) == key and not f.done for f in self.returning)

    def zone_at(self, pos: tuple[int, int]) -> DropZone | None:
        """The topmost shown zone under ``pos``."""
        for zone in reversed(self.live_zones):
            if zone.contains(pos):
                return zone
        return None

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Press lifts, motion follows, release drops; returns None for events it used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event) if self.item is None else None
        if event.type == pygame.MOUSEMOTION and self.item is not None:
            self._move(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.item is not None:
            self._release(event.pos)
            return None
        return event

    def _press(self, event: pygame.event.Event) -> pygame.event.Event | None:
        pos = (int(event.pos[0]), int(event.pos[1]))
        item = self._pick(pos)
        if item is None:
            return event
        self.item, self.start_pos, self.pos, self.moved = item, pos, pos, False
        self.grab_offset = (pos[0] - item.home.x, pos[1] - item.home.y)
        self.live_zones = self._zones(item)
        return None

    def _move(self, pos: tuple[int, int]) -> None:
        self.pos = pos
        if abs(pos[0] - self.start_pos[0]) + abs(pos[1] - self.start_pos[1]) > CLICK_SLOP:
            self.moved = True

    def _release(self, pos: tuple[int, int]) -> None:
        item, self.item = self.item, None
        assert item is not None
        self.pos = pos
        if not self.moved:
            self.live_zones = []
            if self._click is not None:
                self._click(item)
            return
        zone = self.zone_at(pos)
        self.live_zones = []
        if not self._drop(item, zone):
            self._slide_home(item, pos)

    def _slide_home(self, item: DragItem, pos: tuple[int, int]) -> None:
        here = (
            pos[0] - self.grab_offset[0] + item.home.width / 2,
            pos[1] - self.grab_offset[1] + item.home.height / 2,
        )
        flight = CardFlight(item.image, here, item.home.center)
        flight.key = item.key  # type: ignore[attr-defined]
        if self.animator is not None:
            self.animator.play(flight)
            if not flight.done:
                self.returning.append(flight)

    def update(self, dt: float) -> None:
        """Forget finished slide-backs (the animator advances them)."""
        self.returning = [f for f in self.returning if not f.done]

    def draw(self, surface: pygame.Surface, time_s: float) -> None:
        """Zones (glowing if legal) and the lifted piece with a drop shadow."""
        if self.dragging:
            hovered = self.zone_at(self.pos)
            for zone in self.live_zones:
                if zone.legal:
                    draw_glow(surface, zone, time_s, hovered=zone is hovered)
                else:
                    draw_plain(surface, zone)
        if self.item is not None and self.moved:
            rect = self.item.image.get_rect(
                topleft=(self.pos[0] - self.grab_offset[0], self.pos[1] - self.grab_offset[1])
            )
            shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=10)
            surface.blit(shadow, rect.move(8, 10))
            surface.blit(self.item.image, rect.move(0, -4))
