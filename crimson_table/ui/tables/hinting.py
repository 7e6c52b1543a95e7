"""The table's Hint: ask (button or H), think in the background, glow the move, explain it in a line.

:class:`Hinter` belongs to a ``BaseGameScene`` (it takes the scene as ``table``, never imports
it).  A hint is asked only on the viewer's own decision: ``play/bot_worker.HintWorker`` computes
it from that seat's view (``ai/hints.py``) in the bot process, so the frame loop never waits; the
answer glows (``highlight.py``, style ``"hint"``) with its explanation on the caption plate
("Attack: about 64% to win; next best: Large draw, about 51%") until the position changes.
Each decision a seat asks a hint for counts once in ``match.hints_used`` (the statistics page).
"""

from __future__ import annotations

import logging
from typing import Any

from crimson_table.play.bot_worker import HintWorker

log = logging.getLogger(__name__)

THINKING = "Looking for a hint\N{HORIZONTAL ELLIPSIS}"


class Hinter:
    """One table's hints: at most one being computed, shown until the position moves on."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.worker: HintWorker | None = None
        self.counted: set[int] = set()  # the steps whose hint is counted already
        self.line = ""  # the explanation shown now ("" when none)

    @property
    def thinking(self) -> bool:
        """True while a hint is being computed."""
        return self.worker is not None

    def available(self) -> bool:
        """True when the viewer decides now (a hint is for one's own decision); never at an online
        table, whose client holds no state for the bot to think on and whose opponents are people."""
        return bool(self.table.interactive) and not self.table.match.remote

    def ask(self) -> bool:
        """Start a hint for the viewer's decision (a toast says why not); True if one is coming."""
        table, match = self.table, self.table.match
        if match.remote:
            table.app.toast("There are no hints at an online table.", "info")
            return False
        if not self.available():
            table.app.toast("A hint is for your own decision: wait for your turn.", "info")
            return False
        if self.worker is not None and self.worker.step == match.step:
            return True
        self.cancel()
        if match.step not in self.counted:
            self.counted.add(match.step)
            match.note_hint(table.viewer_seat)
        table.glow([], "hint", caption=THINKING)
        self.worker = HintWorker(match)
        self.update()
        return True

    def update(self) -> None:
        """Collect a finished hint: glow its move and show its line (a stale one is dropped)."""
        worker = self.worker
        if worker is None:
            return
        if worker.step != self.table.match.step:
            self.cancel()
            return
        if not worker.done:
            return
        self.worker = None
        hint = worker.result
        if worker.error is not None or hint is None:
            detail = getattr(worker.error, "detail", "")
            log.error("no hint at step %s: %s%s", worker.step, worker.error, f"\n{detail}" if detail else "")
            self.table.clear_glow("hint")
            self.table.app.toast("No hint this time: the computer could not work one out.")
            return
        from crimson_table.ai.hints import explain

        self.line = explain(hint, self.table.action_label)
        self.table.reveal_action(hint.action)
        self.table.glow([hint.action], "hint", caption=self.line)

    def cancel(self) -> None:
        """Drop a hint being computed (undo, leaving the table, the position moved on)."""
        if self.worker is not None:
            self.worker.cancel()
        self.worker = None
