"""Where a table's actions are on screen, so that hints, keyboard focus and the tutorial can glow them.

:class:`ActionTargets` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  A table
says where what an action is about is drawn (:meth:`action_rects`) and which of its buttons makes
it (:meth:`button_for`); the glows (``highlight.py``) draw over those places, and their caption
plates keep off the very buttons a hint compares (:meth:`plate_clearance`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from crimson_table.engine.core import Action
from crimson_table.ui.tables import highlight
from crimson_table.ui.widgets.buttons import Button

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table


class ActionTargets:
    """An action's places on screen, its button, and the glows drawn over them."""

    def action_rects(self, action: Action) -> list[pygame.Rect]:
        """Where on the screen what ``action`` is about is drawn now (``ui/tables/highlight.py``)."""
        return []

    def reveal_action(self, action: Action) -> None:
        """Make ``action``'s target show (a table with pages of buttons turns to its page)."""

    def glow(
        self: Table, actions: Sequence[Action], style: str = "hint", caption: str = "", sticky: bool = False
    ) -> None:
        """Glow the targets of ``actions`` in ``style`` (see ``highlight.py``) until cleared."""
        self.glows.set(highlight.Glow(tuple(actions), style, caption, sticky, self.match.step))

    def clear_glow(self: Table, style: str | None = None) -> None:
        """Stop one style's glow (every glow when ``style`` is None)."""
        self.glows.clear(style)

    def on_key_focus(self, action: Action | None) -> None:
        """The keyboard focus moved to ``action`` (None: cleared); a table may mirror it."""

    def play_focused(self: Table, action: Action) -> None:
        """Play an action chosen with the keyboard (a table may confirm first, as its button does)."""
        self.try_action(action)

    def plate_clearance(self) -> list[pygame.Rect]:
        """What a hint's or the keyboard focus's caption plate must never cover: the table's action
        buttons (``self.buttons``, where a table keeps them), the very choices a hint compares."""
        buttons: list[Button] = getattr(self, "buttons", [])
        return [button.rect for button in buttons]

    def button_for(self, action: Action) -> Button | None:
        """The button of ``self.buttons`` that makes ``action`` (its ``on_click`` a partial of it),
        or None if it is not a button now; a table with other buttons overrides this."""
        buttons: list[Button] = getattr(self, "buttons", [])
        for button in buttons:
            target = getattr(button.on_click, "args", ())
            if target and target[0] == action:
                return button
        return None
