"""A person's move at a table: whether the screen's seat must decide now, and applying its choice.

:class:`HumanTurns` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`, beside
``bot_turns`` (the computer seats).  A gesture the table turns into an action comes through
:meth:`try_action`: a move out of turn, one a tutorial's coach does not ask for, or one the rules
refuse is told in a notice ("reason (RULE-ID)") and changes nothing.  Every applied move, a
person's or a bot's, then takes the same way (:meth:`_after_apply`): its events queue for the
animations and the log, and the match is kept.  Online the move comes back with the server's
update (``remote_feed.py``), and the server keeps the match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crimson_table.engine.core import Action, Event, IllegalAction
from crimson_table.play import autosave

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table


class HumanTurns:
    """The screen's seat to decide, its action applied or refused, and every move kept."""

    @property
    def awaiting_human(self: Table) -> bool:
        """True when the seat looking at the screen must decide now."""
        seat = self.match.current_seat()
        return (
            seat is not None
            and self.replay is None
            and seat == self.viewer_seat
            and self.match.seats[seat].is_human
            and not self.curtain_up
            and not self.spectating  # the seat at the bottom is only a place: nobody here may act
        )

    @property
    def interactive(self: Table) -> bool:
        """True when the viewer must decide now and the table has caught up with the engine."""
        return self.awaiting_human and self.settled

    def try_action(self: Table, action: Action) -> bool:
        """Apply a human's action; a refusal shows "reason (RULE-ID)" in a red toast for 3 s."""
        if not self.awaiting_human:
            seat = self.match.current_seat()
            who = self.match.seats[seat].name if seat is not None else "nobody"
            self.app.toast(f"It is not your move: {who} is to act.")
            return False
        if self.tutorial is not None and not self.tutorial.allows(action):
            return False
        try:
            actor = self.match.current_seat()
            events = self.match.apply(action, seconds=self.decision_clock.seconds(self.match.step))
        except IllegalAction as exc:
            self.app.toast(f"{self.with_names(exc.reason)} ({exc.rule_id})")
            return False
        assert actor is not None
        self.drop_results()
        if not self.match.remote:  # online, the move comes back with the server's update (RemoteFeed)
            self._after_apply(actor, events)
        if self.tutorial is not None:
            self.tutorial.moved(action)
        return True

    def _after_apply(self: Table, actor: int, events: list[Event]) -> None:
        """Any applied move, a person's or a bot's: show it, then keep the match."""
        self.show_move(actor, events)
        self._autosave()

    def _autosave(self: Table) -> None:
        """Keep the match after a move; a tutorial keeps its own progress (play/tutorial.py) and an
        online table is kept by its server."""
        if self.tutorial is None and not self.match.remote:
            autosave.write(self.match, self.app.toast)
