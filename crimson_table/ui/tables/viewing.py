"""Whose eyes a table shows, and when it is rebuilt from the position.

:class:`Viewing` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  The viewer
seat sits at the bottom of the layout; ``sight`` says whose knowledge is shown: that seat's
(``SEAT_SIGHT``), a spectator's (``SPECTATOR``, a replay's public view) or every hand open
(``ALL_OPEN``, a finished recorded game); an online spectator (``watching``) sits at no seat and
sees the public view, and so does whoever watches a local table of computers only.  The shown model is rebuilt from the view (:meth:`resync`)
only once the table has caught up, so a move's animations never jump ahead of what they tell.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from crimson_table.ui.sight import ALL_OPEN, SEAT_SIGHT, SPECTATOR

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table


class Viewing:
    """The viewer seat and sight: the view they give, and the shown model kept in step with it."""

    viewer_seat: int  # the seat at the bottom of the layout
    sight: str  # whose knowledge is shown: that seat's, a spectator's, all hands open
    view: Mapping[str, Any]
    _shown_at: tuple[int, int, str]  # the position and eyes the shown model was last built from

    def _first_sight(self: Table) -> str:
        """Whose knowledge the table opens with: the seat at the bottom's, or the public view when
        nobody plays at this screen (an online spectator, or a local table of computers only: the
        person watching sits at no seat, so no computer's hand is shown face up)."""
        return SPECTATOR if self.watching or not self.humans else SEAT_SIGHT

    def _first_viewer(self: Table) -> int:
        if not self.humans:
            return 0
        current = self.match.current_seat()
        return current if current in self.humans else self.humans[0]

    @property
    def watching(self: Table) -> bool:
        """True at an online table followed as a spectator: no seat is played at this screen, the
        table shows the public view (every hand face down) and offers no move."""
        return bool(self.match.remote) and not self.match.local_seats()

    def speaks_to(self: Table, seat: int | None) -> bool:
        """True when the table may speak of ``seat`` as "you" ("Your turn", "Your side"): a person
        plays it at this screen.  A spectator sits at no seat, so the table names every seat."""
        return seat is not None and seat in self.humans

    @property
    def knows(self: Table) -> int | None:
        """The seat whose knowledge the table shows, or None (a spectator; all hands open): the seat
        events are redacted for and log lines read as."""
        return self.viewer_seat if self.sight == SEAT_SIGHT else None

    @property
    def spectating(self: Table) -> bool:
        """True when no seat's hidden cards may show: the seat at the bottom is only a place."""
        return self.sight == SPECTATOR

    def sight_view(self: Table) -> Mapping[str, Any]:
        """The view the table is built from: the viewer seat's, a spectator's, or all hands open."""
        if self.sight == SPECTATOR:
            return self.match.view(None)
        if self.sight == ALL_OPEN:
            return self.match.open_view(self.open_final)
        return self.match.view(self.viewer_seat)

    def _shown_key(self: Table) -> tuple[int, int, str]:
        return (self.match.step, self.viewer_seat, self.sight)

    def resync(self: Table) -> None:
        """Show the present: the viewer's view, the shown model rebuilt from it, nothing in flight."""
        self.view = self.sight_view()
        self._shown_at = self._shown_key()
        self.flights.clear()
        self.on_resync()

    def resync_if_stale(self: Table) -> None:
        """Resync once the table has settled on a position (or viewer) it has not been built from."""
        if self.settled and self._shown_at != self._shown_key():
            self.resync()

    def _set_viewer(self: Table, seat: int, sight: str = SEAT_SIGHT) -> None:
        if seat == self.viewer_seat and sight == self.sight:
            return
        self.viewer_seat, self.sight = seat, sight
        self.view = self.sight_view()
        self.log_panel.set_viewer(self.knows)
        self.resync()
        self.on_viewer_changed()
