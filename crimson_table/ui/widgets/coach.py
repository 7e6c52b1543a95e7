"""The coach: a parchment card that speaks a tutorial's words, with its step count and buttons.

It sits at the top of the log column (the log matters least while learning), or against the
table's right edge when the log is collapsed.  It has three moods: ``"do"`` (what to do now, and
why: the table waits for that move), ``"explain"`` (what the move did: Continue goes on) and
``"done"`` (the closing note with its own buttons).  It draws nothing that moves, so an idle
table with the coach showing stays cool.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button, draw_banner, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, INK, STONE

WIDTH = 304
PAD = 16
TEXT_SIZE = 18
BUTTON_H = 40
MOODS = ("do", "explain", "done")


class Coach:
    """The tutorial's speaking card; the tutorial mode sets its words and buttons."""

    def __init__(self, right: int = 1592, top: int = 60) -> None:
        self.right, self.top = right, top
        self.title = ""
        self.progress = ""
        self.text = ""
        self.mood = "do"
        self.buttons: list[Button] = []

    def say(
        self,
        title: str,
        text: str,
        mood: str = "do",
        progress: str = "",
        buttons: Sequence[tuple[str, Callable[[], object], str]] = (),
    ) -> None:
        """New words (and buttons: ``(label, on_click, kind)``), laid out at once."""
        self.title, self.text, self.mood, self.progress = title, text, mood, progress
        self.buttons = [
            Button((0, 0, 10, BUTTON_H), label, cb, kind=kind, size=fonts.SMALL + 1)
            for label, cb, kind in buttons
        ]
        self._place_buttons()

    def place(self, right: int, top: int) -> None:
        """Move the card (its right edge and top)."""
        if (right, top) != (self.right, self.top):
            self.right, self.top = right, top
            self._place_buttons()

    # -- geometry -------------------------------------------------------------------------------
    def _lines(self) -> list[str]:
        return fonts.wrap(self.text, fonts.font(TEXT_SIZE, italic=self.mood == "explain"), WIDTH - 2 * PAD)

    @property
    def rect(self) -> pygame.Rect:
        """The whole card."""
        line_h = fonts.font(TEXT_SIZE).get_linesize()
        height = 52 + 22 + len(self._lines()) * line_h + 14
        if self.buttons:
            height += BUTTON_H + 14
        return pygame.Rect(self.right - WIDTH, self.top, WIDTH, height)

    def _place_buttons(self) -> None:
        if not self.buttons:
            return
        rect = self.rect
        gap = 10
        width = (rect.width - 2 * PAD - gap * (len(self.buttons) - 1)) // len(self.buttons)
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(
                rect.x + PAD + i * (width + gap), rect.bottom - BUTTON_H - 14, width, BUTTON_H
            )

    # -- events and drawing ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The buttons; a click anywhere else on the card is swallowed too."""
        for button in self.buttons:
            if button.handle_event(event) is None:
                return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos):
            return None
        return event

    def press_first(self) -> bool:
        """Press the first button (Enter or Space); False if there is none."""
        if not self.buttons:
            return False
        self.buttons[0].on_click()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Parchment card, crimson ribbon with the title, the step count, the words, the buttons."""
        if not self.text:
            return
        rect = self.rect
        draw_panel(surface, rect)
        draw_banner(
            surface,
            pygame.Rect(rect.x + 10, rect.y + 10, rect.width - 20, 38),
            self.title,
            size=fonts.SMALL + 2,
        )
        y = rect.y + 54
        mark = {"do": "Your move", "explain": "What happened", "done": "Well done"}[self.mood]
        fonts.blit_text(surface, mark, 14, CRIMSON, (rect.x + PAD, y), bold=True)
        if self.progress:
            fonts.blit_text(surface, self.progress, 14, STONE, (rect.right - PAD, y), anchor="topright")
        y += 22
        face = fonts.font(TEXT_SIZE, italic=self.mood == "explain")
        for line in self._lines():
            surface.blit(face.render(line, True, INK), (rect.x + PAD, y))
            y += face.get_linesize()
        for button in self.buttons:
            button.draw(surface)
