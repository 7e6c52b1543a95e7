"""Scenes and the scene lifecycle (DESIGN.md "UI contract", after Tuxemon's state.py).

A scene is one screen or overlay on the app's stack:

* ``resume()`` when it becomes the top scene, ``pause()`` when another is pushed over it,
  ``shutdown()`` when it is removed;
* ``handle_event(e)`` gets events in *logical* 1600x900 coordinates and returns the event
  to let it pass on, or None when it consumed it;
* ``update(dt)`` advances time (only the top scene is updated);
* ``draw(surface)`` paints; it never changes anything;
* ``needs_frames()`` is True while the scene moves by itself (an animation, a bot to move):
  the app then draws 60 frames a second; otherwise it sleeps until an event arrives and
  redraws only then, so an idle app stays cool;
* ``ticking()`` is True while the scene changes slowly at rest (a blinking cursor): the resting
  app redraws it each time it wakes, twice a second, instead of 60 frames a second;
* ``needs_redraw()`` is asked on those frames: False lets the app skip painting a frame that
  would look like the last one (a table waiting for a bot repaints only for its "thinking"
  dots, so the bot's process gets the CPU).

``HELP_KEYS`` / ``help_title`` declare the screen's keys for the help overlay (F1 or ?,
``ui/widgets/help_overlay.py``); ``help_keys()`` returns them (a screen may add to them).

``transparent = True`` makes the app draw the scene below first (dialogs, pause menu).
Scenes built on pygame-gui (forms, dialogs) subclass :class:`crimson_table.ui.gui_scene.GuiScene`;
it lives apart so the first frame (the menu) never waits for pygame-gui to load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from crimson_table.ui.app import App

LOGICAL_SIZE = (1600, 900)


class Scene:
    """Base class of every screen and overlay."""

    transparent = False
    # The screen the app opens on: its first frame is kept to show at the next start (first_frame).
    keeps_first_frame = False
    help_title = ""  # the screen's name in the help overlay's title
    HELP_KEYS: tuple[tuple[str, str], ...] = ()  # (keys, what they do) for the help overlay

    def __init__(self, app: App) -> None:
        self.app = app

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys of this screen, for the help overlay (default: ``HELP_KEYS``)."""
        return list(self.HELP_KEYS)

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

    def needs_frames(self) -> bool:
        """True while the scene changes without input (default: it changes only on events)."""
        return False

    def needs_redraw(self) -> bool:
        """False when this frame would look like the last one drawn (default: always redraw)."""
        return True

    def ticking(self) -> bool:
        """True while the scene changes slowly by itself at rest (a text field's blinking cursor):
        the resting app redraws it each time it wakes, twice a second (default: False)."""
        return False

    def toast_anchor(self) -> tuple[int, int]:
        """Where notices stack up from (their bottom centre, logical pixels): the bottom centre."""
        return (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] - 24)

    def toast_avoid(self) -> list[pygame.Rect]:
        """What notices must not cover on this screen as last drawn (logical pixels): nothing."""
        return []

    def draw(self, surface: pygame.Surface) -> None:
        """Paint onto the logical surface; never changes state."""
