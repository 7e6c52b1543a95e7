"""How a match ends at a table: what opens when it is over, and the words and figures it shows.

:class:`MatchEnd` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  Once the
last move has been shown, the end opens once: the game-over screen, or what the table's
``ending`` names instead (the campaign's results, so the match's end goes back to the chronicle).
The engine's result text comes with the seats' names; a table may say more than who won
(``result_headline``), write its scores its own way (``score_text``) and add its figures
(``stats``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table


class MatchEnd:
    """The end of the match opened once, and the table's words and figures for it."""

    game_over_shown: bool  # the end has been opened (it opens once)

    def _show_game_over(self: Table) -> None:
        if self.game_over_shown:
            return
        self.game_over_shown = True
        if self.ending is not None:
            self.app.push(self.ending(self.app, self))
        else:
            self.app.open("game_over", game=self)

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
