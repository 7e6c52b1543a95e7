"""The base of a table whose board is a map (Condottiere, Crusader Kingdoms): how it reads input.

A map table has buttons, a hand whose cards can be dragged or clicked, and regions that are
clicked; every event goes the same way: the buttons first, then the hover (the region and the
hand card under the mouse), the dragged card once the table has settled, a left click, a key.
The table says what hovering, clicking and a key do (``_hover``, ``_click``, ``_key``).
"""

from __future__ import annotations

import pygame

from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.drag import DragController


class MapTableScene(BaseGameScene):
    """A game table on a map: the shared order of its buttons, hover, drag, clicks and keys."""

    buttons: list[Button]
    drag: DragController
    mouse: tuple[int, int]

    def handle_game_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Buttons, the hover, the dragged card, clicks on the map and hand, keys."""
        if hasattr(event, "pos"):
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
        for button in list(self.buttons):
            if button.handle_event(event) is None:
                return None
        if event.type == pygame.MOUSEMOTION:
            self._hover(self.mouse)
        if self.settled and self.drag.handle_event(event) is None:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(self.mouse)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return event

    def _hover(self, pos: tuple[int, int]) -> None:
        """Note what lies under the mouse (a region, a hand card)."""
        raise NotImplementedError

    def _click(self, pos: tuple[int, int]) -> pygame.event.Event | None:
        """A left click at ``pos`` that no button and no drag took (None when used)."""
        raise NotImplementedError

    def _key(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A key press (None when used)."""
        raise NotImplementedError
