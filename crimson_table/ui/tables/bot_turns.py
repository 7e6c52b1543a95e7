"""The computer seats' turns at a table: ask the bot process, pace the answer, apply it.

:class:`BotTurns` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  When a
computer seat is to act, a :class:`~crimson_table.play.bot_worker.BotWorker` asks the bot process
for its decision on that seat's view; the answer is applied no sooner than ``BOT_PAUSE_SECONDS``
(scaled by the animation speed) after the last move, so a person can follow.  A failing bot never
stops the game: its seat plays its first legal move and a toast says so.  A tutorial's scripted
opponent plays instead of a bot.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from crimson_table.engine.core import Event, IllegalAction
from crimson_table.play.bot_worker import BotWorker
from crimson_table.play.match import Match
from crimson_table.play.thinking import DecisionClock

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.tables.tutorial_mode import TutorialMode

log = logging.getLogger(__name__)

BOT_PAUSE_SECONDS = 0.5


class BotTurns:
    """Computer seats through the bot worker: started, cancelled, paced and applied."""

    app: App
    match: Match
    worker: BotWorker | None
    tutorial: TutorialMode | None
    decision_clock: DecisionClock
    since_last_action: float

    def _after_apply(self, actor: int, events: list[Event]) -> None:
        """What the table does after any applied action (BaseGameScene's)."""
        raise NotImplementedError

    @property
    def bot_thinking(self) -> bool:
        """True while a bot's answer is awaited (shown as "thinking…")."""
        return self.worker is not None

    def _cancel_bot(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
        self.worker = None

    def _run_bots(self) -> None:
        seat = self.match.current_seat()
        if seat is None or self.match.seats[seat].is_human:
            self._cancel_bot()
            return
        if self.tutorial is not None and self.tutorial.drives(seat):  # the script plays this seat
            self.tutorial.play_scripted()
            return
        if self.worker is None or self.worker.step != self.match.step:
            self._cancel_bot()
            self.worker = BotWorker(self.match)
            self.decision_clock.asked(self.match.step)
            return
        if self.worker.done:
            self.decision_clock.answered(self.match.step)
        if not self.worker.done or self.since_last_action < BOT_PAUSE_SECONDS * self.app.duration_factor:
            return
        self._apply_bot(self.worker)

    def _apply_bot(self, worker: BotWorker) -> None:
        self.worker = None
        action = worker.result
        if worker.error is not None or action is None:
            log.error("bot for seat %s failed", worker.seat, exc_info=worker.error)
            self.app.toast(f"The computer player failed ({worker.error}); it plays its first legal move.")
            action = self.match.legal_actions()[0]
        try:
            events = self.match.apply(action, seconds=self.decision_clock.seconds(self.match.step))
        except IllegalAction as exc:
            log.error("bot chose an illegal action %r: %s", action, exc)
            events = self.match.apply(self.match.legal_actions()[0])
        self._after_apply(worker.seat if worker.seat is not None else 0, events)
