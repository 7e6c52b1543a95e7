"""What a table keeps in sight over play: the last results, and where notices and captions go.

:class:`KeptResults` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  The lines
of a battle, a reveal or a round's end stay on the table (``overlays.draw_results``) until the next
human decision, so that with fast or no animation a result does not flash past.  Notices
(toasts) and glow captions step aside from that plate and from what the player must keep reading;
a table moves the anchors and adds what its layout must keep clear.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from crimson_table.engine.core import Event

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table

# Events whose line stays on the table until the next human decision (a battle, a reveal, a
# round's end), so that with fast or no animation the result does not flash past.
RESULT_KINDS = frozenset({"reveal", "battle_result", "round_end", "castle_won"})
RESULT_LINES = 3


class KeptResults:
    """The results kept on the table, and the places notices and captions must keep clear of."""

    # The event kinds whose lines stay on the table until the next human decision (a table may
    # name its own game's: a Crusader Kingdoms attack is told by "reveal", "combat" and "capture").
    result_kinds: frozenset[str] = RESULT_KINDS
    results: list[Event]  # the latest results shown, kept until a human decides
    result_plate: pygame.Rect | None  # the kept results as last drawn (notices avoid it)

    def _keep_results(self: Table, told: Sequence[Event], batch: list[Event]) -> None:
        """Results just told stay on the table, replacing those of an earlier move; an event that
        opens a new contest (:meth:`clears_results`) takes the earlier ones away at once."""
        kept = list(self.results)
        fresh = bool(kept) and kept[-1] in batch  # results of this move so far: add to them
        for event in told:
            if self.clears_results(event):
                kept, fresh = [], True
            elif event.kind in self.result_kinds and event.text:
                if not fresh:
                    kept, fresh = [], True
                kept.append(event)
        self.results = kept[-RESULT_LINES:]

    def drop_results(self) -> None:
        """A person decided, or the position went back: the results kept until then go."""
        self.results = []

    def clears_results(self, event: Event) -> bool:
        """Whether ``event`` opens a new contest on the table, so the last one's results go (none by
        default: they stay until a human decides or new results replace them)."""
        return False

    def result_lines(self: Table) -> list[str]:
        """The lines of the results kept on the table, as the viewer may read them."""
        return [e.text_for(self.knows, self.seat_names) for e in self.results]

    def toast_anchor(self: Table) -> tuple[int, int]:
        """Where notices stack up from: centred on the table, clear of the log panel.  Tables with a
        hand along the bottom put them above it, so a refusal never hides the cards it is about."""
        return (self.table_rect.centerx, self.table_rect.bottom - 24)

    def result_anchor(self: Table) -> tuple[int, int]:
        """Where the kept results are drawn (their plate's centre); tables may move it."""
        return self.table_rect.center

    def toast_avoid(self) -> list[pygame.Rect]:
        """Notices step aside from the kept results' plate, as last drawn."""
        return [self.result_plate] if self.result_plate is not None else []

    def caption_avoid(self: Table) -> list[pygame.Rect]:
        """What a glow's caption plate (a hint's line, "Looking for a hint…") must not cover, as
        last drawn: the kept results' plate and the table's buttons; tables add what the player must
        keep reading (hands)."""
        kept = [self.result_plate] if self.result_plate is not None else []
        return kept + self.plate_clearance()

    def result_bounds(self: Table) -> pygame.Rect:
        """The rect the kept results' plate wraps to and stays inside; tables may narrow it."""
        return self.table_rect
