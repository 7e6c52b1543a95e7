"""Every decision by keyboard alone: Tab walks the legal actions, Enter plays, Esc clears.

:class:`KeyFocus` belongs to a ``BaseGameScene`` (it takes the scene as ``table``).  On the
viewer's decision, Tab (Shift+Tab back) moves a focus over ``match.legal_actions()`` in the
engine's order; the focused action's targets glow (``highlight.py``, style ``"focus"``) with its
label on the caption plate; Enter or Space plays it through ``table.play_focused(action)`` (the
table's own path: a confirmation where the table asks one); Esc clears the focus.  The tables'
own keys (arrows over the hand, Enter for the default button, number keys for buttons) still work
whenever nothing is focused.  The legal actions come from the engine, so the keyboard can make
every decision a table can.
"""

from __future__ import annotations

from typing import Any

import pygame

from crimson_table.engine.core import Action

PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class KeyFocus:
    """The keyboard's focus over the current decision's legal actions."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.index: int | None = None
        self.step = -1

    def actions(self) -> list[Action]:
        """The legal actions the focus walks over (none unless the viewer decides now)."""
        if not self.table.interactive:
            return []
        return list(self.table.match.legal_actions())

    @property
    def focused(self) -> Action | None:
        """The focused action, if any (a focus from an earlier position is gone)."""
        if self.index is None or self.step != self.table.match.step:
            return None
        actions = self.actions()
        return actions[self.index] if self.index < len(actions) else None

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab, and Enter / Space / Esc while something is focused; True if used."""
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.focused is None:
            return False
        if event.key in PLAY_KEYS:
            self.play()
            return True
        if event.key == pygame.K_ESCAPE:
            self.clear()
            return True
        return False

    def move(self, step: int) -> None:
        """Focus the next (or previous) legal action; the first Tab focuses the first one."""
        actions = self.actions()
        if not actions:
            self.clear()
            return
        if self.focused is None:
            self.index = 0 if step > 0 else len(actions) - 1
        else:
            assert self.index is not None
            self.index = (self.index + step) % len(actions)
        self.step = self.table.match.step
        action = actions[self.index]
        self.table.reveal_action(action)
        self.table.on_key_focus(action)
        label = self.table.with_names(action.label)
        caption = (
            f"{label}  \N{MIDDLE DOT}  {self.index + 1} of {len(actions)}  \N{MIDDLE DOT}  Enter plays it"
        )
        self.table.glow([action], "focus", caption=caption)

    def play(self) -> None:
        """Play the focused action the table's way."""
        action = self.focused
        self.clear()
        if action is not None:
            self.table.play_focused(action)

    def clear(self) -> None:
        """No focus."""
        self.index = None
        self.table.clear_glow("focus")
        self.table.on_key_focus(None)
