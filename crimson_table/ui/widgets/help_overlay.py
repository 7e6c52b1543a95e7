"""The keys of the current screen, in one overlay (F1 or ?, on every screen).

Every screen declares its keys as data: ``help_keys`` (a tuple of ``(keys, what they do)``) and
``help_title`` on its :class:`~crimson_table.ui.scene.Scene` class (a table adds its own to the
base table's).  ``App.dispatch`` opens :class:`HelpOverlay` over the top scene when F1 is
pressed, or ``?`` typed outside a text field; F1, ?, Esc, Enter or a click closes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.ui.scene import Scene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import dim, draw_banner, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, INK, STONE

if TYPE_CHECKING:
    from crimson_table.ui.app import App

KeyList = Sequence[tuple[str, str]]
COMMON: tuple[tuple[str, str], ...] = (
    ("F1 or ?", "Show or hide this list of keys"),
    ("F11", "Full screen on or off"),
)
CLOSE_KEYS = (pygame.K_F1, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)
ROW_H = 34
LINE_H = 26
KEY_COL = 270
WIDTH = 1000
TEXT_W = WIDTH - 88 - KEY_COL


def is_help_key(event: pygame.event.Event, scene: Any) -> bool:
    """F1, or ``?`` typed while no text field of ``scene`` has the focus."""
    if event.type != pygame.KEYDOWN:
        return False
    if event.key == pygame.K_F1:
        return True
    return getattr(event, "unicode", "") == "?" and not typing_text(scene)


def typing_text(scene: Any) -> bool:
    """True when a text field of ``scene`` has the keyboard (``?`` is then a character): one of its
    pygame-gui fields, or a field it draws itself and reports through ``typing()`` (a chat line)."""
    typing = getattr(scene, "typing", None)
    if callable(typing) and typing():
        return True
    manager = getattr(scene, "ui", None)
    if manager is None or not hasattr(manager, "get_focus_set"):
        return False
    focused = manager.get_focus_set() or ()
    return any("TextEntry" in type(element).__name__ for element in focused)


def keys_of(scene: Any) -> list[tuple[str, str]]:
    """The keys a scene declares, then the keys every screen has."""
    declared = (
        scene.help_keys() if callable(getattr(scene, "help_keys", None)) else getattr(scene, "help_keys", ())
    )
    return [*declared, *COMMON]


class HelpOverlay(Scene):
    """A parchment panel listing the keys of the screen below; any closing key or a click shuts it."""

    transparent = True
    help_title = "Keys"

    def __init__(self, app: App, title: str, keys: KeyList) -> None:
        super().__init__(app)
        self.title = title
        self.keys = list(keys)

    @classmethod
    def for_scene(cls, app: App, scene: Any) -> HelpOverlay:
        """The overlay for ``scene``'s declared keys."""
        title = str(getattr(scene, "help_title", "") or "This screen")
        return cls(app, f"Keys: {title}", keys_of(scene))

    def help_keys(self) -> list[tuple[str, str]]:
        """The overlay's own keys."""
        return [("F1, ?, Esc or Enter", "Close this list")]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Close on F1, ?, Esc, Enter or a click; nothing reaches the screen below."""
        closing = event.type == pygame.KEYDOWN and (
            event.key in CLOSE_KEYS or getattr(event, "unicode", "") == "?"
        )
        if closing or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            self.app.pop(self)
        return None

    def rows(self) -> list[tuple[str, list[str]]]:
        """Each key with its explanation wrapped to the panel's width."""
        face = fonts.font(fonts.BODY)
        return [(keys, fonts.wrap(what, face, TEXT_W) or [""]) for keys, what in self.keys]

    def panel(self) -> pygame.Rect:
        """Where the panel is drawn (its height follows the keys and their lines)."""
        extra = sum(len(lines) - 1 for _, lines in self.rows())
        height = 130 + ROW_H * len(self.keys) + LINE_H * extra + 40
        rect = pygame.Rect(0, 0, WIDTH, min(860, height))
        rect.center = (800, 450)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        """Dimmed screen, parchment panel, crimson title, one row per key."""
        dim(surface, 150)
        rect = self.panel()
        draw_panel(surface, rect)
        draw_banner(surface, pygame.Rect(rect.x + 30, rect.y + 24, rect.width - 60, 56), self.title)
        y = rect.y + 104
        for keys, lines in self.rows():
            if y + ROW_H > rect.bottom - 40:
                break
            fonts.blit_text(surface, keys, fonts.BODY, CRIMSON, (rect.x + 44, y), bold=True)
            for i, line in enumerate(lines):
                fonts.blit_text(surface, line, fonts.BODY, INK, (rect.x + 44 + KEY_COL, y + i * LINE_H))
            y += ROW_H + LINE_H * (len(lines) - 1)
        fonts.blit_text(
            surface,
            "Press F1, ? or Esc to close",
            fonts.SMALL,
            STONE,
            (rect.centerx, rect.bottom - 18),
            anchor="midbottom",
            italic=True,
        )
