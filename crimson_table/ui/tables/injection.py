"""Synthetic input for a table: the smoke run and the tests play through real pygame events.

:class:`EventInjection` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`, so
every table offers ``inject_click`` and ``inject_drag`` in logical coordinates; an event goes
through the app when the table is on top (overlays see it first, as a player's click would).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table


class EventInjection:
    """Clicks and drags delivered as pygame events (the table's ``handle_event`` or the app's)."""

    def inject(self: Table, kind: int, pos: tuple[int, int], **extra: Any) -> None:
        """Deliver a synthetic pygame event at ``pos``: through the app when this table is on top."""
        event = pygame.event.Event(kind, {"pos": pos, **extra})
        top: object = self.app.top
        if top is self:
            self.app.dispatch(event)
        else:
            self.handle_event(event)

    def inject_click(self: Table, pos: tuple[int, int]) -> None:
        """Move there, press and release the left button."""
        self.inject(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(0, 0, 0))
        self.inject(pygame.MOUSEBUTTONDOWN, pos, button=1)
        self.inject(pygame.MOUSEBUTTONUP, pos, button=1)

    def inject_drag(self: Table, grab: tuple[int, int], target: tuple[int, int]) -> None:
        """Press at ``grab``, move half-way then to ``target`` with the button held, release there."""
        self.inject(pygame.MOUSEMOTION, grab, rel=(0, 0), buttons=(0, 0, 0))
        self.inject(pygame.MOUSEBUTTONDOWN, grab, button=1)
        middle = ((grab[0] + target[0]) // 2, (grab[1] + target[1]) // 2)
        self.inject(pygame.MOUSEMOTION, middle, rel=(0, 0), buttons=(1, 0, 0))
        self.inject(pygame.MOUSEMOTION, target, rel=(0, 0), buttons=(1, 0, 0))
        self.inject(pygame.MOUSEBUTTONUP, target, button=1)
