"""Crusader Kingdoms in the chronicle (solitaire, CK-R56): the victory points: 18+ is 3 stars, 15+
(the rulebook's "Victory") 2, 11+ ("Marginal victory") 1; in a 3-4 player game castles over the
best rival's.  A Veteran plays one difficulty up; the solo opponent is the Muslim Bot."""

from __future__ import annotations

from typing import Any

from crimson_table.campaign.renown import by, generic
from crimson_table.engine.core import Outcome

IN_WORDS = "Stars by victory points: 3 at 18 or more, 2 at 15 (Victory), 1 at 11."
HARDER: dict[str, dict[Any, Any]] = {"difficulty": {"standard": "challenging", "challenging": "greatest"}}
AUTOMATON = "the Muslim Bot"


def stars(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    """The stars of a won match and its margin in words."""
    if int(d["players"]) <= 2:
        vp = int(outcome.scores[seat])
        level = "Victory" if vp >= 15 else "Marginal victory"
        return by(vp, 18, 15), f"{level}: {vp} victory points"
    return generic(d, outcome, seat)
