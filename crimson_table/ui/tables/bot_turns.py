"""The computer seats' turns at a table: ask the bot process, pace the answer, apply it.

:class:`BotTurns` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  When a
computer seat is to act, a :class:`~crimson_table.play.bot_worker.BotWorker` asks the bot process
for its decision on that seat's view; the answer is applied no sooner than ``BOT_PAUSE_SECONDS``
(scaled by the animation speed) after the last move, so a person can follow.  A failing bot never
stops the game: when the bot process fails, does not answer in time or answers a move the rules
refuse, Captain (the heuristic bot) decides for that seat in this process, and a notice in one
plain sentence says so (the details go to the log).  A tutorial's scripted opponent plays
instead of a bot.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from crimson_table.engine.core import Action, IllegalAction
from crimson_table.play.bot_worker import BotWorker

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table

log = logging.getLogger(__name__)

BOT_PAUSE_SECONDS = 0.5
CAPTAIN = "heuristic"  # the level that decides when a seat's own bot cannot (every game has it)


class BotTurns:
    """Computer seats through the bot worker: started, cancelled, paced and applied."""

    worker: BotWorker | None  # the bot process asked for the seat to act, if any

    @property
    def bot_thinking(self: Table) -> bool:
        """True while a bot's answer is awaited (shown as "thinking…")."""
        return self.worker is not None

    def _cancel_bot(self: Table) -> None:
        if self.worker is not None:
            self.worker.cancel()
        self.worker = None

    def _run_bots(self: Table) -> None:
        seat = self.match.current_seat()
        if seat is None or self.match.seats[seat].is_human or self.match.remote:  # online: the server's
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

    def _apply_bot(self: Table, worker: BotWorker) -> None:
        self.worker = None
        seat = worker.seat if worker.seat is not None else 0
        seconds = self.decision_clock.seconds(self.match.step)
        action = worker.result
        if worker.error is not None or action is None:
            why = "did not answer" if worker.timed_out else "failed"
            action = self._captain_plays(seat, why, worker.error)
        try:
            events = self.match.apply(action, seconds=seconds)
        except IllegalAction as exc:
            events = self.match.apply(
                self._captain_plays(seat, "chose a move the rules refuse", exc), seconds
            )
        self._after_apply(seat, events)

    def _captain_plays(self: Table, seat: int, why: str, error: BaseException | None) -> Action:
        """Captain's decision for ``seat`` in this process, after its own bot ``why`` (logged in full,
        the notice in one sentence)."""
        detail = getattr(error, "detail", "")
        if detail:
            log.error("the computer player for seat %s %s: %s\n%s", seat, why, error, detail)
        else:
            log.error("the computer player for seat %s %s: %s", seat, why, error, exc_info=error)
        self.app.toast(f"The computer player {why}; Captain played for {self.match.seats[seat].name}.")
        return self.match.bot_choose(CAPTAIN)
