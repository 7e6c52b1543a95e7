"""Crimson Company in the chronicle: castles taken against castles lost (CC scores): 2-0 is 3 stars,
2-1 is 2."""

from __future__ import annotations

from typing import Any

from crimson_table.engine.core import Outcome

IN_WORDS = "Stars by castles: 3 for taking two without losing one, 2 for 2-1."


def stars(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    """The stars of a won match and its margin in words."""
    mine, theirs = int(outcome.scores[seat]), int(outcome.scores[1 - seat])
    won = 3 if theirs == 0 else 2 if mine > theirs else 1
    return won, f"Castles {mine}-{theirs}"
