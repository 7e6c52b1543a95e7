"""How long each seat takes to decide (the statistics page's "time thinking").

The table asks :class:`DecisionClock` to start when a decision is put to its seat (a human's
table becomes interactive, a bot's request is sent), notes when a bot's answer arrived, and
reads the seconds when the action is applied (``Match.apply(action, seconds=...)``).  The clock
is the app's (``time.monotonic``); the engine never reads time.

>>> ticks = iter([10.0, 12.5, 99.0])
>>> clock = DecisionClock(lambda: next(ticks))
>>> clock.asked(3); clock.asked(3)  # the first ask of a step counts
>>> clock.answered(3)
>>> clock.seconds(3), clock.seconds(4)
(2.5, None)
"""

from __future__ import annotations

import time
from collections.abc import Callable


class DecisionClock:
    """When the decision at a step was put to its seat, and when it was answered."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._step: int | None = None
        self._since = 0.0
        self._answered: float | None = None

    def asked(self, step: int) -> None:
        """The decision at ``step`` is now before its seat (only the first call of a step counts)."""
        if step != self._step:
            self._step, self._since, self._answered = step, self._now(), None

    def answered(self, step: int) -> None:
        """The answer for ``step`` has arrived (a bot's: the table applies it a moment later)."""
        if step == self._step and self._answered is None:
            self._answered = self._now()

    def seconds(self, step: int) -> float | None:
        """How long the decision at ``step`` took (None when it was never asked)."""
        if step != self._step:
            return None
        end = self._answered if self._answered is not None else self._now()
        return max(0.0, end - self._since)
