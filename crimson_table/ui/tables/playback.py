"""A table's applied moves, told in order: events to the choreography and the log, one move at a time.

:class:`EventPlayback` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  Each
applied action's events wait in ``pending_events``; a batch goes to the choreography (redacted for
the viewer, ``match.events_for``) once the previous batch's beats have finished, and each event's
line goes to the log as its beat starts.  :meth:`settle` tells everything at once (tests, the smoke
run).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING

from crimson_table.engine.core import Event

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table


class EventPlayback:
    """The queue of applied moves' events, handed to the animations and the log in turn."""

    pending_events: deque[list[Event]]
    caption: str  # the log line of the event being animated
    last_move: tuple[int, list[Event]] | None  # who moved last and what it did
    since_last_action: float

    def show_move(self: Table, actor: int, events: list[Event]) -> None:
        """Queue an applied move's events for the choreography and the log; the view is the present."""
        self.last_move = (actor, list(events))
        self.since_last_action = 0.0
        self.pending_events.append(list(events))
        self.view = self.sight_view()

    def play_next_batch(self: Table) -> None:
        """Hand the oldest applied action's events to the animations, and to the log as they play."""
        batch = self.pending_events.popleft()
        redacted = self.match.events_for(self.knows, batch)
        original = {id(seen): event for seen, event in zip(redacted, batch, strict=True)}

        def narrate(events: Sequence[Event]) -> None:
            told = [original[id(e)] for e in events]
            self.log_panel.add(told)
            self.caption = events[0].text_for(self.knows, self.seat_names) if events else ""
            self._keep_results(told, batch)

        self.choreography.play(self.stage(), redacted, self.anim, narrate)
        self.on_events(redacted)

    def current_caption(self: Table) -> str:
        """The log line of the event being animated now ("" when the table has caught up)."""
        return self.caption if self.anim.busy else ""

    @property
    def settled(self: Table) -> bool:
        """True when no event animation is playing or waiting: the table shows the present."""
        return not self.anim.busy and not self.pending_events

    def settle(self: Table) -> None:
        """Finish every animation and hand over every pending batch at once (tests, smoke run)."""
        for _ in range(10_000):
            self.anim.finish_all()
            if not self.pending_events:
                break
            self.play_next_batch()
        self.anim.finish_all()
        self.ui_anim.finish_all()
        self.resync_if_stale()
        self.on_settled()

    def skip_pending(self: Table) -> None:
        """Drop the batches still waiting to be animated; they still go to the log."""
        while self.pending_events:
            self.log_panel.add(self.pending_events.popleft())
