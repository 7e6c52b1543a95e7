"""A segmented choice: a row of joined buttons, one of them lit, for a short list of choices.

Used where a dropdown would hide its choices and spill over the row below: computer
levels in the setup screen, and game options with two or three short choices.  Every choice is
visible at once and one click picks it.  The buttons are pygame-gui buttons made through the
owning :class:`~crimson_table.ui.gui_scene.GuiScene`, so they follow the theme and keyboard focus
like every other button.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame
import pygame_gui

from crimson_table.ui.widgets import fonts

GAP = 4  # pixels between two segments
PADDING = 28  # the least room around a segment's label


class ButtonFactory(Protocol):
    """What a segmented choice needs from its scene: ``GuiScene.button``."""

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
    ) -> pygame_gui.elements.UIButton: ...


def segment_widths(labels: Sequence[str], width: int, size: int = fonts.BODY) -> list[int]:
    """Widths that fill ``width``: each label's room plus an even share of what is left.

    >>> sum(segment_widths(["Novice", "Captain", "Master"], 300)) + 2 * GAP
    300
    """
    font = fonts.font(size, bold=True)
    needs = [font.size(label)[0] + PADDING for label in labels]
    room = width - GAP * (len(labels) - 1)
    spare = room - sum(needs)
    share, extra = divmod(max(spare, 0), len(labels))
    widths = [need + share + (1 if i < extra else 0) for i, need in enumerate(needs)]
    if spare < 0:  # too narrow for the labels: equal parts, the theme shortens the text
        widths = [room // len(labels)] * len(labels)
        widths[-1] += room - sum(widths)
    return widths


def fits(labels: Sequence[str], width: int, size: int = fonts.BODY) -> bool:
    """True if every label fits its segment uncut within ``width``."""
    font = fonts.font(size, bold=True)
    return sum(font.size(label)[0] + PADDING for label in labels) + GAP * (len(labels) - 1) <= width


class SegmentedChoice:
    """Joined buttons for ``choices`` (label, value); ``on_change(value)`` runs on a new pick."""

    def __init__(
        self,
        scene: ButtonFactory,
        rect: pygame.Rect,
        choices: Sequence[tuple[str, Any]],
        selected: Any,
        on_change: Callable[[Any], object] | None = None,
    ) -> None:
        self.choices = list(choices)
        self.values = [value for _label, value in self.choices]
        self.selected = selected if selected in self.values else self.values[0]
        self._on_change = on_change
        self.buttons: list[pygame_gui.elements.UIButton] = []
        x = rect.x
        for (label, value), width in zip(
            self.choices, segment_widths([c[0] for c in self.choices], rect.width), strict=True
        ):
            button = scene.button(
                (x, rect.y, width, rect.height),
                label,
                functools.partial(self.pick, value),
                object_id="secondary",
            )
            self.buttons.append(button)
            x += width + GAP
        self._paint()

    @property
    def labels(self) -> list[str]:
        """The choices' labels, in order."""
        return [label for label, _value in self.choices]

    @property
    def selected_label(self) -> str:
        """The label of the lit choice."""
        return self.choices[self.values.index(self.selected)][0]

    def button_for(self, value: Any) -> pygame_gui.elements.UIButton:
        """The button of one choice (tests click it)."""
        return self.buttons[self.values.index(value)]

    def pick(self, value: Any) -> None:
        """Light ``value``'s segment; tell the owner if it changed."""
        if value == self.selected:
            return
        self.selected = value
        self._paint()
        if self._on_change is not None:
            self._on_change(value)

    @property
    def is_enabled(self) -> bool:
        """True while the choice can be changed (a greyed-out one keeps its value)."""
        return all(button.is_enabled for button in self.buttons)

    def enable(self) -> None:
        """Let the choice be changed again."""
        for button in self.buttons:
            button.enable()

    def disable(self) -> None:
        """Grey the choice out: it changes nothing now (its value is kept)."""
        for button in self.buttons:
            button.disable()

    def kill(self) -> None:
        """Remove the buttons from their manager."""
        for button in self.buttons:
            button.kill()

    def _paint(self) -> None:
        for value, button in zip(self.values, self.buttons, strict=True):
            wanted = "#toggle_on" if value == self.selected else "#secondary"
            if button.get_object_ids()[-1] != wanted:
                button.change_object_id(pygame_gui.core.ObjectID(object_id=wanted))
