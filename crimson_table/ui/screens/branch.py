"""Who plays on from a replayed move ("Play on from here"): the setup form's seat rows.

The seats keep their number (the position has them); names, human or computer and the bot
level can change.  Start hands the seats to the replay, which branches the match and saves it
as a match of its own (``ReplayScene.branch``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.play.match import Match, Seat
from crimson_table.ui.screens.setup import ROW_HEIGHT, ROW_TOP, SEATS_PANEL, SetupScene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import dim, draw_panel
from crimson_table.ui.widgets.theme import GOLD_LIGHT, INK, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App


def panel_for(seats: int) -> pygame.Rect:
    """The setup form's seats panel, just tall enough for ``seats`` rows."""
    return pygame.Rect(
        SEATS_PANEL.x, SEATS_PANEL.y, SEATS_PANEL.width, ROW_TOP - SEATS_PANEL.y + seats * ROW_HEIGHT + 52
    )


class BranchScene(SetupScene):
    """The seat rows of the setup form, filled in from the replayed match."""

    transparent = True
    help_title = "Play on from here"
    HELP_KEYS = (("Esc", "Cancel"),)

    def __init__(self, app: App, source: Match, step: int, on_start: Callable[[list[Seat]], Any]) -> None:
        self.source, self.at_step, self.on_start = source, step, on_start
        super().__init__(app, source.game_id)

    def _build_static(self) -> None:
        """Only the seats (their number is the position's) and the two buttons."""
        seats = self.source.seats
        self.count = len(seats)
        for i, seat in enumerate(seats):
            self.names[i], self.kinds[i] = seat.name, seat.kind
            if not seat.is_human and seat.level in self.levels:
                self.seat_levels[i] = seat.level
        self.option_controls = {}  # no options: the position has them
        self.panel = panel_for(self.count)
        bottom = self.panel.bottom + 28
        self.button((SEATS_PANEL.x, bottom, 240, 64), "Cancel", self.back, object_id="secondary")
        self.start_button = self.button((self.panel.right - 300, bottom, 300, 64), "Play on", self.start)

    def _refresh_count_buttons(self) -> None:
        """The number of seats is fixed."""

    def start(self) -> None:
        """Close the form and branch with these seats (names must differ)."""
        seats = self.seats()
        names = [s.name.casefold() for s in seats]
        if len(set(names)) != len(names):
            self.app.toast("Each seat needs a different name.")
            return
        self.app.pop(self)
        self.on_start(seats)

    def draw_background(self, surface: pygame.Surface) -> None:
        """The replay dimmed, a title and the seats panel."""
        dim(surface, 170)
        title = f"Play on from move {self.at_step}" if self.at_step else "Play again from the deal"
        centre = (self.panel.centerx, self.panel.y - 70)
        fonts.blit_text(surface, title, 44, GOLD_LIGHT, centre, anchor="midtop", bold=True, shadow=SHADOW)
        draw_panel(surface, self.panel)
        x = SEATS_PANEL.x + 32
        fonts.blit_text(surface, "Who plays on", fonts.HEADING, INK, (x, SEATS_PANEL.y + 24), bold=True)
        note = "The new match is saved as a match of its own; the replay stays as it was."
        note_y = ROW_TOP + self.count * ROW_HEIGHT + 4
        fonts.blit_text(surface, note, fonts.SMALL, INK, (x, note_y), italic=True)
        self._draw_seat_rows(surface)
