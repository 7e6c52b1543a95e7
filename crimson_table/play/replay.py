"""Watching a match again: a cursor over its log, with time travel to any move.

The replay never keeps a second copy of the game: :class:`ReplayCursor` holds the recorded
match (``source``) and a match standing at the cursor (``match``, a :meth:`Match.prefix` of the
source whose states are the source's own).  Going back or jumping is :meth:`Match.follow` —
the source already holds the state after every step (``Match.state_at``), each built once by
re-applying the log when the match was played or loaded — so a jump from the end to the start
costs a list slice, whatever the match's length (bench/replay_jump.py).

The table shown over the cursor's match is the game's own table in replay mode
(``ui/tables/replay.py``); it asks ``match.view(seat)`` and ``match.events_for(seat, ...)`` as in
play, so a replay shows a seat only what that seat could see.
"""

from __future__ import annotations

from crimson_table.engine.core import Event
from crimson_table.play.match import Match, Seat


class ReplayCursor:
    """A position in a recorded match: step 0 (the deal) to ``length`` (the last action)."""

    def __init__(self, source: Match, step: int | None = None) -> None:
        self.source = source
        self.match = source.prefix(source.step if step is None else step)

    @property
    def step(self) -> int:
        """How many of the recorded actions have been applied at the cursor."""
        return self.match.step

    @property
    def length(self) -> int:
        """How many actions the recorded match has."""
        return self.source.step

    @property
    def at_start(self) -> bool:
        """True at the deal."""
        return self.step == 0

    @property
    def at_end(self) -> bool:
        """True at the last recorded action."""
        return self.step == self.length

    @property
    def finished(self) -> bool:
        """True when the recorded match is over (all hands may then be shown)."""
        return self.source.is_over()

    def seek(self, step: int) -> int:
        """Move to ``step`` (clamped to 0..length); returns the step now shown."""
        step = max(0, min(self.length, step))
        if step != self.step:
            self.match.follow(self.source, step)
        return step

    def forward(self) -> list[Event]:
        """One recorded action on; its events (empty at the end)."""
        if self.at_end:
            return []
        self.match.follow(self.source, self.step + 1)
        return list(self.source.events_of(self.step - 1))

    def back(self) -> int:
        """One action back; returns the step now shown."""
        return self.seek(self.step - 1)

    def step_of_event(self, index: int) -> int:
        """The step reached just after event ``index`` of the source's log (a log line to jump to).

        >>> from crimson_table.play.match import Seat
        >>> cursor = ReplayCursor(Match.new("two_crowns", [Seat("A"), Seat("B")], seed=1))
        >>> cursor.step_of_event(0)
        0
        """
        seen = 0
        for step in range(self.length):
            seen += len(self.source.events_of(step))
            if index < seen:
                return step + 1
        return self.length

    def branch(self, seats: list[Seat] | None = None) -> Match:
        """A new match that plays on from the cursor: its log is the recorded prefix."""
        return self.source.prefix(self.step, seats)
