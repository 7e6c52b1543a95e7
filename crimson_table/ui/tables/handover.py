"""Passing the screen between human seats at one table: the privacy curtain.

:class:`Handover` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  When the
seat to act is a human other than the one who last had the screen, the curtain
(``widgets/curtain.py``) goes up and hides what only the previous owner may see; once lifted, the
table is seen through the new owner's eyes.  When the previous owner's own move showed them
something (cards drawn, a reveal, a roll), the curtain first starts see-through so they can look
before passing the screen on.  A replay never raises it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crimson_table.ui.widgets.curtain import CurtainScene

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table


class Handover:
    """The curtain between human seats: when it is due, what it shows, who owns the screen after."""

    screen_owner: int | None  # the human seat the screen was last handed to (None: not yet, or no human)
    curtain_up: bool

    def next_human_at_screen(self: Table) -> int | None:
        """The human seat that must take over the screen now (another human than the last), if any."""
        seat = self.match.current_seat()
        if seat is None or not self.match.seats[seat].is_human or seat == self.screen_owner:
            return None
        return seat if len(self.humans) > 1 else None

    def handover_review(self: Table) -> bool:
        """True if the screen's owner must first see what their own move showed them (cards drawn,
        a reveal, a roll: an event with ``reveals``): the curtain then starts see-through, with
        "Done: pass the screen to ..."."""
        if self.last_move is None:
            return False
        actor, events = self.last_move
        if actor != self.screen_owner or actor == self.next_human_at_screen():
            return False
        return any(e.reveals for e in events)

    def _check_curtain(self: Table) -> bool:
        """Hand the screen to the next human, announced by the curtain (which hides hidden hands)."""
        if self.curtain_up or self.anim.busy or self.pending_events or self.replay is not None:
            return self.curtain_up
        seat = self.next_human_at_screen()
        if seat is None:
            return False
        name = self.match.seats[seat].name
        self.curtain_up = True
        self.app.push(
            CurtainScene(
                self.app,
                name,
                seat,
                lambda: self._curtain_lifted(seat),
                self.info.title,
                self.seat_colour(seat),
                private=self.info.hidden_hands,
                review=self.handover_review(),
            )
        )
        return True

    def _curtain_lifted(self: Table, seat: int) -> None:
        self.curtain_up = False
        self.screen_owner = seat
        self._set_viewer(seat)
