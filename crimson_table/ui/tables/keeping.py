"""Taking a move back and saving at a table (Ctrl+Z, Ctrl+S, the pause menu's Save).

:class:`UndoAndSave` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  Undo asks
the match whether the rules allow it (``Match.undo_refusal``; a tutorial never does), stops what
is under way (the bot's decision, a hint, animations), takes the moves back, autosaves and resets
the table on the position; at an online table the server's answer resets it (``RemoteFeed``).  A
save goes to a new timestamped file in the saves folder; a folder that refuses it says so in a
dialog.  The results screen lists the match's figures from here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from crimson_table.engine.core import Event
from crimson_table.play import saves

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table


class UndoAndSave:
    """Undo when the rules allow, saves on request, and the match's figures for the results."""

    def undo(self: Table) -> bool:
        """Take back the viewer's last decision when the rules allow (``Match.undo_refusal``)."""
        why = (
            self.match.undo_refusal() if self.tutorial is None else "A tutorial's moves cannot be taken back."
        )
        if why is not None:
            self.app.toast(why, "info")
            return False
        self._cancel_bot()
        self.hinter.cancel()
        removed = self.match.undo()
        if self.match.remote:  # the table goes back with the server's answer (RemoteFeed)
            return True
        self._autosave()
        self.show_reset()
        self.app.toast(f"Took back {len(removed)} move{'s' if len(removed) != 1 else ''}.", "info")
        return True

    def show_reset(self: Table, told: list[Event] | None = None) -> None:
        """The position went back (an undo): the log (``told``, default every event of the match),
        the view and the shown model start again from it."""
        self.anim.finish_all()
        self.pending_events.clear()
        self.drop_results()
        self.log_panel.set_entries(self.match.events if told is None else told, self.knows)
        self.view = self.sight_view()
        self.since_last_action = 0.0
        self.ui_anim.finish_all()
        self.resync()
        self.on_reset()

    def save_game(self: Table) -> Path | None:
        """Save to a new timestamped file in the saves folder (atomic); a toast says so (an online
        table is kept by its server)."""
        if self.match.remote:
            self.app.toast("The server keeps this table: join it again with your invite code.", "info")
            return None
        path = saves.stamped_path(self.info.id)
        try:
            self.match.save(path)
        except OSError as exc:
            self.app.show_error(
                "The game could not be saved", f"The saves folder refused it ({exc.strerror or exc})."
            )
            return None
        self.app.toast(f"Saved {saves.describe(self.info.title, self.seat_names)}", "info")
        return path

    def match_stats(self: Table) -> list[tuple[str, str]]:
        """Turns, moves and moves per seat, then the game's own statistics."""
        actors = [self.match.actor_of(i) for i in range(self.match.step)]
        turns = sum(1 for i, a in enumerate(actors) if i == 0 or a != actors[i - 1])
        rows = [("Turns", str(turns)), ("Moves", str(len(actors)))]
        rows += [(f"Moves by {s.name}", str(actors.count(i))) for i, s in enumerate(self.match.seats)]
        hints = self.match.hints_used
        rows += [
            (f"Hints asked by {s.name}", str(n)) for s, n in zip(self.match.seats, hints, strict=False) if n
        ]
        return rows + self.stats()
