"""What a table's results say at the end of a match (the game-over screen reads them).

:class:`MatchEnd` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  The engine's
result text comes with the seats' names; a table may say more than who won
(``result_headline``), write its scores its own way (``score_text``) and add its figures
(``stats``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table


class MatchEnd:
    """The table's words and figures for the results screen."""

    def result_detail(self: Table) -> str:
        """The line under the end screen's headline: the engine's result text, with names."""
        outcome = self.match.outcome()
        return self.with_names(outcome.reason) if outcome is not None else ""

    def result_headline(self) -> str | None:
        """The game-over banner when the table says more than who won (None: "Anna wins!")."""
        return None

    def score_text(self, seat: int, score: float) -> str:
        """A seat's final score as the game-over table writes it (whole numbers without a point);
        tables whose score packs more than one number override this."""
        return str(int(score)) if float(score).is_integer() else f"{score:.1f}"

    def stats(self) -> list[tuple[str, str]]:
        """Game-specific lines for the results screen."""
        return []
