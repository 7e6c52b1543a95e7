"""When a table needs frames, and what it says while it waits for someone to decide.

:class:`FramePacing` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  The app
rests while nothing changes by itself; a table asks for frames while a bot is to move, events are
to be shown or the end is to be announced.  While only a bot thinks it repaints ``THINKING_FPS``
times a second (the frame loop still ticks, so the answer is noticed at once), leaving the CPU to
the bot's process.  The "… is thinking" / "Waiting for …" pill is drawn from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from crimson_table.ui.tables import overlays
from crimson_table.ui.widgets.anim import Animator

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table

THINKING_FPS = 12  # repaints a second while the table only waits for a bot (dots, slow pulses)


class FramePacing:
    """Frames asked for, repaints spared while a bot thinks, and whom the table waits for."""

    _drawn_key: tuple[int, bool, int] | None  # what the last frame showed (needs_redraw)

    def needs_frames(self: Table) -> bool:
        """Frames while the table moves by itself: a bot to move, events to show, the end to announce."""
        if self.replay is not None:
            return not self.settled or self.animating()
        seat = self.match.current_seat()
        # a computer seat here; online the server's computers and the other people move elsewhere
        bot_to_move = seat is not None and not self.match.seats[seat].is_human and not self.match.remote
        handing_over = self.next_human_at_screen() is not None and not self.curtain_up
        ending = self.match.is_over() and not self.game_over_shown
        thinking = self.hinter.thinking
        coaching = self.tutorial is not None and self.tutorial.needs_frames()
        busy = thinking or coaching or not self.settled or self.animating()
        return bot_to_move or handing_over or ending or busy

    def ticking(self: Table) -> bool:
        """Online, while another player decides elsewhere: the table rests (the network wakes it
        when the move comes) and its "Waiting for …" pill is redrawn as the app wakes; so is the
        cursor of a chat line being typed."""
        return self.remote is not None and (self.waiting_seat() is not None or self.typing())

    def needs_redraw(self: Table) -> bool:
        """While a bot thinks and nothing moves, repaint only ``THINKING_FPS`` times a second.

        The frame loop keeps its 60 ticks (the answer is noticed at once) but does not paint
        a table that looks the same: the bot's process gets the CPU instead.
        """
        if self.waiting_seat() is None or not self.settled or self.animating():
            return True
        return self._frame_key() != self._drawn_key

    def _frame_key(self: Table) -> tuple[int, bool, int]:
        waiting = self.waiting_seat() is not None
        return (self.match.step, waiting, int(self.app.clock_time * THINKING_FPS))

    def waiting_seat(self: Table) -> int | None:
        """The seat the table waits for and says so: a computer thinking here, or, online, a person
        (or a computer seat) deciding elsewhere once the table shows the present; else None."""
        if self.worker is not None:
            return self.worker.seat if self.worker.seat is not None else 0
        if self.remote is not None and self.settled:
            return self.remote.waiting_seat()
        return None

    def waiting_anchor(self: Table) -> tuple[int, int]:
        """Where the "… is thinking" / "Waiting for …" pill hangs (its top centre): the table's top
        centre; a table whose own header sits there moves it."""
        return (self.table_rect.centerx, overlays.THINKING_TOP)

    def waiting_text(self: Table, seat: int) -> str:
        """What the table says while ``seat`` decides (the dots follow)."""
        if self.remote is not None:
            return self.remote.waiting_text(seat)
        return f"{self.match.seats[seat].name} is thinking"

    def _draw_waiting(self: Table, surface: pygame.Surface) -> None:
        """The pill at the table's top: what the connection's loss or end says (online), else whom
        the table waits for."""
        remote = self.remote
        lost = remote.connection_note() if remote is not None else None
        if remote is not None and lost is not None:
            overlays.draw_waiting(self, surface, None, lost, ongoing=not remote.closed)
            return
        waiting = self.waiting_seat()
        if waiting is not None:
            overlays.draw_waiting(self, surface, waiting, self.waiting_text(waiting))

    def animating(self) -> bool:
        """True while the table's own animations run (default: any Animator of the scene is busy)."""
        return any(isinstance(part, Animator) and part.busy for part in vars(self).values())
