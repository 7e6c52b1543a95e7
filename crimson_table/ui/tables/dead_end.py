"""A game that cannot go on: the table says so and offers the ways on, never a frozen table.

The engine promises a legal move until a game ends, but a position set up by a file can break that
promise moves later.  :class:`DeadEnd` belongs to a ``BaseGameScene`` (it takes the scene as
``table``, never imports it): once per position it asks ``Match.cannot_go_on`` and, while the
answer stands, keeps a dialog over the table naming the game ("This game cannot go on: ...")
with what can be done: take back the last move (when the rules allow), open the backup (the game's
file as it was one move earlier, when that version can go on) or go back to the main menu.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from crimson_table.play import autosave, saves
from crimson_table.play.match import Match, NoLegalMove

log = logging.getLogger(__name__)

TITLE = "No legal move"


class DeadEnd:
    """One table's watch for a position with no legal move and no end."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self._checked: Any = None  # the state last asked about (states are used immutably)
        self.problem: NoLegalMove | None = None  # what stops the game at that state, if anything

    def check(self) -> bool:
        """True when the game cannot go on; the dialog is then put over the table (never online: the
        client holds no state, and the server is the one to judge)."""
        if self.table.match.remote:
            return False
        state = self.table.match.state
        if state is not self._checked:
            self._checked, self.problem = state, self.table.match.cannot_go_on()
            if self.problem is not None:
                log.error("%s (step %s)", self.problem, self.table.match.step)
        if self.problem is None:
            return False
        from crimson_table.ui.screens.dialog import (
            ChoiceDialog,
        )  # pygame-gui, loaded only if it comes to this

        self.table.app.push(ChoiceDialog(self.table.app, TITLE, self.message(), self.choices()))
        return True

    def message(self) -> str:
        """The dialog's text: what happened and that the game so far is kept."""
        assert self.problem is not None
        kept = " The game so far is kept with your saves." if autosave.kept_path(self.table.match) else ""
        return f"{self.problem}. The position it started from may have been damaged.{kept}"

    def choices(self) -> list[tuple[str, Any]]:
        """Undo (when the rules allow), the backup (when it can go on), and the main menu."""
        table, app = self.table, self.table.app
        choices: list[tuple[str, Any]] = []
        if table.match.can_undo() and table.tutorial is None:
            choices.append(("Undo", table.undo))
        backup = usable_backup(table.match)
        if backup is not None:
            choices.append(("Open the backup", lambda: app.load_match(backup)))
        choices.append(("Main menu", app.go_to_menu))
        return choices


def usable_backup(match: Match) -> Path | None:
    """The previous version of the match's autosave (one move earlier), when it loads and that game
    can go on; None otherwise."""
    kept = autosave.kept_path(match)
    if kept is None:
        return None
    backup = saves.backup_path(kept)
    if not backup.is_file():
        return None
    try:
        earlier = Match.load(backup)
    except (saves.SaveError, OSError):
        return None
    return backup if earlier.cannot_go_on() is None else None
