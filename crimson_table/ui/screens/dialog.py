"""A modal message dialog (errors such as a corrupt save); the app keeps running behind it."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from crimson_table.engine.core import clip
from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import dim, draw_banner, draw_panel
from crimson_table.ui.widgets.theme import ERROR, INK

if TYPE_CHECKING:
    from crimson_table.ui.app import App

WIDTH, HEIGHT = 760, 400
# What the text box lays out at most (it scrolls past its five lines): a message quoting a hostile
# file could otherwise take minutes to lay out.  Cut with "…".
MESSAGE_CHARS = 900


class MessageDialog(GuiScene):
    """Title, message and an OK button, over a dimmed screen."""

    help_title = "Message"
    HELP_KEYS: tuple[tuple[str, str], ...] = (("Enter or Esc", "Close"),)

    transparent = True

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        *,
        kind: str = "info",
        on_close: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.title, self.message, self.kind, self.on_close = title, message, kind, on_close
        self.panel = pygame.Rect(0, 0, WIDTH, HEIGHT)
        self.panel.center = (800, 450)
        body = pygame.Rect(self.panel.x + 40, self.panel.y + 100, WIDTH - 80, HEIGHT - 240)
        safe = clip(message, MESSAGE_CHARS).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        self.text = pygame_gui.elements.UITextBox(safe, body, manager=self.ui)
        self.ok = self.button((self.panel.centerx - 110, self.panel.bottom - 84, 220, 56), "OK", self.close)

    def close(self) -> None:
        """Dismiss the dialog."""
        self.app.pop(self)
        if self.on_close is not None:
            self.on_close()

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Enter or Esc closes; nothing reaches the scene below."""
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_ESCAPE,
            pygame.K_KP_ENTER,
        ):
            self.close()
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        """Dimmed screen, parchment panel, title ribbon."""
        dim(surface, 160)
        draw_panel(surface, self.panel, border=ERROR if self.kind == "error" else (0xC9, 0xA2, 0x27))
        banner = pygame.Rect(self.panel.x + 40, self.panel.y + 24, WIDTH - 80, 56)
        draw_banner(surface, banner, self.title)
        if self.kind == "error":
            fonts.blit_text(
                surface,
                "The app is still running; nothing was changed.",
                fonts.SMALL,
                INK,
                (self.panel.centerx, self.panel.bottom - 100),
                anchor="midbottom",
                italic=True,
            )


class ConfirmDialog(MessageDialog):
    """A question with a confirming button and Cancel ("Roll the Dice of Destiny?")."""

    HELP_KEYS = (("Enter", "Confirm"), ("Esc", "Cancel"))

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        confirm: str,
        on_confirm: Callable[[], object],
    ) -> None:
        super().__init__(app, title, message)
        self.on_confirm = on_confirm
        self.ok.kill()
        bottom = self.panel.bottom - 84
        self.cancel = self.button((self.panel.centerx + 10, bottom, 260, 56), "Cancel", self.close)
        self.ok = self.button((self.panel.centerx - 270, bottom, 260, 56), confirm, self.confirm)

    def confirm(self) -> None:
        """Close, then do what was asked."""
        self.app.pop(self)
        self.on_confirm()

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Enter confirms, Esc cancels; nothing reaches the scene below."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        return None


class ChoiceDialog(MessageDialog):
    """A message that needs an answer: a row of choices, each closing the dialog before it acts.

    Esc does nothing (there is no neutral way out: every way on is one of the choices); Enter takes
    the last choice, the safe one.
    """

    HELP_KEYS = (("Enter", "The last choice"),)

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        choices: Sequence[tuple[str, Callable[[], object]]],
        *,
        kind: str = "error",
    ) -> None:
        super().__init__(app, title, message, kind=kind)
        self.ok.kill()
        self.actions = [action for _label, action in choices]
        gap, width = 16, (WIDTH - 80 - 16 * (len(choices) - 1)) // max(1, len(choices))
        left, top = self.panel.x + 40, self.panel.bottom - 84
        self.buttons = [
            self.button((left + i * (width + gap), top, width, 56), label, functools.partial(self.choose, i))
            for i, (label, _action) in enumerate(choices)
        ]

    def choose(self, index: int) -> None:
        """Close, then do choice ``index``."""
        self.app.pop(self)
        self.actions[index]()

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Enter takes the last choice; nothing reaches the scene below."""
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.actions
        ):
            self.choose(len(self.actions) - 1)
        return None
