"""The game log: 320 px at the right, collapsible, scrolls with the wheel, word-wrapped.

Entries are kept as engine Events (or plain strings) and rendered for the current ``viewer``
with ``Event.text_for(viewer)``, so when the screen passes to another human the log re-renders
and private lines of the previous seat disappear (hidden cards never show to the wrong seat).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Union

import pygame

from crimson_table.engine.core import Event, fill_seat_names
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.theme import GOLD, GOLD_LIGHT, INK, PARCHMENT, STONE

Entry = Union[Event, str]
WIDTH = 320
COLLAPSED_WIDTH = 72  # wide enough for the Undo and Menu buttons below the tab
HEADER = 52
TEXT_SIZE = 16
PAD = 14


class LogPanel:
    """The log column; the scene calls ``handle_event``, ``draw`` and the entry mutators."""

    def __init__(
        self, screen_size: tuple[int, int] = (1600, 900), collapsed: bool = False, footer: int = 0
    ) -> None:
        self.screen_w, self.screen_h = screen_size
        self.footer = footer
        self.collapsed = collapsed
        self.entries: list[Entry] = []
        self.viewer: int | None = None
        self.names: tuple[str, ...] = ()  # seat names that replace the {pN} tokens of event texts
        self.open_all = False  # every seat's private lines (a replay of a finished match only)
        self.scroll = 0
        self.reserved_top = 0  # px kept free under the header (a tutorial's coach sits there)
        self._mouse = (0, 0)
        self._lines: list[tuple[str, tuple[int, int, int], bool]] = []
        self._face = fonts.font(TEXT_SIZE)
        self._line_h = self._face.get_linesize() + 2

    # -- geometry -------------------------------------------------------------------------------
    @property
    def rect(self) -> pygame.Rect:
        """The area the panel covers now."""
        width = COLLAPSED_WIDTH if self.collapsed else WIDTH
        return pygame.Rect(self.screen_w - width, 0, width, self.screen_h)

    @property
    def toggle_rect(self) -> pygame.Rect:
        """The collapse / expand control."""
        if self.collapsed:
            return pygame.Rect(self.screen_w - COLLAPSED_WIDTH, 0, COLLAPSED_WIDTH, 140)
        return pygame.Rect(self.screen_w - 52, 10, 40, 32)

    @property
    def _body(self) -> pygame.Rect:
        r = self.rect
        top = HEADER + 6 + self.reserved_top
        return pygame.Rect(r.x + PAD, top, r.width - 2 * PAD, r.height - top - 10 - self.footer)

    @property
    def visible_line_count(self) -> int:
        """How many wrapped lines fit."""
        return max(1, self._body.height // self._line_h)

    # -- content ----------------------------------------------------------------------------------
    def set_entries(self, entries: Iterable[Entry], viewer: int | None) -> None:
        """Replace everything (after undo or load)."""
        self.entries = list(entries)
        self.viewer = viewer
        self.scroll = 0
        self._rewrap()

    def add(self, entries: Iterable[Entry]) -> None:
        """Append entries; stays pinned to the newest line unless the reader scrolled up."""
        new = list(entries)
        self.entries.extend(new)
        pinned = self.scroll == 0
        before = len(self._lines)
        self._lines.extend(self._wrapped(new))
        if not pinned:
            self.scroll += len(self._lines) - before

    def set_open_all(self, open_all: bool) -> None:
        """Show every seat's private lines (True) or only the viewer's (False)."""
        if open_all != self.open_all:
            self.open_all = open_all
            self._rewrap()

    def set_viewer(self, viewer: int | None) -> None:
        """Re-render for the seat now looking at the screen."""
        if viewer != self.viewer:
            self.viewer = viewer
            self._rewrap()

    def text_of(self, entry: Entry) -> str:
        """An entry's line as the current viewer may read it."""
        if isinstance(entry, str):
            return entry
        if self.open_all and entry.private_text:
            return fill_seat_names(entry.private_text, self.names)
        return entry.text_for(self.viewer, self.names)

    def visible_texts(self) -> list[str]:
        """Every entry as the viewer reads it (for tests)."""
        return [self.text_of(e) for e in self.entries]

    def _rewrap(self) -> None:
        self._lines = self._wrapped(self.entries)
        self.scroll = min(self.scroll, self._max_scroll())

    def _wrapped(self, entries: Iterable[Entry]) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The display lines of ``entries`` as the viewer reads them."""
        width = WIDTH - 2 * PAD - 10
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        for entry in entries:
            text = self.text_of(entry)
            if not text:
                continue
            private = isinstance(entry, Event) and bool(entry.private_text) and entry.visible_to(self.viewer)
            colour = GOLD_LIGHT if private else PARCHMENT
            for i, line in enumerate(fonts.wrap(text, self._face, width - 12)):
                lines.append((line, colour, i == 0))
        return lines

    def _max_scroll(self) -> int:
        return max(0, len(self._lines) - self.visible_line_count)

    def entry_at(self, pos: tuple[int, int]) -> int | None:
        """The index in ``entries`` of the entry whose line is drawn at ``pos`` (None elsewhere)."""
        body = self._body
        if self.collapsed or not body.collidepoint(pos):
            return None
        end = len(self._lines) - self.scroll
        line = max(0, end - self.visible_line_count) + (pos[1] - body.y) // self._line_h
        if line >= end:
            return None
        seen = 0
        for index, entry in enumerate(self.entries):
            seen += len(self._wrapped([entry]))
            if line < seen:
                return index
        return None

    # -- input ----------------------------------------------------------------------------------
    def toggle(self) -> None:
        """Collapse or expand."""
        self.collapsed = not self.collapsed

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Toggle clicks, wheel scrolling over the panel; clicks on the panel never reach the table."""
        if hasattr(event, "pos"):
            self._mouse = (int(event.pos[0]), int(event.pos[1]))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.toggle_rect.collidepoint(event.pos):
                self.toggle()
                return None
            return None if self.rect.collidepoint(event.pos) else event
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self._mouse) and not self.collapsed:
            self.scroll = max(0, min(self._max_scroll(), self.scroll + event.y * 3))
            return None
        return event

    # -- drawing --------------------------------------------------------------------------------
    def ink(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The panel's translucent backdrop and where it goes (a table composes it into its own)."""
        return _backdrop(self.rect.size), self.rect.topleft

    def draw(self, surface: pygame.Surface, inked: bool = False) -> None:
        """The panel, collapsed tab or full column (``inked``: its backdrop is on ``surface`` already)."""
        if not inked:
            surface.blit(*self.ink())
        pygame.draw.line(surface, GOLD, self.rect.topleft, self.rect.bottomleft, 2)
        if self.collapsed:
            self._draw_tab(surface)
            return
        title = "Log · every seat" if self.open_all else "Game log"
        fonts.blit_text(surface, title, fonts.HEADING - 4, PARCHMENT, (self.rect.x + PAD, 12), bold=True)
        self._draw_chevron(surface, self.toggle_rect, pointing_right=True)
        pygame.draw.line(surface, GOLD, (self.rect.x + PAD, HEADER), (self.rect.right - PAD, HEADER), 1)
        self._draw_lines(surface)

    def _draw_lines(self, surface: pygame.Surface) -> None:
        body = self._body
        count = self.visible_line_count
        end = len(self._lines) - self.scroll
        start = max(0, end - count)
        y = body.y
        for text, colour, first in self._lines[start:end]:
            if first:
                pygame.draw.circle(surface, GOLD, (body.x + 3, y + self._line_h // 2), 3)
            surface.blit(fonts.render(text, TEXT_SIZE, colour), (body.x + 14, y))
            y += self._line_h
        if not self._lines:
            fonts.blit_text(
                surface, "Nothing has happened yet.", TEXT_SIZE, STONE, (body.x, body.y), italic=True
            )
        if self.scroll:
            fonts.blit_text(
                surface,
                f"{self.scroll} newer lines below",
                14,
                GOLD,
                (self.rect.centerx, self._body.bottom + 4),
                anchor="midbottom",
                italic=True,
            )

    def _draw_tab(self, surface: pygame.Surface) -> None:
        rect = self.toggle_rect
        self._draw_chevron(surface, pygame.Rect(rect.x + 4, rect.y + 10, 32, 28), pointing_right=False)
        label = pygame.transform.rotate(fonts.render("LOG", 16, PARCHMENT, bold=True), 90)
        surface.blit(label, label.get_rect(center=(rect.centerx, rect.y + 90)))

    @staticmethod
    def _draw_chevron(surface: pygame.Surface, rect: pygame.Rect, pointing_right: bool) -> None:
        pygame.draw.rect(surface, (0x3A, 0x33, 0x2B), rect, border_radius=6)
        pygame.draw.rect(surface, GOLD, rect, 1, border_radius=6)
        cx, cy = rect.center
        dx = 5 if pointing_right else -5
        pygame.draw.lines(surface, PARCHMENT, False, [(cx - dx, cy - 7), (cx + dx, cy), (cx - dx, cy + 7)], 3)


@lru_cache(maxsize=4)
def _backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The panel's translucent ink backdrop (made once per size, not every frame)."""
    panel = pygame.Surface(size, pygame.SRCALPHA)
    panel.fill((*INK, 225))
    return panel
