"""Scenes and the scene lifecycle (DESIGN.md "UI contract", after Tuxemon's state.py).

A scene is one screen or overlay on the app's stack:

* ``resume()`` when it becomes the top scene, ``pause()`` when another is pushed over it,
  ``shutdown()`` when it is removed;
* ``handle_event(e)`` gets events in *logical* 1600x900 coordinates and returns the event
  to let it pass on, or None when it consumed it;
* ``update(dt)`` advances time (only the top scene is updated);
* ``draw(surface)`` paints; it never changes anything.

``transparent = True`` makes the app draw the scene below first (dialogs, pause menu).
:class:`GuiScene` adds a pygame-gui manager working in logical coordinates, with buttons
whose callbacks run after the manager has finished handling the event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from crimson_table.ui.widgets import theme

if TYPE_CHECKING:
    from crimson_table.ui.app import App

LOGICAL_SIZE = (1600, 900)


class Scene:
    """Base class of every screen and overlay."""

    transparent = False

    def __init__(self, app: App) -> None:
        self.app = app

    def resume(self) -> None:
        """Became the top scene."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def shutdown(self) -> None:
        """Removed from the stack for good."""

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Return the event to pass it on, None when consumed."""
        return event

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint onto the logical surface; never changes state."""


class LogicalUIManager(pygame_gui.UIManager):
    """A UIManager whose mouse position is the app's logical one (window scaling undone)."""

    def __init__(self, app: App) -> None:
        super().__init__(LOGICAL_SIZE, theme.gui_theme(), enable_live_theme_updates=False)
        self._app = app

    def _update_mouse_position(self) -> None:
        self.mouse_position = self._app.mouse_pos

    def calculate_scaled_mouse_position(self, position: tuple[int, int]) -> tuple[int, int]:
        """Events reach the manager already in logical coordinates."""
        return (int(position[0]), int(position[1]))


class GuiScene(Scene):
    """A scene with its own pygame-gui manager (menus, forms, dialogs)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ui = LogicalUIManager(app)
        self._deferred: list[Callable[[], object]] = []

    def button(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        text: str,
        on_click: Callable[[], object],
        *,
        object_id: str | None = None,
        tooltip: str | None = None,
        container: Any = None,
        enabled: bool = True,
    ) -> pygame_gui.elements.UIButton:
        """A themed button; ``on_click`` runs once the click has been fully handled."""
        button = pygame_gui.elements.UIButton(
            relative_rect=pygame.Rect(rect),
            text=text,
            manager=self.ui,
            container=container,
            tool_tip_text=tooltip,
            object_id=pygame_gui.core.ObjectID(object_id=f"#{object_id}") if object_id else None,
        )
        button.bind(pygame_gui.UI_BUTTON_PRESSED, lambda: self._deferred.append(on_click))
        if not enabled:
            button.disable()
        return button

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The gui sees the event first; button callbacks run after it."""
        consumed = self.ui.process_events(event)
        ran = self._run_deferred()
        if consumed or ran:
            return None
        return self.handle_scene_event(event)

    def _run_deferred(self) -> bool:
        pending, self._deferred = self._deferred, []
        for callback in pending:
            callback()
        return bool(pending)

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Events the gui did not use (keys, clicks on drawn things)."""
        return event

    def update(self, dt: float) -> None:
        """Advance the gui and the scene."""
        self.ui.update(dt)
        self.update_scene(dt)

    def update_scene(self, dt: float) -> None:
        """Scene-specific time step."""

    def draw(self, surface: pygame.Surface) -> None:
        """Background, gui, foreground."""
        self.draw_background(surface)
        self.ui.draw_ui(surface)
        self.draw_foreground(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        """Painted under the gui."""

    def draw_foreground(self, surface: pygame.Surface) -> None:
        """Painted over the gui."""

    def shutdown(self) -> None:
        """Drop every gui element."""
        self.ui.clear_and_reset()
