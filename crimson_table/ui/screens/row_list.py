"""A screen's scrolling list of rows: Load's saves and Continue's games, one behaviour for both.

A player learns the list once: the row under the mouse (or chosen with Up/Down) is lit, a click
or Enter continues it, its small buttons (Watch, Delete, Remove…) act on it, Delete asks before
anything leaves the list, the wheel scrolls within the list's length, and the keys scroll a chosen
row into sight.  The rows are drawn clipped to the list, each section's heading above its first
row.  A screen says only what is its own: how many rows, where each stands, which rows are in
sight, what a row shows, its buttons, and what choosing or removing one does.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import pygame

from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.screens.dialog import ConfirmDialog
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.theme import CRIMSON, ERROR, GOLD, GOLD_LIGHT, PARCHMENT_LIGHT

if TYPE_CHECKING:
    from crimson_table.ui.app import App

ROW_H, ROW_GAP, HEADING_H = 96, 10, 40
ACTION_W, ACTION_H, ACTION_GAP = 104, 34, 10
WHEEL_STEP = 40  # pixels the list moves per notch of the mouse wheel
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
REMOVE_KEYS = (pygame.K_DELETE, pygame.K_BACKSPACE)


@dataclass(frozen=True)
class RowAction:
    """One small button on a row: where it is, its word, and what a click on it does."""

    rect: pygame.Rect
    text: str
    run: Callable[[], object]


def action_rect(row: pygame.Rect, slot: int) -> pygame.Rect:
    """The small button ``slot`` places from the row's bottom-right corner (0: the rightmost)."""
    rightmost = pygame.Rect(row.right - 16 - ACTION_W, row.bottom - 10 - ACTION_H, ACTION_W, ACTION_H)
    return rightmost.move(-slot * (ACTION_W + ACTION_GAP), 0)


def draw_row_card(surface: pygame.Surface, rect: pygame.Rect, hovered: bool, *, faulty: bool = False) -> None:
    """A row's parchment card: a gold edge, brighter and thicker when lit; red for a row that
    cannot be used (a damaged save)."""
    pygame.draw.rect(surface, PARCHMENT_LIGHT, rect, border_radius=10)
    edge = ERROR if faulty else GOLD_LIGHT if hovered else GOLD
    pygame.draw.rect(surface, edge, rect, 3 if hovered else 2, border_radius=10)


def draw_row_button(surface: pygame.Surface, action: RowAction) -> None:
    """A row's small button: its word in crimson on parchment, a crimson edge."""
    pygame.draw.rect(surface, PARCHMENT_LIGHT, action.rect, border_radius=8)
    pygame.draw.rect(surface, CRIMSON, action.rect, 2, border_radius=8)
    fonts.blit_text(
        surface, action.text, fonts.SMALL, CRIMSON, action.rect.center, anchor="center", bold=True
    )


class RowListScene(GuiScene, ABC):
    """A screen whose body is a scrolling list of rows in ``list_area``."""

    list_area: ClassVar[pygame.Rect]
    heading_room: ClassVar[int] = 0  # kept in sight above a row the keys scroll to (its heading)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scroll = 0
        self.hovered: int | None = None  # the lit row: under the mouse, or chosen with Up/Down

    # -- what a screen says of its rows --------------------------------------------------------------
    @abstractmethod
    def row_count(self) -> int:
        """How many rows the list has."""

    @abstractmethod
    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn at the present scroll (may be outside the list)."""

    @abstractmethod
    def rows_in_sight(self) -> Iterable[int]:
        """The rows drawn at the present scroll, in order (the only ones the mouse can reach)."""

    @abstractmethod
    def row_name(self, index: int) -> str:
        """How row ``index`` is named to a test driving the window (``ui/screen_report.py``)."""

    @abstractmethod
    def draw_row(self, surface: pygame.Surface, index: int) -> None:
        """Draw row ``index`` (its card and what it shows; its buttons are drawn after it)."""

    @abstractmethod
    def choose(self, index: int) -> None:
        """Continue row ``index`` (a click on it, or Enter)."""

    @abstractmethod
    def ask_remove(self, index: int) -> None:
        """The Delete key on row ``index``: ask before it leaves the list."""

    def heading_before(self, index: int) -> str | None:
        """The section heading drawn above row ``index``, if a section starts there."""
        return None

    def row_actions(self, index: int) -> list[RowAction]:
        """The small buttons row ``index`` offers now, right to left."""
        return []

    def row_key(self, key: int, index: int) -> bool:
        """A key of the screen's own for the chosen row ``index`` (Load's W and R); True if used."""
        return False

    def screen_keys(self) -> dict[int, Callable[[], None]]:
        """Keys that work with or without rows: Esc goes back."""
        return {pygame.K_ESCAPE: self.close}

    def close(self) -> None:
        """Back to the screen below."""
        self.app.pop(self)

    # -- shared behaviour ----------------------------------------------------------------------------
    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row under ``pos``, if any."""
        if not self.list_area.collidepoint(pos):
            return None
        return next((i for i in self.rows_in_sight() if self.row_rect(i).collidepoint(pos)), None)

    def report_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The rows wholly in sight and their buttons, by name (``ui/screen_report.py``: what a test
        clicks): ``row:<name>``, and ``remove:<name>`` for its Remove button."""
        found: list[tuple[str, pygame.Rect]] = []
        for index in self.rows_in_sight():
            rect = self.row_rect(index)
            if not self.list_area.contains(rect):
                continue
            name = self.row_name(index)
            found.append((f"row:{name}", rect))
            found.extend((f"{action.text.lower()}:{name}", action.rect) for action in self.row_actions(index))
        return found

    def ask_first(self, question: str, text: str, verb: str, then: Callable[[], object]) -> None:
        """Ask ``question`` before doing ``then`` (the dialog's button says ``verb``)."""
        self.app.push(ConfirmDialog(self.app, question, text, verb, then))

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Hover, click (a row's button, else the row), wheel and keys."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.row_at(event.pos)
            if index is None:
                return event
            self._click(index, event.pos)
            return None
        elif event.type == pygame.MOUSEWHEEL:
            self.wheel(int(event.y))
            return None
        elif event.type == pygame.KEYDOWN:
            return None if self._key(event.key) else event
        return event

    def _click(self, index: int, pos: tuple[int, int]) -> None:
        action = next((a for a in self.row_actions(index) if a.rect.collidepoint(pos)), None)
        if action is not None:
            action.run()
        else:
            self.choose(index)

    def _key(self, key: int) -> bool:
        """The screen's keys, then Up/Down (the chosen row is the lit one), Enter, Delete and the
        screen's own row keys; True if the key was used."""
        keys = self.screen_keys()
        if key in keys:
            keys[key]()
            return True
        count = self.row_count()
        if not count:
            return False
        if key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if key == pygame.K_UP else 1
            current = self.hovered if self.hovered is not None else (-1 if step > 0 else count)
            self.hovered = max(0, min(count - 1, current + step))
            self.scroll_to(self.hovered)
            return True
        index = self.hovered
        if index is None:
            return False
        if key in ENTER_KEYS:
            self.choose(index)
        elif key in REMOVE_KEYS:
            self.ask_remove(index)
        else:
            return self.row_key(key, index)
        return True

    def scroll_to(self, index: int) -> None:
        """Scroll so that row ``index`` shows whole (with ``heading_room`` above it)."""
        rect, area = self.row_rect(index), self.list_area
        if rect.bottom > area.bottom:
            self.scroll += rect.bottom - area.bottom
        elif rect.y - self.heading_room < area.y:
            self.scroll = max(0, self.scroll - (area.y - rect.y + self.heading_room))

    def wheel(self, notches: int) -> None:
        """Scroll by the wheel, within the list's length."""
        count = self.row_count()
        bottom = self.row_rect(count - 1).bottom + self.scroll if count else 0
        limit = max(0, bottom - self.list_area.bottom)
        self.scroll = max(0, min(limit, self.scroll - notches * WHEEL_STEP))

    def draw_rows(self, surface: pygame.Surface) -> None:
        """The rows in sight with their headings and buttons, clipped to the list."""
        previous = surface.get_clip()
        surface.set_clip(self.list_area)
        for index in self.rows_in_sight():
            heading = self.heading_before(index)
            if heading is not None:
                rect = self.row_rect(index)
                fonts.blit_text(
                    surface, heading, 22, CRIMSON, (rect.x + 4, rect.y - HEADING_H + 6), bold=True
                )
            self.draw_row(surface, index)
            for action in self.row_actions(index):
                draw_row_button(surface, action)
        surface.set_clip(previous)
